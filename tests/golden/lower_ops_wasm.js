// awasmc dump --pass final --target wasm
// wasm has rotl/rotr for i32 and i64 but no scalar not, andnot or bswap:
// lower_ops rewrites not(x) to x ^ -1, andnot(a, b) to a & (b ^ -1), bswap32
// to rotations and masks, and bswap64 to three swap steps (bytes within 16
// bits, 16-bit units within 32 bits, then the 32-bit halves by rotl 32).
// 64-bit values stay whole.
import { u32, u64, fn, memory, rotl, rotr, bswap, andnot } from 'awasm';

const w = memory('w', u32.array(4));
const d = memory('d', u64.array(4));

export const lower_ops_wasm = fn([u32, u32], (x, n) => {
  w.store(0, rotl(x, n));
  w.store(1, bswap(x));
  w.store(2, andnot(x, n));
  w.store(3, ~x);
  const y = d.load(0);
  d.store(1, bswap(y));
  d.store(2, rotr(y, 3n));
  d.store(3, ~y);
});
