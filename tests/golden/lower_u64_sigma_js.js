// awasmc dump --pass final --target js
// On js, an xor of rotations of one 64-bit value (SHA-512's Σ, σ) takes its high word from its
// low word: for each rotation lo ^ hi = rotr32(v.lo ^ v.hi, k % 32), so the high word is the low
// words' xor and one 32-bit rotation per 64-bit rotation (one instruction in V8, where a funnel
// of two halves is five). Other leaves of the xor tree (the shift in `sig`) keep both halves;
// `two` rotates two different values, which share nothing, and keeps the plain form.
import { u64, fn, memory, rotl, rotr } from 'awasm';

const m = memory('m', u64.array(8));

export const Sig = fn([], () => {
  const x = m.load(0);
  m.store(1, rotr(x, 14) ^ rotr(x, 18) ^ rotr(x, 41));
});
export const sig = fn([], () => {
  const x = m.load(0);
  m.store(1, rotr(x, 1) ^ rotl(x, 56) ^ (x >>> 7));
});
export const two = fn([], () => {
  const x = m.load(0);
  const y = m.load(1);
  m.store(2, rotr(x, 14) ^ rotr(y, 18));
});
