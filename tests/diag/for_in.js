// for...in is not allowed; iterate Object.keys(o) with for...of.
import { u32, fn } from 'awasm';

const cfg = { a: 1, b: 2 };
let n = 0;
for (const k in cfg) n += cfg[k];
export const f = fn([u32], (x) => x + n);
