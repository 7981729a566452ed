// A backslash in a memory.data region name is rejected at the name.
import { u32, fn, memory } from 'awasm';

const k = memory.data('k\\table', u32, [1, 2, 3]);
export const f = fn([u32], (x) => x + k.load(0));
