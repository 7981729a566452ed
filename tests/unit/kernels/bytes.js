// Exercises u8x16 on every target: tests/unit/passes_test.cpp runs it in the
// reference interpreter before and after each target's lowering (and on wasm the
// lane rotations by whole bytes that lower_ops turns into byte shuffles).
import { u32, u8x16, u32x4, u64x2, memory, fn, loop, lane, withLane, shuffle, swizzle, rotr, rotl } from 'awasm';

const v = memory('v', u8x16.array(8), { secret: false }); // public: operator tests, not secrets
const w = v.as(u32x4);
const q = v.as(u64x2);
const out = memory('out', u32.array(4), { secret: false }); // public: operator tests, not secrets

export const bytes = fn([u32], (n) => {
  let acc = u8x16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 250, 255);
  loop(n, (i) => {
    const x = v.load(i & 3);
    acc = (acc + x) ^ (acc - v.load(4)) ^ ~(x & acc) | (x & u8x16(0x0f));
    acc = withLane(acc, 5, lane(acc, 9) + lane(x, 15));
    acc = shuffle(acc, x, [31, 0, 17, 2, 3, 4, 5, 6, 16, 8, 9, 10, 11, 30, 13, 14]);
  });
  v.store(0, acc);
  v.store(1, swizzle(acc, v.load(2)));
  v.store(2, swizzle(v.load(3), [15, 14, 13, 12, 16, 255, 3, 2, 1, 0, 7, 6, 5, 4, 8, 9]));
  v.store(3, u8x16(lane(acc, 3)) - u8x16(n));
  out.store(0, lane(acc, 0) + lane(acc, 7) + lane(acc, 15));
  // Byte shuffles that are word rotations, whole words, and bytes from two words.
  const a = v.load(4), b = v.load(5);
  v.store(4, shuffle(a, b, [1, 2, 3, 0, 4, 5, 6, 7, 22, 23, 20, 21, 9, 14, 27, 0]));
});

export const casts = fn([u32], (n) => {
  const x = w.load(0), y = q.load(1);
  // Lane rotations by whole bytes (one byte shuffle on wasm) and by other amounts.
  w.store(2, rotr(x, 8) ^ rotr(x, 16) ^ rotl(x, 8) ^ rotr(x, 24) ^ rotr(x, 7) ^ rotr(x, n));
  q.store(3, rotr(y, 16) ^ rotr(y, 24) ^ rotr(y, 32) ^ rotl(y, 8) ^ rotr(y, 63) ^ rotr(y, 56));
  // Reinterpreting the same 16 bytes: u8x16 <-> u32x4 <-> u64x2.
  const b = u8x16.from(y);
  w.store(4, u32x4.from(b + u8x16(1)) + u32x4.from(y));
  q.store(5, u64x2.from(x) ^ u64x2.from(u8x16.from(x) - b));
  return lane(u32x4.from(y), 1) ^ lane(b, 12);
});
