// awasmc dump --pass lower_ops --target wasm
// u8x16 on wasm: every op is one SIMD instruction; u32x4.from / u8x16.from are retags (no
// instruction); swizzle with runtime indices is i8x16.swizzle, with static indices a shuffle with
// a zero vector (indices 16 and above give 0). Lane rotations by whole bytes become one
// i8x16.shuffle (V8 emits three instructions for the shifts: measured 6-15% faster on a
// ChaCha-like round in node 22); other amounts stay shifts.
import { u32, u8x16, u32x4, u64x2, memory, fn, shuffle, swizzle, rotr, rotl } from 'awasm';

const v = memory('v', u8x16.array(4), { secret: false }); // public: this test is about operators, not secrets

export const bytes_wasm = fn([], () => {
  const a = v.load(0), b = v.load(1);
  v.store(2, swizzle(a, b) ^ swizzle(a, [3, 2, 1, 0, 16, 255, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]) ^ shuffle(a, b, [0, 17, 2, 19, 4, 21, 6, 23, 8, 25, 10, 27, 12, 29, 14, 31]));
  const w = u32x4.from(a), q = u64x2.from(b);
  v.as(u32x4).store(3, rotr(w, 16) ^ rotl(w, 8) ^ rotr(w, 7));
  v.as(u64x2).store(1, rotr(q, 24) ^ rotr(q, 32) ^ rotr(q, 63));
});
