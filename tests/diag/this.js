// this has no meaning in kernels.
import { u32, fn } from 'awasm';

const obj = { n: 1, get() { return this.n; } };
export const f = fn([u32], (x) => x + obj.get());
