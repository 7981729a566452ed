// awasmc dump --pass lower_simd --target js
// A heap read as scalars and as u32x4 lanes (tests/lib/heap.test.js runs these on every backend
// with two heap sizes). On js and runtime a u32x4 heap load is four u32 loads.
import { u32, u32x4, memory, fn, loop, lane } from 'awasm';

const out = memory('out', u32.array(4));
const H = memory.heap('heap', u32);
const V = H.as(u32x4);

// H[i] = i * 0x9e3779b9 + seed for i < n.
export const heap_fill = fn([u32, u32], (n, seed) => {
  loop(n, (i) => {
    H.store(i, i * 0x9e3779b9 + seed);
  });
});

// The sum of H[i] ^ (H[i] >>> 7) for i < n.
export const heap_sum = fn([u32], (n) => {
  let s = u32(0);
  loop(n, (i) => {
    const x = H.load(i);
    s = s + (x ^ (x >>> 7));
  });
  return s;
});

// out[k] = the sum of H[4 i + k] for i < n4.
export const heap_sum4 = fn([u32], (n4) => {
  let s = u32x4(0);
  loop(n4, (i) => {
    s = s + V.load(i);
  });
  [0, 1, 2, 3].forEach((k) => out.store(k, lane(s, k)));
});
