// A u64 result's high word goes to a region made when the kernel is built, after the heap: an error.
import { u32, u64, fn, memory } from 'awasm';

const H = memory.heap('heap', u64);
export const f = fn([u32], (x) => H.load(x));
