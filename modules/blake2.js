// BLAKE2b and BLAKE2s (RFC 7693) from one compression function, generic over the word type
// (u64 words, 128-byte blocks, 12 rounds for BLAKE2b; u32 words, 64-byte blocks, 10 rounds for
// BLAKE2s).
//
// The runtime (runtime/blake2.js) buffers the message, holds back the last block until it knows
// it is the last, writes the key block and XORs salt and personalization into the state; these
// kernels set the parameter block's first word, compress blocks with the byte counter and the
// last-block flag. The digest is a prefix of the state, read by the runtime (little-endian).
// Layout: docs/target-contract.md.
//
// Two builds of each: on wasm the working words in SIMD vectors, fully unrolled (BLAKE2b in u64x2
// halves of rows, BLAKE2s in u32x4 rows; the sigma permutation applied at build time), and on js
// and runtime scalar words with a runtime loop over the rounds that reads the permutation from a
// constant table (small code; unrolled 12 rounds of 64-bit arithmetic in 32-bit halves would be
// hundreds of KB of JavaScript).
import { u8, u32, u64, u32x4, u64x2, memory, fn, loop, rotr, shuffle } from 'awasm';
import { COLUMNS, G, IV256, IV512, halfRounds, rowRounds, sigmaTable, wordsOf } from './blake_common.js';

// Memory: `state` is h[0..7] (BLAKE2b: eight u64 = bytes 0..63; BLAKE2s: eight u32 = bytes
// 0..31) and the byte counter t as one u64 at bytes 64..71 (BLAKE2s' counter is 64 bits; of
// BLAKE2b's 128-bit counter the high half is always zero, since a JavaScript message is shorter
// than 2^53 bytes). `block` holds whole blocks to compress.
const state = memory('state', u64.array(10));
const block = memory('block', u8.array(16384));
// The permutations for the rolled round loop, one byte per entry: row r (at r * 16) is the
// permutation of round r, SIGMA[r % 10], for the 12 rounds of BLAKE2b (BLAKE2s reads 10).
const sigma = memory.data('sigma', u8, sigmaTable(12));

const B2B = { T: u64, rounds: 12, R: [32, 24, 16, 63], IV: IV512, H: state, M: block.as(u64), blockBytes: 128 };
const B2S = { T: u32, rounds: 10, R: [16, 12, 8, 7], IV: IV256, H: state.as(u32), M: block.as(u32), blockBytes: 64 };
const counter = state; // u64 element 8

// One round: columns, then diagonals; m(i) is message word sigma[i] of this round. Returns the
// new working words (a fresh array: the rolled loop carries them as its reassigned values).
const round = (v, R, m) => COLUMNS.reduce((w, v4, i) => G(w, R, v4, m(2 * i), m(2 * i + 1)), v);

// RFC 7693 §3.2: compress block n (a runtime u32) with counter t (a u64) and last-block flag f
// (T(0) or ~T(0)); returns the new h. The rounds are a runtime loop over `sigma`.
function compressBlock(V, h, n, t, f) {
  const { T } = V;
  const t0 = T === u64 ? t : u32(t);
  const t1 = T === u64 ? u64(0) : u32(t >>> 32);
  let v = [...h, ...V.IV.map((x) => T(x))];
  v[12] = v[12] ^ t0;
  v[13] = v[13] ^ t1;
  v[14] = v[14] ^ f;
  loop(V.rounds, (r) => {
    v = round(v, V.R, (i) => V.M.load(n * 16 + sigma.load(r * 16 + i)));
  });
  return h.map((x, i) => x ^ v[i] ^ v[i + 8]);
}
function kernels(V, prefix) {
  const options = { targets: ['js', 'runtime'] };
  const loadH = () => [0, 1, 2, 3, 4, 5, 6, 7].map((i) => V.H.load(i));
  const storeH = (h) => h.forEach((x, i) => V.H.store(i, x));
  // compress(blocks): `blocks` whole blocks from `block` offset 0, none of them the last.
  const compress = fn([u32], (blocks) => {
    let h = loadH();
    let t = counter.load(8);
    loop(blocks, (n) => {
      t = t + u64(V.blockBytes);
      h = compressBlock(V, h, n, t, V.T(0));
    });
    storeH(h);
    counter.store(8, t);
  }, { ...options, name: `${prefix}_compress` });
  // final(len): the last block (at `block` offset 0, zero-padded by the runtime) holding `len`
  // message bytes (0 only for the empty unkeyed message).
  const final = fn([u32], (len) => {
    const t = counter.load(8) + u64(len);
    storeH(compressBlock(V, loadH(), u32(0), t, ~V.T(0)));
    counter.store(8, t);
  }, { ...options, name: `${prefix}_final` });
  return { compress, final };
}

// init(outLen, keyLen): h = IV with the parameter block's first word folded in (digest length,
// key length, fanout 1, depth 1; RFC 7693 §2.5), t = 0. The runtime XORs salt and personalization
// (parameter block bytes 32..47 and 48..63 of BLAKE2b, 16..23 and 24..31 of BLAKE2s) into h[4..7]
// as little-endian bytes.
const init = (V) => fn([u32, u32], (outLen, keyLen) => {
  const p = outLen | (keyLen << 8) | 0x01010000;
  V.IV.forEach((x, i) => V.H.store(i, i === 0 ? V.T(x) ^ (V.T === u64 ? u64(p) : p) : V.T(x)));
  counter.store(8, u64(0));
});

// BLAKE2s on wasm: the 4x4 working words as four u32x4 rows (a = v0..3, b = v4..7, c = v8..11,
// d = v12..15), so one G mixes the four columns at once (rowRounds in blake_common.js). The
// block is loaded as four u32x4; a vector of four message words is one static shuffle when they
// come in pairs from two loaded vectors, else three (measured 1.18x the vectors built from four
// scalar loads).
function compressRows(V, h, n, t, f) {
  const M4 = V.M.as(u32x4);
  const four = wordsOf([0, 1, 2, 3].map((i) => M4.load(n * 4 + i)));
  const words = (p, g, y) => four(...g.map((k) => p[2 * k + y]));
  const iv = V.IV;
  const rows = [h[0], h[1], u32x4(iv[0], iv[1], iv[2], iv[3]), u32x4(iv[4], iv[5], iv[6], iv[7]) ^ u32x4(u32(t), u32(t >>> 32), f, u32(0))];
  const [a, b, c, d] = rowRounds(rows, V.rounds, V.R, words);
  return [h[0] ^ a ^ c, h[1] ^ b ^ d];
}
function rowKernels(V, prefix) {
  const options = { targets: ['wasm', 'wasm_threads'] };
  const H4 = state.as(u32x4);
  const compress = fn([u32], (blocks) => {
    let h = [H4.load(0), H4.load(1)];
    let t = counter.load(8);
    loop(blocks, (n) => {
      t = t + u64(V.blockBytes);
      h = compressRows(V, h, n, t, u32(0));
    });
    h.forEach((x, i) => H4.store(i, x));
    counter.store(8, t);
  }, { ...options, name: `${prefix}_compress` });
  const final = fn([u32], (len) => {
    const t = counter.load(8) + u64(len);
    compressRows(V, [H4.load(0), H4.load(1)], u32(0), t, u32(0xffffffff)).forEach((x, i) => H4.store(i, x));
    counter.store(8, t);
  }, { ...options, name: `${prefix}_final` });
  return { compress, final };
}

// BLAKE2b on wasm: the 4x4 working words as eight u64x2 vectors, each row in two halves
// (a = [v0 v1, v2 v3], b = [v4 v5, v6 v7], c = [v8 v9, v10 v11], d = [v12 v13, v14 v15]), so one
// G mixes two columns at once (halfRounds in blake_common.js). The block is loaded as eight u64x2
// (words 2k, 2k + 1), and each pair of message words a G takes is one static shuffle of two of
// them. The rotation by 24 is two shifts and an or: as the byte shuffle the compiler makes of it
// (docs/language.md, "Byte lanes") the kernel ran about 10% slower in node 20; the rotations by
// 32 and 16 stay shuffles.
const rotr64 = (x, k) => (k === 24 ? (x >>> 24) | (x << 40) : rotr(x, k));
function compressHalves(h, n, t, last) {
  const M2 = block.as(u64x2);
  const mv = [];
  for (let i = 0; i < 8; i++) mv.push(M2.load(n * 8 + i));
  // Message words i and j as one u64x2.
  const two = (i, j) => (j === i + 1 && i % 2 === 0 ? mv[i >> 1] : shuffle(mv[i >> 1], mv[j >> 1], [i & 1, 2 + (j & 1)]));
  const words = (p, [g0, g1], y) => two(p[2 * g0 + y], p[2 * g1 + y]);
  const iv = (i) => u64x2(IV512[i], IV512[i + 1]);
  const rows = [[h[0], h[1]], [h[2], h[3]], [iv(0), iv(2)], [iv(4) ^ u64x2(t, u64(0)), last ? iv(6) ^ u64x2(0xffffffffffffffffn, 0n) : iv(6)]];
  const [a, b, c, d] = halfRounds(rows, B2B.rounds, B2B.R, rotr64, words);
  return [h[0] ^ a[0] ^ c[0], h[1] ^ a[1] ^ c[1], h[2] ^ b[0] ^ d[0], h[3] ^ b[1] ^ d[1]];
}
function halfKernels(prefix) {
  const options = { targets: ['wasm', 'wasm_threads'] };
  const H2 = state.as(u64x2);
  const loadH = () => [0, 1, 2, 3].map((i) => H2.load(i));
  const storeH = (h) => h.forEach((x, i) => H2.store(i, x));
  const compress = fn([u32], (blocks) => {
    let h = loadH();
    let t = counter.load(8);
    loop(blocks, (n) => {
      t = t + u64(128);
      h = compressHalves(h, n, t, false);
    });
    storeH(h);
    counter.store(8, t);
  }, { ...options, name: `${prefix}_compress` });
  const final = fn([u32], (len) => {
    const t = counter.load(8) + u64(len);
    storeH(compressHalves(loadH(), u32(0), t, true));
    counter.store(8, t);
  }, { ...options, name: `${prefix}_final` });
  return { compress, final };
}

export const blake2b_init = init(B2B);
export const blake2s_init = init(B2S);
// Unrolled for wasm, rolled for js and runtime: one name per function on every target.
const b2b = halfKernels('blake2b');
const b2bRolled = kernels(B2B, 'blake2b');
const b2s = rowKernels(B2S, 'blake2s');
const b2sRolled = kernels(B2S, 'blake2s');
export const blake2b_compress = b2b.compress;
export const blake2b_final = b2b.final;
export const blake2b_compress_rolled = b2bRolled.compress;
export const blake2b_final_rolled = b2bRolled.final;
export const blake2s_compress = b2s.compress;
export const blake2s_final = b2s.final;
export const blake2s_compress_rolled = b2sRolled.compress;
export const blake2s_final_rolled = b2sRolled.final;
