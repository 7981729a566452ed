// AES-128/192/256 (FIPS 197) without secret-indexed tables, and the block modes built on it
// (docs/target-contract.md "modules/aes.js"). The S-box is the tower-field inversion of
// modules/aes_field.js, done two ways:
//
//   wasm, wasm_threads: one block in a u8x16; every nibble-to-nibble step is an i8x16.swizzle of a
//     16-byte constant (the vector-permute idea of Hamburg, CHES 2009, with our own tables: GF(16)
//     products by logarithms). The parallel modes hold a group of four blocks row by row (ShiftRows
//     rotates u32 lanes, MixColumns XORs whole vectors), a lone block is transposed (MixColumns
//     rotates lanes); MixColumns' doubled term is a second output table of the S-box.
//   js, runtime: two blocks bitsliced in eight u32 words (word k holds bit k of all 32 bytes; bit
//     row*8 + column*2 + block), the S-box a circuit of AND/XOR(/NOT) gates checked at build time
//     against the same maps. No swizzle, no table, no secret index.
//
// Regions: `aes_key` (the key, 16/24/32 bytes), `aes_rk` (the expanded key, 60 words), `aes_rkb`
// (js/runtime: the round keys bitsliced, 8 words a round; wasm: encryption's mapped round keys),
// `aes_iv` (CBC's chaining block, CTR's counter block), `data` (16 KiB of blocks, in place, plus
// 64 spare bytes that the four-block wasm groups and the two-block js pairs may write past the
// last block of a call), `aes_rkt` (js/runtime: aes_rkb turned for encryption's fixsliced rounds,
// after the wasm tables).
// runtime/aes.js zeroes every one of them after each call.
import { u8, u32, u32x4, u8x16, memory, fn, loop, when, select, rotr, shuffle, swizzle, lane, bswap, assert } from 'awasm';
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
// The 16-byte tables, in one constant region. Loaded at a runtime index (z: a public zero the
// optimizer cannot fold) once per call, they stay in locals: as constants, every use would
// materialize its v128.const again inside the loops.
const NIB = (f) => {
  const t = F.nibbleTables(f);
  return [t.lo, t.hi];
};
const OUT = (f) => {
  const t = F.vpOut(f);
  return [t.lo, t.hi]; // pair(): { lo, hi }
};
// Encryption keeps its state in the S-box's input coordinates between rounds (z = M(x) byte by
// byte, M = VP_ENC_IN, linear): the output tables give M(S) and M(2 S) and the round keys are
// mapped once per round, so a round starts at the inversion, without the input map. M commutes
// with ShiftRows (a byte permutation) and MixColumns' XORs of rotated words.
const ENC_OUT_M = F.ENC_OUT.map((v) => F.VP_ENC_IN[v]);
const ENC_OUT2_M = F.ENC_OUT2.map((v) => F.VP_ENC_IN[v]);
// Encryption holds the state transposed (row r of the state in u32 lane r, column c at byte c of
// it; groups of four blocks go further, encrypt4V): MixColumns' rotations of every column become
// rotations of the lanes (one pshufd each in V8, where the byte rotations in the lanes were
// general byte shuffles: a mask built anew each time), ShiftRows is one byte permutation, SR_T:
// a swizzle by a mask kept in a local (V8: a paddusb and a pshufb) rather than a shuffle (a
// pshufb after four instructions that build its mask). TR transposes (it is its own inverse).
const TR = Array.from({ length: 16 }, (_, q) => 4 * (q & 3) + (q >> 2));
const SR_T = Array.from({ length: 16 }, (_, q) => 4 * (q >> 2) + (((q & 3) + (q >> 2)) & 3));
// Byte rotations of the u32 lanes (right by 8 and 24 bits) as swizzle masks: ShiftRows of rows 1
// and 3 when four blocks are held row by row (encrypt4V).
const ROTR8 = Array.from({ length: 16 }, (_, q) => (q & 12) + ((q + 1) & 3));
const ROTR24 = Array.from({ length: 16 }, (_, q) => (q & 12) + ((q + 3) & 3));
const TABLE_LIST = [
  ...NIB(F.VP_ENC_IN), ...NIB(F.VP_DEC_IN), ...OUT(F.ENC_OUT), ...OUT(ENC_OUT_M), ...OUT(ENC_OUT2_M), ...OUT(F.DEC_OUT), ...NIB(F.TIMES2), ...NIB(F.TIMES4),
  F.VP_INV, F.VP_CDIV, Array(16).fill(15), Array(16).fill(F.vpOut(F.ENC_OUT).constant),
  SR_T, ROTR8, ROTR24,
];
assert(F.VP_OK, 'modules/aes_field.js: the five-lookup inversion constants do not fit the norm');
assert(F.vpOut(F.DEC_OUT).constant === 0, 'the inverse S-box output map is linear');
const tables = memory.data('aes_tables', u8, TABLE_LIST.flat());
const tablesV = tables.as(u8x16);
// js/runtime: the round keys of encryption's turned rounds (the fixsliced form below), declared
// after the tables so that the wasm layout stays as it was.
const rkt = memory('aes_rkt', u32.array(15 * 8));
const V = (z) => {
  const t = (i) => tablesV.load(z + i);
  const pair = (i) => ({ lo: t(i), hi: t(i + 1) });
  return {
    encIn: pair(0), decIn: pair(2), encOut: pair(4), encOutM: pair(6), encOut2M: pair(8), decOut: pair(10), x2: pair(12), x4: pair(14),
    inv: t(16), cdiv: t(17), m15: t(18), c63: t(19), srT: t(20), rotr8: t(21), rotr24: t(22),
  };
};
const lowNibbles = (T, v) => v & T.m15;
const highNibbles = (T, v) => u8x16.from(u32x4.from(v) >>> 4) & T.m15;
// An affine byte map by its two nibble tables.
const lin = (T, P, v) => swizzle(P.lo, lowNibbles(T, v)) ^ swizzle(P.hi, highNibbles(T, v));
// S-box core: x through `inMap` to the (i, k) coordinates (modules/aes_field.js), inverted there
// with five lookups, then through each of `outMaps` without its constant (the callers add it:
// encryption folds 0x63 into the round key, decryption's map has none).
const sboxV = (T, x, inMap, outMaps) => sboxCore(T, lin(T, inMap, x), outMaps);
// The same from t in the (i, k) coordinates.
const sboxCore = (T, t, outMaps) => {
  const i = lowNibbles(T, t);
  const k = highNibbles(T, t);
  const j = i ^ k;
  const ck = swizzle(T.cdiv, k);
  const io = swizzle(T.inv, swizzle(T.inv, i) ^ ck) ^ j;
  const jo = swizzle(T.inv, swizzle(T.inv, j) ^ ck) ^ i;
  return outMaps.map((P) => swizzle(P.hi, io) ^ swizzle(P.lo, jo));
};
// The last round: ShiftRows then back to the standard order, one shuffle.
const SR_T_OUT = TR.map((q) => SR_T[q]);
const rows = (v, k) => shuffle(v, v, Array.from({ length: 16 }, (_, q) => (q + 4 * k) & 15));
// MixColumns of a lone block from S and 2S (row r in u32 lane r).
const mixT = (s, s2) => s2 ^ rows(s2 ^ s, 1) ^ rows(s ^ rows(s, 1), 2);
// The round keys of encryption's middle rounds as the rounds add them, transposed and in the
// S-box basis with S's constant folded in (MixColumns of 0x63 in every byte is 0x63): written by
// aes_expand into `aes_rkb` (on wasm the bitsliced keys' region has no other use).
const rkm = rkb.as(u8x16);
// The parallel modes' groups of four blocks (encrypt4V), held row by row: V[r] has row r of
// block b in u32 lane b (column c at byte c); each V[r] is M(x) (see ENC_OUT_M above). ShiftRows
// rotates the lanes of V[1], V[2], V[3] by 8, 16, 24 bits; MixColumns needs no permutation:
// row r = 2 s_r + 3 s_{r+1} + s_{r+2} + s_{r+3} = (s_r + 2 s_r) + 2 s_{r+1} + (s_0 + s_1 + s_2 + s_3);
// the round key's row r is lane r of rkm, spread to every lane.
const perm = (v, idx) => shuffle(v, v, idx);
const lanes = (a, b, idx) => shuffle(a, b, idx.flatMap((l) => [4 * l, 4 * l + 1, 4 * l + 2, 4 * l + 3]));
// The 4x4 transpose of u32 lanes (its own inverse): lane r of y[b] <-> lane b of V[r].
const transpose4 = (y) => {
  const t0 = lanes(y[0], y[1], [0, 4, 1, 5]);
  const t1 = lanes(y[2], y[3], [0, 4, 1, 5]);
  const t2 = lanes(y[0], y[1], [2, 6, 3, 7]);
  const t3 = lanes(y[2], y[3], [2, 6, 3, 7]);
  return [lanes(t0, t1, [0, 1, 4, 5]), lanes(t0, t1, [2, 3, 6, 7]), lanes(t2, t3, [0, 1, 4, 5]), lanes(t2, t3, [2, 3, 6, 7])];
};
const shiftRows4 = (T, V) => [V[0], swizzle(V[1], T.rotr8), u8x16.from(rotr(u32x4.from(V[2]), 16)), swizzle(V[3], T.rotr24)];
const encrypt4V = (T, x0, nr) => {
  const k0 = rkv.load(0);
  const V = transpose4(x0.map((v) => perm(v ^ k0, TR))).map((v) => lin(T, T.encIn, v));
  loop(nr - 1, (i) => {
    const k = rkm.load(i + 1);
    const W = shiftRows4(T, V).map((v) => sboxCore(T, v, [T.encOutM, T.encOut2M]));
    const sum = W[0][0] ^ W[1][0] ^ W[2][0] ^ W[3][0];
    for (let r = 0; r < 4; r++) V[r] = W[r][0] ^ W[r][1] ^ W[(r + 1) & 3][1] ^ sum ^ lanes(k, k, [r, r, r, r]);
  });
  const k = rkv.load(nr) ^ T.c63;
  return transpose4(shiftRows4(T, V).map((v) => sboxCore(T, v, [T.encOut])[0])).map((v) => perm(v, TR) ^ k);
};
// Blocks one at a time (a list of states; the serial modes pass one), each transposed: the state
// z = M(x) from the first round key to the last round (see ENC_OUT_M above).
const encryptV = (T, x0, nr) => {
  const k0 = rkv.load(0);
  const z = x0.map((v) => lin(T, T.encIn, perm(v ^ k0, TR)));
  loop(nr - 1, (i) => {
    const k = rkm.load(i + 1);
    for (let j = 0; j < z.length; j++) {
      const [s, s2] = sboxCore(T, swizzle(z[j], T.srT), [T.encOutM, T.encOut2M]);
      z[j] = mixT(s, s2) ^ k;
    }
  });
  const k = rkv.load(nr) ^ T.c63;
  return z.map((v) => sboxCore(T, shuffle(v, v, SR_T_OUT), [T.encOut])[0] ^ k);
};
// Decryption of a group of four blocks row by row (as encrypt4V; the state in plain bytes): the
// inverse ShiftRows rotates the lanes of V[1], V[2], V[3] left by 8, 16, 24 bits; InvMixColumns
// is y_r = x_r + 4 (x_r + x_{r+2}) (one product shared by rows r and r + 2), then MixColumns, whose
// sum of the four rows is the x rows' own (each product enters two rows).
const invShiftRows4 = (T, V) => [V[0], swizzle(V[1], T.rotr24), u8x16.from(rotr(u32x4.from(V[2]), 16)), swizzle(V[3], T.rotr8)];
const decrypt4V = (T, x0, nr) => {
  const kn = rkv.load(nr);
  const V = transpose4(x0.map((v) => perm(v ^ kn, TR)));
  loop(nr - 1, (i) => {
    const k = perm(rkv.load(nr - 1 - i), TR);
    const W = invShiftRows4(T, V);
    const X = [0, 1, 2, 3].map((r) => sboxV(T, W[r], T.decIn, [T.decOut])[0] ^ lanes(k, k, [r, r, r, r]));
    const u02 = lin(T, T.x4, X[0] ^ X[2]);
    const u13 = lin(T, T.x4, X[1] ^ X[3]);
    const Y = [X[0] ^ u02, X[1] ^ u13, X[2] ^ u02, X[3] ^ u13];
    const Y2 = Y.map((y) => lin(T, T.x2, y));
    const sum = X[0] ^ X[1] ^ X[2] ^ X[3];
    for (let r = 0; r < 4; r++) V[r] = Y[r] ^ Y2[r] ^ Y2[(r + 1) & 3] ^ sum;
  });
  const k0 = rkv.load(0);
  return transpose4(invShiftRows4(T, V).map((v) => sboxV(T, v, T.decIn, [T.decOut])[0])).map((v) => perm(v, TR) ^ k0);
};
// The parallel modes on wasm take WIDE blocks per iteration; a call's last group may run past
// `blocks` into the spare bytes at the end of `data` (runtime/aes.js zeroes them).
const WIDE_SHIFT = 2;
const WIDE = 1 << WIDE_SHIFT;
const groups = (blocks, body) => loop((blocks + (WIDE - 1)) >>> WIDE_SHIFT, (g) => body(g * WIDE));
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
const decInB = planes(F.DEC_IN, 8);
const decOutB = planes(F.DEC_OUT, 8);
// The S-box as one circuit of AND/XOR gates (modules/aes_field.js BMP_SBOX, checked on every byte
// when built): 113 gates without the constant 0x63 (encryptB takes it from its round keys), where
// Boyar and Peralta's depth-16 circuit took 128, sboxCircuit's derivation 154 and the composition
// of the maps 172.
const circuitB = (C) => {
  assert(C.ok, 'modules/aes_field.js: the bitsliced S-box circuit does not compute the S-box');
  return (x) => {
    const s = [...x];
    for (const [op, p, q] of C.gates) s.push(op === 0 ? s[p] ^ s[q] : op === 1 ? s[p] & s[q] : ~s[p]);
    return C.outputs.map((i) => s[i]);
  };
};
const sboxEncB = circuitB(F.BMP_SBOX);
// Decryption keeps the composed form above: deriving a second circuit would take the module past
// the stager's 2,000,000 evaluation steps.
const sboxDecB = (x) => sboxB(x, decInB, decOutB);
// 2x in planes (x^8 = x^4 + x^3 + x + 1).
const x2B = (x) => [x[7], x[0] ^ x[7], x[1], x[2] ^ x[7], x[3] ^ x[7], x[4], x[5], x[6]];
// Row r is byte r of each plane, column c bits 2c, 2c + 1 of it: ShiftRows rotates byte r right
// by 2r bits (encryption's fixsliced form below never does it whole), InvShiftRows left.
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
// Encryption skips ShiftRows in every other round ("fixslicing"): the planes then hold the state
// with row r turned by m r columns (P(r, c) = L(r, c + m r), m = 3 after a skipped ShiftRows),
// and MixColumns takes row r + d from column c - m d: the rotation by 8 d bits and each byte
// turned left by 2 m d bits (5 operations where the plain rotation is 1). The round after it
// applies ShiftRows twice (a nibble swap in rows 1 and 3: 6 operations), which brings m back to 0.
// Per pair of rounds a word costs 18 operations of permutation where ShiftRows and MixColumns'
// two rotations took 42. The round keys of the turned rounds are stored turned (InvShiftRows of
// the plain ones: m = 3 = -1) in aes_rkt, with the S-box's constant: rounds 1 .. nr take every
// key from aes_rkt (the even ones plain), each with 0x63 in every byte (MixColumns and the
// permutations keep a state of equal bytes as it is), round 0 from aes_rkb.
const BYTES = (b) => (b * 0x01010101) >>> 0;
const turn = (w, d, m) => {
  const s = (2 * m * d) % 8;
  if (s === 0) return rotr(w, 8 * d);
  const hi = BYTES((0xff << s) & 0xff);
  const lo = BYTES((1 << s) - 1);
  return (rotr(w, (8 * d - s + 32) % 32) & hi) | (rotr(w, 8 * d + 8 - s) & lo);
};
const mixTurned = (q, m) => {
  const a1 = q.map((w) => turn(w, 1, m));
  const t = q.map((w, k) => w ^ a1[k]);
  const t2 = x2B(t);
  return q.map((_, k) => t2[k] ^ a1[k] ^ turn(t[k], 2, m));
};
const shiftRows2 = (q) =>
  q.map((w) => {
    const t = ((w >>> 4) ^ w) & 0x0f000f00;
    return w ^ t ^ (t << 4);
  });
const addKeyTurned = (q, r) => q.map((w, k) => w ^ rkt.load(r * 8 + k));
const sboxEnc = sboxEncB;
const C63 = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => ((0x63 >> k) & 1 ? 0xffffffff : 0)); // 0x63 in every byte, as planes
const encryptB = (q0, nr) => {
  let q = addKey(q0, 0);
  // rounds 1 .. nr - 2 in pairs (an odd round turned, an even one back), then round nr - 1
  // (odd: turned) and the last round (ShiftRows twice: back to m = 0)
  loop((nr - 1) >>> 1, (i) => {
    q = addKeyTurned(mixTurned(sboxEnc(q), 3), i * 2 + 1);
    q = addKeyTurned(mixB(sboxEnc(shiftRows2(q))), i * 2 + 2);
  });
  q = addKeyTurned(mixTurned(sboxEnc(q), 3), nr - 1);
  return addKeyTurned(sboxEnc(shiftRows2(q)), nr);
};
const decryptB = (q0, nr) => {
  let q = addKey(q0, nr);
  loop(nr - 1, (i) => {
    q = invMixB(addKey(sboxDecB(invShiftRows(q)), nr - 1 - i));
  });
  return addKey(sboxDecB(invShiftRows(q)), 0);
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
      const p = pack([...w, ...w]);
      p.forEach((v, k) => rkb.store(r * 8 + k, v));
      const t = invShiftRows(p);
      p.forEach((v, k) => rkt.store(r * 8 + k, select((r & 1) === 1, t[k], v) ^ C63[k]));
    });
};
export const aes_expand_v = fn([u32], (nk) => {
  const T = V(nk >>> 8);
  expand((w) => lane(u32x4.from(sboxV(T, u8x16.from(u32x4(w)), T.encIn, [T.encOut])[0] ^ T.c63), 0), false)(nk);
  loop(nk + 5, (r) => {
    const k = rkv.load(r + 1) ^ T.c63;
    rkm.store(r + 1, lin(T, T.encIn, shuffle(k, k, TR)));
  });
}, { ...SIMD, name: 'aes_expand' });
export const aes_expand_b = fn([u32], (nk) => {
  expand((w) => unpack(sboxEncB(pack([w, ZERO(), ZERO(), ZERO(), ZERO(), ZERO(), ZERO(), ZERO()])))[0] ^ 0x63636363, true)(nk);
}, { ...SCALAR, name: 'aes_expand' });

// ---- modes over `data` (in place; nr = 10, 12, 14) ----------------------------------------------
// aes_ecb_enc / aes_ecb_dec(nr, blocks): each block alone.
export const aes_ecb_enc_v = fn([u32, u32], (nr, blocks) => {
  const T = V(nr >>> 8);
  groups(blocks, (at) => encrypt4V(T, range(WIDE).map((j) => dataV.load(at + j)), nr).forEach((v, j) => dataV.store(at + j, v)));
}, { ...SIMD, name: 'aes_ecb_enc' });
export const aes_ecb_dec_v = fn([u32, u32], (nr, blocks) => {
  const T = V(nr >>> 8);
  groups(blocks, (at) => decrypt4V(T, range(WIDE).map((j) => dataV.load(at + j)), nr).forEach((v, j) => dataV.store(at + j, v)));
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
  const T = V(nr >>> 8);
  let x = ivv.load(0);
  loop(blocks, (i) => {
    x = encryptV(T, [dataV.load(i) ^ x], nr)[0];
    dataV.store(i, x);
  });
}, { ...SIMD, name: 'aes_cbc_enc' });
export const aes_cbc_dec_v = fn([u32, u32], (nr, blocks) => {
  const T = V(nr >>> 8);
  let prev = ivv.load(0);
  // A direct loop(): the body reassigns `prev` (a body passed through a helper like groups() does
  // not carry reassigned values in today's stager).
  loop((blocks + (WIDE - 1)) >>> WIDE_SHIFT, (g) => {
    const at = g * WIDE;
    const c = range(WIDE).map((j) => dataV.load(at + j));
    const p = decrypt4V(T, c, nr);
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
const ctrV = (counter, name) => fn([u32, u32], (nr, blocks) => {
  const T = V(nr >>> 8);
  groups(blocks, (at) => {
    const ctrs = range(WIDE).map((j) => u8x16.from(u32x4(...counter(at + j))));
    encrypt4V(T, ctrs, nr).forEach((v, j) => dataV.store(at + j, dataV.load(at + j) ^ v));
  });
}, { ...SIMD, name });
const ctrB = (counter, name, targets = SCALAR.targets) => fn([u32, u32], (nr, blocks) => {
  pairs(blocks, (at) => {
    const i = at >>> 2;
    const ks = unpack(encryptB(pack([...counter(i), ...counter(i + 1)]), nr));
    store8(at, load8(at).map((v, k) => v ^ ks[k]));
  });
}, { targets, name });
export const aes_ctr_v = ctrV(counterWords, 'aes_ctr');
// js: the same with the loops turned inside out. ctrB runs all rounds of one pair at a time, so its
// loop over the rounds loads each round key at a runtime index inside it: in V8's code 16 index
// adds with overflow checks, bounds checks and spilled addresses per two rounds (~17% of the loop),
// all hoisted to the loop's top by the effect chain. Here every pass runs one round over all the
// pairs of the call, held bitsliced in `aes_st` (512 pairs, 16 KiB): the round key of a pass is
// loaded once before it, and a pass loads and stores a pair's eight words at its start and end.
// One round a pass measured 1.03x of two in one loop body (V8 spills more in the bigger block);
// two rounds with the state stored and read back between them, as below, as fast as or a little
// faster than one round a pass. The turned round applies the next round's double ShiftRows
// before its stores. `p & 511` (p < 512: a call
// has at most 1024 blocks) lets V8's typer bound every index, so the adds need no overflow check.
const st = memory('aes_st', u32.array(8 * 512));
const keysOf = (r) => range(8).map((k) => rkt.load(r * 8 + k));
const ctrJ = (counter, name) => fn([u32, u32], (nr, blocks) => {
  const np = (blocks + 1) >>> 1;
  loop(np, (p) => {
    const at = (p & 511) * 8;
    const i = at >>> 2;
    addKey(pack([...counter(i), ...counter(i + 1)]), 0).forEach((v, k) => st.store(at + k, v));
  });
  // rounds 1 .. nr - 2 in pairs (an odd round turned, an even one back), as encryptB
  loop((nr - 1) >>> 1, (r) => {
    const k1 = keysOf(r * 2 + 1);
    const k2 = keysOf(r * 2 + 2);
    // (the turned round's result stored and read back before the plain round: the same memory
    // traffic as a pass per round, which V8 schedules as two blocks, without the second loop's
    // index arithmetic and bounds checks: 824 -> 783 instructions, 1.005-1.036x)
    loop(np, (p) => {
      const at = (p & 511) * 8;
      let q = range(8).map((k) => st.load(at + k));
      q = shiftRows2(mixTurned(sboxEnc(q), 3).map((w, k) => w ^ k1[k]));
      q.forEach((v, k) => st.store(at + k, v));
      q = range(8).map((k) => st.load(at + k));
      q = mixB(sboxEnc(q)).map((w, k) => w ^ k2[k]);
      q.forEach((v, k) => st.store(at + k, v));
    });
  });
  // round nr - 1 (turned) and the last round, then the keystream into the data (the spare 64 bytes
  // after `data` take an odd call's last pair, as in ctrB)
  const k1 = keysOf(nr - 1);
  const k2 = keysOf(nr);
  loop(np, (p) => {
    const at = (p & 511) * 8;
    let q = range(8).map((k) => st.load(at + k));
    q = mixTurned(sboxEnc(q), 3).map((w, k) => w ^ k1[k]);
    const ks = unpack(sboxEnc(shiftRows2(q)).map((w, k) => w ^ k2[k]));
    store8(at, load8(at).map((v, k) => v ^ ks[k]));
  });
}, { targets: ['js'], name });
export const aes_ctr_b = ctrB(counterWords, 'aes_ctr', ['runtime']);
export const aes_ctr_j = ctrJ(counterWords, 'aes_ctr');
// The counters of the AEADs: aes_ctr32 (GCM's inc32, SP 800-38D §6.2: the last four bytes of aes_iv
// a big-endian u32 that wraps, the first twelve fixed) and aes_ctr32le (AES-GCM-SIV, RFC 8452 §4:
// the first four bytes a little-endian u32 that wraps, the last twelve fixed).
const counterWords32 = (i) => [0, 1, 2, 3].map((k) => bswap(k === 3 ? ivBE.load(k) + i : ivBE.load(k)));
const ivLE = iv.as(u32);
const counterWords32le = (i) => [0, 1, 2, 3].map((k) => (k === 0 ? ivLE.load(k) + i : ivLE.load(k)));
export const aes_ctr32_v = ctrV(counterWords32, 'aes_ctr32');
export const aes_ctr32_b = ctrB(counterWords32, 'aes_ctr32', ['runtime']);
export const aes_ctr32_j = ctrJ(counterWords32, 'aes_ctr32');
export const aes_ctr32le_v = ctrV(counterWords32le, 'aes_ctr32le');
export const aes_ctr32le_b = ctrB(counterWords32le, 'aes_ctr32le', ['runtime']);
export const aes_ctr32le_j = ctrJ(counterWords32le, 'aes_ctr32le');

// aes_cfb_enc(nr, blocks): C_i = P_i ^ E(C_{i-1}), serial from aes_iv. aes_cfb_dec(nr, blocks):
// P_i = C_i ^ E(C_{i-1}), every block alone. aes_ofb(nr, blocks): O_i = E(O_{i-1}) XORed into
// block i, serial from aes_iv; it stores the last O back to aes_iv (the next call's start).
export const aes_cfb_enc_v = fn([u32, u32], (nr, blocks) => {
  const T = V(nr >>> 8);
  let x = ivv.load(0);
  loop(blocks, (i) => {
    x = dataV.load(i) ^ encryptV(T, [x], nr)[0];
    dataV.store(i, x);
  });
}, { ...SIMD, name: 'aes_cfb_enc' });
export const aes_cfb_dec_v = fn([u32, u32], (nr, blocks) => {
  const T = V(nr >>> 8);
  let prev = ivv.load(0);
  loop((blocks + (WIDE - 1)) >>> WIDE_SHIFT, (g) => {
    const at = g * WIDE;
    const c = range(WIDE).map((j) => dataV.load(at + j));
    const e = encrypt4V(T, c.map((_, j) => (j === 0 ? prev : c[j - 1])), nr);
    e.forEach((v, j) => dataV.store(at + j, v ^ c[j]));
    prev = c[WIDE - 1];
  });
}, { ...SIMD, name: 'aes_cfb_dec' });
export const aes_ofb_v = fn([u32, u32], (nr, blocks) => {
  const T = V(nr >>> 8);
  let x = ivv.load(0);
  loop(blocks, (i) => {
    x = encryptV(T, [x], nr)[0];
    dataV.store(i, dataV.load(i) ^ x);
  });
  ivv.store(0, x);
}, { ...SIMD, name: 'aes_ofb' });
const encrypt1B = (w, nr) => unpack(encryptB(pack([...w, ZERO(), ZERO(), ZERO(), ZERO()]), nr)).slice(0, 4);
export const aes_cfb_enc_b = fn([u32, u32], (nr, blocks) => {
  const x = ivWords();
  loop(blocks, (i) => {
    const e = encrypt1B(x, nr);
    for (let k = 0; k < 4; k++) {
      x[k] = dataWords.load(i * 4 + k) ^ e[k];
      dataWords.store(i * 4 + k, x[k]);
    }
  });
}, { ...SCALAR, name: 'aes_cfb_enc' });
export const aes_cfb_dec_b = fn([u32, u32], (nr, blocks) => {
  const prev = ivWords();
  loop((blocks + 1) >>> 1, (pi) => {
    const at = pi * 8;
    const c = load8(at);
    const e = unpack(encryptB(pack([...prev, ...c.slice(0, 4)]), nr));
    store8(at, c.map((v, k) => v ^ e[k]));
    for (let k = 0; k < 4; k++) prev[k] = c[4 + k];
  });
}, { ...SCALAR, name: 'aes_cfb_dec' });
export const aes_ofb_b = fn([u32, u32], (nr, blocks) => {
  const x = ivWords();
  loop(blocks, (i) => {
    const e = encrypt1B(x, nr);
    for (let k = 0; k < 4; k++) {
      x[k] = e[k];
      dataWords.store(i * 4 + k, dataWords.load(i * 4 + k) ^ e[k]);
    }
  });
  x.forEach((v, k) => ivBE.store(k, bswap(v)));
}, { ...SCALAR, name: 'aes_ofb' });
