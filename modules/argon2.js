// Argon2d, Argon2i and Argon2id (RFC 9106): the memory filling. One kernel function,
// argon2_fill(pass, slice, lane, from, to, own), fills blocks from..to-1 of one segment: for each block
// it finds the reference block (RFC 9106 §3.4: from the previous block's first word on Argon2d,
// from address blocks on Argon2i and on Argon2id's first two slices of pass 0) and writes
// G(previous, reference), XORed into the old block from pass 1 on in version 0x13.
//
// The runtime (runtime/argon2.js) does the rest: H0 and the first two blocks of every lane (H',
// variable-length BLAKE2b over the library's blake2b), the order of the calls (passes, slices,
// lanes), and the tag from the XOR of the lanes' last blocks. It writes the parameters to
// `params` before the first call.
//
// Memory: `blocks`, the heap (memory.heap: its length is chosen when the runtime links the target
// for a call), holds 1 KiB blocks of 128 u64 words. Block 0 is a zero block (never written);
// block 5 + lane * laneLength + column is the Argon2 memory B[lane][column]. The working blocks
// of a call are four blocks from `own` (a block index): the address block (own), the input block
// it is made from (own + 1), a temporary (own + 2) and the wasm G's scratch block (own + 3). The
// calling thread's are blocks 1..4; on wasm_threads each worker of the pool filling segments of
// the same memory at once has four of its own after the Argon2 memory (runtime/argon2.js), so
// that threads share the heap and nothing they write.
//
// G(X, Y) (§3.5): R = X ^ Y, P on the eight rows of R, then on its eight columns, XOR with R.
// P is BLAKE2b's round without message words, with BlaMka's a + b + 2 * lo(a) * lo(b) (mul32)
// in place of a + b. Two builds: on wasm the block in 64 u64x2 registers, every P unrolled (two
// columns of the 4x4 word matrix per G, as BLAKE2b's kernel, the rows' results through a scratch
// block); on js and runtime scalar words, P in a runtime loop over the rows and one over the
// columns.
import { u32, u64, u64x2, memory, fn, loop, when, rotr, select, shuffle, mul32, declassify } from 'awasm';
import { COLUMNS } from './blake_common.js';

// The parameters, written by the runtime: lanes p, lane length q (columns), segment length q / 4,
// the number of blocks m' (p * q), passes t, type y (0 d, 1 i, 2 id), version (0x10 or 0x13), and
// floor((2^32 - 1) / p) (J2 mod p without a division: see refLane).
// Public: the constant-time check (docs/auditing.md) lets them pick branches, loop counts and blocks.
const params = memory('params', u32.array(8), { secret: false });
// The working copies R and Q of G on js and runtime.
const work = memory('work', u64.array(2 * 128));
// Block indices: the zero block, the first of B; the working blocks, relative to `own`.
const ZERO = 0, FIRST = 5;
const ADDRESS = 0, INPUT = 1, TEMP = 2, SCRATCH = 3;

const BLOCK_WORDS = 128;
// The words of the 16 applications of P in G: rows 0..7 (words 16r..16r+15), then columns 0..7
// (16-byte registers c, c + 8, ..., c + 56: words 2c, 2c + 1, 2c + 16, ...).
const P_WORDS = [
  ...Array.from({ length: 8 }, (_, r) => Array.from({ length: 16 }, (_, i) => 16 * r + i)),
  ...Array.from({ length: 8 }, (_, c) => Array.from({ length: 16 }, (_, i) => 2 * c + 16 * (i >> 1) + (i & 1))),
];
// The memory, blocks of 128 u64: the heap, sized per call by the runtime ((5 + m') KiB).
const blocks = memory.heap('blocks', u64);

// BlaMka: a + b + 2 * lo(a) * lo(b), on u64 words or u64x2 lanes.
const blamka = (a, b) => a + b + (mul32(a, b) << 1);
// GB (§3.6) on four words, or on two columns at once in u64x2 lanes; rotate(x, n) rotates right.
function GB([a, b, c, d], rotate) {
  a = blamka(a, b);
  d = rotate(d ^ a, 32);
  c = blamka(c, d);
  b = rotate(b ^ c, 24);
  a = blamka(a, b);
  d = rotate(d ^ a, 16);
  c = blamka(c, d);
  b = rotate(b ^ c, 63);
  return [a, b, c, d];
}

// P on 16 u64 words (js, runtime): G on the columns, then on the diagonals of the 4x4 matrix.
function permuteWords(v) {
  const w = [...v];
  for (const q of COLUMNS) GB(q.map((i) => w[i]), rotr).forEach((x, k) => (w[q[k]] = x));
  return w;
}

// P on eight u64x2 registers S0..S7 (wasm): S_i holds words 2i and 2i + 1, so the matrix rows
// are a = [S0, S1], b = [S2, S3], c = [S4, S5], d = [S6, S7], and one GB on lanes mixes two
// columns. The diagonals (v0 v5 v10 v15, v1 v6 v11 v12) and (v2 v7 v8 v13, v3 v4 v9 v14) take
// a and c as they are and b and d moved by one lane across their halves. Rotations by 24 and 63
// stay shifts: as byte shuffles they were slower in node 20 (docs/language.md, "Byte lanes").
const across = (x, y) => shuffle(x, y, [1, 2]); // [lane 1 of x, lane 0 of y]
const rotate2 = (x, n) => (n === 32 || n === 16 ? rotr(x, n) : (x >>> n) | (x << (64 - n)));
function permuteRegisters([s0, s1, s2, s3, s4, s5, s6, s7]) {
  const c0 = GB([s0, s2, s4, s6], rotate2);
  const c1 = GB([s1, s3, s5, s7], rotate2);
  const [A0, B0, C0, D0] = c0, [A1, B1, C1, D1] = c1;
  const g0 = GB([A0, across(B0, B1), C1, across(D1, D0)], rotate2);
  const g1 = GB([A1, across(B1, B0), C0, across(D0, D1)], rotate2);
  // Back: b = [v4 v5, v6 v7] = [(g1 lane 1, g0 lane 0), (g0 lane 1, g1 lane 0)], d likewise.
  return [g0[0], g1[0], across(g1[1], g0[1]), across(g0[1], g1[1]), g1[2], g0[2], across(g0[3], g1[3]), across(g1[3], g0[3])];
}

// G on wasm: out = P-columns(P-rows(X ^ Y)) ^ X ^ Y, XORed into the old block when `keep` (a u32
// 0 or 1) is 1; blocks given by index (u32). The rows' results go through the scratch block (own +
// SCRATCH), so that only one row or column (8 registers) is live at a time.
function compressRegisters(x, y, out, keep, own) {
  const V = blocks.as(u64x2);
  const X = x * 64, Y = y * 64, O = out * 64, S = (own + SCRATCH) * 64;
  for (let row = 0; row < 8; row++) {
    const ids = Array.from({ length: 8 }, (_, i) => 8 * row + i);
    permuteRegisters(ids.map((k) => V.load(X + k) ^ V.load(Y + k))).forEach((v, i) => V.store(S + ids[i], v));
  }
  const mask = u64x2(u64(0) - u64(keep));
  for (let col = 0; col < 8; col++) {
    const ids = Array.from({ length: 8 }, (_, i) => col + 8 * i);
    permuteRegisters(ids.map((k) => V.load(S + k))).forEach((v, i) => {
      const k = ids[i];
      V.store(O + k, v ^ V.load(X + k) ^ V.load(Y + k) ^ (V.load(O + k) & mask));
    });
  }
}

// G on js and runtime: R and Q in `work`; P in two runtime loops, over the rows and the columns.
function compressWords(x, y, out, keep) { // (`work` is the scratch: one thread per memory here)
  const X = x * BLOCK_WORDS, Y = y * BLOCK_WORDS, O = out * BLOCK_WORDS;
  loop(BLOCK_WORDS, (k) => {
    const r = blocks.load(X + k) ^ blocks.load(Y + k);
    work.store(k, r);
    work.store(BLOCK_WORDS + k, r);
  });
  // P on the rows (words 16r + i), then on the columns (words 2c + P_WORDS[8][i]): a runtime
  // base plus static offsets, which the js target folds into the element offsets.
  const rounds = (step, offsets) =>
    loop(8, (s) => {
      const base = s * step + BLOCK_WORDS;
      const v = permuteWords(offsets.map((o) => work.load(base + o)));
      v.forEach((x, i) => work.store(base + offsets[i], x));
    });
  rounds(16, P_WORDS[0]);
  rounds(2, P_WORDS[8]);
  const mask = u64(0) - u64(keep);
  loop(BLOCK_WORDS, (k) => {
    blocks.store(O + k, work.load(k) ^ work.load(BLOCK_WORDS + k) ^ (blocks.load(O + k) & mask));
  });
}

// The segment filler over either G. One G per block: a block whose addresses run out (Argon2i,
// every 128 blocks and at the start of a call) first makes the next address block with two more
// runs of the same G (G(0, G(0, input))), through a runtime loop of jobs, so that the code holds
// one G (unrolled on wasm: most of the module).
const filler = (compress) => (pass, slice, lane, from, to, own) => {
  const lanes = params.load(0), q = params.load(1), segment = params.load(2);
  const type = params.load(5), version = params.load(6), recip = params.load(7);
  const independent = (type === 1) | ((type === 2) & (pass === 0) & (slice < 2));
  const keepOld = (pass !== 0) & (version === 0x13); // XOR into the old block
  when(independent, () => {
    // The input block: pass, lane, slice, m', t, y; the counter (word 6) per address block.
    [pass, lane, slice, params.load(3), params.load(4), type].forEach((x, i) => blocks.store((own + INPUT) * BLOCK_WORDS + i, u64(x)));
  });
  const first = (pass === 0) & (slice === 0); // references stay in this lane
  loop(to - from, (k) => {
    const i = from + k; // index in the segment
    const column = slice * segment + i;
    const cur = lane * q + column;
    const prev = select(column === 0, cur + q - 1, cur - 1); // the previous block of this lane
    const refill = independent & (((i & 127) === 0) | (k === 0));
    loop(1 + (refill << 1), (job) => {
      const last = job === (refill << 1);
      when(refill & (job === 0), () => blocks.store((own + INPUT) * BLOCK_WORDS + 6, u64((i >>> 7) + 1)));
      // J1, J2: from the address block or from the previous block's first word.
      // They choose the reference block, an address: declassified. From the address block they are
      // public (computed by G from pass, lane, slice, m', t, type and a counter only: Argon2i, and
      // Argon2id's first two slices); from the previous block they depend on the password, which
      // is Argon2d's and Argon2id's data-dependent addressing by design (RFC 9106 §3.4.1).
      const pseudo = declassify(
        select(independent, blocks.load((own + ADDRESS) * BLOCK_WORDS + (i & 127)), blocks.load((FIRST + prev) * BLOCK_WORDS)),
        'J1 and J2 pick the reference block: public for Argon2i (from the address block, made from public inputs only), ' +
          "data-dependent by design for Argon2d and the rest of Argon2id (RFC 9106 §3.4.1)");
      const j1 = u32(pseudo), j2 = u32(pseudo >>> 32);
      // refLane = J2 mod p: the quotient from floor((2^32 - 1) / p) is at most 2 short.
      let rem = j2 - u32(mul32(j2, recip) >>> 32) * lanes;
      rem = select(rem >= lanes, rem - lanes, rem);
      rem = select(rem >= lanes, rem - lanes, rem);
      const refLane = select(first, lane, rem);
      const same = refLane === lane;
      // §3.4.1.2: the reference area, J1 mapped onto it, and where it starts.
      const area = select(pass === 0, slice * segment, q - segment) + select(same, i - 1, u32(0) - (i === 0));
      const x = u32(mul32(j1, j1) >>> 32);
      const rel = area - 1 - u32(mul32(area, x) >>> 32);
      const start = select((pass !== 0) & (slice !== 3), (slice + 1) * segment, u32(0));
      let pos = start + rel;
      pos = select(pos >= q, pos - q, pos);
      const ref = refLane * q + pos;
      // The jobs: TEMP = G(0, INPUT), ADDRESS = G(0, TEMP), then the block itself.
      const src = select(last, FIRST + prev, u32(ZERO));
      const with_ = select(last, FIRST + ref, own + select(job === 0, u32(INPUT), u32(TEMP)));
      const dst = select(last, FIRST + cur, own + select(job === 0, u32(TEMP), u32(ADDRESS)));
      compress(src, with_, dst, keepOld & last, own);
    });
  });
};

const fill = (compress, targets) => {
  const f = filler(compress);
  return fn([u32, u32, u32, u32, u32, u32], (pass, slice, lane, from, to, own) => f(pass, slice, lane, from, to, own), { targets, name: 'argon2_fill' });
};
export const argon2_fill = fill(compressRegisters, ['wasm', 'wasm_threads']);
export const argon2_fill_words = fill(compressWords, ['js', 'runtime']);
