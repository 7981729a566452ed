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
// The carry-less product comes from integer multiplies "with holes": an operand split into four
// parts, each keeping every fourth bit (masks 0x11111111 << k). The integer product of two such
// parts has its bits at positions of one residue mod 4, each the sum of at most 8 one-bit
// products (32-bit operands); a sum of at most 8 needs 4 bits, so its carries land in the three
// positions above it that belong to the other residues and never reach the next position of its
// own. Sixteen products XORed by residue and masked give the carry-less product (NARROW and
// WIDE64 below: its low half, the high half from bit-reversed operands). Karatsuba makes
// 128 x 128 bits from those; the 256-bit product is reduced by folding its two low words up with
// P (a few shifts: P's low 64 bits are 1, so adding w P clears word w).
//
// Regions: `gh_key` (the 16 key bytes as given), `gh_acc` (the accumulator, in the MAC's own byte
// order: the MAC's result when the last block is in), `data` (blocks). runtime/ghash.js zeroes
// them after every call.
//
// Not vectorized: on wasm the multiplies are scalar i64.mul; u64x2 lanes have no 64 x 64
// multiply V8 makes short (i64x2.mul is emulated with three 32-bit products), and extmul
// (32 x 32 -> 64) needs the operands gathered per lane (a shuffle per operand). Not measured.
import { u8, u32, u64, memory, fn, loop, bswap } from 'awasm';

const key = memory('gh_key', u8.array(16));
const acc = memory('gh_acc', u8.array(16));
const data = memory('data', u8.array(16384));

// The four u32 words of a 128-bit number, least significant first, from a block at word `at`.
const LE = { read: (view, at) => [0, 1, 2, 3].map((k) => view.load(at + k)), write: (view, w) => w.forEach((v, k) => view.store(k, v)) };
const BE = { read: (view, at) => [3, 2, 1, 0].map((k) => view.load(at + k)), write: (view, w) => w.forEach((v, k) => view.store(3 - k, v)) };

const MASK32 = [0x11111111, 0x22222222, 0x44444444, 0x88888888];
const MASK64 = [0x1111111111111111n, 0x2222222222222222n, 0x4444444444444444n, 0x8888888888888888n];
const split = (x) => MASK32.map((m) => x & m);
// The carry-less product of two words, by their four classes: for class k, the XOR of the
// products x_i y_(k-i), masked to class k. The operand form (`prep`) is applied to the key's side
// once per call and to the data's side per block.
//   NARROW (js, runtime): 32 x 32 bits. The low word from sixteen 32 x 32 -> 32 products
//     (Math.imul: the column sums of the top positions overflow past bit 31 only), the high word
//     the same on the bit-reversed operands, reversed back (the product of reversed operands is
//     the reversed 63-bit product). The first version took the 64-bit products from mul32, whose
//     float high word (mulhi_u) cost js ghash a fifth of its speed.
//   WIDE64 (wasm): 64 x 64 bits, the same with i64.mul. 96 multiplies a block where 32 x 32
//     pieces (mul32 -> one i64.mul each) took 144: 1.3x-1.45x the kernel's speed (measured).
const xorAll = (list) => list.reduce((a, b) => a ^ b);
const classes = (xs, ys, mul, masks) => [0, 1, 2, 3].map((k) => xorAll([0, 1, 2, 3].map((i) => mul(xs[i], ys[(k - i + 4) & 3]))) & masks[k]).reduce((a, b) => a | b);
const swapBits = (x, n, m) => ((x >>> n) & m) | ((x & m) << n);
const rev32 = (x) => swapBits(swapBits(swapBits(bswap(x), 4, 0x0f0f0f0f), 2, 0x33333333), 1, 0x55555555);
// Operands travel as { v, r }: a value and its bit reversal. Reversal is linear, so Karatsuba's
// sums of words take their reversals as the same sums: four rev32 a block, not one per product.
const word = (v) => ({ v, r: rev32(v) });
const xorWords = (p, q) => ({ v: p.v ^ q.v, r: p.r ^ q.r });
const NARROW = {
  // the three operands of Karatsuba's 128 x 128 step, each two words
  operands: (words) => {
    const a = words.map(word);
    return [[a[0], a[1]], [a[2], a[3]], [xorWords(a[0], a[2]), xorWords(a[1], a[3])]];
  },
  prep: (x) => ({ n: split(x.v), r: split(x.r) }),
  clmul32: (xs, ys) => {
    const lo = classes(xs.n, ys.n, (a, b) => a * b, MASK32);
    const hi = rev32(classes(xs.r, ys.r, (a, b) => a * b, MASK32)) >>> 1;
    return u64(lo) | (u64(hi) << 32);
  },
};
// WIDE64: a 64 x 64 product directly (four-bit holes in 64-bit operands: only the top column's
// sum can reach 16, and its carry goes past bit 63): 32 multiplies where three 32 x 32 products
// take 48.
const split64 = (x) => MASK64.map((m) => x & m);
const rev64 = (x) =>
  swapBits(swapBits(swapBits(bswap(x), 4, 0x0f0f0f0f0f0f0f0fn), 2, 0x3333333333333333n), 1, 0x5555555555555555n);
// WIDE64's operands are 64-bit words with their reversals: two rev64 a block (Karatsuba's sum
// takes the sum of the two).
const word64 = (lo, hi) => {
  const v = u64(lo) | (u64(hi) << 32);
  return { v, r: rev64(v) };
};
const WIDE64 = {
  operands: (a) => {
    const lo = word64(a[0], a[1]);
    const hi = word64(a[2], a[3]);
    return [lo, hi, xorWords(lo, hi)];
  },
  prep: (x) => ({ n: split64(x.v), r: split64(x.r) }),
  clmul64: (xs, ys) => [classes(xs.n, ys.n, (a, b) => a * b, MASK64), rev64(classes(xs.r, ys.r, (a, b) => a * b, MASK64)) >>> 1],
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
  const [L, H, M] = C.operands(words).map((x, i) => clmul64(C, x, B[i]));
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
    const B = prep(C, keyOf(order.read(kw, 0)));
    let s = order.read(av, 0);
    loop(blocks, (i) => {
      const x = order.read(view, i * 4);
      s = dot(C, s.map((v, k) => v ^ x[k]), B);
    });
    order.write(av, s);
  }, options);
const SIMD = { targets: ['wasm', 'wasm_threads'] };
const SCALAR = { targets: ['js', 'runtime'] };
export const ghash_blocks_wide = blocksKernel(BE, mulX, WIDE64, { ...SIMD, name: 'ghash_blocks' });
export const ghash_blocks_narrow = blocksKernel(BE, mulX, NARROW, { ...SCALAR, name: 'ghash_blocks' });
export const polyval_blocks_wide = blocksKernel(LE, (h) => h, WIDE64, { ...SIMD, name: 'polyval_blocks' });
export const polyval_blocks_narrow = blocksKernel(LE, (h) => h, NARROW, { ...SCALAR, name: 'polyval_blocks' });
