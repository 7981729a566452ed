// Poly1305 (RFC 8439 §2.5): the arithmetic modulo p = 2^130 - 5 on five 26-bit limbs, for the
// kernels of modules/chacha.js (section 2). A library: it exports no kernel function.
//
// A number below 2^130 (plus some slack) is five u32 limbs x0 + x1 2^26 + ... + x4 2^104. A limb
// product is mul32 (u32 x u32 -> u64), and a sum of five of them stays far below 2^64: h's limbs
// are below 2^27 after a block is added (below 2^26 plus a small carry after each reduction), r's
// below 2^26 and 5 r's below 2^28.4, so a product is below 2^55.4 and five below 2^57.8.
// Since 2^130 = 5 (mod p), the limbs of the product above 2^130 fold back multiplied by 5: the
// kernels keep s_i = 5 r_i beside r.
//
// Nothing here branches or indexes memory on a value: every step is the same arithmetic whatever
// the key and the message (the final conditional subtraction is a mask). The scalar forms work on
// u32 limbs; limbs2/step2 are the same arithmetic on two blocks in u64x2 lanes (the wasm kernels).
import { u32, u64, mul32 } from 'awasm';

export const MASK26 = 0x3ffffff;

// The 128-bit little-endian number of four u32 words t0..t3 as five 26-bit limbs, the fifth
// limb or-ed with `top` (1 << 24 adds the 2^128 of a full message block; 0 for none).
export function limbs([t0, t1, t2, t3], top) {
  return [
    t0 & MASK26,
    ((t0 >>> 26) | (t1 << 6)) & MASK26,
    ((t1 >>> 20) | (t2 << 12)) & MASK26,
    ((t2 >>> 14) | (t3 << 18)) & MASK26,
    (t3 >>> 8) | top,
  ];
}

// r from the first 16 key bytes (four u32 words), clamped (RFC 8439 §2.5: r &=
// 0x0ffffffc0ffffffc0ffffffc0fffffff), as five limbs: the clamp's masks moved onto the limbs.
export function clampedR([t0, t1, t2, t3]) {
  return [
    t0 & 0x3ffffff,
    ((t0 >>> 26) | (t1 << 6)) & 0x3ffff03,
    ((t1 >>> 20) | (t2 << 12)) & 0x3ffc0ff,
    ((t2 >>> 14) | (t3 << 18)) & 0x3f03fff,
    (t3 >>> 8) & 0x00fffff,
  ];
}

// 5 r_i for the limbs that fold back (s_1 .. s_4; s_0 is never used).
export const times5 = (r) => r.map((x) => x + (x << 2));

// The five column sums of h * r mod p (as u64, not carried): d_k = sum over i + j = k of h_i r_j,
// plus 5 h_i r_j over i + j = k + 5.
export function products(h, r, s) {
  const d = [];
  for (let k = 0; k < 5; k++) {
    const terms = h.map((x, i) => (k - i >= 0 ? mul32(x, r[k - i]) : mul32(x, s[k - i + 5])));
    d.push(terms.reduce((a, b) => a + b));
  }
  return d;
}

// Column sums (u64) back to five u32 limbs, partly carried: limbs 1..4 below 2^26, limb 0 below
// 2^26 too and limb 1 at most 2^26 + 63 (enough for the next multiplication: see the top).
// d_4 < 2^57.8, so its carry times 5 still fits a u32.
export function carry(d) {
  const h = [];
  let c = u64(0);
  for (let k = 0; k < 5; k++) {
    const x = k === 0 ? d[0] : d[k] + c;
    h.push(u32(x) & MASK26);
    c = x >>> 26;
  }
  const c4 = u32(c);
  const h0 = h[0] + c4 + (c4 << 2);
  h[0] = h0 & MASK26;
  h[1] = h[1] + (h0 >>> 26);
  return h;
}

// h = (h + m) * r mod p (partly carried), m the limbs of one block.
export const absorbBlock = (h, m, r, s) => carry(products(h.map((x, i) => x + m[i]), r, s));

// The tag: h fully reduced mod p, plus s (the last 16 key bytes, four u32 words) mod 2^128, as
// four u32 words (little-endian).
export function tag(h, sWords) {
  // Carry fully: every limb below 2^26, h < 2^130 + small, then h mod 2^130 + 5 * (carry).
  let [h0, h1, h2, h3, h4] = h;
  let c = h1 >>> 26; h1 = h1 & MASK26;
  h2 = h2 + c; c = h2 >>> 26; h2 = h2 & MASK26;
  h3 = h3 + c; c = h3 >>> 26; h3 = h3 & MASK26;
  h4 = h4 + c; c = h4 >>> 26; h4 = h4 & MASK26;
  h0 = h0 + c + (c << 2); c = h0 >>> 26; h0 = h0 & MASK26;
  h1 = h1 + c;
  // g = h + 5 - 2^130; h >= p exactly when g does not borrow (its top limb's sign bit clear).
  let g0 = h0 + 5; c = g0 >>> 26; g0 = g0 & MASK26;
  let g1 = h1 + c; c = g1 >>> 26; g1 = g1 & MASK26;
  let g2 = h2 + c; c = g2 >>> 26; g2 = g2 & MASK26;
  let g3 = h3 + c; c = g3 >>> 26; g3 = g3 & MASK26;
  const g4 = h4 + c - (1 << 26);
  const useG = (g4 >>> 31) - 1; // all ones when h >= p, else 0
  const pick = (a, b) => (a & ~useG) | (b & useG);
  h0 = pick(h0, g0); h1 = pick(h1, g1); h2 = pick(h2, g2); h3 = pick(h3, g3); h4 = pick(h4, g4);
  // h mod 2^128 as four words, plus s with carries.
  const w = [h0 | (h1 << 26), (h1 >>> 6) | (h2 << 20), (h2 >>> 12) | (h3 << 14), (h3 >>> 18) | (h4 << 8)];
  const out = [];
  let f = u64(0);
  for (let i = 0; i < 4; i++) {
    f = u64(w[i]) + u64(sWords[i]) + (f >>> 32);
    out.push(u32(f));
  }
  return out;
}

// ---- Two blocks at a time in u64x2 lanes (wasm). Lane 0 and lane 1 are two accumulators: lane 0
// takes blocks 1, 3, 5, ..., lane 1 blocks 2, 4, 6, ..., each step multiplying both by r^2; the
// last step multiplies lane 0 by r^2 and lane 1 by r, so that their sum is Horner's h. Limbs are
// u64x2 lanes below 2^32, so mul32 (i64x2.extmul of the low words) gives the products.

// The limbs of two blocks, given the low and high 64 bits of each block as u64x2 lanes
// (lo = [block 0 bits 0..63, block 1 bits 0..63], hi likewise for bits 64..127).
export function limbs2(lo, hi, top) {
  return [
    lo & MASK26,
    (lo >>> 26) & MASK26,
    ((lo >>> 52) | (hi << 12)) & MASK26,
    (hi >>> 14) & MASK26,
    (hi >>> 40) | top,
  ];
}
// (H + M) * R in the lanes (R and S: u64x2 limbs of the multiplier and 5 times it), partly carried.
// The lanes stay below 2^32 (mul32 reads their low words): limbs below 2^27 after M is added,
// column sums below 2^58, so nothing leaves the u64 lanes.
export function step2(H, M, R, S, mask) {
  const d = products(H.map((x, i) => x + M[i]), R, S);
  const h = [d[0] & mask];
  let c = d[0] >>> 26;
  for (let k = 1; k < 5; k++) {
    const x = d[k] + c;
    h.push(x & mask);
    c = x >>> 26;
  }
  const h0 = h[0] + c + (c << 2);
  h[0] = h0 & mask;
  h[1] = h[1] + (h0 >>> 26);
  return h;
}
// Limbs below 2^26 (limb 1 up to 2^26 + 63) from u32 limbs below 2^29 (the sum of two lanes).
export function normalize(h) {
  let [h0, h1, h2, h3, h4] = h;
  let c = h0 >>> 26; h0 = h0 & MASK26;
  h1 = h1 + c; c = h1 >>> 26; h1 = h1 & MASK26;
  h2 = h2 + c; c = h2 >>> 26; h2 = h2 & MASK26;
  h3 = h3 + c; c = h3 >>> 26; h3 = h3 & MASK26;
  h4 = h4 + c; c = h4 >>> 26; h4 = h4 & MASK26;
  h0 = h0 + c + (c << 2); c = h0 >>> 26; h0 = h0 & MASK26;
  return [h0, h1 + c, h2, h3, h4];
}
// r^2 mod p, partly carried, from r.
export const square = (r, s) => carry(products(r, r, s));
