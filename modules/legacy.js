// The legacy Merkle–Damgård hashes: SHA-1 (FIPS 180-4 §6.1), MD5 (RFC 1321) and
// RIPEMD-160 (Dobbertin, Bosselaers, Preneel, 1996). Broken or weak for collision
// resistance; kept for compatibility (git, old protocols, HMAC-SHA1 in TOTP).
//
// Same contract as modules/sha2.js (docs/target-contract.md): the runtime pads and
// buffers; these kernels set the initial value, compress whole 64-byte blocks
// and write the digest. SHA-1 is big-endian; MD5 and RIPEMD-160 are little-endian
// (words, length field and digest).
import { u8, u32, memory, fn, loop, rotl } from 'awasm';
import { pbkdf2Kernel } from './pbkdf2.js';

const state = memory('state', u32.array(16));
const block = memory('block', u8.array(8192));
const out = memory('out', u8.array(64));

const H = state.as(u32);
const init = (iv) => fn([], () => iv.forEach((x, i) => H.store(i, x)));
const output = (words, view) => fn([], () => {
  for (let i = 0; i < words; i++) view.store(i, H.load(i));
});
// compress(blocks): `round(W, S)` maps the block's 16 words (loaded lazily through W(i)) and
// the chaining words S to the new chaining words.
const compressor = (words, view, round, options) => fn([u32], (blocks) => {
  let S = [];
  for (let i = 0; i < words; i++) S.push(H.load(i));
  loop(blocks, (n) => {
    const at = n * 16; // one multiply per block (the rolled rounds of runtime read W(i) in a loop)
    const W = (i) => view.load(at + i);
    S = round(W, S);
  });
  S.forEach((x, i) => H.store(i, x));
}, options);

// ---- SHA-1: FIPS 180-4 §5.3.1 (initial value), §4.1.1 (functions), §4.2.1 (constants), §6.1.2.
// One step of the 80, in round group p = floor(t / 20); w is the schedule word W[t].
const SHA1_K = [0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6];
const sha1Step = (p, [a, b, c, d, e], w) => {
  let f;
  if (p === 0) f = d ^ (b & (c ^ d));
  else if (p === 1) f = b ^ (c ^ d);
  else if (p === 2) f = (b & c) | (d & (b | c));
  else f = b ^ c ^ d;
  // The sum is ordered for a short dependence chain: only rotl(a, 5) waits for the last step.
  const T = e + SHA1_K[p] + w + f + rotl(a, 5);
  return [T, a, rotl(b, 30), c, d];
};
// js and wasm: unrolled, the schedule a window of 16 words computed as the steps need them.
const sha1Round = (W, [a0, b0, c0, d0, e0]) => {
  const w = [];
  for (let t = 0; t < 16; t++) w.push(W(t));
  let S = [a0, b0, c0, d0, e0];
  for (let t = 0; t < 80; t++) {
    if (t >= 16) w[t % 16] = rotl(w[(t + 13) % 16] ^ w[(t + 8) % 16] ^ w[(t + 2) % 16] ^ w[t % 16], 1);
    S = sha1Step(Math.floor(t / 20), S, w[t % 16]);
  }
  const [a, b, c, d, e] = S;
  return [a + a0, b + b0, c + c0, d + d0, e + e0];
};
// runtime: the same steps rolled, `per` steps per iteration (5: the working variables are back in
// their places), over the schedule computed into a buffer first (message-derived: cleared before
// returning), as the rolled SHA-256 of modules/sha2.js.
const W80 = memory('w80', u32.array(80));
// One block: `copy()` stores its 16 words into W80 first.
const sha1RolledRound = (per, S, copy) => {
  copy();
  loop(64, (i) => {
    const t = i + 16;
    W80.store(t, rotl(W80.load(t - 3) ^ W80.load(t - 8) ^ W80.load(t - 14) ^ W80.load(t - 16), 1));
  });
  let V = [...S];
  for (let p = 0; p < 4; p++) {
    loop(20 / per, (q) => {
      for (let j = 0; j < per; j++) V = sha1Step(p, V, W80.load(p * 20 + q * per + j));
    });
  }
  return V.map((x, i) => x + S[i]);
};
const sha1Rolled = (per, options) => fn([u32], (blocks) => {
  let S = [0, 1, 2, 3, 4].map((i) => H.load(i));
  const M = block.as(u32.be);
  loop(blocks, (n) => {
    S = sha1RolledRound(per, S, () => loop(16, (t) => W80.store(t, M.load(n * 16 + t))));
  });
  S.forEach((x, i) => H.store(i, x));
  loop(80, (t) => W80.store(t, u32(0)));
}, options);
export const sha1_init = init([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0]);
// js and wasm: unrolled, scalar. (wasm ran the schedule four words at a time in u32x4 lanes until
// 2026-12-02: on the Zen 5 machine of that day it was 0.77x the scalar kernel, which the lane
// extractions slow down; docs/notes.md.)
export const sha1_compress = compressor(5, block.as(u32.be), sha1Round, { targets: ['js', 'wasm', 'wasm_threads'] });
export const sha1_compress_rt = sha1Rolled(5, { targets: ['runtime'], name: 'sha1_compress' });
export const sha1_output = output(5, out.as(u32.be));

// ---- MD5: RFC 1321 §3.3 (initial value), §3.4 (rounds). T[i] = floor(2^32 * |sin(i + 1)|), the
// table of §3.4.
const MD5_T = [
  0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
  0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
  0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
  0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
  0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
  0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
  0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
  0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
];
const MD5_S = [
  [7, 12, 17, 22],
  [5, 9, 14, 20],
  [4, 11, 16, 23],
  [6, 10, 15, 21],
];
const MD5_Tdata = memory.data('md5_t', u32, MD5_T);
// Unrolled on wasm and js; on runtime a loop of four steps (after which a, b, c, d are back in
// their places) per round, reading T from its table and computing the message word's index.
const UNROLL = ['wasm', 'wasm_threads', 'js'];
// Each step's sum is ordered for a short dependence chain through b (the newest word): what does
// not depend on b (a, T[i], the message word, and G's c & ~d) is added first. G is written as
// (b & d) + (c & ~d), equal to RFC 1321's (b & d) | (c & ~d) since the two terms share no bit.
const md5Round = (W, [a0, b0, c0, d0]) => {
  let [a, b, c, d] = [a0, b0, c0, d0];
  for (let r = 0; r < 4; r++) {
    loop(4, (q) => {
      for (let k = 0; k < 4; k++) {
        const i = r * 16 + q * 4 + k;
        const g = [() => i, () => (5 * i + 1) & 15, () => (3 * i + 5) & 15, () => (7 * i) & 15][r]();
        let sum = a + MD5_Tdata.load(i) + W(g);
        let f;
        if (r === 0) f = d ^ (b & (c ^ d));
        else if (r === 1) [sum, f] = [sum + (c & ~d), b & d];
        else if (r === 2) f = b ^ (c ^ d);
        else f = c ^ (b | ~d);
        const T = b + rotl(sum + f, MD5_S[r][k]);
        [a, b, c, d] = [d, T, b, c];
      }
    }, { unroll: UNROLL });
  }
  return [a + a0, b + b0, c + c0, d + d0];
};
export const md5_init = init([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
export const md5_compress = compressor(4, block.as(u32), md5Round);
export const md5_output = output(4, out.as(u32));

// ---- RIPEMD-160: two parallel lines of five rounds of 16 steps; message word order (r, r'),
// rotation amounts (s, s'), constants and functions as in the designers' paper (section 3).
const RMD_R = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8],
  [3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12],
  [1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2],
  [4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13],
];
const RMD_R2 = [
  [5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12],
  [6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2],
  [15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13],
  [8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14],
  [12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11],
];
const RMD_S = [
  [11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8],
  [7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12],
  [11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5],
  [11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12],
  [9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6],
];
const RMD_S2 = [
  [8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6],
  [9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11],
  [9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5],
  [15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8],
  [8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11],
];
const RMD_K = [0x00000000, 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xa953fd4e];
const RMD_K2 = [0x50a28be6, 0x5c4dd124, 0x6d703ef3, 0x7a6d76e9, 0x00000000];
// f1..f5 of the paper; the right line uses them in reverse order.
const RMD_F = [
  (x, y, z) => x ^ y ^ z,
  (x, y, z) => z ^ (x & (y ^ z)),
  (x, y, z) => (x | ~y) ^ z,
  (x, y, z) => y ^ (z & (x ^ y)),
  (x, y, z) => x ^ (y | ~z),
];
// The word order and rotation amounts as tables too, for the runtime loop: round j's at j * 16.
const rmdTable = (name, rows) => memory.data(name, u8, rows.flat());
const RMD_RT = [rmdTable('rmd_r', RMD_R), rmdTable('rmd_r2', RMD_R2)];
const RMD_ST = [rmdTable('rmd_s', RMD_S), rmdTable('rmd_s2', RMD_S2)];
// runtime: one line at a time, a loop of RMD_PER steps per iteration over each round's 16, word
// order and rotation amounts read from the tables (one step: 0.49 KB gzip of bytecode, 0.63-0.76x
// the unrolled speed; two: 0.69 KB, 0.81x; four: 0.98 KB, 0.95x).
const RMD_PER = 2;
const rmdLine = (W, S0, line, K, f) => {
  let [a, b, c, d, e] = S0;
  for (let j = 0; j < 5; j++) {
    const step = (i) => {
      const T = rotl(a + f(j)(b, c, d) + W(RMD_RT[line].load(j * 16 + i)) + K[j], RMD_ST[line].load(j * 16 + i)) + e;
      [a, e, d, c, b] = [e, d, rotl(c, 10), b, T];
    };
    loop(16 / RMD_PER, (q) => {
      for (let k = 0; k < RMD_PER; k++) step(q * RMD_PER + k);
    });
  }
  return [a, b, c, d, e];
};
const ripemdRolled = (W, S) => {
  const [a, b, c, d, e] = rmdLine(W, S, 0, RMD_K, (j) => RMD_F[j]);
  const [a2, b2, c2, d2, e2] = rmdLine(W, S, 1, RMD_K2, (j) => RMD_F[4 - j]);
  return [S[1] + c + d2, S[2] + d + e2, S[3] + e + a2, S[4] + a + b2, S[0] + b + c2];
};
// wasm and js: unrolled, the two lines interleaved step by step (their dependence chains side by
// side; measured no faster than one line after the other on this machine, where V8's code for the
// step runs at about three instructions per cycle: the op count and register spills bound it).
// The sum is ordered so that only f(b, c, d) waits for b, the word the step before wrote: a, the
// constant and the message word are added first (K = 0 adds nothing), and f is written with b
// as late as it can be. Each f is three ops (f1 two), as the paper's forms are: f4 (x & z) |
// (y & ~z) as y ^ (z & (x ^ y)) measured fewer instructions than (y & ~z) + (x & z) (whose first
// term is off the chain) and was as fast.
const RMD_FC = [
  (b, c, d) => b ^ (c ^ d),
  (b, c, d) => d ^ (b & (c ^ d)),
  (b, c, d) => (b | ~c) ^ d,
  (b, c, d) => c ^ (d & (b ^ c)),
  (b, c, d) => b ^ (c | ~d),
];
const rmdStep = ([a, b, c, d, e], f, k, x, s) => {
  const T = rotl((k === 0 ? a + x : a + u32(k) + x) + f(b, c, d), s) + e;
  return [e, T, b, rotl(c, 10), d];
};
const ripemdInterleaved = (X, S) => {
  let L = [...S];
  let R = [...S];
  for (let j = 0; j < 5; j++) {
    for (let i = 0; i < 16; i++) {
      L = rmdStep(L, RMD_FC[j], RMD_K[j], X[RMD_R[j][i]], RMD_S[j][i]);
      R = rmdStep(R, RMD_FC[4 - j], RMD_K2[j], X[RMD_R2[j][i]], RMD_S2[j][i]);
    }
  }
  const [a, b, c, d, e] = L;
  const [a2, b2, c2, d2, e2] = R;
  return [S[1] + c + d2, S[2] + d + e2, S[3] + e + a2, S[4] + a + b2, S[0] + b + c2];
};
export const ripemd160_init = init([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0]);
// The block's 16 words as views from byte 4 * i on, read at the block's word index: on wasm one
// address (n << 6) per block and the word's place as the loads' static offset (through
// compressor's W(i), (n * 16 + i) << 2 was computed for every word).
const RMD_X = Array.from({ length: 16 }, (_, i) => block.as(u32, 4 * i));
export const ripemd160_compress = fn([u32], (blocks) => {
  let S = [0, 1, 2, 3, 4].map((i) => H.load(i));
  loop(blocks, (n) => {
    const at = n * 16;
    S = ripemdInterleaved(RMD_X.map((v) => v.load(at)), S);
  });
  S.forEach((x, i) => H.store(i, x));
}, { targets: UNROLL });
export const ripemd160_compress_rt = compressor(5, block.as(u32), ripemdRolled, { targets: ['runtime'], name: 'ripemd160_compress' });
export const ripemd160_output = output(5, out.as(u32));

// PBKDF2-HMAC iteration loops (modules/pbkdf2.js; runtime/kdf.js drives them), as in sha2.js:
// keyed inner and outer chaining values, U and T (digest words in the hash's byte order), and on
// runtime the 16 message words in `pbkdf2.w`, where its rolled rounds read them by a runtime
// index (cleared before the kernel returns, with SHA-1's schedule buffer).
const PB = memory('pbkdf2', { inner: u32.array(8), outer: u32.array(8), u: u32.array(8), t: u32.array(8), w: u32.array(16) });
// The compression of one block of 16 words W16, through `round(W, S)`. Where the rounds are
// unrolled, W(i) takes static indices and gives W16's values; on runtime (memoryBlock) the words
// go through `pbkdf2.w` for the rolled rounds' runtime indices. (A kernel with a loop unrolled on
// some targets is first staged once with that loop rolled, to find out: wordsBlock answers a
// runtime index there with a load that the per-target staging never keeps.)
const wordsBlock = (round) => (S, W16) => round((i) => (typeof i === 'number' ? W16[i] : PB.w.load(i)), S);
const memoryBlock = (round) => (S, W16) => {
  W16.forEach((w, i) => PB.w.store(i, w));
  return round((i) => (typeof i === 'number' ? W16[i] : PB.w.load(i)), S);
};
const legacyPbkdf2 = (name, words, le, block, options, after) => pbkdf2Kernel({
  T: u32, le, words, outLen: words * 4, blockLen: 64, lenBytes: 8, block, twice: true, after,
  inner: PB.inner, outer: PB.outer, u: PB.u.as(le ? u32 : u32.be), t: PB.t.as(le ? u32 : u32.be),
}, { ...options, name });
const clearW = () => loop(16, (i) => PB.w.store(i, u32(0)));
export const sha1_pbkdf2 = legacyPbkdf2('sha1_pbkdf2', 5, false, wordsBlock(sha1Round), { targets: UNROLL });
export const sha1_pbkdf2_rt = legacyPbkdf2('sha1_pbkdf2', 5, false, (S, W16) => sha1RolledRound(5, S, () => W16.forEach((w, t) => W80.store(t, w))),
  { targets: ['runtime'] }, () => loop(80, (t) => W80.store(t, u32(0))));
export const md5_pbkdf2 = legacyPbkdf2('md5_pbkdf2', 4, true, wordsBlock(md5Round), { targets: UNROLL });
export const md5_pbkdf2_rt = legacyPbkdf2('md5_pbkdf2', 4, true, memoryBlock(md5Round), { targets: ['runtime'] }, clearW);
export const ripemd160_pbkdf2 = legacyPbkdf2('ripemd160_pbkdf2', 5, true, (S, W16) => ripemdInterleaved(W16, S), { targets: UNROLL });
export const ripemd160_pbkdf2_rt = legacyPbkdf2('ripemd160_pbkdf2', 5, true, memoryBlock(ripemdRolled), { targets: ['runtime'] }, clearW);
