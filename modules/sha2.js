// SHA-2 (FIPS 180-4): SHA-224, SHA-256, SHA-384, SHA-512, SHA-512/224 and
// SHA-512/256 from one compression function, generic over the word type
// (u32 for SHA-224/256, u64 for the SHA-512 family).
//
// The runtime (runtime/md.js) pads messages and buffers partial blocks; these
// kernels set the initial hash value, compress whole blocks and write the
// big-endian digest. Layout: docs/target-contract.md.
import { u8, u32, u64, u32x4, u64x2, memory, fn, loop, when, rotr, lane, shuffle } from 'awasm';
import { pbkdf2Kernel } from './pbkdf2.js';

// FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of the cube roots
// of the first 64 primes. Pinned to the spec by tests/unit/sha2_constants.cpp.
export const K256 = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

// FIPS 180-4 §4.2.3: the first 64 bits of the fractional parts of the cube roots
// of the first 80 primes.
export const K512 = [
  0x428a2f98d728ae22n, 0x7137449123ef65cdn, 0xb5c0fbcfec4d3b2fn, 0xe9b5dba58189dbbcn, 0x3956c25bf348b538n,
  0x59f111f1b605d019n, 0x923f82a4af194f9bn, 0xab1c5ed5da6d8118n, 0xd807aa98a3030242n, 0x12835b0145706fben,
  0x243185be4ee4b28cn, 0x550c7dc3d5ffb4e2n, 0x72be5d74f27b896fn, 0x80deb1fe3b1696b1n, 0x9bdc06a725c71235n,
  0xc19bf174cf692694n, 0xe49b69c19ef14ad2n, 0xefbe4786384f25e3n, 0x0fc19dc68b8cd5b5n, 0x240ca1cc77ac9c65n,
  0x2de92c6f592b0275n, 0x4a7484aa6ea6e483n, 0x5cb0a9dcbd41fbd4n, 0x76f988da831153b5n, 0x983e5152ee66dfabn,
  0xa831c66d2db43210n, 0xb00327c898fb213fn, 0xbf597fc7beef0ee4n, 0xc6e00bf33da88fc2n, 0xd5a79147930aa725n,
  0x06ca6351e003826fn, 0x142929670a0e6e70n, 0x27b70a8546d22ffcn, 0x2e1b21385c26c926n, 0x4d2c6dfc5ac42aedn,
  0x53380d139d95b3dfn, 0x650a73548baf63den, 0x766a0abb3c77b2a8n, 0x81c2c92e47edaee6n, 0x92722c851482353bn,
  0xa2bfe8a14cf10364n, 0xa81a664bbc423001n, 0xc24b8b70d0f89791n, 0xc76c51a30654be30n, 0xd192e819d6ef5218n,
  0xd69906245565a910n, 0xf40e35855771202an, 0x106aa07032bbd1b8n, 0x19a4c116b8d2d0c8n, 0x1e376c085141ab53n,
  0x2748774cdf8eeb99n, 0x34b0bcb5e19b48a8n, 0x391c0cb3c5c95a63n, 0x4ed8aa4ae3418acbn, 0x5b9cca4f7763e373n,
  0x682e6ff3d6b2b8a3n, 0x748f82ee5defb2fcn, 0x78a5636f43172f60n, 0x84c87814a1f0ab72n, 0x8cc702081a6439ecn,
  0x90befffa23631e28n, 0xa4506cebde82bde9n, 0xbef9a3f7b2c67915n, 0xc67178f2e372532bn, 0xca273eceea26619cn,
  0xd186b8c721c0c207n, 0xeada7dd6cde0eb1en, 0xf57d4f7fee6ed178n, 0x06f067aa72176fban, 0x0a637dc5a2c898a6n,
  0x113f9804bef90daen, 0x1b710b35131c471bn, 0x28db77f523047d84n, 0x32caab7b40c72493n, 0x3c9ebe0a15c9bebcn,
  0x431d67c49c100d4cn, 0x4cc5d4becb3e42b6n, 0x597f299cfc657e2an, 0x5fcb6fab3ad6faecn, 0x6c44198c4a475817n,
];

// Initial hash values: FIPS 180-4 §5.3.2 (SHA-224), §5.3.3 (SHA-256),
// §5.3.4 (SHA-384), §5.3.5 (SHA-512), §5.3.6.1 (SHA-512/224), §5.3.6.2 (SHA-512/256).
export const IV = {
  sha224: [0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4],
  sha256: [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19],
  sha384: [
    0xcbbb9d5dc1059ed8n, 0x629a292a367cd507n, 0x9159015a3070dd17n, 0x152fecd8f70e5939n,
    0x67332667ffc00b31n, 0x8eb44a8768581511n, 0xdb0c2e0d64f98fa7n, 0x47b5481dbefa4fa4n,
  ],
  sha512: [
    0x6a09e667f3bcc908n, 0xbb67ae8584caa73bn, 0x3c6ef372fe94f82bn, 0xa54ff53a5f1d36f1n,
    0x510e527fade682d1n, 0x9b05688c2b3e6c1fn, 0x1f83d9abfb41bd6bn, 0x5be0cd19137e2179n,
  ],
  sha512_224: [
    0x8c3d37c819544da2n, 0x73e1996689dcd4d6n, 0x1dfab7ae32ff9c82n, 0x679dd514582f9fcfn,
    0x0f6d2b697bd44da8n, 0x77e36f7304c48942n, 0x3f9d85a86a1d36c8n, 0x1112e6ad91d692a1n,
  ],
  sha512_256: [
    0x22312194fc2bf72cn, 0x9f555fa3c84c64c2n, 0x2393b86b6f53b151n, 0x963877195940eabdn,
    0x96283ee2a88effe3n, 0xbe5e1e2553863992n, 0x2b0199fc2c85b8aan, 0x0eb72ddc81c52ca2n,
  ],
};

// Memory: the chaining state, a buffer of whole blocks, the digest.
const state = memory('state', u64.array(8));
const block = memory('block', u8.array(32768));
const out = memory('out', u8.array(64));
// Per-batch regions for four SHA-256 messages at once: the states interleaved (word i of
// message m at i * 4 + m, so one u32x4 holds word i of all four), and each message's
// blocks in its own part. (A 2-lane SHA-512 measured slower than two scalar calls: wasm
// has no 64-bit lane rotation.)
const state4 = memory.batch('state4', 4, u32.array(8));
const block4 = memory.batch('block4', 4, u8.array(4096), 'split');

// The block's 16 big-endian words, read a vector at a time (one byte shuffle per vector).
const vectorWords = (view, per) => (n) => {
  const W = [];
  for (let j = 0; j < 16 / per; j++) {
    const x = view.load(n * (16 / per) + j);
    for (let k = 0; k < per; k++) W.push(lane(x, k));
  }
  return W;
};
// Word t of block n of every message of a batch, as one vector: each message's words are
// read as above, then regrouped lane by lane.
const batchWords = (blocks, V, per) => (n) => {
  const rows = [];
  for (let m = 0; m < blocks.lanes; m++) rows.push(vectorWords(blocks.lane(m).as(V.be), per)(n));
  return rows[0].map((_, t) => V(...rows.map((r) => r[t])));
};

// The message schedule (FIPS 180-4 §6.2.2 step 1), as a function giving K[t] + W[t] for the
// rounds in order, each word computed just before its round (16 words live, not 64).
const scalarSchedule = (v) => (n) => {
  const W = v.words(n);
  return (t) => {
    if (t >= 16) W.push(sigma(W[t - 2], v.s1) + W[t - 7] + sigma(W[t - 15], v.s0) + W[t - 16]);
    return W[t] + v.K[t];
  };
};
// The same for 32-bit words, four words per u32x4: from the window W[t-16..t-1] in four vectors
// (oldest first), W[t..t+3] = σ0 of W[t-15..t-12] plus W[t-16..t-13] plus W[t-7..t-4] (two
// shuffles line them up), plus σ1 of W[t-2..t+1], of which W[t] and W[t+1] exist only after the
// first half is done: σ1 is added in two steps of two words (sigma1Pair), beside zero lanes.
const nextWords4 = (v, [W0, W1, W2, W3]) => {
  const zero = u32x4(0);
  let P = W0 + sigma(shuffle(W0, W1, [1, 2, 3, 4]), v.s0) + shuffle(W2, W3, [1, 2, 3, 4]);
  P = P + shuffle(sigma1Pair(v, W3, 2, 3), zero, [0, 2, 4, 4]);
  return P + shuffle(zero, sigma1Pair(v, P, 0, 1), [0, 0, 4, 6]);
};
// σ1 of lanes i and j of X, in lanes 0 and 2 of the result (lanes 1 and 3 hold no σ1): each word
// doubled into a 64-bit lane (x, x), whose 64-bit right shift by n has rotr(x, n) in its low half,
// so a rotation is one shift instead of two shifts and an or. Per four schedule words: 29 vector
// operations instead of 35 (the PBKDF2-SHA256 kernel's x64 code 3080 -> 3011 instructions).
const sigma1Pair = (v, X, i, j) => {
  const [r1, r2, s] = v.s1;
  const D = shuffle(X, X, [i, i, j, j]);
  const q = u64x2.from(D);
  return u32x4.from((q >>> r1) ^ (q >>> r2)) ^ (D >>> s);
};

// The word sizes, and the batched versions. Rotation amounts: FIPS 180-4 §4.1.2 (32-bit) and
// §4.1.3 (64-bit).
const SHA256 = {
  T: u32, rounds: 64, K: K256, S0: [2, 13, 22], S1: [6, 11, 25], s0: [7, 18, 3], s1: [17, 19, 10],
  H: state.as(u32), digest: out.as(u32.be),
};
const SHA512 = {
  T: u64, rounds: 80, K: K512, S0: [28, 34, 39], S1: [14, 18, 41], s0: [1, 8, 7], s1: [19, 61, 6],
  H: state, words: vectorWords(block.as(u64x2.be), 2), digest: out.as(u64.be),
};
SHA512.schedule = scalarSchedule(SHA512);
const SHA256x4 = { ...SHA256, T: u32x4, H: state4.all, words: batchWords(block4, u32x4, 4) };
SHA256x4.schedule = scalarSchedule(SHA256x4);

// Σ (big sigma) rotates three times; σ (small sigma) rotates twice and shifts.
const Sigma = (x, [a, b, c]) => rotr(x, a) ^ rotr(x, b) ^ rotr(x, c);
const sigma = (x, [a, b, c]) => rotr(x, a) ^ rotr(x, b) ^ (x >>> c);
// Ch and Maj as in FIPS 180-4 §4.1.2, rewritten with fewer operations:
// (x & y) ^ (~x & z) = z ^ (x & (y ^ z)); (x & y) ^ (x & z) ^ (y & z) = y ^ ((x ^ y) & (y ^ z)).
// In Maj, y ^ z of one round is x ^ y of the round before, which CSE shares.
const Ch = (x, y, z) => z ^ (x & (y ^ z));
const Maj = (x, y, z) => y ^ ((x ^ y) & (y ^ z));

// T1 of a round. The spec's order, h + Σ1(e) + Ch(e, f, g) + K[t] + W[t], adds in a chain after
// Σ1(e); `early` adds h + K[t] + W[t] (known a round ahead) to Σ1 + Ch instead, one add less on
// the path from e to the next e. No engine reassociates integer adds for us: on wasm this made
// the PBKDF2 kernels 4-6% faster (sha256_pbkdf2 188 -> 178 ns a compression, sha512_pbkdf2 331 ->
// 318, in one process) and left the hashing kernels unchanged (their loads dominate); on js it was
// 3-8% slower (SHA-256 PBKDF2, and SHA-512 in 32-bit halves), so js keeps the spec's order.
const T1of = (v, e, f, g, h, kw, early) =>
  early ? (h + kw) + (Sigma(e, v.S1) + Ch(e, f, g)) : h + Sigma(e, v.S1) + Ch(e, f, g) + kw;

// The rounds of FIPS 180-4 §6.2.2 / §6.4.2 over the chaining value H (eight words), with KW(t)
// giving K[t] + W[t]: the next chaining value.
function rounds(v, H, KW, early = true) {
  let [a, b, c, d, e, f, g, h] = H;
  for (let t = 0; t < v.rounds; t++) {
    const T1 = T1of(v, e, f, g, h, KW(t), early);
    const T2 = Sigma(a, v.S0) + Maj(a, b, c);
    [h, g, f, e, d, c, b, a] = [g, f, e, d + T1, c, b, a, T1 + T2];
  }
  return [a, b, c, d, e, f, g, h].map((x, i) => x + H[i]);
}

// FIPS 180-4 §6.2.2 / §6.4.2: compress `blocks` consecutive blocks into the state.
function compressor(v, options) {
  return fn([u32], (blocks) => {
    let H = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => v.H.load(i));
    loop(blocks, (n) => {
      H = rounds(v, H, v.schedule(n));
    });
    H.forEach((x, i) => v.H.store(i, x));
  }, options);
}
// One block given as 16 runtime words (PBKDF2 below), fully unrolled.
const unrolledBlock = (v, early = true) => (H, W16) => rounds(v, H, scalarSchedule({ ...v, words: () => [...W16] })(0), early);

// The same compression with the rounds as a runtime loop of `per` unrolled rounds (after which
// the eight working variables are back in their places), reading K from a constant table and the
// schedule from a buffer the function computes first: code `rounds / per` times smaller, for the
// targets where size matters more (js, runtime, and the four-lane SIMD variant). The schedule
// buffer holds message-derived words, so the function clears it before returning.
const K256data = memory.data('k256', u32, K256);
const K512data = memory.data('k512', u64, K512);
const W256 = memory('w256', u32.array(64));
const W512 = memory('w512', u64.array(80));
const W256x4 = memory('w256x4', u32x4.array(64));
// One block through the schedule buffer: `copy(W)` stores its 16 words into W first.
function rolledRounds(v, per, H, copy) {
  const W = v.Wbuf;
  copy(W);
  loop(v.rounds - 16, (i) => {
    const t = i + 16;
    W.store(t, sigma(W.load(t - 2), v.s1) + W.load(t - 7) + sigma(W.load(t - 15), v.s0) + W.load(t - 16));
  });
  let [a, b, c, d, e, f, g, h] = H;
  loop(v.rounds / per, (i) => {
    for (let j = 0; j < per; j++) {
      const t = i * per + j;
      const T1 = h + Sigma(e, v.S1) + Ch(e, f, g) + v.Kload(t) + W.load(t);
      const T2 = Sigma(a, v.S0) + Maj(a, b, c);
      [h, g, f, e, d, c, b, a] = [g, f, e, d + T1, c, b, a, T1 + T2];
    }
  });
  return [a, b, c, d, e, f, g, h].map((x, i) => x + H[i]);
}
function rolledCompressor(v, per, options) {
  return fn([u32], (blocks) => {
    let H = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => v.H.load(i));
    loop(blocks, (n) => {
      H = rolledRounds(v, per, H, (W) => v.copyWords(n, W));
    });
    H.forEach((x, i) => v.H.store(i, x));
    loop(v.rounds, (t) => v.Wbuf.store(t, v.T(0)));
  }, options);
}
// One block given as 16 runtime words (PBKDF2 below), through the schedule buffer.
const rolledBlock = (v, per) => (H, W16) => rolledRounds(v, per, H, (W) => W16.forEach((w, t) => W.store(t, w)));
// The block's 16 words into the schedule buffer: a runtime loop for scalar words, the lane
// regrouping of batchWords (static) for the four-lane variant.
const copyLoop = (view) => (n, W) => loop(16, (t) => W.store(t, view.load(n * 16 + t)));
const SHA256r = { ...SHA256, Wbuf: W256, copyWords: copyLoop(block.as(u32.be)), Kload: (t) => K256data.load(t) };
const SHA512r = { ...SHA512, Wbuf: W512, copyWords: copyLoop(block.as(u64.be)), Kload: (t) => K512data.load(t) };
const SHA256x4r = {
  ...SHA256x4, Wbuf: W256x4, Kload: (t) => u32x4(K256data.load(t)),
  copyWords: (n, W) => SHA256x4.words(n).forEach((w, t) => W.store(t, w)),
};

// SHA-256 and the SHA-512 family for js with the schedule window in locals: a runtime loop of
// rounds / per times `per` unrolled rounds, K read from the constant table. Each iteration takes the
// next `per` message words: the first 16 / per load them from the block, the others compute them from
// the window of the last 16 (runtime branch); then the window moves by `per`. (SHA-256, js against
// noble at 1 MiB, CPU time, 2026-12-02: per = 8 1.6-1.7x, per = 4 1.5-1.7x (0.6 KB gzip less in a
// sha256 bundle), per = 2 1.43x; 1.9-2.0x with 16 rounds per iteration, at half again the code.)
// SHA-512 in 32-bit halves, per = 8: 1.01-1.06x the speed of windowBlock's rounds below (the
// block's words loaded before the loop, the next words computed after the rounds), kernel-level,
// CPU time in one process; 1.00-1.08x (mostly 1.02-1.05x) at the library level, same run
// (docs/notes.md, sha512js fifth session).
function windowCompressor(v, per, options) {
  const words = block.as(v.T.be);
  return fn([u32], (blocks) => {
    let H = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => v.H.load(i));
    loop(blocks, (n) => {
      const W = [];
      for (let j = 0; j < 16; j++) W.push(v.T(0));
      let [a, b, c, d, e, f, g, h] = H;
      loop(v.rounds / per, (i) => {
        const N = [];
        for (let j = 0; j < per; j++) N.push(v.T(0));
        when(i < 16 / per, () => {
          for (let j = 0; j < per; j++) N[j] = words.load(n * 16 + i * per + j);
        }, () => {
          const X = [...W];
          for (let t = 16; t < 16 + per; t++) X.push(sigma(X[t - 2], v.s1) + X[t - 7] + sigma(X[t - 15], v.s0) + X[t - 16]);
          for (let j = 0; j < per; j++) N[j] = X[16 + j];
        });
        for (let j = 0; j < per; j++) {
          const T1 = h + Sigma(e, v.S1) + Ch(e, f, g) + v.Kload(i * per + j) + N[j];
          const T2 = Sigma(a, v.S0) + Maj(a, b, c);
          [h, g, f, e, d, c, b, a] = [g, f, e, d + T1, c, b, a, T1 + T2];
        }
        const X = [...W, ...N];
        for (let j = 0; j < 16; j++) W[j] = X[j + per];
      });
      H = [a, b, c, d, e, f, g, h].map((x, i) => x + H[i]);
    });
    H.forEach((x, i) => v.H.store(i, x));
  }, options);
}

// SHA-256 for wasm: a runtime loop of 16 times four unrolled rounds, the schedule window in four
// u32x4 locals; K[t..t+3] + W[t..t+3] is one vector add (K read from the constant table as a
// vector), and each iteration but the last four computes the next four schedule words (nextWords4)
// and shifts the window. About as fast as the fully unrolled compression (0.93-1.02x of it in
// same-run 1 MiB measurements) at a sixth of its code.
// The rounds over one block whose 16 words are the four vectors W (words 4j .. 4j + 3 in W[j]; a
// fresh array, which the rounds shift as the schedule window).
// With `unroll` (a list of targets), the 16 iterations are unrolled on those targets: the
// PBKDF2 kernel's constant padding words and K then fold into the schedule at build time.
function vectorRounds(v, H, W, unroll = false) {
  const K4 = K256data.as(u32x4);
  let [a, b, c, d, e, f, g, h] = H;
  loop(16, (i) => {
    const KW = W[0] + K4.load(i);
    let next = u32x4(0);
    if (typeof i === 'number') {
      // unrolled: i is static
      if (i < 12) next = nextWords4(v, W);
    } else {
      when(i < 12, () => {
        next = nextWords4(v, W);
      });
    }
    for (let j = 0; j < 4; j++) {
      const T1 = T1of(v, e, f, g, h, lane(KW, j), true);
      const T2 = Sigma(a, v.S0) + Maj(a, b, c);
      [h, g, f, e, d, c, b, a] = [g, f, e, d + T1, c, b, a, T1 + T2];
    }
    const shifted = [W[1], W[2], W[3], next];
    for (let q = 0; q < 4; q++) W[q] = shifted[q];
  }, { unroll });
  return [a, b, c, d, e, f, g, h].map((x, i) => x + H[i]);
}
function vectorCompressor(v, options) {
  const view = block.as(u32x4.be);
  return fn([u32], (blocks) => {
    let H = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => v.H.load(i));
    loop(blocks, (n) => {
      H = vectorRounds(v, H, [0, 1, 2, 3].map((j) => view.load(n * 4 + j)));
    });
    H.forEach((x, i) => v.H.store(i, x));
  }, options);
}
// One block given as 16 runtime words (PBKDF2 below), its words gathered into vectors.
const vectorBlock = (v, unroll) => (H, W16) => vectorRounds(v, H, [0, 1, 2, 3].map((j) => u32x4(...W16.slice(4 * j, 4 * j + 4))), unroll);

// One block given as 16 runtime words (PBKDF2 on js), with the schedule window
// in locals: a runtime loop of rounds / per iterations of `per` unrolled rounds, K read from the
// constant table. The window holds W[t..t+15] at the start of the iteration of rounds t..t+per-1
// (at first the block itself); the rounds use its first `per` words, then (while words remain to
// be made) the next `per` words are computed from it and it moves by `per`. Against the rounds
// rolled one at a time with the schedule in memory (CPU time, one process, 2^16 iterations of
// PBKDF2-SHA512 on js): per = 4 0.77-0.80x the time, per = 2 0.80x, per = 8 0.82-0.95x, per = 16
// 1.5x (too large to optimize well); per = 4 adds about 12 KB a kernel.
const windowBlock = (v, per) => (H, W16) => {
  const W = [...W16];
  let [a, b, c, d, e, f, g, h] = H;
  loop(v.rounds / per, (i) => {
    for (let j = 0; j < per; j++) {
      const T1 = h + Sigma(e, v.S1) + Ch(e, f, g) + v.Kload(i * per + j) + W[j];
      const T2 = Sigma(a, v.S0) + Maj(a, b, c);
      [h, g, f, e, d, c, b, a] = [g, f, e, d + T1, c, b, a, T1 + T2];
    }
    const N = [];
    for (let j = 0; j < per; j++) N.push(v.T(0));
    when(i < (v.rounds - 16) / per, () => {
      const X = [...W];
      for (let t = 16; t < 16 + per; t++) X.push(sigma(X[t - 2], v.s1) + X[t - 7] + sigma(X[t - 15], v.s0) + X[t - 16]);
      for (let j = 0; j < per; j++) N[j] = X[16 + j];
    });
    const X = [...W, ...N];
    for (let j = 0; j < 16; j++) W[j] = X[j + per];
  });
  return [a, b, c, d, e, f, g, h].map((x, i) => x + H[i]);
};

const init = (v, iv) => fn([], () => iv.forEach((x, i) => v.H.store(i, x)));
// The digest: the state words big-endian, in a runtime loop (one byte swap in the code, not eight).
const output = (v) => fn([], () => loop(8, (i) => v.digest.store(i, v.H.load(i))));

export const sha224_init = init(SHA256, IV.sha224);
export const sha256_init = init(SHA256, IV.sha256);
export const sha384_init = init(SHA512, IV.sha384);
export const sha512_init = init(SHA512, IV.sha512);
export const sha512_224_init = init(SHA512, IV.sha512_224);
export const sha512_256_init = init(SHA512, IV.sha512_256);
// Fully unrolled where speed is the point (wasm); rolled with `per` rounds unrolled elsewhere.
// js SHA-256 keeps its schedule window in locals (windowCompressor: 4 rounds an iteration, about
// 1.6x noble, a fifth of the unrolled code; rolled 8 or 16 rounds at a time with the schedule in
// memory measured 1.2-1.4x noble). js SHA-512, in 32-bit halves, keeps its schedule window in
// locals too (windowCompressor, 8 rounds an iteration); runtime runs one round an iteration.
export const sha256_compress = vectorCompressor(SHA256, { targets: ['wasm', 'wasm_threads'] });
export const sha256_compress_js = windowCompressor(SHA256r, 4, { targets: ['js'], name: 'sha256_compress' });
export const sha256_compress_rt = rolledCompressor(SHA256r, 1, { targets: ['runtime'], name: 'sha256_compress' });
export const sha512_compress = compressor(SHA512, { targets: ['wasm', 'wasm_threads'] });
export const sha512_compress_js = windowCompressor(SHA512r, 8, { targets: ['js'], name: 'sha512_compress' });
export const sha512_compress_rolled = rolledCompressor(SHA512r, 1, { targets: ['runtime'], name: 'sha512_compress' });
// Batched: compress `blocks` blocks of each of 4 messages, in SIMD lanes. Only where lanes are
// real instructions: on js and runtime they would be four copies of the scalar code.
export const sha256_compress4 = rolledCompressor(SHA256x4r, 8, { targets: ['wasm', 'wasm_threads'] });
export const sha256_output = output(SHA256);
// SHA-512's output on runtime: a loop (its byte swaps of u64 halves are ten operations a word).
export const sha512_output = fn([], () => {
  loop(8, (i) => SHA512.digest.store(i, SHA512.H.load(i)), { unroll: ['wasm', 'wasm_threads', 'js'] });
});

// PBKDF2-HMAC iteration loops (modules/pbkdf2.js; runtime/kdf.js drives them): the keyed inner
// and outer chaining values (state words, as `state` holds them), U and the running XOR T (the
// digest's big-endian words). Each kernel has one compression in its code, run from the inner and
// then the outer value: 40-45% smaller and 10-30% faster than two copies (same-run, wasm and js).
// SHA-224/256: the four-lane schedule on wasm, its 16 iterations unrolled (0.88-0.91x the time of
// the rolled iterations, CPU time in one process; the wasm sha2.js target 96 -> 115 KB), unrolled
// on js (2-3x faster than rolled 8 or 16 rounds at a time, at 54 KB), rolled on runtime; the
// SHA-512 family unrolled on wasm, four rounds at a time with the schedule window in
// locals on js (windowBlock), rolled one round at a time on runtime.
const PB = memory('pbkdf2', { inner: u64.array(8), outer: u64.array(8), u: u64.array(8), t: u64.array(8) });
const pbkdf2Of = (v, outLen, block, options, after) => pbkdf2Kernel({
  T: v.T, le: false, words: 8, outLen, blockLen: v.T === u64 ? 128 : 64, lenBytes: v.T === u64 ? 16 : 8, block, twice: true, after,
  inner: PB.inner.as(v.T), outer: PB.outer.as(v.T), u: PB.u.as(v.T.be), t: PB.t.as(v.T.be),
}, options);
const WASM = ['wasm', 'wasm_threads'];
// The rolled rounds leave message-derived words in the schedule buffer: cleared at the end.
const clearSchedule = (v) => () => loop(v.rounds, (t) => v.Wbuf.store(t, v.T(0)));
const sha256Pbkdf2 = (name, outLen) => [
  pbkdf2Of(SHA256, outLen, vectorBlock(SHA256, WASM), { targets: WASM, name }),
  pbkdf2Of(SHA256, outLen, unrolledBlock(SHA256, false), { targets: ['js'], name }),
  pbkdf2Of(SHA256r, outLen, rolledBlock(SHA256r, 1), { targets: ['runtime'], name }, clearSchedule(SHA256r)),
];
const sha512Pbkdf2 = (name, outLen) => [
  pbkdf2Of(SHA512, outLen, unrolledBlock(SHA512), { targets: WASM, name }),
  pbkdf2Of(SHA512r, outLen, windowBlock(SHA512r, 4), { targets: ['js'], name }),
  pbkdf2Of(SHA512r, outLen, rolledBlock(SHA512r, 1), { targets: ['runtime'], name }, clearSchedule(SHA512r)),
];
const [sha224_pbkdf2, sha224_pbkdf2_js, sha224_pbkdf2_rt] = sha256Pbkdf2('sha224_pbkdf2', 28);
const [sha256_pbkdf2, sha256_pbkdf2_js, sha256_pbkdf2_rt] = sha256Pbkdf2('sha256_pbkdf2', 32);
const [sha384_pbkdf2, sha384_pbkdf2_js, sha384_pbkdf2_rolled] = sha512Pbkdf2('sha384_pbkdf2', 48);
const [sha512_pbkdf2, sha512_pbkdf2_js, sha512_pbkdf2_rolled] = sha512Pbkdf2('sha512_pbkdf2', 64);
const [sha512_224_pbkdf2, sha512_224_pbkdf2_js, sha512_224_pbkdf2_rolled] = sha512Pbkdf2('sha512_224_pbkdf2', 28);
const [sha512_256_pbkdf2, sha512_256_pbkdf2_js, sha512_256_pbkdf2_rolled] = sha512Pbkdf2('sha512_256_pbkdf2', 32);
export {
  sha224_pbkdf2, sha224_pbkdf2_js, sha224_pbkdf2_rt, sha256_pbkdf2, sha256_pbkdf2_js, sha256_pbkdf2_rt, sha384_pbkdf2,
  sha384_pbkdf2_js, sha384_pbkdf2_rolled, sha512_pbkdf2, sha512_pbkdf2_js, sha512_pbkdf2_rolled, sha512_224_pbkdf2,
  sha512_224_pbkdf2_js, sha512_224_pbkdf2_rolled, sha512_256_pbkdf2, sha512_256_pbkdf2_js, sha512_256_pbkdf2_rolled,
};
