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
// The carry-less product comes from integer multiplies "with holes": a 32-bit operand split into
// four parts, each keeping every fourth bit (masks 0x11111111 << k). The integer product of two
// such parts has its bits at positions of one residue mod 4, each the sum of at most 8 one-bit
// products; a sum of at most 8 needs 4 bits, so its carries land in the three positions above it
// that belong to the other residues and never reach the next position of its own. Sixteen
// products (mul32: u32 x u32 -> u64) XORed by residue and masked give the 64-bit carry-less
// product of two 32-bit words. Karatsuba twice makes 128 x 128 bits from nine of those (144
// multiplies); the 256-bit product is reduced by folding its two low words up with P (a few
// shifts: P's low 64 bits are 1, so adding w P clears word w).
//
// Regions: `gh_key` (the 16 key bytes as given), `gh_acc` (the accumulator, in the MAC's own byte
// order: the MAC's result when the last block is in), `data` (blocks). runtime/ghash.js zeroes
// them after every call.
//
// Not vectorized yet: on wasm the multiplies are scalar i64.mul (mul32 of u32 operands needs no
// masking there); u64x2 lanes (extmul) would pair them but need the operands gathered per lane.
import { u8, u32, memory, fn, loop, mul32 } from 'awasm';

const key = memory('gh_key', u8.array(16));
const acc = memory('gh_acc', u8.array(16));
const data = memory('data', u8.array(16384));

// The four u32 words of a 128-bit number, least significant first, from a block at word `at`.
const LE = { read: (view, at) => [0, 1, 2, 3].map((k) => view.load(at + k)), write: (view, w) => w.forEach((v, k) => view.store(k, v)) };
const BE = { read: (view, at) => [3, 2, 1, 0].map((k) => view.load(at + k)), write: (view, w) => w.forEach((v, k) => view.store(3 - k, v)) };

const MASK32 = [0x11111111, 0x22222222, 0x44444444, 0x88888888];
const MASK64 = [0x1111111111111111n, 0x2222222222222222n, 0x4444444444444444n, 0x8888888888888888n];
const split = (x) => MASK32.map((m) => x & m);
// The carry-less product of two 32-bit words given split(): a u64.
const clmul32 = (xs, ys) =>
  [0, 1, 2, 3]
    .map((k) => [0, 1, 2, 3].map((i) => mul32(xs[i], ys[(k - i + 4) & 3])).reduce((a, b) => a ^ b) & MASK64[k])
    .reduce((a, b) => a | b);
// 64 x 64 bits (two words each) by Karatsuba: the y side prepared once per key.
const prep64 = ([y0, y1]) => [split(y0), split(y1), split(y0 ^ y1)];
const clmul64 = ([x0, x1], Y) => {
  const lo = clmul32(split(x0), Y[0]);
  const hi = clmul32(split(x1), Y[1]);
  const mid = clmul32(split(x0 ^ x1), Y[2]) ^ lo ^ hi;
  return [lo ^ (mid << 32), hi ^ (mid >>> 32)];
};
// The key's side of the 128 x 128 Karatsuba: 9 words, each split in four.
const prep = (b) => [prep64([b[0], b[1]]), prep64([b[2], b[3]]), prep64([b[0] ^ b[2], b[1] ^ b[3]])];
// dot(a, b) = a b x^-128 mod P, a as four words, b as prep(b).
const dot = (a, B) => {
  const L = clmul64([a[0], a[1]], B[0]);
  const H = clmul64([a[2], a[3]], B[1]);
  const M = clmul64([a[0] ^ a[2], a[1] ^ a[3]], B[2]);
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
const blocksKernel = (order, keyOf) =>
  fn([u32], (blocks) => {
    const kw = key.as(order === BE ? u32.be : u32);
    const view = data.as(order === BE ? u32.be : u32);
    const av = acc.as(order === BE ? u32.be : u32);
    const B = prep(keyOf(order.read(kw, 0)));
    let s = order.read(av, 0);
    loop(blocks, (i) => {
      const x = order.read(view, i * 4);
      s = dot(s.map((v, k) => v ^ x[k]), B);
    });
    order.write(av, s);
  });
export const ghash_blocks = blocksKernel(BE, mulX);
export const polyval_blocks = blocksKernel(LE, (h) => h);
