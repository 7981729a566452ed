// A memory.data region holds constants: kernels cannot store to it.
import { u32, fn, memory } from 'awasm';
const k = memory.data('k', u32, [1, 2, 3]);
export const f = fn([u32], (x) => { k.store(0, x); });
