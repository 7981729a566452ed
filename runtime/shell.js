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
//   options    null, or { [optionName]: (value, params, arg) => void } for the engine's own options
//              (key, salt, ...): each checks its value, throwing a TypeError/RangeError that names
//              `arg` (`opts.<name>`, or `key` for a MAC's key given directly), and records it in params
//   keyed      optional, true for a MAC (poly1305, ghash, polyval, cmac): every form takes
//              `key | {key, ...}` where other hashes take `opts` (mac(msg, key), create(key),
//              chunks(parts, key), ...), and a key is required: options.key(value, params, 'key')
//              checks a key given directly, and must set params.key (null/undefined: no key given)
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
import { anumber, bytesArg, isBytes, mustBe, notBytes, typeName } from './checks.js';

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


export const now =
  typeof performance === 'object' && typeof performance.now === 'function'
    ? () => performance.now()
    : () => Date.now();
// Yield to the event loop, not only to the microtask queue, so timers and I/O get a turn.
export const defaultNextTick =
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
  // The shape of the generated targets (regions, functions, what instantiate() returns) is
  // checked by the test suite (tests/lib/targets.test.js), not here: this code is in every bundle.
  constructor(label, target) {
    this.label = label;
    this.target = Array.isArray(target) ? subset(target) : target;
    this.mem = null; // the whole memory as bytes; null until first use
    this.mem32 = null; // the same as 32-bit words (for zeroing short ranges quickly), or null
    this.fns = null;
    this.memoryObject = null; // wasm: the WebAssembly.Memory (shared on wasm_threads)
    // In a worker thread of the pool (runtime/worker.js): { memory, base }, the caller's shared
    // memory and this thread's copy of the layout in it, set before the first load(); else null.
    this.linkAt = null;
    // The re-entrancy guard: { busy }, the instance's own, or (set by load()) the record of a
    // memory shared with other instances (js: one memory per target file, runtime/link.js linkJs).
    this.guard = { busy: false };
  }
  /** Whether a session runs on this instance's memory (this instance's or another's sharing it). */
  get busy() {
    return this.guard.busy;
  }
  fail(what, E = TypeError) {
    throw new E(`${this.label}: ${what}`);
  }
  /** The region `name` of the target, checked: at least `min` bytes. */
  region(name, min = 16) {
    const r = this.target.regions[name];
    if (!r || r.bytes < min) this.fail(`the target needs a region "${name}" of at least ${min} bytes`);
    return r;
  }
  load() {
    const at = this.linkAt;
    const inst = at !== null ? this.target.link(at) : this.target.linkShared !== undefined ? this.target.linkShared() : this.target.instantiate();
    const m = inst.mem;
    if (inst.shared !== undefined) this.guard = inst.shared;
    this.mem32 = m.byteOffset % 4 === 0 ? new Int32Array(m.buffer, m.byteOffset, m.length >> 2) : null;
    this.fns = inst.fns;
    this.memoryObject = typeof WebAssembly === 'object' && inst.memory instanceof WebAssembly.Memory ? inst.memory : null; // no WebAssembly global under node --jitless
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
    const m = this.mem === null ? this.memory() : this.mem;
    const g = this.guard;
    if (g.busy) this.fail('re-entrant call (a hash was called from inside a running hash call)', Error);
    // A wasm memory that grew would have detached our views: writes would vanish silently.
    if (m.length === 0) this.fail('the target memory was detached (did a kernel grow it?)', Error);
    g.busy = true;
  }
  leave() {
    this.guard.busy = false;
  }
  /**
   * Zeroes mem[off .. off + len), rounded up to whole words: only for region starts (16-aligned)
   * and lengths that stay inside the region when rounded up (or a run of adjacent regions that
   * starts at one). A word loop beats TypedArray.prototype.fill's call overhead below about 32
   * words (node 20, CPU time, best of 5: the fill of an Int32Array costs 23-26 ns at any length up
   * to 256 bytes; the loop 9 ns for 32 bytes, 15 ns for 64, 22 ns for 128, 31 ns for 192); longer
   * ones fill words: on a shared memory (wasm_threads) V8 fills a Uint8Array a byte at a time,
   * four times slower than words (a 1 KiB one-shot lost 20% to it).
   */
  zero(off, len) {
    const m = this.mem32;
    if (m === null) this.mem.fill(0, off, off + len);
    else if (len > 112) m.fill(0, off >> 2, (off + len + 3) >> 2);
    else for (let i = off >> 2, e = (off + len + 3) >> 2; i < e; i++) m[i] = 0;
  }
}

// The target contract (memoryBytes, regions, functions, instantiate) for some of a target's
// functions: instantiate() links only those, and `regions` are the ones they touch (each
// descriptor lists its own, so a bundle carries only the layout of the kernels it links).
function subset(descriptors) {
  const list = descriptors.filter((d) => d !== undefined);
  const layout = list[0].layout;
  if (list.some((d) => d.layout !== layout)) throw new TypeError('kernel descriptors must come from one target file');
  const regions = Object.assign({}, ...list.map((d) => d.regions));
  // link(at): a worker thread's copy of the layout (Instance.linkAt). instantiate(): a fresh
  // memory (the tests'). linkShared(): the library's link, of the list marked `shared`: on js the
  // one memory of the target file, shared by every instance that links some of its functions
  // (runtime/link.js, linkJs); the other backends link a memory of the instance's own. Not for a
  // heap target (HeapInstance links its own memory, sized per call).
  const heap = Object.values(regions).some((r) => r.heap === true);
  const marked = Object.assign(list.slice(), { shared: true });
  return {
    ...layout, regions, functions: list.map((d) => d.name),
    instantiate: () => layout.link(list), link: (at) => layout.link(list, at),
    linkShared: heap ? undefined : () => layout.link(marked),
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
    this._xofCheck('xofInto');
    return this._xof(bytesArg(buf, 'buf'));
  }
  xof(bytes) {
    this._xofCheck('xof');
    return this._xof(new Uint8Array(anumber(bytes, 'bytes')));
  }
  _xofCheck(method) {
    if (!this.canXOF) throw new Error(`${this._spec.name} cannot XOF (canXOF is false)`);
    this._check(method, SQUEEZING);
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
    return buf;
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

// What an entry point accepts besides dkLen and the engine's options (bit flags), and the shape of
// its first argument.
const F_OUT = 1; // out, outPos
const F_ASYNC = 2; // asyncTick, onProgress, nextTick
const F_LIST = 4; // the first argument is an array (parts or msgs)
const F_MANY = 8; // independent messages (parallel): out may also be an array of buffers
const ASYNC_KEYS = ['asyncTick', 'onProgress', 'nextTick'];

// ---- Options: the own enumerable properties of `opts`, each read exactly once (a getter runs
// once; inherited keys are not options), checked into locals and returned together at the end, so
// a getter that hashes again (re-entering readOpts) cannot change this call's options.
function readOpts(spec, opts, kind, where) {
  const o = { out: null, pos: 0, tick: 10, onProgress: null, nextTick: defaultNextTick, dkLen: spec.outputLen, params: null };
  if (spec.keyed === true) {
    // A MAC: the key itself, or options with a key.
    if (isBytes(opts)) {
      o.params = keyParams(spec, opts);
      if (spec.check !== undefined) spec.check(o.params, o.dkLen);
      return o;
    }
    if (opts === undefined) throw noKey();
    if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw mustBe(TypeError, 'key', 'Uint8Array or an object with "key"', typeName(opts));
  }
  if (opts === undefined) return o;
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw mustBe(TypeError, 'opts', 'an object', typeName(opts));
  let posGiven = false;
  for (const key of Object.keys(opts)) {
    const v = opts[key];
    if (v === undefined) continue;
    const arg = `opts.${key}`;
    const isAsync = ASYNC_KEYS.includes(key);
    const want = (type, what) => {
      if (typeof v !== type) throw mustBe(TypeError, arg, what, typeName(v));
    };
    if (key === 'dkLen') {
      want('number', 'a number');
      const r = spec.dkLen;
      if (r === null ? v !== spec.outputLen : !Number.isSafeInteger(v) || v < r[0] || v > r[1])
        throw mustBe(RangeError, arg, `${r === null ? spec.outputLen : `an integer from ${r[0]} to ${r[1]}`} for ${spec.name}`, v);
      o.dkLen = v;
    } else if (kind & F_OUT && key === 'out') {
      if (kind & F_MANY && Array.isArray(v)) o.out = v; // checked per buffer by destinations
      else if (isBytes(v)) o.out = bytesArg(v, arg);
      else throw mustBe(TypeError, arg, `Uint8Array${kind & F_MANY ? ' or an array of Uint8Array' : ''}`, typeName(v));
    } else if (kind & F_OUT && key === 'outPos') {
      o.pos = anumber(v, arg);
      posGiven = true;
    } else if (kind & F_ASYNC && key === 'asyncTick') {
      want('number', 'a number of milliseconds');
      if (!(v >= 0) || v === Infinity) throw mustBe(RangeError, arg, 'a finite number >= 0', v);
      o.tick = v;
    } else if (kind & F_ASYNC && isAsync) {
      want('function', 'a function');
      o[key] = v;
    } else if (spec.options !== null && Object.prototype.hasOwnProperty.call(spec.options, key)) {
      spec.options[key](v, o.params === null ? (o.params = spec.params()) : o.params, arg);
    } else {
      throw new TypeError(`unknown option "${key}" for ${spec.name}${where}${isAsync ? ' (only the .async variants take it)' : ''}`);
    }
  }
  if (posGiven && o.out === null) throw new TypeError('"opts.outPos" needs "opts.out"');
  if (spec.keyed === true && (o.params === null || o.params.key === null || o.params.key === undefined)) throw noKey();
  if (spec.check !== undefined) spec.check(o.params, o.dkLen);
  return o;
}

// A MAC's key given directly (spec.keyed): the engine's params with it.
function keyParams(spec, key) {
  const params = spec.params();
  spec.options.key(key, params, 'key');
  return params;
}
const noKey = () => new TypeError('"key" must be Uint8Array (a MAC needs a key), got undefined');

// Where each of `count` digests of `len` bytes goes, as [buffer, position] pairs, or null
// (allocate new arrays). `out` is one flat buffer (digest i at pos + i * len) or, for parallel, an
// array with one buffer per message (each written at pos).
function destinations(out, pos, count, len) {
  if (out === null) return null;
  const outs = new Array(count);
  if (!Array.isArray(out)) {
    const need = pos + count * len;
    if (out.length < need)
      throw new RangeError(`"opts.out" is too small: ${count * len} bytes at outPos ${pos} need length >= ${need}, got ${out.length}`);
    for (let i = 0; i < count; i++) outs[i] = [out, pos + i * len];
    return outs;
  }
  if (out.length !== count) throw new RangeError(`"opts.out" must have one buffer per message (${count}), got ${out.length}`);
  for (let i = 0; i < count; i++) {
    const b = bytesArg(out[i], `opts.out[${i}]`);
    if (b.length < pos + len) throw new RangeError(`"opts.out[${i}]" is too small: need length >= ${pos + len}, got ${b.length}`);
    outs[i] = [b, pos];
  }
  return outs;
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
      if (t1 - ctl.last >= ctl.tick) {
        if (ctl.onProgress !== null && ctl.total > 0) ctl.onProgress(ctl.done / ctl.total);
        await ctl.nextTick();
        ctl.last = now();
      }
    }
  }
}

/**
 * The options of an async form (`form`: 'hash', 'chunks' or 'parallel') of the hash of `spec`,
 * read and checked as makeHash's forms do (webcrypto.js, whose engine is not a stream), and where
 * the `count` digests go: { ...options, outs } (outs: null, or [buffer, position] per digest).
 */
export function asyncOptions(spec, opts, form, count, where) {
  const o = readOpts(spec, opts, F_OUT | F_ASYNC | (form === 'parallel' ? F_LIST | F_MANY : form === 'chunks' ? F_LIST : 0), where);
  o.outs = destinations(o.out, o.pos, count, o.dkLen);
  return o;
}

/** The public hash function for an engine's spec (see the top of this file). */
export function makeHash(spec) {
  const name = spec.name;

  // The arguments of every form but the plain call: the first argument checked (a Uint8Array, or
  // an array for chunks and parallel), then the options read, then the message bytes read once
  // (after the options: their getters cannot change what is hashed), each a plain Uint8Array.
  // Returns the messages as lists of parts (one list per digest) and where the digests go.
  function args(x, opts, kind, where) {
    const list = (kind & F_LIST) !== 0;
    const arg = (kind & F_MANY) !== 0 ? 'msgs' : 'parts';
    if (!list && !isBytes(x)) throw notBytes('msg', x);
    if (list && !Array.isArray(x)) throw mustBe(TypeError, arg, 'an array of Uint8Array', typeName(x));
    const a = readOpts(spec, opts, kind, where);
    a.groups = [[x]];
    a.total = a.done = a.last = 0;
    a.slice = 16384;
    if (list) {
      const parts = new Array(x.length); // a copy, each element read once: the array cannot change under us
      for (let i = 0; i < parts.length; i++) parts[i] = bytesArg(x[i], `${arg}[${i}]`);
      a.groups = (kind & F_MANY) !== 0 ? parts.map((m) => [m]) : [parts];
    } else a.groups[0][0] = bytesArg(x, 'msg');
    a.outs = destinations(a.out, a.pos, a.groups.length, a.dkLen);
    return a;
  }

  const keyed = spec.keyed === true;
  function hash(msg, opts) {
    if (opts !== undefined && !(keyed && isBytes(opts))) return chunksOf(msg, opts, F_OUT, '')[0];
    // The common case (no options, or a MAC's key alone): straight to the engine.
    msg = bytesArg(msg, 'msg');
    let params = null;
    if (keyed) {
      if (opts === undefined) throw noKey();
      params = keyParams(spec, opts);
    }
    const out = new Uint8Array(spec.outputLen);
    spec.run(msg, null, params, spec.outputLen, out, 0);
    return out;
  }
  // The sync forms: one digest per group, through the engine's lanes (parallel) where it has them.
  function chunksOf(x, opts, kind, where) {
    const { groups, outs, dkLen, params } = args(x, opts, kind, where);
    const one = (kind & (F_LIST | F_MANY)) !== F_LIST; // one message per digest
    const res = new Array(groups.length);
    const threads = (kind & F_MANY) !== 0 ? threadedParallel.get(hash) : undefined; // wasm_threads: the pool
    if (threads !== undefined && threads.sync(hash, groups.map((g) => g[0]), params, dkLen, outs, res)) return res;
    const first = (kind & F_MANY) !== 0 && spec.parallel !== undefined ? spec.parallel(groups.map((g) => g[0]), params, dkLen, outs, res) : 0;
    for (let i = first; i < groups.length; i++) {
      const [d, p] = outs === null ? [new Uint8Array(dkLen), 0] : outs[i];
      const g = groups[i];
      spec.run(one ? g[0] : null, g, params, dkLen, d, p);
      res[i] = result(d, p, dkLen);
    }
    return res;
  }
  // The async forms: each digest through a stream fed in slices, yielding every asyncTick ms.
  async function asyncOf(x, opts, kind, where) {
    const ctl = args(x, opts, kind | F_OUT | F_ASYNC, where);
    const { groups, outs, dkLen, params } = ctl;
    for (const g of groups) for (const p of g) ctl.total += p.length;
    ctl.last = now();
    const threads = (kind & F_MANY) !== 0 ? threadedParallel.get(hash) : undefined; // wasm_threads: the pool
    if (threads !== undefined) {
      const res = new Array(groups.length);
      if (await threads.async(hash, groups.map((g) => g[0]), params, dkLen, outs, res)) {
        if (ctl.onProgress !== null) ctl.onProgress(1);
        return res;
      }
    }
    const res = [];
    for (let i = 0; i < groups.length; i++) {
      const [d, p] = outs === null ? [new Uint8Array(dkLen), 0] : outs[i];
      const st = spec.stream(params, dkLen);
      try {
        await feedAsync(st, groups[i], ctl);
        st._final(d, p);
      } finally {
        st.destroy();
      }
      res.push(result(d, p, dkLen));
    }
    if (ctl.onProgress !== null) ctl.onProgress(1);
    return (kind & F_MANY) !== 0 ? res : res[0];
  }

  const chunks = (parts, opts) => chunksOf(parts, opts, F_OUT | F_LIST, '.chunks')[0];
  // Independent messages: the worker pool on wasm_threads (large batches), the engine's fast path
  // (SIMD lanes) for what it can, the rest one after another.
  const parallel = (msgs, opts) => chunksOf(msgs, opts, F_OUT | F_LIST | F_MANY, '.parallel');
  chunks.async = (parts, opts) => asyncOf(parts, opts, F_LIST, '.chunks.async');
  parallel.async = (msgs, opts) => asyncOf(msgs, opts, F_LIST | F_MANY, '.parallel.async');
  const hashAsync = (msg, opts) => asyncOf(msg, opts, 0, '.async');
  function create(opts) {
    const o = readOpts(spec, opts, 0, '.create');
    return spec.stream(o.params, o.dkLen);
  }

  const definition = Object.freeze({
    module: spec.module, name, blockLen: spec.blockLen, outputLen: spec.outputLen, canXOF: spec.canXOF,
  });
  Object.defineProperty(hash, 'name', { value: name });
  for (const f of [chunks.async, parallel.async, hashAsync]) Object.freeze(Object.defineProperty(f, 'name', { value: 'async' }));
  Object.freeze(chunks);
  Object.freeze(parallel);
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
