// scrypt (RFC 7914): B = PBKDF2-HMAC-SHA256(P, S, 1, p * 128 * r), ROMix on each of the p blocks
// of B (modules/scrypt.js: the kernels, with V in the heap), DK = PBKDF2-HMAC-SHA256(P, B, 1,
// dkLen). The entries build one `scrypt` per backend from the kernels' descriptors and that
// backend's sha256: `scryptKdf([s.$scrypt_fill, s.$scrypt_mix], sha256, 'wasm')`.
//
// Options as @noble/hashes' scrypt takes them (N, r, p, dkLen = 32, maxmem = 1 GiB + 1 KiB,
// onProgress; asyncTick and nextTick on .async), read and checked by runtime/kdf.js's helpers
// before any memory is allocated; the job runs in slices under kdf.js's driver (progress, async
// yields, and no kernel call so long that V8 keeps it in its baseline compiler). Memory: the heap
// holds V, X and Y (128 * r * (N + 2) bytes); runtime/heap.js zeroes what a call used and drops a
// heap over KEEP_HEAP after it, errors included. Every temporary holding password-derived bytes
// (B, the PBKDF2 blocks, a UTF-8 copy of a string input) is zeroed.
import { mustBe, typeName } from './checks.js';
import { HeapInstance, heapLimit } from './heap.js';
import { hmacSpec, hmacStream } from './hmac.js';
import { intOption, kdfDefinition, kdfInput, kdfOptions, pbkdf2Once, runAsync, runSync, wipeAll } from './kdf.js';

// Salsa word in memory slot m of a 64-byte block, as the kernels keep it (modules/scrypt.js DIAG).
const DIAG = [0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11];
const POW32 = 2 ** 32;

function powerOfTwo(v, arg) {
  const what = 'a power of two from 2 to 2^32';
  if (typeof v !== 'number') throw mustBe(TypeError, arg, what, typeName(v));
  if (!Number.isSafeInteger(v) || v < 2 || v > POW32 || (v < POW32 && (v & (v - 1)) !== 0)) throw mustBe(RangeError, arg, what, v);
  return v;
}
const FIELDS = {
  N: [powerOfTwo, undefined],
  r: [(v, arg) => intOption(v, arg, 1, Number.MAX_SAFE_INTEGER, 'an integer >= 1'), undefined],
  p: [(v, arg) => intOption(v, arg, 1, Number.MAX_SAFE_INTEGER, 'an integer >= 1'), undefined],
  dkLen: [(v, arg) => intOption(v, arg, 1, (POW32 - 1) * 32), 32],
  maxmem: [(v, arg) => intOption(v, arg, 0, Number.MAX_SAFE_INTEGER, 'an integer >= 0'), 1024 ** 3 + 1024], // noble's default
};

// The options of one call, checked together: r * p (RFC 7914) and noble's measure of the memory a
// call takes (V and B), both refused before anything is allocated.
export function scryptOptions(opts, isAsync) {
  const o = kdfOptions(opts === undefined ? {} : opts, 'scrypt', FIELDS, isAsync);
  const { N, r, p, maxmem } = o;
  if (r * p >= 2 ** 30) throw new RangeError(`"opts.r" * "opts.p" must be below 2^30 (RFC 7914), got ${r} * ${p}`);
  const memUsed = 128 * r * (N + p);
  if (memUsed > maxmem)
    throw new RangeError(`"opts.maxmem" is ${maxmem}, but scrypt with N = ${N}, r = ${r}, p = ${p} needs 128 * r * (N + p) = ${memUsed} bytes`);
  return o;
}

const memories = new WeakMap();
// scrypt function -> the pool's lane hooks (runtime/workers.js threadedKdf, the wasm_threads entry
// only); scrypt function -> its lane runner (what a pool worker runs: scryptLaneForWorkers).
const laneHooks = new WeakMap();
const laneRunners = new WeakMap();

// How many lanes may run at once, each thread with its own heap (V, X and Y: 128 * r * (N + 2)
// bytes), beside B and the pool's copy of it (2 * 128 * r * p): as many as maxmem holds, at least
// one (one lane at a time is what scryptOptions's check let through).
const lanesAtOnce = ({ N, r, p, maxmem }) => Math.max(1, Math.min(p, Math.floor((maxmem - 256 * r * p) / (128 * r * (N + 2)))));

// ROMix of the block at B32[at .. at + 32 * r) in place, in I's heap (opened for 128 * r * (N + 2)
// bytes): yields the BlockMix steps done (0 .. 2N), after slices of ctl.slice steps.
function* romix(I, B32, at, N, r, ctl) {
  const words = 32 * r;
  const H = I.mem32;
  const heap = I.target.memoryBytes >> 2;
  const X = heap + N * words;
  const { scrypt_fill: fill, scrypt_mix: mix } = I.fns;
  for (let b = 0; b < words; b += 16) for (let m = 0; m < 16; m++) H[heap + b + m] = B32[at + b + DIAG[m]];
  let done = 0;
  for (let k = 0; k < N; ) {
    const n = Math.min(ctl.slice, N - k);
    fill(r, k, n);
    k += n;
    done += n;
    yield done;
  }
  for (let k = 0; k < N; ) {
    const n = Math.max(2, Math.min(ctl.slice, N - k) & ~1); // whole X -> Y -> X pairs
    mix(N, r, n >>> 1);
    k += n;
    done += n;
    yield done;
  }
  for (let b = 0; b < words; b += 16) for (let m = 0; m < 16; m++) B32[at + b + DIAG[m]] = H[X + b + m];
}

/**
 * The `scrypt` function of a backend: `fns` the descriptors of scrypt_fill and scrypt_mix,
 * `sha256` that backend's sha256 (for PBKDF2), `platform` its name.
 */
export function scryptKdf(fns, sha256, platform) {
  const required = ['scrypt_fill', 'scrypt_mix'];
  const limit = heapLimit(platform);
  let shared = null; // the instance kept between calls (its heap at most KEEP_HEAP)
  let active = null; // the instance of the innermost running call (scryptMemoryForTests)

  // Checks everything, then returns the job (kdf.js's driver runs it in slices of ctl.slice
  // BlockMix steps, each followed by a yield of the fraction done).
  function prepare(password, salt, opts, isAsync) {
    // Options first, then the inputs made plain views: an option's getter cannot change or detach
    // what is used after it.
    const o = scryptOptions(opts, isAsync);
    const owned = [];
    let P, S;
    try {
      P = kdfInput(password, 'password', owned);
      S = kdfInput(salt, 'salt', owned);
    } catch (e) {
      wipeAll(owned);
      throw e;
    }
    const job = function* (ctl) {
      const { N, r, p, dkLen } = o;
      const blockBytes = 128 * r;
      const heapUsed = blockBytes * (N + 2);
      let keyed = null, I = null;
      const prev = active;
      try {
        // The shared instance, or a fresh one for an async call and for a call made while another
        // runs (from onProgress, or during an async call's yield).
        if (shared === null) shared = new HeapInstance('scrypt', fns, required, limit);
        const mine = !isAsync && !shared.busy ? shared : new HeapInstance('scrypt', fns, required, limit);
        mine.open(heapUsed); // a RangeError before allocating when the backend cannot address it
        I = mine;
        active = I;
        keyed = hmacStream(hmacSpec(sha256), P);
        const B = new Uint8Array(blockBytes * p);
        owned.push(B);
        pbkdf2Once(keyed, S, B);
        const B32 = new Uint32Array(B.buffer);
        const total = 2 * N * p;
        const lanes = isAsync || p < 2 ? undefined : laneHooks.get(scrypt);
        const pool = lanes === undefined ? null : lanes.sync(B, N, r, p, lanesAtOnce(o));
        if (pool === null) {
          for (let i = 0; i < p; i++) for (const done of romix(I, B32, (i * blockBytes) >> 2, N, r, ctl)) yield (2 * N * i + done) / total;
        } else {
          // The lanes shared with the pool (runtime/workers.js): this thread runs the lanes it
          // claims from the front, the workers the rest from the back, then this thread blocks
          // until theirs are done and pool.end() puts them in B (or throws a worker's failure).
          let ok = false;
          try {
            let mine = 0;
            for (let i; (i = pool.claim()) >= 0; mine++)
              for (const done of romix(I, B32, (i * blockBytes) >> 2, N, r, ctl)) yield Math.min(2 * N * (mine + pool.done()) + done, total - 1) / total;
            while (!pool.wait(10)) yield Math.min(mine + pool.done(), p - 1) / p;
            ok = true;
          } finally {
            pool.end(ok);
          }
        }
        const dk = new Uint8Array(dkLen);
        pbkdf2Once(keyed, B, dk);
        return dk;
      } finally {
        if (keyed !== null) keyed.destroy();
        wipeAll(owned);
        if (I !== null) {
          active = prev;
          I.close(heapUsed);
        }
      }
    };
    return { job, o, P, S, owned };
  }

  // A pool worker's lane (scryptLaneForWorkers): ROMix of `block` (a Uint32Array of 32 * r words)
  // in place, in this thread's own heap, zeroed after it (errors included) by close().
  function lane(block, N, r, each) {
    if (shared === null) shared = new HeapInstance('scrypt', fns, required, limit);
    const I = !shared.busy ? shared : new HeapInstance('scrypt', fns, required, limit);
    const heapUsed = 128 * r * (N + 2);
    I.open(heapUsed);
    try {
      // Slices, so that V8's optimized code replaces the baseline code (runtime/kdf.js runSync).
      for (const done of romix(I, block, 0, N, r, { slice: 256 })) if (each !== undefined) each(done);
    } finally {
      I.close(heapUsed);
    }
  }

  // scrypt.async with p > 1 where the pool exists: B computed here, every lane on the workers
  // (this thread only waits for their messages), DK computed here. False when the pool cannot
  // take the lanes (nothing started: the caller runs the job on this thread instead).
  async function lanesAsync(lanes, P, S, o) {
    const { N, r, p, dkLen } = o;
    const heapUsed = 128 * r * (N + 2);
    if (shared === null) shared = new HeapInstance('scrypt', fns, required, limit);
    if (shared.target.memoryBytes + Math.ceil(heapUsed / 65536) * 65536 > limit)
      throw new RangeError(`${heapUsed} bytes of memory are more than this backend addresses (${limit / 2 ** 30} GiB with the ${shared.target.memoryBytes} static bytes)`);
    const B = new Uint8Array(128 * r * p);
    let keyed = null;
    try {
      keyed = hmacStream(hmacSpec(sha256), P);
      pbkdf2Once(keyed, S, B);
      const report = o.onProgress;
      let last = 0, thrown = null;
      const onLane = (done) => {
        if (report === null || thrown !== null || done / p <= last || done >= p) return;
        last = done / p;
        try {
          report(last);
        } catch (e) {
          thrown = e; // (thrown once every lane has ended)
        }
      };
      if (!(await lanes.async(B, N, r, p, lanesAtOnce(o), onLane))) return null;
      if (thrown !== null) throw thrown;
      const dk = new Uint8Array(dkLen);
      pbkdf2Once(keyed, B, dk);
      if (report !== null) report(1);
      return dk;
    } finally {
      if (keyed !== null) keyed.destroy();
      B.fill(0);
    }
  }

  // First slices of 64 BlockMix steps; the driver doubles or halves them to about 10 ms.
  /** scrypt(password, salt, { N, r, p, dkLen, maxmem, onProgress }) → Uint8Array(dkLen). */
  function scrypt(password, salt, opts) {
    const { job, o } = prepare(password, salt, opts, false);
    return runSync(job, o.onProgress, 64);
  }
  /** The same, yielding to the event loop every `asyncTick` ms (`nextTick`). */
  async function scryptAsync(password, salt, opts) {
    const { job, o, P, S, owned } = prepare(password, salt, opts, true);
    const lanes = o.p > 1 ? laneHooks.get(scrypt) : undefined;
    if (lanes !== undefined) {
      let dk = null;
      try {
        dk = await lanesAsync(lanes, P, S, o);
      } catch (e) {
        wipeAll(owned);
        throw e;
      }
      if (dk !== null) {
        wipeAll(owned);
        return dk;
      }
    }
    return runAsync(job, o, 64);
  }
  Object.defineProperty(scryptAsync, 'name', { value: 'async' });
  scrypt.async = Object.freeze(scryptAsync);
  laneRunners.set(scrypt, lane);
  memories.set(scrypt, () => (active !== null ? active.mem : shared !== null ? shared.mem : null));
  const definition = kdfDefinition('scrypt');
  scrypt.getDefinition = () => definition;
  scrypt.getPlatform = () => platform;
  return Object.freeze(scrypt);
}

/**
 * The wasm_threads entry's pool (runtime/workers.js threadedKdf) takes scrypt's lanes when p > 1:
 * `hooks.sync(B, N, r, p, lanesAtOnce)` returns null (this thread runs every lane) or the
 * share-out { claim(), done(), wait(ms), end(ok) }; `hooks.async(B, N, r, p, lanesAtOnce,
 * onLane)` resolves true once every lane of B is done in place, or false when it took none.
 */
export function setScryptLanes(kdf, hooks) {
  laneHooks.set(kdf, hooks);
}

/**
 * What a pool worker runs for one lane of `kdf` (its entry's scrypt): ROMix of block in place;
 * `each(steps done)` (or undefined) after every slice (a test's poisoned lane throws from it).
 */
export function scryptLaneForWorkers(kdf, block, N, r, each = undefined) {
  const run = laneRunners.get(kdf);
  if (run === undefined) throw new Error('not a scrypt function of this library');
  run(block, N, r, each);
}

/**
 * For the tests: the memory (layout and heap) of the scrypt call running now (call it from
 * onProgress), else of the kept instance; null when there is none.
 */
export function scryptMemoryForTests(kdf) {
  const f = memories.get(kdf);
  return f === undefined ? undefined : f();
}
