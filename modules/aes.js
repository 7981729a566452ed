// AES-128/192/256 (FIPS 197) without secret-indexed tables, and the block modes built on it
// (docs/target-contract.md "modules/aes.js"). The S-box is the tower-field inversion of
// modules/aes_field.js, done two ways:
//
//   wasm, wasm_threads: one block in a u8x16; every nibble-to-nibble step is an i8x16.swizzle of a
//     16-byte constant (the vector-permute idea of Hamburg, CHES 2009, with our own tables: GF(16)
//     products by logarithms). ShiftRows is a byte shuffle, MixColumns byte rotations in the
//     u32 lanes, its doubled term a second output table of the S-box.
//   js, runtime: two blocks bitsliced in eight u32 words (word k holds bit k of all 32 bytes; bit
//     row*8 + column*2 + block), the S-box a circuit of AND/XOR/NOT derived at build time from the
//     same maps. No swizzle, no table, no secret index.
//
// Regions: `aes_key` (the key, 16/24/32 bytes), `aes_rk` (the expanded key, 60 words), `aes_rkb`
// (js/runtime: the round keys bitsliced, 8 words a round), `aes_iv` (CBC's chaining block, CTR's
// counter block), `data` (16 KiB of blocks, in place, plus 64 spare bytes that the four-block
// wasm groups and the two-block js pairs may write past the last block of a call). runtime/aes.js zeroes every one of them after each call.
import { u8, u32, u32x4, u8x16, memory, fn, loop, when, select, rotr, shuffle, swizzle, lane, bswap } from 'awasm';
import * as F from './aes_field.js';

const keyBytes = memory('aes_key', u8.array(32));
const keyWords = keyBytes.as(u32);
const rk = memory('aes_rk', u32.array(60));
const rkv = rk.as(u8x16);
const rkb = memory('aes_rkb', u32.array(15 * 8));
const iv = memory('aes_iv', u8.array(16));
const ivBE = iv.as(u32.be);
const ivv = iv.as(u8x16);
const data = memory('data', u8.array(16384 + 64));
const dataWords = data.as(u32);
const dataV = data.as(u8x16);

const SIMD = { targets: ['wasm', 'wasm_threads'] };
const SCALAR = { targets: ['js', 'runtime'] };

// ---- the vector form (wasm) ---------------------------------------------------------------------
const bytes16 = (a) => u8x16(...a);
const pair = (f) => {
  const t = F.nibbleTables(f);
  return { lo: bytes16(t.lo), hi: bytes16(t.hi) };
};
const V = () => ({
  encIn: pair(F.ENC_IN),
  encOut: pair(F.ENC_OUT),
  encOut2: pair(F.ENC_OUT2),
  decIn: pair(F.DEC_IN),
  decOut: pair(F.DEC_OUT),
  x2: pair(F.TIMES2),
  x4: pair(F.TIMES4),
  log: bytes16(F.LOG16),
  neglog: bytes16(F.NEGLOG16),
  expLo: bytes16(F.EXP16_LO),
  expHi: bytes16(F.EXP16_HI),
  sql: bytes16(F.SQL16),
  sq: bytes16(F.SQ16),
  m15: u8x16(15),
  c16: u8x16(16),
});
const lowNibbles = (T, v) => v & T.m15;
const highNibbles = (T, v) => u8x16.from(u32x4.from(v) >>> 4) & T.m15;
// An affine byte map by its two nibble tables.
const lin = (T, P, v) => swizzle(P.lo, lowNibbles(T, v)) ^ swizzle(P.hi, highNibbles(T, v));
// S-box core: x through `inMap` to the tower, inverted there, then through each of `outMaps`.
const sboxV = (T, x, inMap, outMaps) => {
  const t = lin(T, inMap, x);
  const b = lowNibbles(T, t);
  const a = highNibbles(T, t);
  const exp = (s) => swizzle(T.expLo, s) ^ swizzle(T.expHi, s - T.c16); // g^s, 0 when s >= 0x40
  const la = swizzle(T.log, a);
  const n = swizzle(T.sql, a) ^ swizzle(T.sq, b) ^ exp(la + swizzle(T.log, b));
  const ln = swizzle(T.neglog, n);
  const hi = exp(la + ln);
  const lo = exp(swizzle(T.log, a ^ b) + ln);
  return outMaps.map((P) => swizzle(P.lo, lo) ^ swizzle(P.hi, hi));
};
const SR = Array.from({ length: 16 }, (_, i) => 4 * (((i >> 2) + (i & 3)) & 3) + (i & 3));
const ISR = Array.from({ length: 16 }, (_, i) => 4 * (((i >> 2) - (i & 3) + 4) & 3) + (i & 3));
// MixColumns from S and 2S (bytes of a column are the bytes of one u32 lane, row r at byte r).
const mix = (s, s2) => {
  const a = u32x4.from(s);
  const a2 = u32x4.from(s2);
  return u8x16.from(a2 ^ rotr(a2 ^ a, 8) ^ rotr(a, 16) ^ rotr(a, 24));
};
// Several blocks at once (a list of states): independent chains of swizzles for the CPU to overlap.
const encryptV = (T, x0, nr) => {
  const x = x0.map((v) => v ^ rkv.load(0));
  loop(nr - 1, (i) => {
    const k = rkv.load(i + 1);
    for (let j = 0; j < x.length; j++) {
      const [s, s2] = sboxV(T, shuffle(x[j], x[j], SR), T.encIn, [T.encOut, T.encOut2]);
      x[j] = mix(s, s2) ^ k;
    }
  });
  const k = rkv.load(nr);
  return x.map((v) => sboxV(T, shuffle(v, v, SR), T.encIn, [T.encOut])[0] ^ k);
};
// InvMixColumns = MixColumns after y = x + 4 (x + rotr(x, 16)) (row r: 5 x_r + 4 x_{r+2}).
const invMix = (T, x) => {
  const a = u32x4.from(x);
  const y = x ^ lin(T, T.x4, u8x16.from(a ^ rotr(a, 16)));
  return mix(y, lin(T, T.x2, y));
};
const decryptV = (T, x0, nr) => {
  const x = x0.map((v) => v ^ rkv.load(nr));
  loop(nr - 1, (i) => {
    const k = rkv.load(nr - 1 - i);
    for (let j = 0; j < x.length; j++) x[j] = invMix(T, sboxV(T, shuffle(x[j], x[j], ISR), T.decIn, [T.decOut])[0] ^ k);
  });
  const k = rkv.load(0);
  return x.map((v) => sboxV(T, shuffle(v, v, ISR), T.decIn, [T.decOut])[0] ^ k);
};
// The parallel modes on wasm take WIDE blocks per iteration; a call's last group may run past
// `blocks` into the spare bytes at the end of `data` (runtime/aes.js zeroes them).
const WIDE = 4;
const groups = (blocks, body) => loop((blocks + (WIDE - 1)) >>> 2, (g) => body(g * WIDE));
const range = (n) => Array.from({ length: n }, (_, j) => j);

// ---- the bitsliced form (js, runtime) -----------------------------------------------------------
// Planes from eight memory words (block b word c at X[4b + c]): three delta swaps exchange the
// bit-in-byte index with (column, block); word slot w then holds plane SLOT_PLANE[w].
const swapmove = (X, lo, hi, n, mask) => {
  const t = ((X[lo] >>> n) ^ X[hi]) & mask;
  X[hi] = X[hi] ^ t;
  X[lo] = X[lo] ^ (t << n);
};
const SWAPS = [
  [2, 1, 0x55555555], // word bit 2 (block) <-> position bit 0
  [0, 2, 0x33333333], // word bit 0 (column bit 0) <-> position bit 1
  [1, 4, 0x0f0f0f0f], // word bit 1 (column bit 1) <-> position bit 2
];
const transpose = (words) => {
  const X = [...words];
  for (const [beta, n, mask] of SWAPS)
    for (let w = 0; w < 8; w++) if (((w >> beta) & 1) === 0) swapmove(X, w, w | (1 << beta), n, mask);
  return X;
};
const SLOT_PLANE = Array.from({ length: 8 }, (_, w) => ((w >> 2) & 1) | ((w & 1) << 1) | (((w >> 1) & 1) << 2));
const PLANE_SLOT = Array.from({ length: 8 }, (_, k) => SLOT_PLANE.indexOf(k));
const pack = (words) => {
  const X = transpose(words);
  return PLANE_SLOT.map((w) => X[w]);
};
const unpack = (q) => transpose(SLOT_PLANE.map((k) => q[k]));

const ZERO = () => u32(0);
// An affine map on planes (modules/aes_field.js planeMap).
const planes = (f, bits) => {
  const plan = F.planeMap(f, bits);
  return (x) =>
    plan.map(({ from, invert }) => {
      let v = from.length === 0 ? ZERO() : from.slice(1).reduce((acc, i) => acc ^ x[i], x[from[0]]);
      return invert ? ~v : v;
    });
};
const MAP16 = (t) => planes(t, 4);
// GF(16) product of two nibbles of planes: schoolbook, then y^4 = y + 1.
const RED = Array.from({ length: 7 }, (_, k) => F.gmul4(1 << Math.min(k, 3), 1 << Math.max(k - 3, 0)));
const mul4 = (x, y) => {
  const terms = Array.from({ length: 7 }, () => []);
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) terms[i + j].push(x[i] & y[j]);
  const p = terms.map((ts) => ts.slice(1).reduce((acc, t) => acc ^ t, ts[0]));
  return [0, 1, 2, 3].map((j) => {
    const terms = p.filter((_, k) => (RED[k] >> j) & 1);
    return terms.slice(1).reduce((acc, t) => acc ^ t, terms[0]);
  });
};
// GF(16) inversion as its algebraic normal form (monomials shared).
const INV_ANF = F.anf4(F.INV16);
const inv4 = (x) => {
  const mono = Array(16).fill(null);
  for (let m = 1; m < 16; m++) {
    const bits = [0, 1, 2, 3].filter((i) => (m >> i) & 1);
    mono[m] = bits.length === 1 ? x[bits[0]] : mono[m & ~(1 << bits[bits.length - 1])] & x[bits[bits.length - 1]];
  }
  return INV_ANF.map((ms) => (ms.length === 0 ? ZERO() : ms.slice(1).reduce((acc, m) => acc ^ mono[m], mono[ms[0]])));
};
const sqL = MAP16(F.SQL16);
const sq = MAP16(F.SQ16);
const sboxB = (x, inMap, outMap) => {
  const t = inMap(x);
  const b = t.slice(0, 4);
  const a = t.slice(4, 8);
  const ab = mul4(a, b);
  const sa = sqL(a);
  const sb = sq(b);
  const n = [0, 1, 2, 3].map((i) => sa[i] ^ sb[i] ^ ab[i]);
  const ni = inv4(n);
  const hi = mul4(a, ni);
  const lo = mul4([0, 1, 2, 3].map((i) => a[i] ^ b[i]), ni);
  return outMap([...lo, ...hi]);
};
const encInB = planes(F.ENC_IN, 8);
const encOutB = planes(F.ENC_OUT, 8);
const decInB = planes(F.DEC_IN, 8);
const decOutB = planes(F.DEC_OUT, 8);
// 2x in planes (x^8 = x^4 + x^3 + x + 1).
const x2B = (x) => [x[7], x[0] ^ x[7], x[1], x[2] ^ x[7], x[3] ^ x[7], x[4], x[5], x[6]];
// Row r is byte r of each plane, column c bits 2c, 2c + 1 of it: ShiftRows rotates byte r right
// by 2r bits, InvShiftRows left.
const shiftRows = (q) =>
  q.map((w) => (w & 0xff) | ((w >>> 2) & 0x3f00) | ((w << 6) & 0xc000) | ((w >>> 4) & 0x0f0000) | ((w << 4) & 0xf00000) | ((w >>> 6) & 0x03000000) | ((w << 2) & 0xfc000000));
const invShiftRows = (q) =>
  q.map((w) => (w & 0xff) | ((w << 2) & 0xfc00) | ((w >>> 6) & 0x0300) | ((w >>> 4) & 0x0f0000) | ((w << 4) & 0xf00000) | ((w << 6) & 0xc0000000) | ((w >>> 2) & 0x3f000000));
const mixB = (q) => {
  const a1 = q.map((w) => rotr(w, 8));
  const t = q.map((w, k) => w ^ a1[k]);
  const t2 = x2B(t);
  return q.map((_, k) => t2[k] ^ a1[k] ^ rotr(t[k], 16));
};
const invMixB = (q) => {
  const u = x2B(x2B(q.map((w) => w ^ rotr(w, 16))));
  return mixB(q.map((w, k) => w ^ u[k]));
};
const addKey = (q, r) => q.map((w, k) => w ^ rkb.load(r * 8 + k));
const encryptB = (q0, nr) => {
  let q = addKey(q0, 0);
  loop(nr - 1, (i) => {
    q = addKey(mixB(sboxB(shiftRows(q), encInB, encOutB)), i + 1);
  });
  return addKey(sboxB(shiftRows(q), encInB, encOutB), nr);
};
const decryptB = (q0, nr) => {
  let q = addKey(q0, nr);
  loop(nr - 1, (i) => {
    q = invMixB(addKey(sboxB(invShiftRows(q), decInB, decOutB), nr - 1 - i));
  });
  return addKey(sboxB(invShiftRows(q), decInB, decOutB), 0);
};

// ---- key expansion (FIPS 197 §5.2) --------------------------------------------------------------
// aes_expand(nk): the 4 (nr + 1) words of aes_rk from the nk key words (nk = 4, 6, 8; nr = nk + 6);
// on js/runtime also the bitsliced round keys (each round key for both blocks). Which words go
// through the S-box depends on the word index alone (public), so `when` is fine.
const expand = (subWord, bitslice) => (nk) => {
  loop(nk, (i) => rk.store(i, keyWords.load(i)));
  let m = u32(0); // i mod nk
  let rc = u32(1);
  let prev = rk.load(nk - 1);
  loop(nk * 4 + 28 - nk, (j) => {
    const i = j + nk;
    let t = prev;
    when(m === 0, () => {
      t = subWord(rotr(t, 8)) ^ rc;
      rc = ((rc << 1) ^ (u32(0x1b) & (u32(0) - (rc >>> 7)))) & 0xff;
    }, () => {
      when((nk === 8) & (m === 4), () => {
        t = subWord(t);
      });
    });
    prev = rk.load(i - nk) ^ t;
    rk.store(i, prev);
    m = select(m + 1 === nk, u32(0), m + 1);
  });
  if (bitslice)
    loop(nk + 7, (r) => {
      const w = [0, 1, 2, 3].map((c) => rk.load(r * 4 + c));
      pack([...w, ...w]).forEach((p, k) => rkb.store(r * 8 + k, p));
    });
};
export const aes_expand_v = fn([u32], (nk) => {
  const T = V();
  expand((w) => lane(u32x4.from(sboxV(T, u8x16.from(u32x4(w)), T.encIn, [T.encOut])[0]), 0), false)(nk);
}, { ...SIMD, name: 'aes_expand' });
export const aes_expand_b = fn([u32], (nk) => {
  expand((w) => unpack(sboxB(pack([w, ZERO(), ZERO(), ZERO(), ZERO(), ZERO(), ZERO(), ZERO()]), encInB, encOutB))[0], true)(nk);
}, { ...SCALAR, name: 'aes_expand' });

// ---- modes over `data` (in place; nr = 10, 12, 14) ----------------------------------------------
// aes_ecb_enc / aes_ecb_dec(nr, blocks): each block alone.
export const aes_ecb_enc_v = fn([u32, u32], (nr, blocks) => {
  const T = V();
  groups(blocks, (at) => encryptV(T, range(WIDE).map((j) => dataV.load(at + j)), nr).forEach((v, j) => dataV.store(at + j, v)));
}, { ...SIMD, name: 'aes_ecb_enc' });
export const aes_ecb_dec_v = fn([u32, u32], (nr, blocks) => {
  const T = V();
  groups(blocks, (at) => decryptV(T, range(WIDE).map((j) => dataV.load(at + j)), nr).forEach((v, j) => dataV.store(at + j, v)));
}, { ...SIMD, name: 'aes_ecb_dec' });
const pairs = (blocks, body) => loop((blocks + 1) >>> 1, (p) => body(p * 8));
const load8 = (at) => Array.from({ length: 8 }, (_, k) => dataWords.load(at + k));
const store8 = (at, w) => w.forEach((v, k) => dataWords.store(at + k, v));
export const aes_ecb_enc_b = fn([u32, u32], (nr, blocks) => {
  pairs(blocks, (at) => store8(at, unpack(encryptB(pack(load8(at)), nr))));
}, { ...SCALAR, name: 'aes_ecb_enc' });
export const aes_ecb_dec_b = fn([u32, u32], (nr, blocks) => {
  pairs(blocks, (at) => store8(at, unpack(decryptB(pack(load8(at)), nr))));
}, { ...SCALAR, name: 'aes_ecb_dec' });

// aes_cbc_enc(nr, blocks): serial from the chaining block aes_iv (the runtime carries the last
// ciphertext block to the next call). aes_cbc_dec(nr, blocks): every block alone, then XOR with
// the ciphertext before it (aes_iv for the first).
export const aes_cbc_enc_v = fn([u32, u32], (nr, blocks) => {
  const T = V();
  let x = ivv.load(0);
  loop(blocks, (i) => {
    x = encryptV(T, [dataV.load(i) ^ x], nr)[0];
    dataV.store(i, x);
  });
}, { ...SIMD, name: 'aes_cbc_enc' });
export const aes_cbc_dec_v = fn([u32, u32], (nr, blocks) => {
  const T = V();
  let prev = ivv.load(0);
  // A direct loop(): the body reassigns `prev` (a body passed through a helper like groups() does
  // not carry reassigned values in today's stager).
  loop((blocks + (WIDE - 1)) >>> 2, (g) => {
    const at = g * WIDE;
    const c = range(WIDE).map((j) => dataV.load(at + j));
    const p = decryptV(T, c, nr);
    p.forEach((v, j) => dataV.store(at + j, v ^ (j === 0 ? prev : c[j - 1])));
    prev = c[WIDE - 1];
  });
}, { ...SIMD, name: 'aes_cbc_dec' });
const ivWords = () => Array.from({ length: 4 }, (_, k) => ivBE.load(k)).map((w) => bswap(w));
export const aes_cbc_enc_b = fn([u32, u32], (nr, blocks) => {
  let x = ivWords();
  loop(blocks, (i) => {
    const w = [0, 1, 2, 3].map((k) => dataWords.load(i * 4 + k) ^ x[k]);
    const out = unpack(encryptB(pack([...w, ZERO(), ZERO(), ZERO(), ZERO()]), nr));
    x = out.slice(0, 4);
    x.forEach((v, k) => dataWords.store(i * 4 + k, v));
  });
}, { ...SCALAR, name: 'aes_cbc_enc' });
export const aes_cbc_dec_b = fn([u32, u32], (nr, blocks) => {
  const prev = ivWords();
  loop((blocks + 1) >>> 1, (pi) => {
    const at = pi * 8;
    const c = load8(at);
    const p = unpack(decryptB(pack(c), nr));
    const chain = [...prev, ...c.slice(0, 4)];
    store8(at, p.map((v, k) => v ^ chain[k]));
    for (let k = 0; k < 4; k++) prev[k] = c[4 + k];
  });
}, { ...SCALAR, name: 'aes_cbc_dec' });

// aes_ctr(nr, blocks): XOR E(counter + i) into block i, the counter a 128-bit big-endian number
// (aes_iv), carried across all 128 bits as node:crypto and @noble/ciphers do.
const counterWords = (i) => {
  const c = Array.from({ length: 4 }, (_, k) => ivBE.load(k));
  const w3 = c[3] + i;
  const k3 = w3 < i;
  const w2 = c[2] + k3;
  const k2 = w2 < k3;
  const w1 = c[1] + k2;
  const k1 = w1 < k2;
  const w0 = c[0] + k1;
  return [w0, w1, w2, w3].map((w) => bswap(w)); // the block's bytes as little-endian words
};
export const aes_ctr_v = fn([u32, u32], (nr, blocks) => {
  const T = V();
  groups(blocks, (at) => {
    const ctrs = range(WIDE).map((j) => u8x16.from(u32x4(...counterWords(at + j))));
    encryptV(T, ctrs, nr).forEach((v, j) => dataV.store(at + j, dataV.load(at + j) ^ v));
  });
}, { ...SIMD, name: 'aes_ctr' });
export const aes_ctr_b = fn([u32, u32], (nr, blocks) => {
  pairs(blocks, (at) => {
    const i = at >>> 2;
    const ks = unpack(encryptB(pack([...counterWords(i), ...counterWords(i + 1)]), nr));
    store8(at, load8(at).map((v, k) => v ^ ks[k]));
  });
}, { ...SCALAR, name: 'aes_ctr' });
