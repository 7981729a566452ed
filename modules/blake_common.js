// What BLAKE (modules/blake1.js) and BLAKE2 (modules/blake2.js) share: the message permutations,
// the order in which a round mixes the 4x4 working words, the G function (on scalars or on rows
// of four lanes), and the SHA-2 initial values both reuse. A library module: it exports no kernel
// function and makes no target.
import { rotr, shuffle } from 'awasm';

// The ten message word permutations sigma_0..sigma_9 (BLAKE submission §2.1.2; RFC 7693 §2.7).
// Round r uses SIGMA[r % 10].
export const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];
/** SIGMA[r % 10] for rounds 0..rounds-1, one after another (a table for rolled round loops). */
export const sigmaTable = (rounds) => [].concat(...Array.from({ length: rounds }, (_, r) => SIGMA[r % 10]));

// A round applies G to the four columns of the 4x4 matrix of working words, then to the four
// diagonals; G number i takes message words sigma[2i] and sigma[2i + 1].
export const COLUMNS = [
  [0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15],
  [0, 5, 10, 15], [1, 6, 11, 12], [2, 7, 8, 13], [3, 4, 9, 14],
];

// The G function (BLAKE submission §2.1.2, RFC 7693 §3.1) on a, b, c, d with the two words x and
// y it adds (BLAKE: message XOR constant; BLAKE2: message), rotating by R[0..3]. On scalars it is
// one G; on u32x4 rows (lane i = column i) it is four at once. mixWith: rotations by
// rotate(x, n), and with `early` the message term added to a before b (mixEarly below).
const mixWith = (R, rotate, early) => ([a, b, c, d], x, y) => {
  a = early ? a + x + b : a + b + x;
  d = rotate(d ^ a, R[0]);
  c = c + d;
  b = rotate(b ^ c, R[1]);
  a = early ? a + y + b : a + b + y;
  d = rotate(d ^ a, R[2]);
  c = c + d;
  b = rotate(b ^ c, R[3]);
  return [a, b, c, d];
};
export const mix = (R, v, x, y) => mixWith(R, rotr, false)(v, x, y);
/**
 * G on the working words v[v4[0..3]] of the array v; returns a new array (for rolled loops).
 * `g(words, x, y)` is the mixing (mix with rotations R by default; mixEarly(R, rotr) in BLAKE2's
 * unrolled wasm kernels).
 */
export const G = (v, R, v4, x, y, g = (w, p, q) => mix(R, w, p, q)) => {
  const res = [...v];
  g(v4.map((i) => v[i]), x, y).forEach((w, k) => (res[v4[k]] = w));
  return res;
};
/** The lanes of a u32x4 rotated left by k: lane i of the result is lane (i + k) % 4 of x. */
export const rot = (x, k) => shuffle(x, x, [0, 1, 2, 3].map((i) => (i + k) % 4));

// The SIMD round functions of the wasm kernels. On vectors the speed is bound by the chain of
// dependent operations through G (the lanes run in parallel, but there are only one or two
// independent chains), so everything that can stay off that chain does:
// - the message term is added to a before b (a + x + b: b is the newest value at both additions);
// - the diagonal step leaves b, the last value a G makes, in place and moves the lanes of a (by
//   three), c (by one) and d (by two) instead; a, c and d are final before b is, so these moves
//   (and the moves back) overlap the end of the G before them. Lane i (or lane i of half k) then
//   holds the diagonal through v(4 + i): G7, G4, G5, G6.

/** G as mix, with the message term added to a first and rotations by rotate(x, n). */
export const mixEarly = (R, rotate) => mixWith(R, rotate, true);

/**
 * The rounds on four u32x4 rows [a, b, c, d] (lane i = column i). words(p, [g0, g1, g2, g3], y)
 * is the message vector of the G numbers g0..g3 in lanes 0..3 under permutation p: their first
 * terms (y = 0) or their second (y = 1). Returns the rows.
 */
export function rowRounds(rows, rounds, R, words) {
  const G = mixEarly(R, rotr);
  let [a, b, c, d] = rows;
  for (let r = 0; r < rounds; r++) {
    const p = SIGMA[r % 10];
    [a, b, c, d] = G([a, b, c, d], words(p, [0, 1, 2, 3], 0), words(p, [0, 1, 2, 3], 1));
    [a, b, c, d] = G([rot(a, 3), b, rot(c, 1), rot(d, 2)], words(p, [7, 4, 5, 6], 0), words(p, [7, 4, 5, 6], 1));
    [a, c, d] = [rot(a, 1), rot(c, 3), rot(d, 2)];
  }
  return [a, b, c, d];
}

/** [lane 1 of x, lane 0 of y] (u64x2): a row's lanes moved by one across its two halves. */
const across = (x, y) => shuffle(x, y, [1, 2]);
/**
 * The rounds on the rows as u64x2 halves: [a, b, c, d], each [lanes 0 1, lanes 2 3] (two
 * columns per G). words(p, [g0, g1], y) as in rowRounds, for two G numbers; rotate(x, n) rotates
 * the u64 lanes. Returns the rows, each [half 0, half 1].
 */
export function halfRounds(rows, rounds, R, rotate, words) {
  const G = mixEarly(R, rotate);
  let [a, b, c, d] = rows;
  for (let r = 0; r < rounds; r++) {
    const p = SIGMA[r % 10];
    // Columns 0 and 1, 2 and 3.
    const c0 = G([a[0], b[0], c[0], d[0]], words(p, [0, 1], 0), words(p, [0, 1], 1));
    const c1 = G([a[1], b[1], c[1], d[1]], words(p, [2, 3], 0), words(p, [2, 3], 1));
    // Diagonals G7 and G4 (v3 v0, v4 v5, v9 v10, v14 v15), G5 and G6 (v1 v2, v6 v7, v11 v8, v12 v13).
    const g0 = G([across(c1[0], c0[0]), c0[1], across(c0[2], c1[2]), c1[3]], words(p, [7, 4], 0), words(p, [7, 4], 1));
    const g1 = G([across(c0[0], c1[0]), c1[1], across(c1[2], c0[2]), c0[3]], words(p, [5, 6], 0), words(p, [5, 6], 1));
    a = [across(g0[0], g1[0]), across(g1[0], g0[0])];
    b = [g0[1], g1[1]];
    c = [across(g1[2], g0[2]), across(g0[2], g1[2])];
    d = [g1[3], g0[3]];
  }
  return [a, b, c, d];
}

// FIPS 180-4 §5.3.2-§5.3.5: the SHA-224/256/384/512 initial hash values. BLAKE-224/256/384/512
// start from them (BLAKE submission §2.1.1, §2.2.1, §2.3, §2.4); BLAKE2s and BLAKE2b use those
// of SHA-256 and SHA-512 (RFC 7693 §2.6).
export const IV224 = [0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4];
export const IV256 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
export const IV384 = [
  0xcbbb9d5dc1059ed8n, 0x629a292a367cd507n, 0x9159015a3070dd17n, 0x152fecd8f70e5939n,
  0x67332667ffc00b31n, 0x8eb44a8768581511n, 0xdb0c2e0d64f98fa7n, 0x47b5481dbefa4fa4n,
];
export const IV512 = [
  0x6a09e667f3bcc908n, 0xbb67ae8584caa73bn, 0x3c6ef372fe94f82bn, 0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n, 0x9b05688c2b3e6c1fn, 0x1f83d9abfb41bd6bn, 0x5be0cd19137e2179n,
];

/**
 * The message vectors of a u32x4 row kernel (BLAKE2s, BLAKE-256), from mv, the block's four
 * loaded vectors: four(i, j, k, l) is [m[i], m[j], m[k], m[l]], one static shuffle when the words
 * come in pairs from two loaded vectors, else three.
 */
export function wordsOf(mv) {
  // [m[i], m[i], m[j], m[j]]
  const two = (i, j) => shuffle(mv[i >> 2], mv[j >> 2], [i & 3, i & 3, 4 + (j & 3), 4 + (j & 3)]);
  return (i, j, k, l) =>
    i >> 2 === j >> 2 && k >> 2 === l >> 2
      ? shuffle(mv[i >> 2], mv[k >> 2], [i & 3, j & 3, 4 + (k & 3), 4 + (l & 3)])
      : shuffle(two(i, j), two(k, l), [0, 2, 4, 6]);
}
