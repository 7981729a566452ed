// The Salsa20/ChaCha engine (runtime/cipher.js describes engines): salsa20, xsalsa20, chacha20
// (RFC 8439: 32-bit counter, 96-bit nonce), chacha20orig (64-bit counter, 64-bit nonce),
// xchacha20 (XChaCha draft: HChaCha20 subkey, then the 64-bit-counter layout, as @noble/ciphers
// and libsodium), chacha8 and chacha12 (the RFC 8439 layout with 8 and 12 rounds).
//
// The kernels (modules/chacha.js section 1, docs/target-contract.md) XOR keystream blocks into
// the `data` region in place from the sixteen input words of `arx_in`; this file writes those
// words (constants, key, nonce, counter), runs HChaCha20/HSalsa20 for the extended nonces, moves
// the caller's bytes through `data` in chunks, and refuses a counter that would pass the layout's
// limit (2^32 blocks for the RFC 8439 layout, 2^64 for the others) before writing anything.
//
// A stream at byte position p of the keystream puts its bytes at data[p % 64 ..], so the kernel
// starts at a block boundary and no keystream is kept between calls. Every call zeroes `arx_in`
// and the part of `data` it used (rounded up to 256 bytes: see modules/chacha.js) in a `finally`:
// no key, nonce, keystream or message byte stays in the kernel memory.
import { mustBe, typeName } from './checks.js';
import { KeystreamStream, makeCipher } from './cipher.js';
import { Instance } from './shell.js';

// A cipher of this family: its core, double rounds, nonce length, counter width (32: word 12
// alone, the nonce takes word 13), extended nonce (HChaCha20/HSalsa20 over the first 16 bytes),
// accepted key lengths (16-byte keys use the "expand 16-byte k" constants and the key twice).
const kind = (name, core, doubleRounds, nonceLength, counterBits, extended, keyLengths) =>
  Object.freeze({ name, core, doubleRounds, nonceLength, counterBits, extended, keyLengths: Object.freeze(keyLengths) });
export const SALSA20 = /* @__PURE__ */ kind('salsa20', 'salsa', 10, 8, 64, false, [16, 32]);
export const XSALSA20 = /* @__PURE__ */ kind('xsalsa20', 'salsa', 10, 24, 64, true, [32]);
export const CHACHA20 = /* @__PURE__ */ kind('chacha20', 'chacha', 10, 12, 32, false, [32]);
export const CHACHA20ORIG = /* @__PURE__ */ kind('chacha20orig', 'chacha', 10, 8, 64, false, [16, 32]);
export const XCHACHA20 = /* @__PURE__ */ kind('xchacha20', 'chacha', 10, 24, 64, true, [32]);
export const CHACHA8 = /* @__PURE__ */ kind('chacha8', 'chacha', 4, 12, 32, false, [32]);
export const CHACHA12 = /* @__PURE__ */ kind('chacha12', 'chacha', 6, 12, 32, false, [32]);

// "expand 32-byte k" and "expand 16-byte k" as little-endian words.
const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574];
const TAU = [0x61707865, 0x3120646e, 0x79622d36, 0x6b206574];
// Where each core keeps the constants, the key words, the counter (low word; the high word
// follows) and the nonce words of the 64-bit-counter layout; the extended nonce's first 16 bytes
// go where counter and nonce are (ChaCha 12..15, Salsa 6..9).
const LAYOUT = {
  chacha: { constants: [0, 1, 2, 3], key: [4, 5, 6, 7, 8, 9, 10, 11], counter: 12, nonce: 14, ext: 12, xor: 'chacha_xor', sub: 'hchacha' },
  salsa: { constants: [0, 5, 10, 15], key: [1, 2, 3, 4, 11, 12, 13, 14], counter: 8, nonce: 6, ext: 6, xor: 'salsa_xor', sub: 'hsalsa' },
};
const POW32 = 2 ** 32;
const DATA_BYTES = 16384;
const STATE_BYTES = 64;

// opts.counter: the first block's counter, a non-negative integer (a number, or a bigint for the
// 64-bit counters beyond 2^53), stored as [low word, high word].
export function counterOption(bits) {
  return (v, params) => {
    const what = bits === 32 ? 'an integer from 0 to 2^32 - 1' : 'an integer from 0 to 2^64 - 1 (a number or bigint)';
    let lo, hi;
    if (typeof v === 'number') {
      if (!Number.isSafeInteger(v) || v < 0) throw mustBe(RangeError, 'opts.counter', what, v);
      lo = v % POW32;
      hi = Math.floor(v / POW32);
    } else if (typeof v === 'bigint' && bits === 64) {
      if (v < 0n || v >= 1n << 64n) throw mustBe(RangeError, 'opts.counter', what, v);
      lo = Number(v & 0xffffffffn);
      hi = Number(v >> 32n);
    } else throw mustBe(TypeError, 'opts.counter', what, typeName(v));
    if (bits === 32 && hi !== 0) throw mustBe(RangeError, 'opts.counter', what, v);
    params.lo = lo;
    params.hi = hi;
  };
}

/**
 * The cipher function of `k` (SALSA20, CHACHA20, ...) over `target`: a generated modules/chacha.js
 * target, or the list of the function descriptors it uses (what the entries pass).
 */

/**
 * The kernels of `k` over an Instance `I` of modules/chacha.js (shared with runtime/aead.js):
 * `bind()` after I.enter() (the memory may be new), `setup(key, nonce)` writes the input words
 * (running HChaCha20/HSalsa20 for the extended nonces) but the counter, `counter(lo, hi)` sets it,
 * `xor(blocks)` XORs keystream blocks into data[0 ..), `wipe()` zeroes the input words. Also the
 * limit check: `limit(lo0, hi0, blocksFromCounter)` throws when the blocks would pass the counter.
 */
export function arxKernels(k, I) {
  const L = LAYOUT[k.core];
  const S = I.region('arx_in', STATE_BYTES).offset;
  const SW = S >> 2;
  const cw = SW + L.counter;
  const [C0, C1, C2, C3] = L.constants.map((i) => SW + i);
  const [K0, K1, K2, K3, K4, K5, K6, K7] = L.key.map((i) => SW + i);
  let mem = null, mem32 = null, xorFn = null, sub = null;
  // `count` little-endian words of b[from ..] to mem32[at ..].
  const nonceWords = (b, from, count, at) => {
    for (let i = 0, j = from; i < count; i++, j += 4) mem32[at + i] = b[j] | (b[j + 1] << 8) | (b[j + 2] << 16) | (b[j + 3] << 24);
  };
  const K = {
    bind() {
      if (mem === I.mem) return;
      mem = I.mem;
      mem32 = I.mem32;
      xorFn = I.fns[L.xor];
      sub = k.extended ? I.fns[L.sub] : null;
    },
    setup(key, nonce) {
      const consts = key.length === 32 ? SIGMA : TAU;
      for (let i = 0; i < 4; i++) mem32[SW + L.constants[i]] = consts[i];
      for (let i = 0; i < 8; i++) {
        const b = (i & 3) * 4 + (key.length === 32 ? (i >> 2) * 16 : 0);
        mem32[SW + L.key[i]] = key[b] | (key[b + 1] << 8) | (key[b + 2] << 16) | (key[b + 3] << 24);
      }
      // (Word stores, as for the key: no subarray views or set() calls, a third of a 64-byte
      // xchacha20poly1305 call's setup.)
      let o = 0;
      if (k.extended) {
        nonceWords(nonce, 0, 4, SW + L.ext);
        sub(k.doubleRounds);
        o = 16;
      }
      // 12-byte nonce: words 13..15 (the RFC 8439 layout); 8 bytes: the nonce words of the layout.
      // (An extended nonce leaves 8 bytes; xchacha20poly1305 gives 4 zero bytes and them: 12.)
      const len = nonce.length - o;
      nonceWords(nonce, o, len >> 2, SW + (len === 12 ? 13 : L.nonce));
    },
    // setup() from words (an AEAD instance keeps its 32-byte key and its nonce as little-endian
    // words, read from the caller's bytes once): w[0 .. 8) the key, w[8 ..) the nonce's
    // `nonceWords` words; `zero4`: the RFC 8439 form of an extended nonce (xchacha20poly1305:
    // four zero bytes before the nonce's last eight). The same input words as setup().
    setupWords(w, nonceWords, zero4) {
      // (Straight-line stores at indices fixed per core: the loops over L's index arrays were a
      // tenth of a 64-byte chacha20poly1305 seal's JavaScript.)
      const m = mem32;
      m[C0] = SIGMA[0];
      m[C1] = SIGMA[1];
      m[C2] = SIGMA[2];
      m[C3] = SIGMA[3];
      m[K0] = w[0];
      m[K1] = w[1];
      m[K2] = w[2];
      m[K3] = w[3];
      m[K4] = w[4];
      m[K5] = w[5];
      m[K6] = w[6];
      m[K7] = w[7];
      if (nonceWords === 3 && !k.extended) {
        m[SW + 13] = w[8];
        m[SW + 14] = w[9];
        m[SW + 15] = w[10];
        return;
      }
      let o = 8;
      if (k.extended) {
        for (let i = 0; i < 4; i++) mem32[SW + L.ext + i] = w[8 + i];
        sub(k.doubleRounds);
        o = 12;
      }
      if (zero4) {
        mem32[SW + 13] = 0;
        mem32[SW + 14] = w[o];
        mem32[SW + 15] = w[o + 1];
        return;
      }
      const rest = nonceWords - (o - 8);
      const at = SW + (rest === 3 ? 13 : L.nonce);
      for (let i = 0; i < rest; i++) mem32[at + i] = w[o + i];
    },
    counter(lo, hi) {
      mem32[cw] = lo;
      if (k.counterBits === 64) mem32[cw + 1] = hi;
    },
    xor(blocks) {
      xorFn(blocks, k.doubleRounds);
    },
    wipe() {
      I.zero(S, STATE_BYTES);
    },
    // Blocks from the counter [lo0, hi0] to the end of a call: lo0 + ends must stay within
    // 2^bits (the last block used has counter 2^bits - 1 at most).
    limit(lo0, hi0, ends) {
      const e = lo0 + ends;
      const top = hi0 + Math.floor(e / POW32) + (e % POW32 === 0 ? 0 : 1); // in units of 2^32, rounded up
      if (k.counterBits === 32 ? e > POW32 : top > POW32)
        throw new RangeError(`${k.name}: the block counter would pass 2^${k.counterBits} (counter overflow; ${k.counterBits === 32 ? 'RFC 8439 allows 2^32 blocks of 64 bytes for one key and nonce' : 'the keystream is 2^64 blocks long'})`);
    },
  };
  return K;
}

/**
 * The cipher function of `k` (SALSA20, CHACHA20, ...) over `target`: a generated modules/chacha.js
 * target, or the list of the function descriptors it uses (what the entries pass).
 */
// Where byte `at` of the shared memory (a unit the pool staged for an in-place kernel,
// runtime/workers.js "Ciphers in place") lies in this thread's heap, checked: the heap starts past
// this thread's copy of the layout, and the kernels take 16-byte-aligned whole groups of four blocks.
export function heapOffset(I, at, n) {
  const heapAt = at - (I.linkAt === null ? 0 : I.linkAt.base) - I.target.memoryBytes;
  if (heapAt < 0 || heapAt % 16 !== 0 || n % 256 !== 0) I.fail(`in-place range at ${at} (${n} bytes) is not in the heap`, RangeError);
  return heapAt;
}

export function arxCipher(k, target, platform = 'unknown') {
  const I = new Instance(k.name, target);
  const D = I.region('data', DATA_BYTES).offset;
  const K = arxKernels(k, I);
  let mem = null;
  // The in-place kernel (chacha_xor_at / salsa_xor_at, wasm_threads only) where the target has it.
  const atName = `${LAYOUT[k.core].xor}_at`;
  const inPlace = I.target.functions.includes(atName) ? { granule: 256, run: (st, pos, at, n) => xorInPlace(st, pos, at, n) } : undefined;

  // XOR the keystream from byte `pos` of the stream (counter `ctr` = [lo, hi] at byte 0) into
  // src, writing dst (the same length; it may be src). The counter limit is checked first.
  // A long call at a block boundary may go across the wasm_threads pool (spec.threads, set by
  // runtime/workers.js), after the limit check: each range through xorHere on some thread.
  function xorAt(st, pos, src, dst) {
    const n = src.length;
    const lo0 = st.params === null ? 0 : st.params.lo;
    const hi0 = st.params === null ? 0 : st.params.hi;
    K.limit(lo0, hi0, Math.ceil((pos + n) / 64));
    if (n === 0) return;
    if (spec.threads !== undefined && pos % 64 === 0 && spec.threads(st, pos, src, dst, true, null)) return;
    xorHere(st, pos, src, dst);
  }
  function xorHere(st, pos, src, dst) {
    const n = src.length;
    const lo0 = st.params === null ? 0 : st.params.lo;
    const hi0 = st.params === null ? 0 : st.params.hi;
    I.enter();
    K.bind();
    mem = I.mem;
    let used = 0;
    try {
      K.setup(st.key, st.nonce);
      let block = Math.floor(pos / 64);
      let off = pos % 64;
      for (let i = 0; i < n; ) {
        const take = Math.min(DATA_BYTES - off, n - i);
        const c = lo0 + block;
        K.counter(c % POW32, hi0 + Math.floor(c / POW32));
        if (i === 0 && take === n) mem.set(src, D + off);
        else mem.set(src.subarray(i, i + take), D + off);
        const blocks = (off + take + 63) >> 6;
        if (off + take > used) used = off + take;
        K.xor(blocks);
        dst.set(mem.subarray(D + off, D + off + take), i);
        block += blocks;
        i += take;
        off = 0;
      }
    } finally {
      I.zero(D, (used + 255) & ~255);
      K.wipe();
      I.leave();
    }
  }

  // The range [pos, pos + n) of the keystream (pos and n whole groups of four blocks, the limit
  // checked by the caller) XORed into the bytes at `at` of the shared memory, in place: one kernel
  // call over the heap (`at` is past this thread's copy of the layout: the pool's staging area,
  // runtime/workers.js "Ciphers"). Only the input words are written in this thread's copy, and
  // zeroed after.
  function xorInPlace(st, pos, at, n) {
    const lo0 = st.params === null ? 0 : st.params.lo;
    const hi0 = st.params === null ? 0 : st.params.hi;
    I.enter();
    K.bind();
    try {
      const heapAt = heapOffset(I, at, n);
      K.setup(st.key, st.nonce);
      const c = lo0 + pos / 64;
      K.counter(c % POW32, hi0 + Math.floor(c / POW32));
      I.fns[atName](heapAt, n >> 6, k.doubleRounds);
    } finally {
      K.wipe();
      I.leave();
    }
  }

  const spec = {
    name: k.name,
    platform,
    blockSize: 64,
    nonceLength: k.nonceLength,
    tagLength: 0,
    varSizeNonce: false,
    keyLengths: k.keyLengths,
    options: { counter: counterOption(k.counterBits) },
    params: () => ({ lo: 0, hi: 0 }),
    outputLength: (_encrypting, n) => n,
    run: (st, _encrypting, src, dst) => xorAt(st, 0, src, dst),
    stream: (st) => new KeystreamStream(k.name, st, xorAt),
    instance: I,
    // The range [pos, pos + src.length) of the keystream XORed (pos a whole number of blocks, the
    // limit checked by the caller): a unit of a call split across the pool (runtime/workers.js).
    range: (st, pos, src, dst) => xorHere(st, pos, src, dst),
    // { granule, run(st, pos, at, n) }: a unit XORed in place at byte `at` of the shared memory
    // (n and pos multiples of granule), or undefined (the pool then stages through `range`).
    inPlace,
    threads: undefined,
  };
  return makeCipher(spec);
}
