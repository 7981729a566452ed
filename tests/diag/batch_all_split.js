// .all needs interleaved copies: split copies are not one vector per element.
import { u8, fn, memory } from 'awasm';
const bk = memory.batch('bk', 4, u8.array(64), 'split');
export const f = fn([], () => { bk.all.load(0); });
