// u64 parameters and results at the JavaScript boundary (plain numbers 0 .. 2^53-1) on every
// target: tests/unit/backends_test.cpp calls these on all four.
import { u32, u64, memory, fn } from 'awasm';

const out = memory('out', u64.array(2));

export const add64 = fn([u64, u32], (x, n) => {
  out.store(0, x);
  return x + u64(n);
});
export const split = fn([u64], (x) => u32(x >>> 32n) ^ u32(x));
export const counter = fn([u32, u64], (n, ctr) => {
  out.store(1, ctr + u64(n));
});
