// A newline in a memory.batch region name would end a comment line in the js target.
import { u32, fn, memory } from 'awasm';

const b = memory.batch(`state
4`, 4, u32.array(8));
export const f = fn([u32], (x) => x);
