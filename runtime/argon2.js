// Argon2d, Argon2i and Argon2id (RFC 9106) with @noble/hashes' names and options, over the
// argon2_fill kernel (modules/argon2.js) and the library's own blake2b (H0, H', the tag).
//
// The kernel fills blocks; this file does the rest: options and inputs, H0 = BLAKE2b-512 of the
// parameters and inputs (§3.2), the first two blocks of every lane (H'^1024, variable-length
// BLAKE2b, §3.3) written straight into the kernel's memory, the order of the fill calls (pass,
// slice, lane, in pieces of a segment: runtime/kdf.js sizes them for onProgress and the async
// form's yields), and the tag, H' of the XOR of the lanes' last blocks.
//
// Memory: the blocks are the target's heap (memory.heap), linked at the size a call needs, after
// maxmem allowed it; every byte a call wrote there and in the static regions is zeroed before it
// returns, errors included, and a heap over 4 MiB is dropped after the call (runtime/heap.js).
// The copies of strings (UTF-8), H0 and the tag's input are zeroed too. Options, inputs and the
// sliced sync/async driver are runtime/kdf.js's, shared with the other KDFs.
import { HeapInstance, heapLimit } from './heap.js';
import { intOption, kdfDefinition, kdfInput, kdfOptions, runAsync, runSync, wipeAll } from './kdf.js';

/** The three variants: `type` is y of RFC 9106 (0 Argon2d, 1 Argon2i, 2 Argon2id). */
export const ARGON2D = Object.freeze({ name: 'argon2d', type: 0 });
export const ARGON2I = Object.freeze({ name: 'argon2i', type: 1 });
export const ARGON2ID = Object.freeze({ name: 'argon2id', type: 2 });

const BLOCK = 1024;
// The blocks before B[0][0] (modules/argon2.js): a zero block, then the calling thread's working
// blocks (address, input, temporary, scratch) from block OWN; a pool worker's WORK_BLOCKS are after B.
const OWN_BLOCKS = 5;
const OWN = 1;
const WORK_BLOCKS = 4;
const U32 = 2 ** 32;

const le32 = (x) => new Uint8Array(new Uint32Array([x]).buffer);

// The options (runtime/kdf.js kdfOptions: each read once, errors naming the option), with
// @noble/hashes' names, ranges and defaults. `key` and `personalization` are KDF inputs too.
const asIs = (v) => v; // key, personalization: read as inputs in prepare(), which owns the copies
const FIELDS = {
  t: [(v, a) => intOption(v, a, 1, U32 - 1), 3],
  m: [(v, a) => intOption(v, a, 0, U32 - 1), 2 ** 20],
  p: [(v, a) => intOption(v, a, 1, 2 ** 24 - 1), 1],
  dkLen: [(v, a) => intOption(v, a, 4, U32 - 1), 32],
  version: [
    (v, a) => {
      if (v !== 0x10 && v !== 0x13) throw new (typeof v === 'number' ? RangeError : TypeError)(`"${a}" must be 0x10 or 0x13, got ${typeof v === 'number' ? v : typeof v}`);
      return v;
    },
    0x13,
  ],
  key: [asIs, null],
  personalization: [asIs, null],
  maxmem: [(v, a) => intOption(v, a, 0, U32 - 1), 2 ** 30],
};

// kdf -> its shared Instance (argon2MemoryForTests).
const shareds = new WeakMap();
// kdf -> the pool's hooks (the wasm_threads entry: setArgon2Lanes); kdf -> its worker-side linker.
const laneHooks = new WeakMap();
const fillRunners = new WeakMap();
/**
 * The memory of the instance an Argon2 function of ours uses for calls one at a time, or null
 * before its first call (the hygiene tests: no secret stays there after a call).
 */
export function argon2MemoryForTests(kdf) {
  const I = shareds.get(kdf);
  return I === undefined || I.mem === null ? null : I.memory();
}

/**
 * The checked inputs of an Argon2 call (`name`: argon2d, argon2i or argon2id), shared with
 * noble.js: the options (kdfOptions), password, salt, key and personalization as bytes (UTF-8
 * copies of strings in `owned`, wiped here on an error, else by the caller), the lanes and the
 * columns q of m' = lanes * q blocks, refused above `maxmem`.
 */
export function argon2Inputs(name, password, salt, opts, isAsync) {
  const o = kdfOptions(opts === undefined ? {} : opts, name, FIELDS, isAsync);
  const owned = [];
  try {
    const pw = kdfInput(password, 'password', owned);
    const s = kdfInput(salt, 'salt', owned);
    if (s.length < 8) throw new RangeError(`"salt" must be at least 8 bytes long, got ${s.length} bytes`);
    const key = o.key === null ? new Uint8Array(0) : kdfInput(o.key, 'opts.key', owned);
    const pers = o.personalization === null ? new Uint8Array(0) : kdfInput(o.personalization, 'opts.personalization', owned);
    for (const [b, n] of [[pw, 'password'], [s, 'salt'], [key, 'opts.key'], [pers, 'opts.personalization']])
      if (b.length >= U32) throw new RangeError(`"${n}" must be shorter than 2^32 bytes, got ${b.length}`);
    // RFC 9106 §3.1: m is at least 8p KiB; m' = 4p * floor(m / 4p) blocks: p lanes of q
    // columns, four segments of q / 4 each.
    if (o.m < 8 * o.p) throw new RangeError(`"opts.m" must be at least 8 * p = ${8 * o.p} (KiB), got ${o.m}`);
    const lanes = o.p;
    const q = 4 * Math.floor(o.m / (4 * lanes));
    if (lanes * q * BLOCK > o.maxmem)
      throw new RangeError(`"opts.maxmem" must be at least the memory m' * 1024 = ${lanes * q * BLOCK} bytes (or m smaller), got ${o.maxmem}`);
    return { o, owned, pw, s, key, pers, lanes, q };
  } catch (e) {
    wipeAll(owned);
    throw e;
  }
}

/**
 * The Argon2 function of `kind` (ARGON2D, ARGON2I, ARGON2ID) over `target` (a generated
 * modules/argon2.js target, or the list of its function descriptors an entry picked) and
 * `blake2b`, the same entry's blake2b: `kdf(password, salt, opts)` and `kdf.async(...)`.
 */
export function argon2Kdf(kind, target, blake2b, platform = 'unknown') {
  const name = kind.name;
  const limit = heapLimit(platform);
  // The instance for calls one at a time; a call that finds it busy (an async call while another
  // waits, or a call from inside onProgress) gets an instance of its own, dropped after it.
  const shared = new HeapInstance(name, target, ['argon2_fill'], limit);
  target = shared.target;
  const P = shared.region('params', 32).offset;
  const HEAP = target.memoryBytes; // the blocks (the heap starts at the end of the static layout)

  // H'^T(parts) (§3.3) into out[pos .. pos + T).
  function hPrime(parts, T, out, pos) {
    const head = [le32(T), ...parts];
    if (T <= 64) {
      blake2b.chunks(head, { dkLen: T, out, outPos: pos });
      return;
    }
    const v = new Uint8Array(64);
    try {
      // V1 = BLAKE2b(T || parts), V(i+1) = BLAKE2b(Vi): the first 32 bytes of each, then all of
      // the last, BLAKE2b of T - 32r bytes.
      blake2b.chunks(head, { out: v });
      out.set(v.subarray(0, 32), pos);
      let done = 32;
      for (; T - done > 64; done += 32) {
        blake2b(v, { out: v });
        out.set(v.subarray(0, 32), pos + done);
      }
      blake2b(v, { dkLen: T - done, out, outPos: pos + done });
    } finally {
      v.fill(0);
    }
  }

  // Everything before the memory: options, inputs, sizes (maxmem), H0. Returns the job (a
  // generator of runtime/kdf.js's drivers) and the options; on an error, zeroes what it made.
  function prepare(password, salt, opts, isAsync) {
    const { o, owned, pw, s, key, pers, lanes, q } = argon2Inputs(name, password, salt, opts, isAsync);
    let job = null;
    try {
      const used = (OWN_BLOCKS + lanes * q) * BLOCK;
      if (HEAP + used > limit) throw new RangeError(`"opts.m" of ${o.m} KiB is more memory than the ${platform} backend addresses (${limit / 2 ** 30} GiB)`);
      // H0 (§3.2), 64 bytes, and 8 more for the block number and lane of H'(H0 || j || l).
      const h0 = new Uint8Array(72);
      owned.push(h0);
      const parts = [le32(o.p), le32(o.dkLen), le32(o.m), le32(o.t), le32(o.version), le32(kind.type)];
      for (const b of [pw, s, key, pers]) parts.push(le32(b.length), b);
      blake2b.chunks(parts, { out: h0 });
      const state = { o, lanes, q, segment: q / 4, h0, used, owned, isAsync };
      job = fill.bind(null, state);
      return { job, o, state };
    } finally {
      if (job === null) wipeAll(owned);
    }
  }

  // Links (or reuses) an instance with the heap the call needs (`used` bytes), writes the
  // parameters and the first blocks; returns the instance (pair with I.close(used)).
  function begin({ o, lanes, q, segment, h0 }, used) {
    const I = shared.busy ? new HeapInstance(name, target, ['argon2_fill'], limit) : shared;
    I.open(used);
    const mem = I.mem;
    const w = new DataView(mem.buffer, mem.byteOffset + P, 32);
    [lanes, q, segment, lanes * q, o.t, kind.type, o.version, Math.floor((U32 - 1) / lanes)].forEach((x, i) => w.setUint32(4 * i, x, true));
    for (let l = 0; l < lanes; l++) {
      h0.set(le32(l), 68);
      for (let j = 0; j < 2; j++) {
        h0.set(le32(j), 64);
        hPrime([h0], BLOCK, mem, at(q, l, j));
      }
    }
    return I;
  }
  const at = (q, lane, column) => HEAP + (OWN_BLOCKS + lane * q + column) * BLOCK;
  // The tag: H' of the XOR of the last blocks of the lanes (c: a zero block, zeroed after).
  function tagOf({ o, lanes, q }, mem, c) {
    for (let l = 0; l < lanes; l++) {
      const last = mem.subarray(at(q, l, q - 1), at(q, l, q - 1) + BLOCK);
      for (let i = 0; i < BLOCK; i++) c[i] ^= last[i];
    }
    const tag = new Uint8Array(o.dkLen);
    hPrime([c], o.dkLen, tag, 0);
    return tag;
  }
  // What the pool (runtime/workers.js) is told of a call: lanes, passes, segment length (blocks),
  // memory (bytes).
  const planOf = ({ o, lanes, q, segment }) => ({ lanes, t: o.t, segment, bytes: lanes * q * BLOCK });
  // The pool's view of the heap for worker k of a call: its working blocks after B.
  const poolAt = (I, { lanes, q }, used) => ({
    memory: I.memoryObject,
    heapBytes: used,
    heapAt: HEAP,
    own: (k) => OWN_BLOCKS + lanes * q + WORK_BLOCKS * k,
  });

  // The job: the memory filled in pieces of ctl.slice blocks (yielding the fraction done after
  // each), then the tag; its `finally` zeroes the memory and every temporary. With lanes on the
  // pool (wasm_threads, sync), this thread fills the tickets it claims (runtime/workers.js) and
  // waits for the slices the workers have under way.
  function* fill(state, ctl) {
    const { o, lanes, segment, owned } = state;
    let I = null, pool = null;
    let used = state.used;
    const c = new Uint8Array(BLOCK);
    try {
      const hooks = lanes > 1 && !state.isAsync ? laneHooks.get(kdf) : undefined;
      pool = hooks === undefined ? null : hooks.sync(planOf(state));
      if (pool !== null) used += WORK_BLOCKS * BLOCK * pool.workers;
      I = begin(state, used);
      const fn = I.fns.argon2_fill;
      const total = o.t * lanes * segment * 4 - 2 * lanes;
      if (pool === null) {
        let done = 0;
        for (let pass = 0; pass < o.t; pass++)
          for (let slice = 0; slice < 4; slice++)
            for (let lane = 0; lane < lanes; lane++)
              for (let from = pass === 0 && slice === 0 ? 2 : 0; from < segment; ) {
                const to = Math.min(segment, from + Math.max(1, ctl.slice));
                fn(pass, slice, lane, from, to, OWN);
                done += to - from;
                from = to;
                yield done / total;
              }
      } else {
        pool.start(poolAt(I, state, used));
        const tickets = 4 * o.t * lanes;
        const progress = (part) => Math.min(pool.done() * segment + part, total - 1) / total;
        for (let k; (k = pool.claim()) >= 0; ) {
          const round = Math.floor(k / lanes);
          for (let r; (r = pool.ready(round, 10)) !== 1; ) {
            if (r < 0) break;
            yield progress(0);
          }
          if (pool.ready(round, 0) < 0) break; // (a worker failed: end() throws its error)
          const lane = k - round * lanes, pass = Math.floor(round / 4), slice = round % 4;
          for (let from = round === 0 ? 2 : 0; from < segment; ) {
            // (at least 64 blocks: the driver halves ctl.slice after a yield that waited)
            const to = Math.min(segment, from + Math.max(64, ctl.slice));
            fn(pass, slice, lane, from, to, OWN);
            from = to;
            yield progress(from);
          }
          pool.ended();
        }
        while (pool.ready(4 * o.t, 10) === 0) yield progress(0);
        yield progress(0); // (every ticket ended: however few this thread filled, progress is told)
        const share = pool;
        pool = null;
        share.end(true); // waits for the workers' jobs; throws a worker's failure
      }
      return tagOf(state, I.mem, c);
    } finally {
      try {
        if (pool !== null) pool.end(false); // no thread is in the memory after it
      } finally {
        c.fill(0);
        wipeAll(owned);
        if (I !== null && I.busy) I.close(used);
      }
    }
  }

  // The async form with lanes on the pool (wasm_threads, p > 1): every ticket on the workers,
  // this thread only waiting for their messages. Null when the pool cannot take them (nothing
  // done: the caller runs the job here instead).
  async function poolAsync(state, hooks) {
    const pool = await hooks.async(planOf(state));
    if (pool === null) return null;
    const { o, lanes, segment, owned } = state;
    const used = state.used + WORK_BLOCKS * BLOCK * pool.workers;
    let I = null;
    const c = new Uint8Array(BLOCK);
    try {
      I = begin(state, used);
      pool.start(poolAt(I, state, used));
      const total = o.t * lanes * segment * 4 - 2 * lanes;
      const report = o.onProgress;
      let last = 0;
      await pool.run((ended) => {
        const f = Math.min(ended * segment, total - 1) / total;
        if (report !== null && f > last) report((last = f));
      });
      const tag = tagOf(state, I.mem, c);
      if (report !== null) report(1);
      return tag;
    } finally {
      c.fill(0);
      wipeAll(owned);
      if (I !== null && I.busy) I.close(used);
    }
  }

  // Slices start at 16 blocks; runtime/kdf.js doubles or halves them to about 10 ms each (a
  // slice also lets V8 swap a wasm function's baseline code for the optimized code).
  const kdf = (password, salt, opts) => {
    const { job, o } = prepare(password, salt, opts, false);
    return runSync(job, o.onProgress, 16);
  };
  kdf.async = async (password, salt, opts) => {
    const { job, o, state } = prepare(password, salt, opts, true);
    const hooks = state.lanes > 1 ? laneHooks.get(kdf) : undefined;
    if (hooks !== undefined) {
      let tag = null;
      try {
        tag = await poolAsync(state, hooks);
      } catch (e) {
        wipeAll(state.owned);
        throw e;
      }
      if (tag !== null) return tag;
    }
    return runAsync(job, o, 16);
  };
  Object.defineProperty(kdf, 'name', { value: name });
  Object.defineProperty(kdf.async, 'name', { value: 'async' });
  kdf.getPlatform = () => platform;
  const definition = kdfDefinition(name);
  kdf.getDefinition = () => definition;
  Object.freeze(kdf.async);
  shareds.set(kdf, shared);
  // What a pool worker runs: the kernel linked over the caller's shared memory (base 0: the
  // parameters the caller wrote; the heap), for one job.
  fillRunners.set(kdf, (memory, heapBytes) => target.link({ memory, base: 0, heapBytes }).fns.argon2_fill);
  return Object.freeze(kdf);
}

/**
 * The wasm_threads entry's pool (runtime/workers.js threadedArgon2) takes the lanes when p > 1:
 * `hooks.sync(plan)` returns null (this thread fills every segment) or the share-out { workers,
 * start(at), claim(), ready(round, ms), ended(), done(), end(ok) }; `hooks.async(plan)` resolves
 * null or { workers, start(at), run(onTicket) }. plan = { lanes, t, segment, bytes }.
 */
export function setArgon2Lanes(kdf, hooks) {
  laneHooks.set(kdf, hooks);
}

/**
 * What a pool worker runs for a call of `kdf` (its entry's Argon2 function): argon2_fill(pass,
 * slice, lane, from, to, own) over `memory`, the caller's shared memory of heapBytes of heap.
 */
export function argon2FillForWorkers(kdf, memory, heapBytes) {
  const link = fillRunners.get(kdf);
  if (link === undefined) throw new Error('not an Argon2 function of this library');
  return link(memory, heapBytes);
}
