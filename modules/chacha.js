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
// The sixteen input words of the block function (Salsa20 and ChaCha keep constants, key, counter
// and nonce in different words: runtime/arx.js writes them). The kernels only read it, except
// hchacha/hsalsa, which write the subkey over the key words. runtime/arx.js zeroes it after every
// call, as it zeroes the part of `data` a call used (rounded up to 256 bytes: the last group of
// four SIMD blocks may XOR keystream past the message, into bytes no caller reads).
const input = memory('arx_in', u32.array(16));
const words = data.as(u32);
const rows = data.as(u32x4);

const SIMD = { targets: ['wasm', 'wasm_threads'] };
const SCALAR = { targets: ['js', 'runtime'] };

// One double round, on sixteen values of any type (u32 words, or u32x4 lanes holding one word of
// four blocks): ChaCha's column and diagonal quarter rounds (RFC 8439 §2.1-2.3), Salsa20's column
// and row quarter rounds (Bernstein, "Salsa20 specification" §3-5). rotl of u32x4 by 16 and 8 is
// one byte shuffle on wasm (docs/language.md "Byte lanes").
const CHACHA_QR = [[0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [0, 5, 10, 15], [1, 6, 11, 12], [2, 7, 8, 13], [3, 4, 9, 14]];
const SALSA_QR = [[0, 4, 8, 12], [5, 9, 13, 1], [10, 14, 2, 6], [15, 3, 7, 11], [0, 1, 2, 3], [5, 6, 7, 4], [10, 11, 8, 9], [15, 12, 13, 14]];
const CHACHA = {
  counter: 12, // words 12, 13: the block counter (RFC 8439's 32-bit counter is word 12 alone)
  subkey: [0, 1, 2, 3, 12, 13, 14, 15], // HChaCha20's output words, written to the key words 4..11
  keyWords: [4, 5, 6, 7, 8, 9, 10, 11],
  doubleRound(x) {
    for (const [a, b, c, d] of CHACHA_QR) {
      x[a] = x[a] + x[b]; x[d] = rotl(x[d] ^ x[a], 16);
      x[c] = x[c] + x[d]; x[b] = rotl(x[b] ^ x[c], 12);
      x[a] = x[a] + x[b]; x[d] = rotl(x[d] ^ x[a], 8);
      x[c] = x[c] + x[d]; x[b] = rotl(x[b] ^ x[c], 7);
    }
  },
};
const SALSA = {
  counter: 8, // words 8, 9: the 64-bit block counter
  subkey: [0, 5, 10, 15, 6, 7, 8, 9], // HSalsa20's output words, written to the key words
  keyWords: [1, 2, 3, 4, 11, 12, 13, 14],
  doubleRound(x) {
    for (const [a, b, c, d] of SALSA_QR) {
      x[b] = x[b] ^ rotl(x[a] + x[d], 7);
      x[c] = x[c] ^ rotl(x[b] + x[a], 9);
      x[d] = x[d] ^ rotl(x[c] + x[b], 13);
      x[a] = x[a] ^ rotl(x[d] + x[c], 18);
    }
  },
};

// <name>_xor(blocks, doubleRounds): XOR `blocks` 64-byte keystream blocks into data[0 ..
// 64 * blocks) in place (blocks <= 256), block i with the 64-bit counter of `arx_in` plus i.
// The counter carries into its high word; the runtime refuses a call whose blocks would pass the
// cipher's limit (RFC 8439's 2^32 blocks), so only discarded tail lanes ever carry into a nonce.
//
// wasm: four blocks at once, word i of block j in lane j of row i; the result is turned back
// into memory order by a 4x4 transpose of each group of four rows (eight shuffles). A call of
// blocks % 4 != 0 computes the whole last group and XORs all four blocks (the tail lanes land in
// data past the message: see `input` above).
const xorRows = (A) => (blocks, doubleRounds) => {
  const init = Array.from({ length: 16 }, (_, i) => input.load(i));
  const c0 = init[A.counter];
  const c1 = init[A.counter + 1];
  const splat = init.map((w) => u32x4(w));
  loop((blocks + 3) >>> 2, (g) => {
    const lo0 = c0 + (g << 2);
    const lo = u32x4(lo0) + u32x4(0, 1, 2, 3);
    const hi = u32x4(c1 + (lo0 < c0)) - (lo < u32x4(lo0)); // a lane mask is -1 where lo wrapped
    const s = [...splat];
    s[A.counter] = lo;
    s[A.counter + 1] = hi;
    const x = [...s];
    loop(doubleRounds, () => A.doubleRound(x));
    const y = x.map((v, i) => v + s[i]);
    for (let q = 0; q < 4; q++) {
      const [a, b, c, d] = y.slice(4 * q, 4 * q + 4);
      const t0 = shuffle(a, b, [0, 4, 1, 5]);
      const t1 = shuffle(c, d, [0, 4, 1, 5]);
      const t2 = shuffle(a, b, [2, 6, 3, 7]);
      const t3 = shuffle(c, d, [2, 6, 3, 7]);
      const out = [shuffle(t0, t1, [0, 1, 4, 5]), shuffle(t0, t1, [2, 3, 6, 7]), shuffle(t2, t3, [0, 1, 4, 5]), shuffle(t2, t3, [2, 3, 6, 7])];
      out.forEach((o, j) => {
        const at = (g * 4 + j) * 4 + q;
        rows.store(at, rows.load(at) ^ o);
      });
    }
  });
};
// js and runtime: one block at a time in sixteen scalar words.
const xorWords = (A) => (blocks, doubleRounds) => {
  const init = Array.from({ length: 16 }, (_, i) => input.load(i));
  const c0 = init[A.counter];
  const c1 = init[A.counter + 1];
  loop(blocks, (b) => {
    const s = [...init];
    s[A.counter] = c0 + b;
    s[A.counter + 1] = c1 + (s[A.counter] < c0);
    const x = [...s];
    loop(doubleRounds, () => A.doubleRound(x));
    x.forEach((v, i) => {
      const at = b * 16 + i;
      words.store(at, words.load(at) ^ (v + s[i]));
    });
  });
};
// hchacha(doubleRounds), hsalsa(doubleRounds): the extended-nonce subkey (XChaCha draft §2.2,
// XSalsa20 §2): the rounds over `arx_in` (constants, key, the first 16 nonce bytes where the
// counter and nonce go), no feed-forward, eight words written over the key words.
const subkey = (A) => (doubleRounds) => {
  const x = Array.from({ length: 16 }, (_, i) => input.load(i));
  loop(doubleRounds, () => A.doubleRound(x));
  A.subkey.forEach((w, i) => input.store(A.keyWords[i], x[w]));
};

export const chacha_xor = fn([u32, u32], xorRows(CHACHA), { ...SIMD, name: 'chacha_xor' });
export const chacha_xor_scalar = fn([u32, u32], xorWords(CHACHA), { ...SCALAR, name: 'chacha_xor' });
export const salsa_xor = fn([u32, u32], xorRows(SALSA), { ...SIMD, name: 'salsa_xor' });
export const salsa_xor_scalar = fn([u32, u32], xorWords(SALSA), { ...SCALAR, name: 'salsa_xor' });
export const hchacha = fn([u32], subkey(CHACHA));
export const hsalsa = fn([u32], subkey(SALSA));


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
