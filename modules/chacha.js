// The Salsa20/ChaCha family and Poly1305 (one target file, so that an AEAD links its stream and MAC
// kernels over one memory and makes one pass over each chunk of data; docs/target-contract.md
// "modules/chacha.js").
//
// Two sections, each with its own regions and kernels:
//   1. Salsa20 and ChaCha (the stream kernels, HSalsa20/HChaCha20 for the extended-nonce forms).
//   2. Poly1305 (at the end of the file; the limb arithmetic lives in modules/poly1305.js).
import { u8, u32, u32x4, memory, fn, loop, rotl, shuffle } from 'awasm';

// ---- 1. Salsa20 and ChaCha ----------------------------------------------------------------------
const data = memory('data', u8.array(16384)); // shared: stream kernels XOR it in place, Poly1305 reads it

// ---- 2. Poly1305 --------------------------------------------------------------------------------
// One MAC at a time in `poly` (u32 words): the runtime writes the 32-byte key at words 0..7,
// poly1305_init turns it into r (words 0..4, five 26-bit limbs, clamped), the accumulator h
// (5..9, zero) and s (10..13, the key's last 16 bytes); poly1305_blocks absorbs message blocks
// from `data`; poly1305_finish leaves the 16-byte tag in words 0..3 and zeroes the rest.
import { u64 } from 'awasm';
import { absorbBlock, clampedR, limbs, tag, times5 } from './poly1305.js';
const poly = memory('poly', u32.array(16));
const polyData = data.as(u32);
const P_R = 0, P_H = 5, P_S = 10;
const polyLoad = (base, n) => Array.from({ length: n }, (_, i) => poly.load(base + i));

export const poly1305_init = fn([], () => {
  const key = polyLoad(0, 8);
  const r = clampedR(key.slice(0, 4));
  r.forEach((x, i) => poly.store(P_R + i, x));
  for (let i = 0; i < 5; i++) poly.store(P_H + i, u32(0));
  key.slice(4).forEach((x, i) => poly.store(P_S + i, x));
  poly.store(14, u32(0));
  poly.store(15, u32(0));
});

// poly1305_blocks(offset, n, last): absorbs n 16-byte blocks of `data` from byte `offset` (a
// multiple of 4), each with the 2^128 bit, or without it when `last` is 1 (the final partial block,
// which the runtime padded with 0x01 and zeros, RFC 8439 §2.5.1).
export const poly1305_blocks = fn([u32, u32, u32], (offset, n, last) => {
  const r = polyLoad(P_R, 5);
  const s = times5(r);
  let h = polyLoad(P_H, 5);
  const top = (last ^ 1) << 24;
  const base = offset >>> 2;
  loop(n, (i) => {
    const at = base + (i << 2);
    const m = limbs([0, 1, 2, 3].map((k) => polyData.load(at + k)), top);
    const next = absorbBlock(h, m, r, s);
    next.forEach((x, k) => { h[k] = x; });
  });
  h.forEach((x, i) => poly.store(P_H + i, x));
});

// poly1305_lengths(a, c): absorbs the RFC 8439 §2.8 length block, a and c as u64 little-endian
// (the AEAD's AAD and ciphertext lengths in bytes), with the 2^128 bit.
export const poly1305_lengths = fn([u64, u64], (a, c) => {
  const r = polyLoad(P_R, 5);
  const s = times5(r);
  const m = limbs([u32(a), u32(a >>> 32), u32(c), u32(c >>> 32)], 1 << 24);
  absorbBlock(polyLoad(P_H, 5), m, r, s).forEach((x, i) => poly.store(P_H + i, x));
});

// poly1305_finish(): the tag (h mod p + s) mod 2^128 to words 0..3; words 4..15 zeroed.
export const poly1305_finish = fn([], () => {
  const t = tag(polyLoad(P_H, 5), polyLoad(P_S, 4));
  t.forEach((x, i) => poly.store(i, x));
  for (let i = 4; i < 16; i++) poly.store(i, u32(0));
});
