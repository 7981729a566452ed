// At most one heap per module.
import { u32, fn, memory } from 'awasm';

const A = memory.heap('a', u32);
const B = memory.heap('b', u32);
export const f = fn([u32], (x) => A.load(x) + B.load(x));
