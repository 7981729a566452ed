// The hash shape of docs/api.md, written once for every hash of every shape. An engine (one file
// per algorithm shape: runtime/md.js for Merkle–Damgård, and the sponge, BLAKE2 and BLAKE3
// engines) knows how to drive its kernels; this file turns it into the public function:
// argument and option checking, `out`/`outPos`, `chunks`, `parallel`, the `.async` forms,
// `create()` streams with their status rules, `clone`/`_cloneInto` (the protocol of
// @noble/hashes' hmac, hkdf and pbkdf2), `getDefinition`, `oid`.
//
// An engine gives makeHash() a spec:
//   name, module, platform, blockLen, outputLen, canXOF, oid (byte array or null)
//   dkLen      null (fixed output length) or [min, max] (accepted `opts.dkLen`; outputLen is the default)
//   options    null, or { [optionName]: (value, params) => void } for the engine's own options
//              (key, salt, ...): each checks its value, throwing a TypeError/RangeError that names
//              `opts.<name>`, and records it in params
//   params()   a fresh params object, given to the option parsers (called only when opts has one)
//   check(params, dkLen)  optional: checks that need every option (e.g. two that exclude each other)
//   run(msg, list, params, dkLen, dst, pos)  the digest of `msg` (a Uint8Array), or of the
//              concatenation of `list` when msg is null, as dkLen bytes written to dst at pos
//   stream(params, dkLen)  a new stream (a subclass of Stream below)
//   parallel(list, params, dkLen, outs, res)  optional fast path for parallel(): may fill res[i]
//              (digests, written like run() would) for a prefix of the list; returns that count
//   instance   the engine's Instance (below): memoryForTests, and the worker pool of wasm_threads
// params is null when no engine option was given; engines treat null as "all defaults".
//
// Every Uint8Array argument is made a plain view once (checks.js: bytesArg) before any byte
// reaches an engine, and options are read once from own properties and applied only after all
// were read, so getters cannot change a call under way (tests/lib/hostile.test.js).
import { bytesArg, isBytes, notBytes, typeName } from './checks.js';

// hash function -> its spec (the engine's; see above).
const specs = new WeakMap();

/** The whole wasm/JS memory behind a hash function of ours (for the hygiene tests), or undefined. */
export function memoryForTests(hashFn) {
  const spec = specs.get(hashFn);
  return spec === undefined ? undefined : spec.instance.memory();
}

/** The engine's spec of a hash function of ours, or undefined (runtime/workers.js). */
export const specOf = (hashFn) => specs.get(hashFn);

// wasm_threads: hash function -> { sync, async }, parallel() across the worker pool
// (runtime/workers.js threaded()): sync(hash, list, params, dkLen, outs, res) returns true when it
// filled res, false to leave the batch to the calling thread; async(...) a promise of true/false.
const threadedParallel = new WeakMap();
export function setThreaded(hashFn, impl) {
  threadedParallel.set(hashFn, impl);
}

// In a worker thread of the pool (runtime/worker.js): label -> { memory, base } of the shared
// memory and copy of the layout that the Instance of that label links over, or null.
let threadLink = null;
/** Worker threads only: `fn(label)` gives the { memory, base } an Instance links over, or undefined. */
export function setThreadLink(fn) {
  threadLink = fn;
}

const now =
  typeof performance === 'object' && typeof performance.now === 'function'
    ? () => performance.now()
    : () => Date.now();
// Yield to the event loop, not only to the microtask queue, so timers and I/O get a turn.
const defaultNextTick =
  typeof setImmediate === 'function'
    ? () => new Promise((resolve) => setImmediate(resolve))
    : () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * One lazily created instance of a generated target (docs/target-contract.md), shared by the
 * calls of the hashes built on it, with the guard against re-entrant calls (a user callback that
 * hashes while a call runs). Engines call enter() before touching the memory and leave() after
 * wiping what they wrote, in a `finally`.
 */
export class Instance {
  // `target`: a generated target module, or the list of its function descriptors (`$name`
  // exports) that an entry picked; undefined entries (functions a backend lacks) are skipped.
  constructor(label, target, required) {
    if (Array.isArray(target)) target = subset(target);
    if (!target || typeof target.instantiate !== 'function' || !Number.isSafeInteger(target.memoryBytes))
      throw new TypeError(`${label}: "target" must be a generated target module`);
    const fns = target.functions;
    for (const f of required)
      if (!Array.isArray(fns) || !fns.includes(f)) throw new TypeError(`${label}: target lacks function ${f}`);
    this.label = label;
    this.target = target;
    this.required = required;
    this.mem = null; // the whole memory as bytes; null until first use
    this.mem32 = null; // the same as 32-bit words (for zeroing short ranges quickly), or null
    this.fns = null;
    this.memoryObject = null; // wasm: the WebAssembly.Memory (shared on wasm_threads)
    this.busy = false;
  }
  /** The region `name` of the target, checked: 16-aligned, inside the memory, at least `min` bytes. */
  region(name, min = 16) {
    const t = this.target;
    const r = t.regions && t.regions[name];
    if (
      !r || !Number.isSafeInteger(r.offset) || !Number.isSafeInteger(r.bytes) || r.bytes < min ||
      r.bytes % 16 !== 0 || r.offset < 0 || r.offset % 16 !== 0 || r.offset + r.bytes > t.memoryBytes
    )
      throw new TypeError(`${this.label}: the target needs a 16-aligned region "${name}" of at least ${min} bytes`);
    return r;
  }
  load() {
    const at = threadLink !== null && typeof this.target.link === 'function' ? threadLink(this.label) : undefined;
    const inst = at !== undefined ? this.target.link(at) : this.target.instantiate();
    if (!inst || !isBytes(inst.mem) || inst.mem.length < this.target.memoryBytes || !inst.fns)
      throw new TypeError(`${this.label}: target.instantiate() returned no { mem, fns }`);
    for (const f of this.required)
      if (typeof inst.fns[f] !== 'function') throw new TypeError(`${this.label}: instance lacks function ${f}`);
    const m = inst.mem;
    this.mem32 = m.byteOffset % 4 === 0 ? new Int32Array(m.buffer, m.byteOffset, m.length >> 2) : null;
    this.fns = inst.fns;
    this.memoryObject = inst.memory instanceof WebAssembly.Memory ? inst.memory : null;
    this.mem = m;
  }
  /**
   * The whole memory, instantiating the target if needed (memoryForTests): on wasm_threads every
   * thread's copy of the layout, not only this thread's.
   */
  memory() {
    if (this.mem === null) this.load();
    return this.memoryObject !== null ? new Uint8Array(this.memoryObject.buffer) : this.mem;
  }
  enter() {
    if (this.mem === null) this.load();
    if (this.busy) throw new Error(`${this.label}: re-entrant call (a hash was called from inside a running hash call)`);
    // A wasm memory that grew would have detached our views: writes would vanish silently.
    if (this.mem.length === 0) throw new Error(`${this.label}: the target memory was detached (did a kernel grow it?)`);
    this.busy = true;
  }
  leave() {
    this.busy = false;
  }
  /**
   * Zeroes mem[off .. off + len), rounded up to whole words: only for region starts (16-aligned)
   * and lengths that stay inside the region when rounded up. A word loop beats
   * TypedArray.prototype.fill's call overhead for the short ranges of small calls.
   */
  zero(off, len) {
    const m = this.mem32;
    if (len > 256 || m === null) this.mem.fill(0, off, off + len);
    else for (let i = off >> 2, e = (off + len + 3) >> 2; i < e; i++) m[i] = 0;
  }
}

// The target contract (memoryBytes, regions, functions, instantiate) for some of a target's
// functions: instantiate() links only those.
function subset(descriptors) {
  const list = descriptors.filter((d) => d !== undefined);
  const layout = list.length > 0 && list[0].layout;
  if (!layout || list.some((d) => d.layout !== layout)) throw new TypeError('kernel descriptors must come from one target file');
  return {
    memoryBytes: layout.memoryBytes,
    regions: layout.regions,
    functions: list.map((d) => d.name),
    instantiate: () => layout.link(list),
    link: (at) => layout.link(list, at), // a worker thread's copy (setThreadLink)
  };
}

/**
 * `src` copied into `dst` (reused when it has the right length) for a stream's _copyTo, or null
 * when src is null (dst, if any, zeroed: it may hold secrets).
 */
export function copyOrNull(src, dst) {
  if (src === null) {
    if (dst !== null) dst.fill(0);
    return null;
  }
  if (dst === null || dst.length !== src.length) return src.slice();
  dst.set(src);
  return dst;
}

const ACTIVE = 0;
const SQUEEZING = 1; // xof() was called: more output may follow, nothing may be absorbed
const FINISHED = 2;
const DESTROYED = 3;
const STATUS = ['', 'xof()', 'digest()', 'destroy()'];

/**
 * The base of every engine's stream. Engines implement:
 *   _update(msg)              absorb msg (a plain Uint8Array); may throw (the stream is destroyed)
 *   _finish(dst, pos, len)    write the digest (len bytes) to dst at pos
 *   _squeeze(dst, pos, len)   XOF engines: the next len output bytes (finishing on first call)
 *   _copyTo(to)               copy this stream's whole state into `to`, a stream from _blank()
 *   _blank()                  a new stream with the same parameters, in its initial state
 *   _wipe()                   zero every secret-bearing field
 */
export class Stream {
  constructor(spec, dkLen) {
    this._spec = spec;
    this._status = ACTIVE;
    this.blockLen = spec.blockLen;
    this.outputLen = dkLen;
    this.canXOF = spec.canXOF;
  }
  _check(method, status = ACTIVE) {
    if (this._status !== ACTIVE && this._status !== status)
      throw new Error(`${this._spec.name} stream: ${method}() after ${STATUS[this._status]}`);
  }
  update(msg) {
    this._check('update');
    msg = bytesArg(msg, 'msg');
    try {
      this._update(msg);
    } catch (e) {
      this._wipe();
      this._status = DESTROYED; // the state may be half-updated: never let it produce a digest
      throw e;
    }
    return this;
  }
  // Writes the digest to dst[pos..]; the stream is finished afterwards, and wiped, errors included.
  _final(dst, pos) {
    try {
      this._finish(dst, pos, this.outputLen);
    } finally {
      this._wipe();
      this._status = FINISHED;
    }
  }
  digestInto(buf) {
    this._check('digestInto');
    buf = bytesArg(buf, 'buf');
    if (buf.length < this.outputLen) throw new RangeError(`"buf" must have length >= ${this.outputLen}, got ${buf.length}`);
    this._final(buf, 0);
  }
  digest() {
    this._check('digest');
    const res = new Uint8Array(this.outputLen);
    this._final(res, 0);
    return res;
  }
  xofInto(buf) {
    if (!this.canXOF) throw new Error(`${this._spec.name} cannot XOF (canXOF is false)`);
    this._check('xofInto', SQUEEZING);
    buf = bytesArg(buf, 'buf');
    this._xof(buf);
    return buf;
  }
  xof(bytes) {
    if (!this.canXOF) throw new Error(`${this._spec.name} cannot XOF (canXOF is false)`);
    this._check('xof', SQUEEZING);
    if (typeof bytes !== 'number') throw new TypeError(`"bytes" must be a non-negative integer, got ${typeName(bytes)}`);
    if (!Number.isSafeInteger(bytes) || bytes < 0) throw new RangeError(`"bytes" must be a non-negative integer, got ${bytes}`);
    const res = new Uint8Array(bytes);
    this._xof(res);
    return res;
  }
  _xof(buf) {
    this._status = SQUEEZING;
    try {
      this._squeeze(buf, 0, buf.length);
    } catch (e) {
      this._wipe();
      this._status = DESTROYED;
      throw e;
    }
  }
  clone() {
    return this._cloneInto();
  }
  // The protocol of @noble/hashes' hmac, hkdf and pbkdf2: copy this stream into `to` (a stream of
  // the same hash and parameters, in any status, reused without allocating) or into a new one.
  _cloneInto(to) {
    this._check('clone', SQUEEZING);
    if (to === undefined || to === null) to = this._blank();
    else if (!(to instanceof Stream) || to._spec !== this._spec || to.constructor !== this.constructor || to.outputLen !== this.outputLen)
      throw new TypeError(`"to" must be a ${this._spec.name} stream with the same options, got ${typeName(to)}`);
    this._copyTo(to);
    to._status = this._status;
    return to;
  }
  destroy() {
    this._wipe();
    this._status = DESTROYED;
  }
}

// What an entry point accepts besides dkLen and the engine's options (bit flags).
const F_OUT = 1; // out, outPos
const F_ASYNC = 2; // asyncTick, onProgress, nextTick
const F_OUT_LIST = 4; // out may also be an array of buffers (parallel)
const SYNC = F_OUT;
const ASYNC = F_OUT | F_ASYNC;
const CREATE = 0;
const PARALLEL = F_OUT | F_OUT_LIST;
const PARALLEL_ASYNC = F_OUT | F_OUT_LIST | F_ASYNC;

// ---- Options, parsed into these variables (no allocation on the hot path). Options are the own
// enumerable properties of `opts`, each read exactly once (a getter runs once; inherited keys are
// not options). They are checked into locals and assigned only at the end, so a getter that hashes
// again (re-entering readOpts) cannot change this call's options.
let optOut = null;
let optPos = 0;
let optTick = 10;
let optProgress = null;
let optNextTick = defaultNextTick;
let optDkLen = 0;
let optParams = null;

function readOpts(spec, opts, kind, where) {
  let out = null;
  let pos = 0;
  let tick = 10;
  let progress = null;
  let nextTick = defaultNextTick;
  let dkLen = spec.outputLen;
  let params = null;
  if (opts !== undefined) {
    if (opts === null || typeof opts !== 'object' || Array.isArray(opts))
      throw new TypeError(`"opts" must be an object, got ${typeName(opts)}`);
    let posGiven = false;
    const keys = Object.keys(opts);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const v = opts[key];
      if (v === undefined) continue;
      if (key === 'dkLen') {
        if (typeof v !== 'number') throw new TypeError(`"opts.dkLen" must be a number, got ${typeName(v)}`);
        const r = spec.dkLen;
        if (r === null) {
          if (v !== spec.outputLen)
            throw new RangeError(`"opts.dkLen" must be ${spec.outputLen} for ${spec.name} (it cannot produce other output lengths), got ${v}`);
        } else if (!Number.isSafeInteger(v) || v < r[0] || v > r[1]) {
          throw new RangeError(`"opts.dkLen" must be an integer from ${r[0]} to ${r[1]} for ${spec.name}, got ${v}`);
        }
        dkLen = v;
      } else if ((kind & F_OUT) !== 0 && key === 'out') {
        if ((kind & F_OUT_LIST) !== 0 && Array.isArray(v)) out = v; // checked per buffer by parallelDestinations
        else if (isBytes(v)) out = bytesArg(v, 'opts.out');
        else
          throw new TypeError(`"opts.out" must be Uint8Array${(kind & F_OUT_LIST) !== 0 ? ' or an array of Uint8Array' : ''}, got ${typeName(v)}`);
      } else if ((kind & F_OUT) !== 0 && key === 'outPos') {
        if (typeof v !== 'number') throw new TypeError(`"opts.outPos" must be a non-negative integer, got ${typeName(v)}`);
        if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`"opts.outPos" must be a non-negative integer, got ${v}`);
        pos = v;
        posGiven = true;
      } else if ((kind & F_ASYNC) !== 0 && key === 'asyncTick') {
        if (typeof v !== 'number') throw new TypeError(`"opts.asyncTick" must be a number of milliseconds, got ${typeName(v)}`);
        if (!(v >= 0) || v === Infinity) throw new RangeError(`"opts.asyncTick" must be a finite number >= 0, got ${v}`);
        tick = v;
      } else if ((kind & F_ASYNC) !== 0 && key === 'onProgress') {
        if (typeof v !== 'function') throw new TypeError(`"opts.onProgress" must be a function, got ${typeName(v)}`);
        progress = v;
      } else if ((kind & F_ASYNC) !== 0 && key === 'nextTick') {
        if (typeof v !== 'function') throw new TypeError(`"opts.nextTick" must be a function, got ${typeName(v)}`);
        nextTick = v;
      } else if (spec.options !== null && Object.prototype.hasOwnProperty.call(spec.options, key)) {
        if (params === null) params = spec.params();
        spec.options[key](v, params);
      } else {
        const hint = (kind & F_ASYNC) === 0 && (key === 'asyncTick' || key === 'onProgress' || key === 'nextTick')
          ? ' (only the .async variants take it)' : '';
        throw new TypeError(`unknown option "${key}" for ${spec.name}${where}${hint}`);
      }
    }
    if (posGiven && out === null) throw new TypeError('"opts.outPos" needs "opts.out"');
    if (spec.check !== undefined) spec.check(params, dkLen);
  }
  optOut = out;
  optPos = pos;
  optTick = tick;
  optProgress = progress;
  optNextTick = nextTick;
  optDkLen = dkLen;
  optParams = params;
}

// Check that opts.out has room for `count` digests of `len` bytes at opts.outPos.
function checkOutRoom(count, len) {
  const need = optPos + count * len;
  if (optOut.length < need)
    throw new RangeError(`"opts.out" is too small: ${count * len} bytes at outPos ${optPos} need length >= ${need}, got ${optOut.length}`);
}

// Where parallel() writes digest i, as [buffer, position] pairs, or null (allocate new arrays).
// opts.out is one flat buffer (digest i at outPos + i * len) or an array with one buffer per
// message (each written at outPos).
function parallelDestinations(count, len) {
  if (optOut === null) return null;
  const outs = new Array(count);
  if (!Array.isArray(optOut)) {
    checkOutRoom(count, len);
    for (let i = 0; i < count; i++) outs[i] = [optOut, optPos + i * len];
    return outs;
  }
  if (optOut.length !== count)
    throw new RangeError(`"opts.out" must have one buffer per message (${count}), got ${optOut.length}`);
  for (let i = 0; i < count; i++) {
    const b = bytesArg(optOut[i], `opts.out[${i}]`);
    if (b.length < optPos + len)
      throw new RangeError(`"opts.out[${i}]" is too small: need length >= ${optPos + len}, got ${b.length}`);
    outs[i] = [b, optPos];
  }
  return outs;
}

// The list arguments (chunks' parts, parallel's msgs) are checked before the options are read.
function arrayArg(a, name) {
  if (!Array.isArray(a)) throw new TypeError(`"${name}" must be an array of Uint8Array, got ${typeName(a)}`);
}
// A copy of the array `parts` (checked by arrayArg), each element read once and made a plain
// Uint8Array (bytesArg), so that neither the array nor its elements can change under us.
function readParts(parts, name) {
  const n = parts.length;
  const list = new Array(n);
  for (let i = 0; i < n; i++) list[i] = bytesArg(parts[i], `${name}[${i}]`);
  return list;
}

// The result of writing `len` bytes at `pos` of `out`: out itself when it is exactly that.
export const result = (out, pos, len) => (pos === 0 && out.length === len ? out : out.subarray(pos, pos + len));

// ---- Async: feeds a stream in slices, yielding every `asyncTick` ms.
const MIN_SLICE = 1024;
const MAX_SLICE = 1 << 20;
async function feedAsync(st, parts, ctl) {
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    for (let pos = 0; pos < p.length; ) {
      const end = Math.min(p.length, pos + ctl.slice);
      const t0 = now();
      st.update(pos === 0 && end === p.length ? p : p.subarray(pos, end));
      ctl.done += end - pos;
      pos = end;
      const t1 = now();
      // Keep one slice well under the tick so yields happen on time, even on slow backends
      // (with asyncTick 0, slices of about a millisecond).
      const budget = ctl.tick > 2 ? ctl.tick : 2;
      if (t1 - t0 > budget / 2 && ctl.slice > MIN_SLICE) ctl.slice >>= 1;
      else if (t1 - t0 < budget / 8 && ctl.slice < MAX_SLICE) ctl.slice <<= 1;
      if (t1 - ctl.last >= ctl.tick) await pause(ctl);
    }
  }
}
async function pause(ctl) {
  if (ctl.onProgress !== null && ctl.total > 0) ctl.onProgress(ctl.done / ctl.total);
  await ctl.nextTick();
  ctl.last = now();
}
function asyncControl(total) {
  return { tick: optTick, onProgress: optProgress, nextTick: optNextTick, total, done: 0, slice: 16384, last: now() };
}
// The digest of the concatenation of `list` through a stream fed in slices, written to out at pos
// (or a new array when out is null).
async function digestAsync(spec, list, total, params, dkLen, out, pos, ctl) {
  const st = spec.stream(params, dkLen);
  try {
    await feedAsync(st, list, ctl);
    const d = out === null ? new Uint8Array(dkLen) : out;
    st._final(d, pos);
    return out === null ? d : result(out, pos, dkLen);
  } finally {
    st.destroy();
  }
}

/** The public hash function for an engine's spec (see the top of this file). */
export function makeHash(spec) {
  const name = spec.name;

  function hash(msg, opts) {
    if (!isBytes(msg)) throw notBytes('msg', msg);
    let out = null;
    let pos = 0;
    let dkLen = spec.outputLen;
    let params = null;
    if (opts !== undefined) {
      readOpts(spec, opts, SYNC, '');
      out = optOut;
      pos = optPos;
      dkLen = optDkLen;
      params = optParams;
      if (out !== null) checkOutRoom(1, dkLen);
    }
    msg = bytesArg(msg, 'msg'); // after the options: their getters cannot change what is hashed
    if (out === null) {
      out = new Uint8Array(dkLen);
      spec.run(msg, null, params, dkLen, out, 0);
      return out;
    }
    spec.run(msg, null, params, dkLen, out, pos);
    return result(out, pos, dkLen);
  }

  function chunks(parts, opts) {
    arrayArg(parts, 'parts');
    readOpts(spec, opts, SYNC, '.chunks');
    const dkLen = optDkLen;
    const params = optParams;
    let out = optOut;
    const pos = optPos;
    if (out !== null) checkOutRoom(1, dkLen);
    const list = readParts(parts, 'parts'); // each part read once, before any byte reaches memory
    if (out === null) out = new Uint8Array(dkLen);
    spec.run(null, list, params, dkLen, out, pos);
    return result(out, pos, dkLen);
  }

  // Independent messages: the engine's fast path (SIMD lanes) for what it can, the rest one
  // after another. (Threads come with the worker pool.)
  function parallel(msgs, opts) {
    arrayArg(msgs, 'msgs');
    readOpts(spec, opts, PARALLEL, '.parallel');
    const dkLen = optDkLen;
    const params = optParams;
    const list = readParts(msgs, 'msgs'); // each message read once
    const outs = parallelDestinations(list.length, dkLen);
    const res = new Array(list.length);
    const threads = threadedParallel.get(hash);
    if (threads !== undefined && threads.sync(hash, list, params, dkLen, outs, res)) return res;
    const first = spec.parallel !== undefined ? spec.parallel(list, params, dkLen, outs, res) : 0;
    for (let i = first; i < list.length; i++) {
      const d = outs === null ? new Uint8Array(dkLen) : outs[i][0];
      const p = outs === null ? 0 : outs[i][1];
      spec.run(list[i], null, params, dkLen, d, p);
      res[i] = outs === null ? d : result(d, p, dkLen);
    }
    return res;
  }

  async function hashAsync(msg, opts) {
    if (!isBytes(msg)) throw notBytes('msg', msg);
    readOpts(spec, opts, ASYNC, '.async');
    const dkLen = optDkLen;
    const params = optParams;
    const out = optOut;
    const pos = optPos;
    if (out !== null) checkOutRoom(1, dkLen);
    msg = bytesArg(msg, 'msg');
    const ctl = asyncControl(msg.length);
    const res = await digestAsync(spec, [msg], msg.length, params, dkLen, out, pos, ctl);
    if (ctl.onProgress !== null) ctl.onProgress(1);
    return res;
  }

  async function chunksAsync(parts, opts) {
    arrayArg(parts, 'parts');
    readOpts(spec, opts, ASYNC, '.chunks.async');
    const dkLen = optDkLen;
    const params = optParams;
    const out = optOut;
    const pos = optPos;
    if (out !== null) checkOutRoom(1, dkLen);
    const list = readParts(parts, 'parts'); // a copy: the caller may change the array while we yield
    let total = 0;
    for (let i = 0; i < list.length; i++) total += list[i].length;
    const ctl = asyncControl(total);
    const res = await digestAsync(spec, list, total, params, dkLen, out, pos, ctl);
    if (ctl.onProgress !== null) ctl.onProgress(1);
    return res;
  }

  async function parallelAsync(msgs, opts) {
    arrayArg(msgs, 'msgs');
    readOpts(spec, opts, PARALLEL_ASYNC, '.parallel.async');
    const dkLen = optDkLen;
    const params = optParams;
    const list = readParts(msgs, 'msgs'); // a copy, each message read once
    let total = 0;
    for (let i = 0; i < list.length; i++) total += list[i].length;
    const outs = parallelDestinations(list.length, dkLen);
    const res = new Array(list.length);
    const ctl = asyncControl(total); // (reads the options now: another call may parse its own while we wait)
    const threads = threadedParallel.get(hash);
    if (threads !== undefined && (await threads.async(hash, list, params, dkLen, outs, res))) {
      if (ctl.onProgress !== null) ctl.onProgress(1);
      return res;
    }
    for (let i = 0; i < list.length; i++)
      res[i] = await digestAsync(spec, [list[i]], list[i].length, params, dkLen, outs === null ? null : outs[i][0], outs === null ? 0 : outs[i][1], ctl);
    if (ctl.onProgress !== null) ctl.onProgress(1);
    return res;
  }

  function create(opts) {
    readOpts(spec, opts, CREATE, '.create');
    return spec.stream(optParams, optDkLen);
  }

  const definition = Object.freeze({
    module: spec.module, name, blockLen: spec.blockLen, outputLen: spec.outputLen, canXOF: spec.canXOF,
  });
  Object.defineProperty(hash, 'name', { value: name });
  for (const f of [chunksAsync, parallelAsync, hashAsync]) Object.defineProperty(f, 'name', { value: 'async' });
  chunks.async = chunksAsync;
  parallel.async = parallelAsync;
  Object.freeze(chunks);
  Object.freeze(parallel);
  Object.freeze(hashAsync);
  Object.assign(hash, {
    outputLen: spec.outputLen,
    blockLen: spec.blockLen,
    canXOF: spec.canXOF,
    create,
    chunks,
    parallel,
    async: hashAsync,
    getPlatform: () => spec.platform,
    getDefinition: () => definition,
  });
  // "where defined" (docs/api.md): e.g. the legacy hashes have none.
  if (spec.oid !== null) hash.oid = Uint8Array.from(spec.oid);
  specs.set(hash, spec);
  return Object.freeze(hash);
}
