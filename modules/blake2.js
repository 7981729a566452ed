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
// Two builds of each, both on scalar words: on wasm the rounds unrolled (the sigma permutation
// applied at build time), and on js and runtime a runtime loop over the rounds that reads the
// permutation from a constant table (small code; unrolled 12 rounds of 64-bit arithmetic in
// 32-bit halves would be hundreds of KB of JavaScript).
//
// wasm had SIMD forms until 2026-12-02 (BLAKE2b in u64x2 halves of rows, BLAKE2s in u32x4 rows,
// blake_common.js halfRounds/rowRounds, still used by blake1.js): 1.25x-1.35x the scalar kernel on
// the AMD Zen 4 machines of the first sessions, 0.6x of it on the Zen 5 machine of 2026-12-02,
// where the scalar form is what matches hash-wasm (docs/notes.md). A G is a chain of dependent
// steps, and a vector step costs more latency than a scalar one there.
import { u8, u32, u64, memory, fn, loop, rotr } from 'awasm';
import { COLUMNS, G, SIGMA, IV256, IV512, mixEarly, sigmaTable } from './blake_common.js';

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

// One round: columns, then diagonals; m(i) is message word sigma[i] of this round, and `g` the G
// function (blake_common.js mix by default). Returns the new working words (a fresh array: the
// rolled loop carries them as its reassigned values).
const round = (v, R, m, g) => COLUMNS.reduce((w, v4, i) => G(w, R, v4, m(2 * i), m(2 * i + 1), g), v);

// RFC 7693 §3.2: compress block n (a runtime u32) with counter t (a u64) and last-block flag f
// (T(0) or ~T(0)); returns the new h. The rounds are a runtime loop over `sigma`.
function compressRolled(V, h, n, t, f) {
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
// The same with the rounds unrolled at build time: the sigma permutation picks the loaded message
// words directly (no table, no runtime loop), and each G adds its message word to a before b
// (mixEarly: b is the newest value, so the chain through G is one add shorter).
function compressUnrolled(V, h, n, t, f) {
  const { T } = V;
  const t0 = T === u64 ? t : u32(t);
  const t1 = T === u64 ? u64(0) : u32(t >>> 32);
  const m = [];
  for (let i = 0; i < 16; i++) m.push(V.M.load(n * 16 + i));
  let v = [...h, ...V.IV.map((x) => T(x))];
  v[12] = v[12] ^ t0;
  v[13] = v[13] ^ t1;
  v[14] = v[14] ^ f;
  const g = mixEarly(V.R, rotr);
  for (let r = 0; r < V.rounds; r++) v = round(v, V.R, (i) => m[SIGMA[r % 10][i]], g);
  return h.map((x, i) => x ^ v[i] ^ v[i + 8]);
}
function kernels(V, prefix, compressBlock = compressRolled, options = { targets: ['js', 'runtime'] }) {
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

export const blake2b_init = init(B2B);
export const blake2s_init = init(B2S);
// Unrolled for wasm, rolled for js and runtime: one name per function on every target.
const WASM = { targets: ['wasm', 'wasm_threads'] };
const b2b = kernels(B2B, 'blake2b', compressUnrolled, WASM);
const b2bRolled = kernels(B2B, 'blake2b');
const b2s = kernels(B2S, 'blake2s', compressUnrolled, WASM);
const b2sRolled = kernels(B2S, 'blake2s');
export const blake2b_compress = b2b.compress;
export const blake2b_final = b2b.final;
export const blake2b_compress_rolled = b2bRolled.compress;
export const blake2b_final_rolled = b2bRolled.final;
export const blake2s_compress = b2s.compress;
export const blake2s_final = b2s.final;
export const blake2s_compress_rolled = b2sRolled.compress;
export const blake2s_final_rolled = b2sRolled.final;
