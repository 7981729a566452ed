// Xors of 64-bit rotations (lower_u64's shared high words on js: docs/architecture.md, pass 5):
// tests/unit/backends_test.cpp runs these on all four targets over pseudo-random memory.
import { u64, memory, fn, loop, rotl, rotr } from 'awasm';

const m = memory('m', u64.array(16));
const o = memory('o', u64.array(16));

export const sigmas = fn([], () => {
  loop(8, (i) => {
    const x = m.load(i);
    const y = m.load(i + 8);
    o.store(i, rotr(x, 14) ^ rotr(x, 18) ^ rotr(x, 41));                                  // Σ1
    o.store(i + 8, rotr(y, 1) ^ rotr(y, 8) ^ (y >>> 7));                                   // σ0
  });
});
export const mixed = fn([], () => {
  const x = m.load(0);
  const y = m.load(1);
  o.store(0, rotl(x, 3) ^ rotr(x, 32) ^ rotr(x, 0) ^ rotl(x, 64 + 5));                    // 0, 32, 64+
  o.store(1, rotr(x, 63) ^ rotr(y, 31) ^ rotr(x, 33) ^ rotr(y, 7) ^ y ^ (x << 11n));       // two groups
  const s = rotr(x, 9) ^ rotr(x, 28);                                                        // used twice
  o.store(2, s ^ rotr(x, 40));
  o.store(3, s + y);
  o.store(4, (rotr(x, 19) ^ rotr(x, 61)) & (rotr(y, 2) ^ rotl(y, 30)));
});
