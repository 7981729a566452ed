// BLAKE, the SHA-3 finalist as submitted for the final round (14 rounds for BLAKE-224/256, 16
// for BLAKE-384/512): one compression function generic over the word type (u32 words and 64-byte
// blocks for BLAKE-224/256, u64 words and 128-byte blocks for BLAKE-384/512).
//
// BLAKE is Merkle–Damgård with a salt and a counter of message bits: the runtime pads (0x80 after
// the message, a 1 bit before the length field for BLAKE-256/512: 0x01, or 0x81 when it falls on
// the 0x80 byte; the bit length big-endian in the last 8 / 16 bytes) and buffers; these kernels
// set the initial value, compress whole blocks counting their bits, compress the padded last
// block(s) with the counter the spec gives them, and write the big-endian digest. Layout:
// docs/target-contract.md.
//
// As in modules/blake2.js, the rounds are unrolled in SIMD vectors for wasm (u32x4 rows for
// BLAKE-224/256, u64x2 halves of rows for BLAKE-384/512) and a runtime loop over a permutation
// table for js and runtime.
import { u8, u32, u64, u32x4, u64x2, memory, fn, loop, rotr, select, shuffle } from 'awasm';
import { COLUMNS, G, IV224, IV256, IV384, IV512, SIGMA, halfRounds, rowRounds, sigmaTable, wordsOf } from './blake_common.js';

// The constants: the first digits of pi, 16 words of 32 bits (BLAKE-256, §2.1.1 of the
// submission) and of 64 bits (BLAKE-512, §2.2.1).
const C256 = [
  0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0, 0x082efa98, 0xec4e6c89,
  0x452821e6, 0x38d01377, 0xbe5466cf, 0x34e90c6c, 0xc0ac29b7, 0xc97c50dd, 0x3f84d5b5, 0xb5470917,
];
const C512 = [
  0x243f6a8885a308d3n, 0x13198a2e03707344n, 0xa4093822299f31d0n, 0x082efa98ec4e6c89n,
  0x452821e638d01377n, 0xbe5466cf34e90c6cn, 0xc0ac29b7c97c50ddn, 0x3f84d5b5b5470917n,
  0x9216d5d98979fb1bn, 0xd1310ba698dfb5acn, 0x2ffd72dbd01adfb7n, 0xb8e1afed6a267e96n,
  0xba7c9045f12c7f99n, 0x24a19947b3916cf7n, 0x0801f2e2858efc16n, 0x636920d871574e69n,
];

// Memory: `state` is the chaining value h[0..7] (eight u32 or u64, little-endian machine words,
// bytes 0..31 or 0..63) and the bit counter t as one u64 at bytes 64..71 (BLAKE-512's counter is
// 128 bits; its high half is always zero, since a JavaScript message is shorter than 2^53 bytes).
// `salt` is the salt as the spec reads it (four big-endian words: 16 bytes for BLAKE-224/256, 32
// for BLAKE-384/512; zero when none is given). `block` holds whole blocks, `out` the digest.
const state = memory('state', u64.array(10));
const salt = memory('salt', u8.array(32));
const block = memory('block', u8.array(8192));
const out = memory('out', u8.array(64));
// Round r's message permutation at r * 16 (16 rounds: BLAKE-512's; BLAKE-256 reads 14).
const sigma = memory.data('sigma', u8, sigmaTable(16));
// For the rolled loop: the constant each round position XORs in, c[sigma_r[i]] at r * 16 + i
// (one load instead of two), and the block's message words in machine byte order, read once per
// block (the rounds read them through sigma; message bytes, so every call clears them).
const permuted = (C, rounds) => [].concat(...Array.from({ length: rounds }, (_, r) => SIGMA[r % 10].map((i) => C[i])));
const c256 = memory.data('c256', u32, permuted(C256, 14));
const c512 = memory.data('c512', u64, permuted(C512, 16));
const words = memory('words', u64.array(16));

const B256 = {
  T: u32, rounds: 14, R: [16, 12, 8, 7], C: C256, CS: c256, W: words.as(u32), H: state.as(u32), M: block.as(u32.be),
  salt: salt.as(u32.be), digest: out.as(u32.be), blockBits: 512,
};
const B512 = {
  T: u64, rounds: 16, R: [32, 25, 16, 11], C: C512, CS: c512, W: words, H: state, M: block.as(u64.be),
  salt: salt.as(u64.be), digest: out.as(u64.be), blockBits: 1024,
};
const counter = state; // u64 element 8

// One round; mc(j, k) is message word sigma[j] XOR constant sigma[k] of this round.
const round = (v, R, mc) => COLUMNS.reduce((w, v4, i) => G(w, R, v4, mc(2 * i, 2 * i + 1), mc(2 * i + 1, 2 * i)), v);

// §2.1.2: compress block n (a runtime u32) with the counter t (a u64; T = u32 takes its halves).
function compressBlock(V, h, s, n, t) {
  const { T, C } = V;
  const t0 = T === u64 ? t : u32(t);
  const t1 = T === u64 ? u64(0) : u32(t >>> 32);
  let w = [
    ...h,
    s[0] ^ T(C[0]), s[1] ^ T(C[1]), s[2] ^ T(C[2]), s[3] ^ T(C[3]),
    t0 ^ T(C[4]), t0 ^ T(C[5]), t1 ^ T(C[6]), t1 ^ T(C[7]),
  ];
  loop(16, (i) => V.W.store(i, V.M.load(n * 16 + i)));
  loop(V.rounds, (r) => {
    const mc = (j, k) => V.W.load(sigma.load(r * 16 + j)) ^ V.CS.load(r * 16 + k);
    w = round(w, V.R, mc);
  });
  // §2.1.3: h'[i] = h[i] ^ s[i % 4] ^ v[i] ^ v[i + 8].
  return h.map((x, i) => x ^ s[i % 4] ^ w[i] ^ w[i + 8]);
}

const clearWords = () => {
  for (let i = 0; i < 16; i++) words.store(i, u64(0));
};
// compress(blocks) and final(bits) on `targets` over one form of the state: loadH/storeH the
// chaining value, loadSalt the salt, block(V, h, s, n, t) one compression; after() ends both.
// compress: `blocks` whole message blocks from `block` offset 0; each adds its bits to the
// counter first, and is compressed with the counter that includes them. final: a padded block at
// `block` offset 0 holding `bits` message bits (a multiple of 8, less than a block): the counter
// grows by `bits`, and the block is compressed with it, or with 0 when the block holds no message
// bit (§2.1.4: a block of padding only).
function counterKernels(V, prefix, targets, { loadH, storeH, loadSalt, block, after = () => {} }) {
  const options = { targets };
  const compress = fn([u32], (blocks) => {
    const s = loadSalt();
    let h = loadH();
    let t = counter.load(8);
    loop(blocks, (n) => {
      t = t + u64(V.blockBits);
      h = block(V, h, s, n, t);
    });
    storeH(h);
    counter.store(8, t);
    after();
  }, { ...options, name: `${prefix}_compress` });
  const final = fn([u32], (bits) => {
    const t = counter.load(8) + u64(bits);
    const used = select(bits === 0, u64(0), t);
    storeH(block(V, loadH(), loadSalt(), u32(0), used));
    counter.store(8, t);
    after();
  }, { ...options, name: `${prefix}_final` });
  return { compress, final };
}
// The rolled kernels (js, runtime): scalar words, message words cleared after each call.
const kernels = (V, prefix) =>
  counterKernels(V, prefix, ['js', 'runtime'], {
    loadH: () => [0, 1, 2, 3, 4, 5, 6, 7].map((i) => V.H.load(i)),
    storeH: (h) => h.forEach((x, i) => V.H.store(i, x)),
    loadSalt: () => [0, 1, 2, 3].map((i) => V.salt.load(i)),
    block: compressBlock,
    after: clearWords,
  });

// BLAKE-224/256 on wasm: the 4x4 working words as four u32x4 rows, as BLAKE2s in
// modules/blake2.js (rowRounds in blake_common.js: one G mixes the four columns at once). The
// block is loaded as four big-endian u32x4; lane i of a message vector is G number g_i's word,
// gathered by static shuffles as in BLAKE2s and XORed with its constant (a vector constant).
function compressRows(V, h, s, n, t) {
  const { C } = V;
  const M4 = block.as(u32x4.be);
  const four = wordsOf([0, 1, 2, 3].map((i) => M4.load(n * 4 + i)));
  // The terms of G numbers g: message word p[2g + y] XOR constant p[2g + 1 - y].
  const words = (p, g, y) => four(...g.map((k) => p[2 * k + y])) ^ u32x4(...g.map((k) => C[p[2 * k + 1 - y]]));
  const t0 = u32(t);
  const t1 = u32(t >>> 32);
  const rows = [h[0], h[1], s ^ u32x4(C[0], C[1], C[2], C[3]), u32x4(t0, t0, t1, t1) ^ u32x4(C[4], C[5], C[6], C[7])];
  const [a, b, c, d] = rowRounds(rows, V.rounds, V.R, words);
  return [h[0] ^ s ^ a ^ c, h[1] ^ s ^ b ^ d];
}
function rowKernels(V, prefix) {
  const H4 = state.as(u32x4);
  const S4 = salt.as(u32x4.be);
  return counterKernels(V, prefix, ['wasm', 'wasm_threads'], {
    loadH: () => [H4.load(0), H4.load(1)],
    storeH: (h) => h.forEach((x, i) => H4.store(i, x)),
    loadSalt: () => S4.load(0),
    block: compressRows,
  });
}

// BLAKE-384/512 on wasm: as BLAKE2b in modules/blake2.js, the 4x4 working words as eight u64x2
// halves of rows (halfRounds in blake_common.js: two columns per G). The message words are
// big-endian (u64x2.be loads, eight per block); each pair a G takes is one static shuffle of two
// of them, XORed with its pair of constants (one vector constant).
function compressHalves(V, h, s, n, t) {
  const { C } = V;
  const M2 = block.as(u64x2.be);
  const mv = [];
  for (let i = 0; i < 8; i++) mv.push(M2.load(n * 8 + i));
  const two = (i, j) => (j === i + 1 && i % 2 === 0 ? mv[i >> 1] : shuffle(mv[i >> 1], mv[j >> 1], [i & 1, 2 + (j & 1)]));
  // The terms of G numbers g0, g1: message word p[2g + y] XOR constant p[2g + 1 - y].
  const words = (p, [g0, g1], y) => two(p[2 * g0 + y], p[2 * g1 + y]) ^ u64x2(C[p[2 * g0 + 1 - y]], C[p[2 * g1 + 1 - y]]);
  const cv = (i) => u64x2(C[i], C[i + 1]);
  // v12, v13 = t ^ c4, t ^ c5; v14, v15 = c6, c7 (the counter's high half is zero).
  const rows = [[h[0], h[1]], [h[2], h[3]], [s[0] ^ cv(0), s[1] ^ cv(2)], [u64x2(t, t) ^ cv(4), cv(6)]];
  const [a, b, c, d] = halfRounds(rows, V.rounds, V.R, rotr, words);
  // h'[i] = h[i] ^ s[i % 4] ^ v[i] ^ v[i + 8].
  return [a[0] ^ c[0], a[1] ^ c[1], b[0] ^ d[0], b[1] ^ d[1]].map((x, i) => x ^ h[i] ^ s[i % 2]);
}
function halfKernels(V, prefix) {
  const H2 = state.as(u64x2);
  const S2 = salt.as(u64x2.be);
  return counterKernels(V, prefix, ['wasm', 'wasm_threads'], {
    loadH: () => [0, 1, 2, 3].map((i) => H2.load(i)),
    storeH: (h) => h.forEach((x, i) => H2.store(i, x)),
    loadSalt: () => [S2.load(0), S2.load(1)],
    block: compressHalves,
  });
}

// init(): h = the initial value, t = 0 (the runtime writes the salt region).
const init = (V, iv) => fn([], () => {
  iv.forEach((x, i) => V.H.store(i, V.T(x)));
  counter.store(8, u64(0));
});
// output(): the chaining value as big-endian words into `out` (32 or 64 bytes; BLAKE-224 and
// BLAKE-384 take a prefix).
const output = (V) => fn([], () => {
  for (let i = 0; i < 8; i++) V.digest.store(i, V.H.load(i));
});

export const blake224_init = init(B256, IV224);
export const blake256_init = init(B256, IV256);
export const blake384_init = init(B512, IV384);
export const blake512_init = init(B512, IV512);
export const blake256_output = output(B256);
export const blake512_output = output(B512);
// Unrolled for wasm, rolled for js and runtime: one name per function on every target.
const k256 = rowKernels(B256, 'blake256');
const k256Rolled = kernels(B256, 'blake256');
const k512 = halfKernels(B512, 'blake512');
const k512Rolled = kernels(B512, 'blake512');
export const blake256_compress = k256.compress;
export const blake256_final = k256.final;
export const blake256_compress_rolled = k256Rolled.compress;
export const blake256_final_rolled = k256Rolled.final;
export const blake512_compress = k512.compress;
export const blake512_final = k512.final;
export const blake512_compress_rolled = k512Rolled.compress;
export const blake512_final_rolled = k512Rolled.final;
