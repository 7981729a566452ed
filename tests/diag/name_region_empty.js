// An empty region name is an error at the name.
import { u32, fn, memory } from 'awasm';

const m = memory('', u32.array(8));
export const f = fn([u32], (x) => x);
