// '__proto__' as a key of the generated regions table would set its prototype.
import { u32, fn, memory } from 'awasm';

const m = memory('__proto__', u32.array(8));
export const f = fn([u32], (x) => x);
