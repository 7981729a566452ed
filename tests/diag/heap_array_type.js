// memory.heap takes an element type, not an array spec: the heap has no static length.
import { u32, fn, memory } from 'awasm';

const H = memory.heap('heap', u32.array(16));
export const f = fn([u32], (x) => H.load(x));
