// awasmc dump --pass lower_u64
// js/runtime targets keep 64-bit values as (hi, lo) pairs of u32: a load is
// two u32 loads (lo at the lower address), add carries with lt_u(lo, a.lo),
// sub borrows with lt_u(a.lo, b.lo), bitwise ops work on each half on its own,
// constants split in two, and a runtime index is doubled (shl 1) to address
// u32 elements.
import { u32, u64, fn, memory } from 'awasm';

const s = memory('s', u64.array(8));

export const add = fn([], () => s.store(2, s.load(0) + s.load(1)));
export const sub = fn([], () => s.store(2, s.load(0) - s.load(1)));
export const bitwise = fn([], () => {
  const a = s.load(0), b = s.load(1);
  s.store(2, (a & b) ^ ~(a | 0x0123456789abcdefn));
});
export const indexed = fn([u32], (i) => s.store(i, s.load(i + 1) + 1n));
