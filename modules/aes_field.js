// AES's S-box through a tower field, computed at build time (a library for modules/aes.js: no
// kernels, no tables of the S-box itself). Everything here is plain static JavaScript: node can
// import this file too (tests/lib/aes_field.test.js checks the maps against FIPS 197's S-box).
//
// GF(2^8) of AES (x^8 + x^4 + x^3 + x + 1) is isomorphic to GF(16)[X] / (X^2 + X + L), with
// GF(16) = GF(2)[y] / (y^4 + y + 1) and L the first GF(16) element for which X^2 + X + L has no
// root. A tower byte is aX + b: a in the high nibble, b in the low one. Its inverse is
//   (aX + b)^-1 = (a X + (a + b)) / N,   N = a^2 L + a b + b^2   (N is in GF(16))
// so inverting a byte takes a few operations on nibbles: GF(16) products (log tables on wasm,
// bitsliced AND/XOR on js) and one GF(16) inversion. The change of basis M (AES byte -> tower
// byte) is GF(2)-linear; so are AES's affine map (up to its constant) and xtime, which is why
// they fold into the tables of the first and last steps (nibbleTables, planeMap).

export const xtime = (x) => ((x << 1) ^ ((x >> 7) * 0x1b)) & 0xff;
export const gmul4 = (a, b) => {
  let r = 0;
  let x = a;
  for (let i = 0; i < 4; i++) {
    if ((b >> i) & 1) r ^= x;
    x = ((x << 1) ^ ((x >> 3) * 0x13)) & 15;
  }
  return r;
};
// The smallest L with X^2 + X + L irreducible over GF(16) (no t with t^2 + t = L).
const findL = () => {
  for (let l = 1; l < 16; l++) {
    let root = false;
    for (let t = 0; t < 16; t++) if ((gmul4(t, t) ^ t) === l) root = true;
    if (!root) return l;
  }
  return 0;
};
export const L = findL();
// Tower product: (aX + b)(cX + d) = (ac + ad + bc) X + (ac L + bd).
export const tmul = (u, v) => {
  const a = u >> 4, b = u & 15, c = v >> 4, d = v & 15;
  const ac = gmul4(a, c);
  return ((ac ^ gmul4(a, d) ^ gmul4(b, c)) << 4) | (gmul4(ac, L) ^ gmul4(b, d));
};
// A root beta of the AES polynomial in the tower field; M sends AES's x^i to beta^i.
const findBeta = () => {
  for (let u = 2; u < 256; u++) {
    const p = [1];
    for (let i = 1; i <= 8; i++) p.push(tmul(p[i - 1], u));
    if ((p[8] ^ p[4] ^ p[3] ^ p[1] ^ p[0]) === 0) return p.slice(0, 8);
  }
  return [];
};
const BETA = findBeta();
const linear = (images) => Array.from({ length: 256 }, (_, x) => images.reduce((acc, im, i) => ((x >> i) & 1 ? acc ^ im : acc), 0));
const inverseOf = (map) => {
  const inv = Array(256).fill(0);
  map.forEach((y, x) => {
    inv[y] = x;
  });
  return inv;
};
export const TO_TOWER = linear(BETA); // M
export const FROM_TOWER = inverseOf(TO_TOWER); // M^-1
const rotl8 = (x, n) => ((x << n) | (x >> (8 - n))) & 0xff;
const AFF = Array.from({ length: 256 }, (_, x) => x ^ rotl8(x, 1) ^ rotl8(x, 2) ^ rotl8(x, 3) ^ rotl8(x, 4)); // A (linear part)
const AFF_INV = inverseOf(AFF);

// The affine maps (as 256-entry arrays) around the tower inversion:
//   encryption  S(x)     = OUT(inv(IN(x)))          IN = M,                 OUT(u) = A(M^-1 u) + 0x63
//   decryption  S^-1(y)  = DOUT(inv(DIN(y)))        DIN(y) = M(A^-1(y + 0x63)), DOUT = M^-1
export const ENC_IN = TO_TOWER;
export const ENC_OUT = FROM_TOWER.map((x) => AFF[x] ^ 0x63);
export const ENC_OUT2 = ENC_OUT.map(xtime); // 2 S(x): MixColumns' doubled term from the same nibbles
export const DEC_IN = Array.from({ length: 256 }, (_, y) => TO_TOWER[AFF_INV[y ^ 0x63]]);
export const DEC_OUT = FROM_TOWER;
export const TIMES2 = Array.from({ length: 256 }, (_, x) => xtime(x));
export const TIMES4 = TIMES2.map(xtime);

// The tower inversion itself, for the tests: inv(aX + b) as above (0 -> 0).
export const towerInverse = (u) => {
  const a = u >> 4, b = u & 15;
  const n = gmul4(gmul4(a, a), L) ^ gmul4(a, b) ^ gmul4(b, b);
  let ninv = 0;
  for (let t = 1; t < 16; t++) if (gmul4(n, t) === 1) ninv = t;
  return (gmul4(a, ninv) << 4) | gmul4(a ^ b, ninv);
};

// GF(16) by logarithms for 16-entry byte lookups (swizzles): LOG[0] is 0x40, so a sum with it is
// at least 0x40 and both EXP lookups (index s and s - 16) land outside 0..15 (a swizzle gives 0).
const findGenerator = () => {
  for (let g = 2; g < 16; g++) {
    let x = g, order = 1;
    while (x !== 1) {
      x = gmul4(x, g);
      order++;
    }
    if (order === 15) return g;
  }
  return 0;
};
const G = findGenerator();
const POW = [1];
for (let i = 1; i < 32; i++) POW.push(gmul4(POW[i - 1], G));
export const LOG16 = Array.from({ length: 16 }, (_, n) => (n === 0 ? 0x40 : POW.indexOf(n)));
export const NEGLOG16 = LOG16.map((l) => (l === 0x40 ? 0x40 : (15 - l) % 15)); // log of 1/n
export const EXP16_LO = POW.slice(0, 16); // g^s, s = 0..15
export const EXP16_HI = POW.slice(16, 32); // g^(s + 16)
export const SQL16 = Array.from({ length: 16 }, (_, a) => gmul4(gmul4(a, a), L)); // a^2 L
export const SQ16 = Array.from({ length: 16 }, (_, b) => gmul4(b, b)); // b^2
export const INV16 = Array.from({ length: 16 }, (_, n) => {
  let r = 0;
  for (let t = 1; t < 16; t++) if (gmul4(n, t) === 1) r = t;
  return r;
});

/** An affine byte map f as two 16-entry tables: f(x) = lo[x & 15] ^ hi[x >> 4]. */
export const nibbleTables = (f) => ({
  lo: Array.from({ length: 16 }, (_, n) => f[n]),
  hi: Array.from({ length: 16 }, (_, n) => f[n << 4] ^ f[0]),
});
/**
 * An affine map f on `bits`-bit values as XORs of bit planes: for output bit j, the input bits
 * whose image has bit j, and whether the constant f(0) has it (the plane is then inverted).
 */
export const planeMap = (f, bits) =>
  Array.from({ length: bits }, (_, j) => ({
    from: Array.from({ length: bits }, (_, i) => i).filter((i) => ((f[1 << i] ^ f[0]) >> j) & 1),
    invert: ((f[0] >> j) & 1) === 1,
  }));
/**
 * The algebraic normal form of a 4-bit function t (16 entries): for each output bit, the
 * monomials (subsets of the four input bits, as masks 0..15; 0 is the constant 1) it XORs.
 */
export const anf4 = (t) =>
  Array.from({ length: 4 }, (_, j) => {
    const c = t.map((v) => (v >> j) & 1);
    for (let i = 0; i < 4; i++) for (let m = 0; m < 16; m++) if ((m >> i) & 1) c[m] ^= c[m ^ (1 << i)];
    return Array.from({ length: 16 }, (_, m) => m).filter((m) => c[m] === 1);
  });

// ---- The five-lookup inversion (wasm) -----------------------------------------------------------
// In the coordinates k = (T2 (a + b) + a) / C, i = (a + k) / C of a tower byte aX + b, the
// quadratic form M = C i^2 + C i k + k^2 is S_ times the norm N, k + C i = a and
// (1 + C) k + C i = T2 (a + b). So with j = i + k,
//   io = 1 / (1/i + C/k) + j = M / (k + C i)      jo = 1 / (1/j + C/k) + i = M / ((1 + C) k + C i)
// and the inverse's coordinates are a / N = S_ / io and (a + b) / N = (S_ / T2) / jo. Four
// inversions and one division, each a 16-entry lookup; a zero operand reads 0x80 or 0x40, past
// the tables, so the lookup after it gives 0 and the formulas above still hold (checked for every
// byte by tests/lib/aes.test.js). C, T2 and S_ were found by a search over GF(16) (the test file
// repeats it); VP_OK checks M = S_ N for every a, b (modules/aes.js asserts it at build time).
export const VP_C = 8;
export const VP_T2 = 12;
export const VP_S = 8;
const vpCheck = () => {
  let ok = true;
  for (let a = 0; a < 16; a++)
    for (let b = 0; b < 16; b++) {
      const ci = INV16[VP_C];
      const k = gmul4(gmul4(VP_T2, a ^ b) ^ a, ci);
      const i = gmul4(a ^ k, ci);
      const m = gmul4(VP_C, gmul4(i, i)) ^ gmul4(VP_C, gmul4(i, k)) ^ gmul4(k, k);
      const n = gmul4(gmul4(a, a), L) ^ gmul4(a, b) ^ gmul4(b, b);
      if (m !== gmul4(VP_S, n)) ok = false;
    }
  return ok;
};
export const VP_OK = vpCheck(); // modules/aes.js asserts it
/** A tower byte aX + b in the (i, k) coordinates: k in the high nibble, i in the low one. */
export const toVP = (u) => {
  const a = u >> 4, b = u & 15, ci = INV16[VP_C];
  const k = gmul4(gmul4(VP_T2, a ^ b) ^ a, ci);
  return (k << 4) | gmul4(a ^ k, ci);
};
export const VP_ENC_IN = ENC_IN.map(toVP);
export const VP_DEC_IN = DEC_IN.map(toVP);
export const VP_INV = INV16.map((v, n) => (n === 0 ? 0x80 : v)); // 1/n
export const VP_CDIV = INV16.map((v, n) => (n === 0 ? 0x40 : gmul4(VP_C, v))); // C/n
/**
 * The output tables of an affine map f of tower bytes: f(y) = hi[io] ^ lo[jo] ^ f(0) (the
 * constant apart: a lookup past the table gives 0, not f(0)).
 */
export const vpOut = (f) => ({
  hi: INV16.map((v) => f[gmul4(VP_S, v) << 4] ^ f[0]),
  lo: INV16.map((v) => f[gmul4(gmul4(VP_S, INV16[VP_T2]), v)] ^ f[0]),
  constant: f[0],
});

// ---- The bitsliced S-box as one circuit (js, runtime) -------------------------------------------
// The encryption S-box without its constant (x -> S(x) + 0x63) on eight bit planes: signals 0..7
// are the planes of x (plane k = bit k of every byte), gate g makes signal 8 + g (op 0: XOR of two
// signals, 1: AND), `outputs` names the eight result planes. The gates are Boyar, Matthews and
// Peralta's 113-gate circuit ("A Very Compact S-Box for AES"; 32 AND, 81 XOR: its four XNORs make
// the constant, left to the caller), written in this numbering (their U0 is bit 7 of the byte,
// their S0 bit 7 of the result). `ok`: the gates checked on all 256 bytes, 32 at a time (plane i of
// batch h: bit l is bit i of byte 32 h + l), against OUT(inv(IN(x))) of the maps above. It replaces
// Boyar and Peralta's depth-16 circuit (128 gates: 34 AND, 94 XOR), which replaced a circuit of 154
// gates derived here from the tower field: V8's code for the js kernels is bound by the number of
// instructions, not by the depth (the js CTR kernel's two rounds 885 -> 824 instructions).
const BMP_GATES = [
  [0, 4, 2], [0, 7, 1], [0, 7, 4], [0, 7, 2], [0, 6, 5], [0, 12, 0], [0, 13, 4], [0, 9, 8],
  [0, 13, 7], [0, 13, 1], [0, 17, 11], [0, 3, 15], [0, 19, 2], [0, 19, 6], [0, 20, 0], [0, 20, 12],
  [0, 21, 10], [0, 0, 24], [0, 23, 24], [0, 23, 11], [0, 12, 24], [0, 9, 28], [0, 7, 28],
  [1, 15, 20], [1, 18, 22], [0, 32, 31], [1, 14, 0], [0, 34, 31], [1, 9, 28], [1, 17, 13],
  [0, 37, 36], [1, 16, 25], [0, 39, 36], [1, 10, 24], [1, 8, 26], [0, 42, 41], [1, 11, 23],
  [0, 44, 41], [0, 33, 21], [0, 35, 45], [0, 38, 43], [0, 40, 45], [0, 46, 43], [0, 47, 27],
  [0, 48, 29], [0, 49, 30], [0, 50, 51], [1, 50, 52], [0, 53, 55], [1, 54, 56], [0, 57, 51],
  [0, 52, 53], [0, 51, 55], [1, 60, 59], [0, 61, 53], [0, 52, 62], [0, 56, 62], [1, 53, 64],
  [0, 65, 63], [0, 56, 65], [1, 58, 67], [0, 54, 68], [0, 69, 66], [0, 58, 62], [0, 58, 69],
  [0, 62, 66], [0, 71, 70], [1, 73, 20], [1, 66, 22], [1, 62, 0], [1, 72, 28], [1, 69, 13],
  [1, 58, 25], [1, 71, 24], [1, 74, 26], [1, 70, 23], [1, 73, 15], [1, 66, 18], [1, 62, 14],
  [1, 72, 9], [1, 69, 17], [1, 58, 16], [1, 71, 10], [1, 74, 8], [1, 70, 11], [0, 90, 91],
  [0, 85, 93], [0, 84, 94], [0, 75, 77], [0, 76, 75], [0, 78, 79], [0, 87, 96], [0, 82, 98],
  [0, 83, 99], [0, 100, 101], [0, 98, 97], [0, 78, 80], [0, 88, 93], [0, 96, 104], [0, 95, 103],
  [0, 81, 100], [0, 89, 102], [0, 105, 106], [0, 87, 110], [0, 90, 108], [0, 94, 86], [0, 95, 108],
  [0, 102, 110], [0, 106, 107], [0, 107, 108], [0, 109, 112], [0, 118, 92], [0, 113, 109],
];
const BMP_OUTPUTS = [111, 115, 120, 116, 107, 119, 117, 114];
export const BMP_SBOX = (() => {
  const gates = BMP_GATES;
  const outputs = BMP_OUTPUTS;
  const MUL = Array.from({ length: 256 }, (_, v) => gmul4(v >> 4, v & 15));
  const sbox = Array.from({ length: 256 }, (_, x) => {
    const a = ENC_IN[x] >> 4, b = ENC_IN[x] & 15;
    const inv = INV16[SQL16[a] ^ MUL[(a << 4) | b] ^ SQ16[b]];
    return ENC_OUT[(MUL[(a << 4) | inv] << 4) | MUL[((a ^ b) << 4) | inv]] ^ 0x63;
  });
  const PLANE = [0xaaaaaaaa, 0xcccccccc, 0xf0f0f0f0, 0xff00ff00, 0xffff0000];
  let ok = gates.length === 113;
  for (let h = 0; h < 8; h++) {
    const s = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => (i < 5 ? PLANE[i] : (h >> (i - 5)) & 1 ? -1 : 0));
    for (const [op, p, q] of gates) s.push(op === 0 ? s[p] ^ s[q] : s[p] & s[q]);
    for (let o = 0; o < 8; o++) {
      let want = 0;
      for (let l = 0; l < 32; l++) want |= ((sbox[h * 32 + l] >> o) & 1) << l;
      if ((s[outputs[o]] ^ want) !== 0) ok = false;
    }
  }
  return { gates, outputs, ok };
})();
