// GHASH (NIST SP 800-38D §6.4) and POLYVAL (RFC 8452 §3): polynomial MACs over GF(2^128), with no
// table and no branch on the key or the message on any target.
//
// One multiplication serves both. POLYVAL's field element is the 128-bit little-endian number of
// a block, bit i the coefficient of x^i, and its product is dot(a, b) = a b x^-128 modulo
// P = x^128 + x^127 + x^126 + x^121 + 1. RFC 8452 Appendix A relates the two: GHASH(H, X_1..X_n)
// is the byte reversal of POLYVAL(mulX(ByteReverse(H)), ByteReverse(X_1), ...). A byte-reversed
// block read as a little-endian number is the block read as a big-endian one, so ghash_blocks
// reads blocks (and keeps its accumulator) through big-endian words, and its key once through
// mulX; polyval_blocks reads little-endian words. Both run the same dot().
//
// The carry-less product comes from integer multiplies "with holes": an operand split into
// parts that each keep every fourth (or third) bit. The integer product of two such parts has
// its bits at positions of one residue, each the sum of a few one-bit products; while that sum
// fits in the positions up to the next one of the same residue (at most 8 for four classes, 6
// for three), its carries land only on the other residues, which the mask of the class drops.
// XORing the products of each class and masking gives the carry-less product (WIDE64 and
// NARROW3 below). Karatsuba makes 128 x 128 bits from those; the 256-bit product is reduced by
// folding its two low words up with P (a few shifts: P's low 64 bits are 1, so adding w P
// clears word w).
//
// Regions: `gh_key` (the 16 key bytes as given), `gh_acc` (the accumulator, in the MAC's own byte
// order: the MAC's result when the last block is in), `data` (blocks). runtime/ghash.js zeroes
// them after every call.
//
// Not vectorized: on wasm the multiplies are scalar i64.mul; u64x2 lanes have no 64 x 64
// multiply V8 makes short (i64x2.mul is emulated with three 32-bit products), and extmul
// (32 x 32 -> 64) needs the operands gathered per lane (a shuffle per operand). Not measured.
import { u8, u32, u64, u8x16, u32x4, u64x2, memory, fn, loop, shuffle, swizzle, lane } from 'awasm';

const key = memory('gh_key', u8.array(16));
const acc = memory('gh_acc', u8.array(16));
const data = memory('data', u8.array(16384));
// js: the key's prepared parts (NARROW3_STORED below), after `data` so that the other targets'
// layout stays as it was.
const prepared = memory('gh_prep', u32.array(81));
// js: a block's nine 32 x 32 products (NARROW3_STORED below), stored as they are made.
const products = memory('gh_tmp', u32.array(18));

// The four u32 words of a 128-bit number, least significant first, from a block at word `at`.
const LE = { read: (view, at) => [0, 1, 2, 3].map((k) => view.load(at + k)), write: (view, w) => w.forEach((v, k) => view.store(k, v)) };
const BE = { read: (view, at) => [3, 2, 1, 0].map((k) => view.load(at + k)), write: (view, w) => w.forEach((v, k) => view.store(3 - k, v)) };

const MASK64 = [0x1111111111111111n, 0x2222222222222222n, 0x4444444444444444n, 0x8888888888888888n];
// The carry-less product of two words, by the classes of their bits: for class k, the XOR of
// the products x_i y_(k-i), masked to class k. The operand form (`prep`) is applied to the key's
// side once per call and to the data's side per block. Two forms, by target:
//   WIDE64 (wasm): 64 x 64 bits, four classes, i64.mul: the low half directly, the high half
//     from bit-reversed operands. 96 multiplies a block; the reversals (two operands, three
//     high halves) in SIMD lanes, two at a time (1.09x-1.21x over scalar rev64).
//   NARROW3 (js, runtime): 32-bit words, 16 x 16 pieces, three classes, Math.imul: 27 multiplies
//     a word product, 243 a block, no reversal.
// The first version built every 32 x 32 product from 16 mul32s (144 a block; on js each with
// mulhi_u's float high word); then js used Math.imul on four classes with reversed operands for
// the high words (1.25x), and NARROW3 is 1.5x-2.5x that (A/B runs on a loaded machine).
const xorAll = (list) => list.reduce((a, b) => a ^ b);
const classes = (xs, ys, mul, masks) => [0, 1, 2, 3].map((k) => xorAll([0, 1, 2, 3].map((i) => mul(xs[i], ys[(k - i + 4) & 3]))) & masks[k]).reduce((a, b) => a | b);
// Operands travel as { v, r }: a value and its bit reversal (WIDE64; NARROW3 carries r: 0).
const xorWords = (p, q) => ({ v: p.v ^ q.v, r: p.r ^ q.r });
// NARROW3 (js, runtime): 32 x 32 bits by Karatsuba over 16-bit halves, each 16 x 16 product from
// nine Math.imul of parts that keep every third bit: a 16-bit part has at most 6 bits, so a
// column sums at most 6 one-bit products (3 bits: its carries stay in the two positions above
// it), and the product is below 2^32, all of it in imul's result. No bit reversal.
const MASK3 = [0x9249, 0x2492, 0x4924];
const MASK3_32 = [0x49249249, 0x92492492, 0x24924924];
const split3 = (x) => MASK3.map((m) => x & m);
const clmul16 = (xs, yParts) => {
  const ys = yParts.map((y) => (typeof y === 'function' ? y() : y)); // NARROW3_STORED: loaded here
  return [0, 1, 2].map((k) => xorAll([0, 1, 2].map((i) => xs[i] * ys[(k - i + 3) % 3])) & MASK3_32[k]).reduce((a, b) => a | b);
};
const NARROW3 = {
  // (r: no reversal here; a static 0 for xorWords)
  operands: (a) => [[a[0], a[1]], [a[2], a[3]], [a[0] ^ a[2], a[1] ^ a[3]]].map((p) => p.map((v) => ({ v, r: 0 }))),
  prep: (x) => {
    const lo = x.v & 0xffff;
    const hi = x.v >>> 16;
    return { l: split3(lo), h: split3(hi), m: split3(lo ^ hi) };
  },
  clmul32: (xs, ys) => {
    const ll = clmul16(xs.l, ys.l);
    const hh = clmul16(xs.h, ys.h);
    const mm = clmul16(xs.m, ys.m) ^ ll ^ hh;
    return u64(ll ^ (mm << 16)) | (u64(hh ^ (mm >>> 16)) << 32);
  },
};
// WIDE64: a 64 x 64 product directly (four-bit holes in 64-bit operands: only the top column's
// sum can reach 16, and its carry goes past bit 63): 32 multiplies where three 32 x 32 products
// take 48.
const split64 = (x) => MASK64.map((m) => x & m);
// The bit reversals of two u64 at once in SIMD lanes (wasm only: a byte shuffle, then each
// nibble through a 16-entry swizzle table, which needs no branch and no memory): 11 vector ops
// and lane moves where two rev64 take about 50 scalar ones.
const REV4 = Array.from({ length: 16 }, (_, i) => ((i & 1) << 3) | ((i & 2) << 1) | ((i & 4) >> 1) | ((i & 8) >> 3));
const rev64x2 = (a, b) => {
  const v = u8x16.from(u64x2(a, b));
  const bytes = shuffle(v, v, [7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8]);
  const lo = bytes & u8x16(15);
  const hi = u8x16.from(u32x4.from(bytes) >>> 4) & u8x16(15);
  const r = u64x2.from(swizzle(u8x16(...REV4.map((x) => x << 4)), lo) | swizzle(u8x16(...REV4), hi));
  return [lane(r, 0), lane(r, 1)];
};
const WIDE64 = {
  operands: (a) => {
    const lo = u64(a[0]) | (u64(a[1]) << 32);
    const hi = u64(a[2]) | (u64(a[3]) << 32);
    const [rlo, rhi] = rev64x2(lo, hi);
    return [{ v: lo, r: rlo }, { v: hi, r: rhi }, { v: lo ^ hi, r: rlo ^ rhi }];
  },
  prep: (x) => ({ n: split64(x.v), r: split64(x.r) }),
  // [low half, the low half of the reversed operands' product]: highs() reverses those together
  clmul64: (xs, ys) => [classes(xs.n, ys.n, (a, b) => a * b, MASK64), classes(xs.r, ys.r, (a, b) => a * b, MASK64)],
  highs: ([L, H, M]) => {
    const [l, h] = rev64x2(L[1], H[1]);
    const [m] = rev64x2(M[1], M[1]);
    return [[L[0], l >>> 1], [H[0], h >>> 1], [M[0], m >>> 1]];
  },
};
// NARROW3_STORED (js): NARROW3 with the key's 81 prepared parts (27 16-bit operands, three
// classes each) stored in `gh_prep` once per call and loaded next to each 16 x 16 product. With
// them in 81 locals, V8's optimized code for the whole function ran at about a third of the speed
// of its on-stack-replacement code for the loop (25-30 against ~80 MB/s, same data; as if the
// parts were computed again in the loop), and which of the two a call ran decided its speed; with
// the loads, 35-49 against ~90 (typed-array bounds checks are left in the whole-function code).
//
// Each of the nine 32 x 32 products is also stored to `gh_tmp` as soon as it is made and read
// back from there. TurboFan places the pure operations of a basic block by their distance from
// its end (a breadth-first walk from the uses, reversed): the 27 independent 16 x 16 products
// of a block came out interleaved level by level, every partial value of all of them live at
// once, and ~680 of the loop's ~2250 instructions a block were spill stores (whole-function
// code). A store is on the effect chain next to the key parts' loads, so each product is made
// between its loads and its store: 1602 instructions, 233 spill stores, and 3.9x the speed
// (30-33 -> 130 MB/s, whole-function and on-stack-replacement code alike; docs/notes.md, jsctr).
const NARROW3_STORED = {
  ...NARROW3,
  store: (B) => {
    let k = 0;
    return B.map((Y, i) =>
      Y.map((y, j) => {
        const part = (list) =>
          list.map((v) => {
            const at = k++;
            prepared.store(at, v);
            return () => prepared.load(at);
          });
        return { l: part(y.l), h: part(y.h), m: part(y.m), slot: 3 * i + j };
      })
    );
  },
  clmul32: (xs, ys) => {
    const v = NARROW3.clmul32(xs, ys);
    products.store(2 * ys.slot, u32(v));
    products.store(2 * ys.slot + 1, u32(v >>> 32));
    return u64(products.load(2 * ys.slot)) | (u64(products.load(2 * ys.slot + 1)) << 32);
  },
};
// 64 x 64 bits: WIDE64 directly, NARROW from two words each by Karatsuba. The y side is
// prepared once per key.
const prep64 = (C, y) => (C.clmul64 !== undefined ? C.prep(y) : [C.prep(y[0]), C.prep(y[1]), C.prep(xorWords(y[0], y[1]))]);
const clmul64 = (C, x, Y) => {
  if (C.clmul64 !== undefined) return C.clmul64(C.prep(x), Y);
  const [x0, x1] = x;
  const lo = C.clmul32(C.prep(x0), Y[0]);
  const hi = C.clmul32(C.prep(x1), Y[1]);
  const mid = C.clmul32(C.prep(xorWords(x0, x1)), Y[2]) ^ lo ^ hi;
  return [lo ^ (mid << 32), hi ^ (mid >>> 32)];
};
// The key's side of the 128 x 128 Karatsuba, prepared.
const prep = (C, words) => C.operands(words).map((y) => prep64(C, y));
// dot(a, b) = a b x^-128 mod P, a as four words, b as prep(b).
const dot = (C, words, B) => {
  let [L, H, M] = C.operands(words).map((x, i) => clmul64(C, x, B[i]));
  if (C.highs !== undefined) [L, H, M] = C.highs([L, H, M]);
  const c0 = L[0];
  const c1 = L[1] ^ M[0] ^ L[0] ^ H[0];
  const c2 = H[0] ^ M[1] ^ L[1] ^ H[1];
  const c3 = H[1];
  // c0 P clears word 0 (P = 1 + x^121 + x^126 + x^127 + x^128), then d1 P word 1.
  const d1 = c1 ^ (c0 << 63) ^ (c0 << 62) ^ (c0 << 57);
  const d2 = c2 ^ c0 ^ (c0 >>> 1) ^ (c0 >>> 2) ^ (c0 >>> 7);
  const r0 = d2 ^ (d1 << 63) ^ (d1 << 62) ^ (d1 << 57);
  const r1 = c3 ^ d1 ^ (d1 >>> 1) ^ (d1 >>> 2) ^ (d1 >>> 7);
  return [u32(r0), u32(r0 >>> 32), u32(r1), u32(r1 >>> 32)];
};
// h x modulo P (RFC 8452's mulX_POLYVAL), the reduction a mask of the bit shifted out.
const mulX = (h) => {
  const m = u32(0) - (h[3] >>> 31);
  return [(h[0] << 1) ^ (m & 1), (h[1] << 1) | (h[0] >>> 31), (h[2] << 1) | (h[1] >>> 31), ((h[3] << 1) | (h[2] >>> 31)) ^ (m & 0xc2000000)];
};

// X_blocks(blocks): absorbs `blocks` 16-byte blocks of `data` into gh_acc with the key gh_key.
const blocksKernel = (order, keyOf, C, options) =>
  fn([u32], (blocks) => {
    const kw = key.as(order === BE ? u32.be : u32);
    const view = data.as(order === BE ? u32.be : u32);
    const av = acc.as(order === BE ? u32.be : u32);
    const B0 = prep(C, keyOf(order.read(kw, 0)));
    const B = C.store !== undefined ? C.store(B0) : B0;
    let s = order.read(av, 0);
    loop(blocks, (i) => {
      const x = order.read(view, i * 4);
      s = dot(C, s.map((v, k) => v ^ x[k]), B);
    });
    order.write(av, s);
  }, options);
const SIMD = { targets: ['wasm', 'wasm_threads'] };
const JS = { targets: ['js'] };
const RUNTIME = { targets: ['runtime'] };
export const ghash_blocks_wide = blocksKernel(BE, mulX, WIDE64, { ...SIMD, name: 'ghash_blocks' });
export const ghash_blocks_stored = blocksKernel(BE, mulX, NARROW3_STORED, { ...JS, name: 'ghash_blocks' });
export const ghash_blocks_narrow = blocksKernel(BE, mulX, NARROW3, { ...RUNTIME, name: 'ghash_blocks' });
export const polyval_blocks_wide = blocksKernel(LE, (h) => h, WIDE64, { ...SIMD, name: 'polyval_blocks' });
export const polyval_blocks_stored = blocksKernel(LE, (h) => h, NARROW3_STORED, { ...JS, name: 'polyval_blocks' });
export const polyval_blocks_narrow = blocksKernel(LE, (h) => h, NARROW3, { ...RUNTIME, name: 'polyval_blocks' });
