// The Salsa20/ChaCha family and Poly1305 (one target file, so that an AEAD links its stream and MAC
// kernels over one memory and makes one pass over each chunk of data; docs/target-contract.md
// "modules/chacha.js").
//
// Two sections, each with its own regions and kernels:
//   1. Salsa20 and ChaCha (the stream kernels, HSalsa20/HChaCha20 for the extended-nonce forms).
//   2. Poly1305 (at the end of the file; the limb arithmetic lives in modules/poly1305.js).
import { u8, u32, u32x4, u8x16, memory, fn, loop, when, rotl, shuffle, swizzle } from 'awasm';

// ---- 1. Salsa20 and ChaCha ----------------------------------------------------------------------
const input = memory('arx_in', u32.array(16)), poly = memory('poly', u32.array(32)); // (poly: section 2)
// arx_in: the sixteen input words of the block function (Salsa20 and ChaCha keep constants, key,
// counter and nonce in different words: runtime/arx.js writes them); the kernels only read it,
// except hchacha/hsalsa, which write the subkey over the key words. arx_in, poly and data lie side
// by side in this order, so the AEAD runtime zeroes all three after a call in one fill (of data the
// part the call used, rounded up to 256 bytes: a SIMD group may XOR keystream past the message).
const data = memory('data', u8.array(16384)); // shared: stream kernels XOR it in place, Poly1305 reads it
const words = data.as(u32);
const rows = data.as(u32x4);

const SIMD = { targets: ['wasm', 'wasm_threads'] };
const SCALAR = { targets: ['js', 'runtime'] };

// One double round on each of several states (arrays of sixteen values of any type: u32 words,
// or u32x4 lanes holding one word of four blocks), each step of a quarter round written for every
// state before the next step, so that the states' dependency chains stand side by side: ChaCha's
// column and diagonal quarter rounds (RFC 8439 §2.1-2.3), Salsa20's column and row quarter rounds
// (Bernstein, "Salsa20 specification" §3-5). rotl of u32x4 by 16 is one byte shuffle on wasm
// (docs/language.md "Byte lanes"); ChaCha's rotation by 8 is `rot8`, by default written as
// shifts, which stay shifts: node 20 makes a byte shuffle a pshufb whose mask it rebuilds in the
// loop (four instructions to the shifts' three). Same-process A/B at 1 MiB, CPU time, median of
// five runs: 0.97x the time of the shuffle (runs 0.83-1.03x; with two states, 0.97x again); the
// wasm stream kernel passes a swizzle instead (xorRows, swizzleRot8). Also tried, and
// slower: the row form (a block as four row vectors, two or four blocks side by side: 1.06-1.3x
// the time; its quarter rounds are one dependent chain) and reloading the sixteen input splats
// for the feed-forward instead of keeping them live (no change).
const CHACHA_QR = [[0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [0, 5, 10, 15], [1, 6, 11, 12], [2, 7, 8, 13], [3, 4, 9, 14]];
const SALSA_QR = [[0, 4, 8, 12], [5, 9, 13, 1], [10, 14, 2, 6], [15, 3, 7, 11], [0, 1, 2, 3], [5, 6, 7, 4], [10, 11, 8, 9], [15, 12, 13, 14]];
const CHACHA = {
  counter: 12, // words 12, 13: the block counter (RFC 8439's 32-bit counter is word 12 alone)
  subkey: [0, 1, 2, 3, 12, 13, 14, 15], // HChaCha20's output words, written to the key words 4..11
  keyWords: [4, 5, 6, 7, 8, 9, 10, 11],
  // One quarter round on words a, b, c, d of every state in xs (also the row form's, where they
  // are whole rows: sealRows2 below).
  quarter(xs, [a, b, c, d], rot8 = (v) => (v << 8) | (v >>> 24)) {
    for (const x of xs) { x[a] = x[a] + x[b]; x[d] = rotl(x[d] ^ x[a], 16); }
    for (const x of xs) { x[c] = x[c] + x[d]; x[b] = rotl(x[b] ^ x[c], 12); }
    for (const x of xs) { x[a] = x[a] + x[b]; x[d] = rot8(x[d] ^ x[a]); }
    for (const x of xs) { x[c] = x[c] + x[d]; x[b] = rotl(x[b] ^ x[c], 7); }
  },
  doubleRound(xs, rot8) {
    for (const q of CHACHA_QR) CHACHA.quarter(xs, q, rot8);
  },
};
const SALSA = {
  counter: 8, // words 8, 9: the 64-bit block counter
  subkey: [0, 5, 10, 15, 6, 7, 8, 9], // HSalsa20's output words, written to the key words
  keyWords: [1, 2, 3, 4, 11, 12, 13, 14],
  doubleRound(xs) {
    for (const [a, b, c, d] of SALSA_QR) {
      for (const x of xs) x[b] = x[b] ^ rotl(x[a] + x[d], 7);
      for (const x of xs) x[c] = x[c] ^ rotl(x[b] + x[a], 9);
      for (const x of xs) x[d] = x[d] ^ rotl(x[c] + x[b], 13);
      for (const x of xs) x[a] = x[a] ^ rotl(x[d] + x[c], 18);
    }
  },
};

// <name>_xor(blocks, doubleRounds): XOR `blocks` 64-byte keystream blocks into data[0 ..
// 64 * blocks) in place (blocks <= 256), block i with the 64-bit counter of `arx_in` plus i.
// The counter carries into its high word; the runtime refuses a call whose blocks would pass the
// cipher's limit (RFC 8439's 2^32 blocks), so only discarded tail lanes ever carry into a nonce.
//
// wasm: four blocks in one state, word i of block j in lane j of row i; the result is turned
// back into memory order by a 4x4 transpose of each group of four rows (eight shuffles). With
// `eight`, the kernel runs groups of eight blocks (two such states, their rounds interleaved) and
// then the last blocks % 8 in groups of four: one state's quarter rounds are four dependent
// chains per half round, too few to keep the vector units busy (the x86 code of one double round
// of four blocks is about 150 vector operations along a path of about 32 dependent ones), and two
// states take 0.78-0.83x the time (CPU time, same process, 256 blocks a call; ChaCha and
// Salsa20 alike) even though sixteen more vectors live in spill slots; four states were no
// faster than two. A call of blocks % 4 != 0 computes the whole last group of four and XORs all
// four blocks (the tail lanes land in data past the message: see `input` above). The short AEAD
// seal below keeps groups of four.
// ChaCha's rotation by 8 as one i8x16.swizzle by a mask loaded once per call: V8 (node 20) makes
// it `paddusb` + `pshufb`, two vector operations to the shifts' three, where a byte shuffle with
// a constant mask costs more than the shifts (see above: the mask is rebuilt before every use).
// The mask's index, `doubleRounds >>> 31`, is 0 (doubleRounds is at most 10) but not a build-time
// constant: a static index would fold the load into that constant. With eight blocks a group, 0.93x
// the time of the shifts (CPU time, same process; a rotation by 16 the same way: no change).
const swizzleRot8 = (doubleRounds) => {
  const mask = rotMask.as(u8x16).load(doubleRounds >>> 31);
  return (v) => u32x4.from(swizzle(u8x16.from(v), mask));
};
const xorRows = (A, eight, heap = null) => (blocks, doubleRounds) => { // (heap: section 4)
  const init = Array.from({ length: 16 }, (_, i) => input.load(i));
  const c0 = init[A.counter];
  const c1 = init[A.counter + 1];
  const splat = init.map((w) => u32x4(w));
  const rot8 = A === CHACHA && eight ? swizzleRot8(doubleRounds) : undefined;
  // `states` states of four blocks from block `first` (a runtime u32).
  const group = (first, states) => {
    const ss = [], xs = [];
    for (let k = 0; k < states; k++) {
      const lo0 = c0 + first + 4 * k;
      const lo = u32x4(lo0) + u32x4(0, 1, 2, 3);
      const hi = u32x4(c1 + (lo0 < c0)) - (lo < u32x4(lo0)); // a lane mask is -1 where lo wrapped
      const s = [...splat];
      s[A.counter] = lo;
      s[A.counter + 1] = hi;
      ss.push(s);
      xs.push([...s]);
    }
    loop(doubleRounds, () => A.doubleRound(xs, rot8));
    for (let k = 0; k < states; k++) {
      const y = xs[k].map((v, i) => v + ss[k][i]);
      for (let q = 0; q < 4; q++) {
        const [a, b, c, d] = y.slice(4 * q, 4 * q + 4);
        const t0 = shuffle(a, b, [0, 4, 1, 5]);
        const t1 = shuffle(c, d, [0, 4, 1, 5]);
        const t2 = shuffle(a, b, [2, 6, 3, 7]);
        const t3 = shuffle(c, d, [2, 6, 3, 7]);
        const out = [shuffle(t0, t1, [0, 1, 4, 5]), shuffle(t0, t1, [2, 3, 6, 7]), shuffle(t2, t3, [0, 1, 4, 5]), shuffle(t2, t3, [2, 3, 6, 7])];
        out.forEach((o, j) => {
          const at = heap === null ? (first + 4 * k + j) * 4 + q : heap.row + ((first + 4 * k + j) * 4 + q);
          (heap === null ? rows : heap.rows).store(at, (heap === null ? rows : heap.rows).load(at) ^ o);
        });
      }
    }
  };
  if (eight) {
    loop(blocks >>> 3, (g) => group(g << 3, 2));
    const done = blocks & ~7;
    loop(((blocks & 7) + 3) >>> 2, (g) => group(done + (g << 2), 1));
  } else loop((blocks + 3) >>> 2, (g) => group(g << 2, 1));
};
// js and runtime: one block at a time in sixteen scalar words. On js the usual ten double rounds
// are unrolled (a 16 KiB call 1.24x as fast as the rolled loop, one process; the js target about
// 30 KB larger), other counts and the runtime target a runtime loop.
const xorWords = (A, unroll10) => (blocks, doubleRounds) => {
  const init = Array.from({ length: 16 }, (_, i) => input.load(i));
  const c0 = init[A.counter];
  const c1 = init[A.counter + 1];
  loop(blocks, (b) => {
    const s = [...init];
    s[A.counter] = c0 + b;
    s[A.counter + 1] = c1 + (s[A.counter] < c0);
    const x = [...s];
    const rolled = () => loop(doubleRounds, () => A.doubleRound([x]));
    if (unroll10)
      when(doubleRounds === 10, () => {
        for (let r = 0; r < 10; r++) A.doubleRound([x]);
      }, rolled);
    else rolled();
    x.forEach((v, i) => {
      const at = b * 16 + i;
      words.store(at, words.load(at) ^ (v + s[i]));
    });
  });
};
// hchacha(doubleRounds), hsalsa(doubleRounds): the extended-nonce subkey (XChaCha draft §2.2,
// XSalsa20 §2): the rounds over `arx_in` (constants, key, the first 16 nonce bytes where the
// counter and nonce go), no feed-forward, eight words written over the key words.
const subkey = (A) => (doubleRounds) => {
  const x = Array.from({ length: 16 }, (_, i) => input.load(i));
  loop(doubleRounds, () => A.doubleRound([x]));
  A.subkey.forEach((w, i) => input.store(A.keyWords[i], x[w]));
};

export const chacha_xor = fn([u32, u32], xorRows(CHACHA, true), { ...SIMD, name: 'chacha_xor' });
export const chacha_xor_js = fn([u32, u32], xorWords(CHACHA, true), { targets: ['js'], name: 'chacha_xor' });
export const chacha_xor_scalar = fn([u32, u32], xorWords(CHACHA, false), { targets: ['runtime'], name: 'chacha_xor' });
export const salsa_xor = fn([u32, u32], xorRows(SALSA, true), { ...SIMD, name: 'salsa_xor' });
export const salsa_xor_scalar = fn([u32, u32], xorWords(SALSA, false), { ...SCALAR, name: 'salsa_xor' });
export const hchacha = fn([u32], subkey(CHACHA));
export const hsalsa = fn([u32], subkey(SALSA));


// ---- 2. Poly1305 --------------------------------------------------------------------------------
// One MAC at a time in `poly` (u32 words): the runtime writes the 32-byte key at words 0..7,
// poly1305_init turns it into r (words 0..4, five 26-bit limbs, clamped), the accumulator h
// (5..9, zero), s (10..13, the key's last 16 bytes) and r^2 mod p (16..20, partly carried: the
// wasm kernels' two-lane step); poly1305_blocks and poly1305_bytes absorb
// message blocks from `data`, poly1305_lengths the AEAD's length block; poly1305_finish leaves
// the 16-byte tag in words 0..3 and zeroes the rest. Offsets into `data` are multiples of 16.
import { u64, u64x2, lane, select } from 'awasm';
import { absorbBlock, clampedR, limbs, limbs2, normalize, square, step2, tag, times5 } from './poly1305.js';
// `poly` (u32 words) is declared with arx_in at the top of the file, before data (the wipe).
// The byte swizzle of ChaCha's rotation by 8 in every u32 lane (xorRows in section 1; declared
// here, after `data`, so that arx_in, poly and data stay side by side for the runtime's wipe).
const rotMask = memory.data('chacha_rot8', u8, [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14]);
const polyData = data.as(u32);
const polyRows = data.as(u32x4);
const P_R = 0, P_H = 5, P_S = 10, P_R2 = 16;
const polyLoad = (base, n) => Array.from({ length: n }, (_, i) => poly.load(base + i));
const POLY_SIMD = { targets: ['wasm', 'wasm_threads'] };
const POLY_SCALAR = { targets: ['js', 'runtime'] };

// r^2 only where the two-lane step uses it (wasm); zeros on js and runtime.
const init = (withSquare) => () => {
  const key = polyLoad(0, 8);
  const r = clampedR(key.slice(0, 4));
  r.forEach((x, i) => poly.store(P_R + i, x));
  for (let i = 0; i < 5; i++) poly.store(P_H + i, u32(0));
  key.slice(4).forEach((x, i) => poly.store(P_S + i, x));
  const r2 = withSquare ? square(r, times5(r)) : [0, 0, 0, 0, 0].map(() => u32(0));
  r2.forEach((x, i) => poly.store(P_R2 + i, x));
  for (const i of [14, 15, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]) poly.store(i, u32(0));
};
export const poly1305_init_lanes = fn([], init(true), { ...POLY_SIMD, name: 'poly1305_init' });
export const poly1305_init_scalar = fn([], init(false), { ...POLY_SCALAR, name: 'poly1305_init' });

// The block of `data` at u32 index `at` as limbs, with `top` (1 << 24: the 2^128 bit) or-ed in.
const blockAt = (at, top) => limbs([0, 1, 2, 3].map((k) => polyData.load(at + k)), top);

// Absorb n blocks from byte `offset` into h (an array of five u32 limbs, updated in place).
// Scalar (js, runtime): one block per iteration.
function absorbScalar(h, r, s, offset, n, top) {
  const base = offset >>> 2;
  loop(n, (i) => {
    absorbBlock(h, blockAt(base + (i << 2), top), r, s).forEach((x, k) => { h[k] = x; });
  });
}
// SIMD (wasm): pairs of blocks in u64x2 lanes (modules/poly1305.js step2), lane 0 taking the
// odd-numbered blocks and lane 1 the even ones, each step multiplying both by r^2 (from `poly`,
// made by poly1305_init); the last pair multiplies lane 0 by r^2 and lane 1 by r, and the sum of
// the lanes is h. An odd block at the end goes through the scalar step. Measured against one
// scalar block per iteration (CPU time, interleaved in one process): 1.6-1.9x at 1 MiB, 1.1-1.2x
// at 1 KiB; four lanes with r^4 (two u64x2 sets) were no faster than two. Below LANES_FROM blocks
// the lanes' setup (splats, the final mixed multipliers, adding the lanes) cost more than they
// saved (0.8x at 64 bytes), so short calls take the scalar steps only.
const LANES_FROM = 8;
function absorbLanes(h, r, s, offset, n, top) {
  const pairs = select(n >= LANES_FROM, n >>> 1, u32(0));
  const row = offset >>> 4;
  when(pairs !== 0, () => {
    const r2 = polyLoad(P_R2, 5);
    const s2 = times5(r2);
    const mask = u64x2(u64(0x3ffffff));
    const top2 = u64x2(u64(top));
    const splat = (v) => v.map((x) => u64x2(u64(x)));
    const R2 = splat(r2), S2 = splat(s2);
    // Two blocks (rows at, at + 1) as u64x2 limbs: lanes of their low and high 64 bits.
    const twoBlocks = (at) => {
      const a = polyRows.load(at);
      const b = polyRows.load(at + 1);
      return limbs2(u64x2.from(shuffle(a, b, [0, 1, 4, 5])), u64x2.from(shuffle(a, b, [2, 3, 6, 7])), top2);
    };
    const H = h.map((x) => u64x2(u64(x), u64(0))); // lane 0 starts from h
    loop(pairs - 1, (i) => {
      step2(H, twoBlocks(row + (i << 1)), R2, S2, mask).forEach((x, k) => { H[k] = x; });
    });
    const pair = (x, y) => x.map((v, i) => u64x2(u64(v), u64(y[i])));
    const fin = step2(H, twoBlocks(row + ((pairs - 1) << 1)), pair(r2, r), pair(s2, s), mask);
    normalize(fin.map((x) => u32(lane(x, 0)) + u32(lane(x, 1)))).forEach((x, k) => { h[k] = x; });
  });
  // The blocks left (all of them below LANES_FROM, else an odd last one), one by one.
  absorbScalar(h, r, s, offset + (pairs << 5), n - (pairs << 1), top);
}

// The kernels over either absorber: `body(h, r, s, ...params)` updates h.
const withState = (body) => (...params) => {
  const r = polyLoad(P_R, 5);
  const s = times5(r);
  const h = polyLoad(P_H, 5);
  body(h, r, s, ...params);
  h.forEach((x, i) => poly.store(P_H + i, x));
};

// poly1305_blocks(offset, n, last): absorbs n 16-byte blocks of `data` from byte `offset`, each
// with the 2^128 bit, or without it when `last` is 1 (the MAC's final partial block, which the
// runtime padded with 0x01 and zeros, RFC 8439 §2.5.1).
const blocks = (absorb) => withState((h, r, s, offset, n, last) => absorb(h, r, s, offset, n, (last ^ 1) << 24));
export const poly1305_blocks_lanes = fn([u32, u32, u32], blocks(absorbLanes), { ...POLY_SIMD, name: 'poly1305_blocks' });
export const poly1305_blocks_scalar = fn([u32, u32, u32], blocks(absorbScalar), { ...POLY_SCALAR, name: 'poly1305_blocks' });

// poly1305_bytes(offset, len): absorbs `len` bytes of `data` from byte `offset` as the AEAD does
// (RFC 8439 §2.8): whole blocks, then a partial one zero-padded to 16 bytes, all with the 2^128
// bit. The padding is a mask in the kernel: the bytes of `data` past `len` are read and ignored,
// so they may hold anything (keystream the stream kernel XORed past the message).
const bytes = (absorb) => withState((h, r, s, offset, len) => {
  const n = len >>> 4;
  absorb(h, r, s, offset, n, 1 << 24);
  const rem = len & 15;
  when(rem !== 0, () => {
    const at = (offset >>> 2) + (n << 2);
    const words = [0, 1, 2, 3].map((k) => {
      const w = polyData.load(at + k);
      const partial = (u32(1) << ((rem - 4 * k) << 3)) - 1; // used only when 4k < rem < 4k + 4
      return w & select(rem >= 4 * k + 4, u32(0xffffffff), select(rem > 4 * k, partial, u32(0)));
    });
    absorbBlock(h, limbs(words, 1 << 24), r, s).forEach((x, k) => { h[k] = x; });
  });
});
export const poly1305_bytes_lanes = fn([u32, u32], bytes(absorbLanes), { ...POLY_SIMD, name: 'poly1305_bytes' });
export const poly1305_bytes_scalar = fn([u32, u32], bytes(absorbScalar), { ...POLY_SCALAR, name: 'poly1305_bytes' });

// poly1305_lengths(a, c): absorbs the RFC 8439 §2.8 length block, a and c as u64 little-endian
// (the AEAD's AAD and ciphertext lengths in bytes), with the 2^128 bit.
export const poly1305_lengths = fn([u64, u64], withState((h, r, s, a, c) => {
  const m = limbs([u32(a), u32(a >>> 32), u32(c), u32(c >>> 32)], 1 << 24);
  absorbBlock(h, m, r, s).forEach((x, k) => { h[k] = x; });
}));

// poly1305_finish(): the tag (h mod p + s) mod 2^128 to words 0..3; words 4..31 zeroed.
export const poly1305_finish = fn([], () => {
  const t = tag(polyLoad(P_H, 5), polyLoad(P_S, 4));
  t.forEach((x, i) => poly.store(i, x));
  for (let i = 4; i < 32; i++) poly.store(i, u32(0));
});

// ---- 3. The short ChaCha20-Poly1305 seal in one call -------------------------------------------
// chacha20poly1305_seal(len, aadAt, aadLen): RFC 8439 §2.8 encryption of a message that fits one
// chunk, in one kernel call instead of six (a 64-byte seal spent a third of its time between
// calls). The runtime has written the input words (counter 0), zeroed data[0 .. 64), put the
// message at data[64 .. 64 + len) and the AAD at data[aadAt ..) (aadAt a multiple of 256 past the
// last group of four keystream blocks). The kernel XORs keystream blocks 0 .. into data (block 0
// over zeros: the Poly1305 key), moves the key's 32 bytes to `poly`, runs poly1305_init, MACs the
// AAD and the ciphertext (each zero-padded) and the length block, and leaves the tag in poly
// words 0..3 as poly1305_finish does, and a copy right after the ciphertext (one copy out of the
// memory: 0.97x the time of a 64-byte seal). The runtime zeroes what it wrote afterwards.
const seal = (xorBody, initBody, bytesBody, short) => (len, aadAt, aadLen) => {
  if (short) when(len <= 64, () => short(), () => xorBody((len + 127) >>> 6, 10));
  else xorBody((len + 127) >>> 6, 10);
  macShort(initBody, bytesBody, len, aadAt, aadLen, short ? init(false) : undefined);
  for (let i = 0; i < 16; i++) data.store(len + (64 + i), poly.load(i >> 2) >>> ((i & 3) * 8)); // the tag after the text too
};
// wasm, a message of at most 64 bytes: keystream blocks 0 and 1 (counter 0, as the runtime wrote
// it), block 0 (the Poly1305 key) as sixteen scalar words on the integer units, block 1 in the
// row form on the vector units (four row vectors, its words 4q .. 4q + 3 in row q; the diagonal
// quarter rounds after a rotation of rows 1-3 by one, two and three lanes), their rounds
// interleaved so that the two dependent chains overlap. Both blocks in the row form took 1.2x the
// time (the seal kernel of 64 bytes, CPU time, same process), one row-form block alone about as
// long as both together, two scalar blocks 1.35x, the four-lane group of xorRows 1.2x.
const inRows = input.as(u32x4);
function sealMixed() {
  const s0 = Array.from({ length: 16 }, (_, i) => input.load(i));
  const x = [...s0];
  const s1 = [0, 1, 2, 3].map((q) => inRows.load(q));
  s1[3] = s1[3] + u32x4(1, 0, 0, 0);
  const y = [...s1];
  const turn = (l1, l2, l3) => {
    y[1] = shuffle(y[1], y[1], l1);
    y[2] = shuffle(y[2], y[2], l2);
    y[3] = shuffle(y[3], y[3], l3);
  };
  loop(10, () => {
    for (let q = 0; q < 4; q++) CHACHA.quarter([x], CHACHA_QR[q]);
    CHACHA.quarter([y], [0, 1, 2, 3]);
    turn([1, 2, 3, 0], [2, 3, 0, 1], [3, 0, 1, 2]);
    for (let q = 4; q < 8; q++) CHACHA.quarter([x], CHACHA_QR[q]);
    CHACHA.quarter([y], [0, 1, 2, 3]);
    turn([3, 0, 1, 2], [2, 3, 0, 1], [1, 2, 3, 0]);
  });
  x.forEach((v, i) => words.store(i, words.load(i) ^ (v + s0[i])));
  y.forEach((v, q) => rows.store(4 + q, rows.load(4 + q) ^ (v + s1[q])));
}
// The MAC of seal and open: the Poly1305 key from data[0 .. 32), the AAD, the ciphertext at
// data[64 ..), the length block; the tag to poly words 0..3 (the rest zeroed). With `initShort`
// (wasm), a MAC whose AAD and ciphertext are both under 128 bytes (LANES_FROM blocks: the
// two-lane step, which reads r^2, never runs) takes the init without r^2 (0.85x the time of the
// 64-byte seal kernel with the r^2 skip and sealMixed together; the open kernel 0.9x).
function macShort(initBody, bytesBody, len, aadAt, aadLen, initShort) {
  for (let i = 0; i < 8; i++) poly.store(i, polyData.load(i));
  if (initShort) when((len | aadLen) < 128, () => initShort(), () => initBody());
  else initBody();
  bytesBody(aadAt, aadLen);
  bytesBody(u32(64), len);
  const r = polyLoad(P_R, 5);
  const h = polyLoad(P_H, 5);
  absorbBlock(h, limbs([aadLen, u32(0), len, u32(0)], 1 << 24), r, times5(r)).forEach((x, i) => poly.store(P_H + i, x));
  const t = tag(polyLoad(P_H, 5), polyLoad(P_S, 4));
  t.forEach((x, i) => poly.store(i, x));
  for (let i = 4; i < 32; i++) poly.store(i, u32(0));
}
export const chacha20poly1305_seal_lanes = fn([u32, u32, u32], seal(xorRows(CHACHA, false), init(true), bytes(absorbLanes), sealMixed), { ...SIMD, name: 'chacha20poly1305_seal' });
export const chacha20poly1305_seal_js = fn([u32, u32, u32], seal(xorWords(CHACHA, true), init(false), bytes(absorbScalar)), { targets: ['js'], name: 'chacha20poly1305_seal' });
export const chacha20poly1305_seal_scalar = fn([u32, u32, u32], seal(xorWords(CHACHA, false), init(false), bytes(absorbScalar)), { targets: ['runtime'], name: 'chacha20poly1305_seal' });

// chacha20poly1305_open(len, aadAt, aadLen): the tag of a short RFC 8439 ciphertext in one call,
// before anything is decrypted. The runtime has written the input words (counter 0), zeroed
// data[0 .. 64), put the ciphertext at data[64 .. 64 + len) and the AAD at data[aadAt ..). The
// kernel XORs keystream block 0 alone (one scalar block: the SIMD group of four would XOR blocks
// 1..3 into the ciphertext before it is MACed) into data[0 .. 64), turns its first 32 bytes into
// the Poly1305 key, MACs the AAD, the ciphertext and the length block and leaves the tag in poly
// words 0..3. The runtime compares it with the given tag and only then decrypts (chacha_xor from
// counter 0 over the same data: block 0 lands on the used key block again).
const open = (initBody, bytesBody, initShort) => (len, aadAt, aadLen) => {
  xorWords(CHACHA, false)(u32(1), 10);
  macShort(initBody, bytesBody, len, aadAt, aadLen, initShort);
};
export const chacha20poly1305_open_lanes = fn([u32, u32, u32], open(init(true), bytes(absorbLanes), init(false)), { ...SIMD, name: 'chacha20poly1305_open' });
export const chacha20poly1305_open_scalar = fn([u32, u32, u32], open(init(false), bytes(absorbScalar)), { ...SCALAR, name: 'chacha20poly1305_open' });

// ---- 4. In place in the heap: the wasm_threads pool's cipher units ------------------------------
// chacha_xor_at(at, blocks, doubleRounds), salsa_xor_at(...): chacha_xor and salsa_xor (section 1,
// the wasm form: groups of eight blocks, then of four) over heap bytes [at, at + 64 * blocks)
// instead of `data`, with no limit on `blocks` but that it is a multiple of 4 (the runtime's
// promise: the last group of four is XORed whole, and here nothing past the range may change).
// The pool (runtime/workers.js "Ciphers") stages a long call's units in the caller's shared
// memory past every thread's copy of the layout; a worker XORs a whole unit where the caller put
// it, passing `at` = that place minus its copy's heap start, so no bytes go through `data` and no
// call is made per 16 KiB. Built for wasm_threads only (the only target with a pool). `at` is a
// multiple of 16. The heap is declared last (docs/language.md: after every other region).
const stage = memory.heap('stage', u8);
const stageRows = stage.as(u32x4);
const xorAt = (A) => (at, blocks, doubleRounds) => xorRows(A, true, { rows: stageRows, row: at >>> 4 })(blocks, doubleRounds);
export const chacha_xor_at = fn([u32, u32, u32], xorAt(CHACHA), { targets: ['wasm_threads'] });
export const salsa_xor_at = fn([u32, u32, u32], xorAt(SALSA), { targets: ['wasm_threads'] });
