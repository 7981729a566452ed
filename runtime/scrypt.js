// scrypt (RFC 7914): B = PBKDF2-HMAC-SHA256(P, S, 1, p * 128 * r), ROMix on each of the p blocks
// of B (modules/scrypt.js: the kernels, with V in the heap), DK = PBKDF2-HMAC-SHA256(P, B, 1,
// dkLen). The entries build one `scrypt` per backend from the kernels' descriptors and that
// backend's sha256: `scryptKdf([s.$scrypt_fill, s.$scrypt_mix], sha256, 'wasm')`.
//
// Options as @noble/hashes' scrypt takes them (N, r, p, dkLen = 32, maxmem = 1 GiB + 1 KiB,
// onProgress; asyncTick = 10 and nextTick on .async), each read once, checked with an error that
// names it, before any memory is allocated. Memory: the heap holds V, X and Y (128 * r * (N + 2)
// bytes); runtime/heap.js zeroes what a call used and drops a heap over 4 MiB after it, errors
// included. Every temporary holding password-derived bytes (B, the PBKDF2 blocks) is zeroed.
//
// The lead's runtime/kdf.js (UTF-8 inputs, option reading, the progress/async driver shared by
// the KDFs) was not on main when this was written: this file has its own small versions of them.
import { bytesArg, isBytes, mustBe, typeName } from './checks.js';
import { HeapInstance, heapLimit } from './heap.js';
import { hmacSpec, hmacStream } from './hmac.js';

// Salsa word in memory slot m of a 64-byte block, as the kernels keep it (modules/scrypt.js DIAG).
const DIAG = [0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11];

const encoder = /* @__PURE__ */ new TextEncoder();
// A password or salt: a Uint8Array, or a string (UTF-8, as noble encodes it). `own` tells the
// caller whether the bytes are its own copy (to zero after use).
function kdfInput(x, name) {
  if (typeof x === 'string') return { bytes: encoder.encode(x), own: true };
  if (!isBytes(x)) throw mustBe(TypeError, name, 'Uint8Array or string', typeName(x));
  return { bytes: bytesArg(x, name), own: false };
}

const now = typeof performance === 'object' && typeof performance.now === 'function' ? () => performance.now() : () => Date.now();
const defaultNextTick =
  typeof setImmediate === 'function' ? () => new Promise((resolve) => setImmediate(resolve)) : () => new Promise((resolve) => setTimeout(resolve, 0));

const MAXMEM = 1024 ** 3 + 1024; // noble's default
const POW32 = 2 ** 32;

// The options of one call, read once from own enumerable properties and checked.
function readOptions(opts, isAsync) {
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw mustBe(TypeError, 'opts', 'an object', typeName(opts));
  const o = { N: undefined, r: undefined, p: undefined, dkLen: 32, maxmem: MAXMEM, onProgress: null, asyncTick: 10, nextTick: defaultNextTick };
  for (const key of Object.keys(opts)) {
    const v = opts[key];
    if (v === undefined) continue;
    const name = `opts.${key}`;
    if (key === 'N' || key === 'r' || key === 'p' || key === 'dkLen' || key === 'maxmem' || (isAsync && key === 'asyncTick')) {
      if (typeof v !== 'number') throw mustBe(TypeError, name, 'a number', typeName(v));
      o[key] = v;
    } else if (key === 'onProgress' || (isAsync && key === 'nextTick')) {
      if (typeof v !== 'function') throw mustBe(TypeError, name, 'a function', typeName(v));
      o[key] = v;
    } else {
      const only = key === 'asyncTick' || key === 'nextTick' ? ' (only scrypt.async takes it)' : '';
      throw new TypeError(`unknown option "${key}" for scrypt${only}`);
    }
  }
  const { N, r, p, dkLen, maxmem, asyncTick } = o;
  if (N === undefined) throw mustBe(TypeError, 'opts.N', 'a number', 'undefined');
  if (r === undefined) throw mustBe(TypeError, 'opts.r', 'a number', 'undefined');
  if (p === undefined) throw mustBe(TypeError, 'opts.p', 'a number', 'undefined');
  if (!Number.isSafeInteger(N) || N < 2 || N > POW32 || (N & (N - 1)) !== 0 && N !== POW32)
    throw mustBe(RangeError, 'opts.N', 'a power of two from 2 to 2^32', N);
  if (!Number.isSafeInteger(r) || r < 1) throw mustBe(RangeError, 'opts.r', 'an integer >= 1', r);
  if (!Number.isSafeInteger(p) || p < 1) throw mustBe(RangeError, 'opts.p', 'an integer >= 1', p);
  if (r * p >= 2 ** 30) throw new RangeError(`"opts.r" * "opts.p" must be below 2^30 (RFC 7914), got ${r} * ${p}`);
  if (!Number.isSafeInteger(dkLen) || dkLen < 1 || dkLen > (POW32 - 1) * 32)
    throw mustBe(RangeError, 'opts.dkLen', 'an integer from 1 to (2^32 - 1) * 32', dkLen);
  if (!(maxmem >= 0)) throw mustBe(RangeError, 'opts.maxmem', 'a number >= 0', maxmem);
  if (!(asyncTick >= 0) || asyncTick === Infinity) throw mustBe(RangeError, 'opts.asyncTick', 'a finite number >= 0', asyncTick);
  // noble's measure of the memory a call takes (V and B): refused before anything is allocated.
  const memUsed = 128 * r * (N + p);
  if (memUsed > maxmem)
    throw new RangeError(`"opts.maxmem" is ${maxmem}, but scrypt with N = ${N}, r = ${r}, p = ${p} needs 128 * r * (N + p) = ${memUsed} bytes`);
  return o;
}

// PBKDF2-HMAC-SHA256 with one iteration: dkLen bytes of T_i = HMAC(P, S || INT(i)) into `out`.
// `keyed` is the HMAC stream keyed with P; the salt is absorbed once and cloned for each block.
function pbkdf2Once(keyed, salt, out) {
  const salted = keyed.clone();
  const t = salted._blank();
  const ctr = new Uint8Array(4);
  const block = new Uint8Array(32);
  try {
    salted.update(salt);
    for (let i = 1, pos = 0; pos < out.length; i++, pos += 32) {
      salted._cloneInto(t);
      ctr[0] = i >>> 24;
      ctr[1] = i >>> 16;
      ctr[2] = i >>> 8;
      ctr[3] = i;
      t.update(ctr);
      t.digestInto(block);
      out.set(out.length - pos >= 32 ? block : block.subarray(0, out.length - pos), pos);
    }
  } finally {
    salted.destroy();
    t.destroy();
    block.fill(0);
  }
}

/**
 * The `scrypt` function of a backend: `fns` the descriptors of scrypt_fill and scrypt_mix,
 * `sha256` that backend's sha256 (for PBKDF2), `platform` its name.
 */
export function scryptKdf(fns, sha256, platform) {
  const required = ['scrypt_fill', 'scrypt_mix'];
  const limit = heapLimit(platform);
  let shared = null; // the instance kept between calls (its heap at most KEEP_HEAP)
  let active = null; // the instance of the innermost running call (memoryForTests)
  const instance = () => new HeapInstance('scrypt', fns, required, limit);

  // The whole computation; yields the nextTick function where an async call should wait, returns the key.
  function* run(password, salt, opts, isAsync) {
    // Options first, then the inputs made plain views: an option's getter cannot change or detach
    // what is used after it (as shell.js orders a hash's arguments).
    const o = readOptions(opts === undefined ? {} : opts, isAsync);
    const P = kdfInput(password, 'password');
    let S = null, B = null, keyed = null, I = null, heapUsed = 0, prev = active;
    try {
      S = kdfInput(salt, 'salt');
      const { N, r, p, dkLen, onProgress } = o;
      const blockBytes = 128 * r;
      heapUsed = blockBytes * (N + 2);
      // The instance: the shared one, or a fresh one for an async call and for a call made while
      // another runs (from onProgress, or during an async call's yield).
      if (shared === null) shared = instance();
      I = !isAsync && !shared.busy ? shared : instance();
      I.open(heapUsed); // RangeError before allocating when the backend cannot address it
      active = I;
      keyed = hmacStream(hmacSpec(sha256), P.bytes);
      B = new Uint8Array(blockBytes * p);
      pbkdf2Once(keyed, S.bytes, B);
      const B32 = new Uint32Array(B.buffer);
      const H = I.mem32;
      const heap = I.target.memoryBytes >> 2;
      const X = heap + N * (blockBytes >> 2);
      const { scrypt_fill: fill, scrypt_mix: mix } = I.fns;
      const total = 2 * N * p;
      let done = 0;
      // Steps of BlockMix per kernel call: all of them without progress, else about 1/1000 of
      // the work (sync), or as many as fit in half of asyncTick (async, adapted as it goes).
      let slice = onProgress === null && !isAsync ? N : Math.max(2, Math.min(N, 2 * Math.ceil(total / 2000)));
      let last = now();
      for (let i = 0; i < p; i++) {
        const at = (i * blockBytes) >> 2;
        for (let b = 0; b < blockBytes >> 2; b += 16) for (let m = 0; m < 16; m++) H[heap + b + m] = B32[at + b + DIAG[m]];
        for (let phase = 0; phase < 2; phase++) {
          for (let k = 0; k < N; ) {
            const n = Math.min(slice, N - k);
            const t0 = isAsync ? now() : 0;
            if (phase === 0) fill(r, k, n);
            else mix(N, r, n >>> 1);
            k += n;
            done += n;
            if (onProgress !== null && done < total) onProgress(done / total);
            if (isAsync) {
              const t1 = now();
              const budget = Math.max(o.asyncTick, 2) / 2;
              if (t1 - t0 > budget && slice > 2) slice = Math.max(2, (slice >>> 2) << 1);
              else if (t1 - t0 < budget / 4 && slice < N) slice = Math.min(N, slice * 2);
              if (t1 - last >= o.asyncTick) {
                yield o.nextTick;
                last = now();
              }
            }
          }
        }
        for (let b = 0; b < blockBytes >> 2; b += 16) for (let m = 0; m < 16; m++) B32[at + b + DIAG[m]] = H[X + b + m];
      }
      const dk = new Uint8Array(dkLen);
      pbkdf2Once(keyed, B, dk);
      if (onProgress !== null) onProgress(1);
      return dk;
    } finally {
      if (B !== null) B.fill(0);
      if (keyed !== null) keyed.destroy();
      if (P.own) P.bytes.fill(0);
      if (S !== null && S.own) S.bytes.fill(0);
      if (I !== null && I.busy) {
        active = prev;
        I.close(heapUsed);
      }
    }
  }

  /** scrypt(password, salt, { N, r, p, dkLen, maxmem, onProgress }) → Uint8Array(dkLen). */
  function scrypt(password, salt, opts) {
    const g = run(password, salt, opts, false);
    return g.next().value; // never yields when sync
  }
  /** The same, yielding to the event loop every `asyncTick` ms (`nextTick`). */
  async function scryptAsync(password, salt, opts) {
    const g = run(password, salt, opts, true);
    for (let step = g.next(); ; ) {
      if (step.done) return step.value;
      try {
        await step.value();
      } catch (e) {
        g.return(); // runs the finally: wipes and releases
        throw e;
      }
      step = g.next();
    }
  }
  Object.defineProperty(scryptAsync, 'name', { value: 'async' });
  scrypt.async = Object.freeze(scryptAsync);
  memories.set(scrypt, () => (active !== null ? active.mem : shared !== null ? shared.mem : null));
  return Object.freeze(scrypt);
}

const memories = new WeakMap();
/**
 * For the tests: the memory (layout and heap) of the scrypt call running now (call it from
 * onProgress), else of the kept instance; null when there is none.
 */
export function scryptMemoryForTests(kdf) {
  const f = memories.get(kdf);
  return f === undefined ? undefined : f();
}
