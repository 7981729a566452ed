// The Merkle–Damgård hashes with the @awasm/noble hash shape, on top of a generated target
// (docs/target-contract.md): the SHA-2 family (sha2Hashes: sha224 sha256 sha384 sha512
// sha512_224 sha512_256) and the legacy ones (legacyHashes: sha1 md5 ripemd160). The kernels only
// know how to initialise a state, compress whole blocks and write the digest; everything else is
// here, once for every hash of this shape: buffering, padding and the big- or little-endian length
// field, truncation, options, async slicing, zeroization.
//
// Memory model. One target instance (created lazily on first use) serves all hashes of a family
// on a backend. No call leaves anything in that memory: a call copies a state in, runs the kernel, copies
// what it needs out and then zeroes every byte of `state`, `out` and of `block` it may have touched,
// in a `finally`, so error paths wipe too. Streams therefore keep their chaining state and partial
// block in JS-side Uint8Arrays between calls, and interleaving streams (or async hashing with other
// work) is safe. A guard rejects re-entrant calls (a user callback hashing while a call is running).
//
// Tests observe the memory through `memoryForTests(sha256)`, exported from this file only (the
// package's entry points do not re-export it, and its "exports" map keeps runtime/ private): no
// property of a hash function leads to the memory, so a user of the package cannot reach it.
import { bytesArg, isBytes, notBytes, typeName } from './checks.js';

// hash function -> () => its instance's whole memory.
const memories = new WeakMap();

/** The whole wasm/JS memory behind a hash function of ours (for the hygiene tests), or undefined. */
export function memoryForTests(hashFn) {
  const get = memories.get(hashFn);
  return get === undefined ? undefined : get();
}

// A family: the hashes one target module serves. Per hash: name, block length, the kernel's
// init / compress / output functions, output length, length field (bytes, little-endian?), the
// DER-encoded OID where one is defined, and the optional four-lane compress function.
const nistOid = (last) => [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, last]; // 2.16.840.1.101.3.4.2.x
const sha2Kind = (name, blockLen, outputLen, oidLast) => ({
  name, blockLen, outputLen,
  initName: `${name}_init`,
  compressName: blockLen === 64 ? 'sha256_compress' : 'sha512_compress',
  outputName: blockLen === 64 ? 'sha256_output' : 'sha512_output',
  lenBytes: blockLen === 64 ? 8 : 16, lenLE: false, oid: nistOid(oidLast),
  compress4Name: blockLen === 64 ? 'sha256_compress4' : null,
});
const SHA2 = {
  label: 'sha2',
  kinds: [
    sha2Kind('sha224', 64, 28, 4), sha2Kind('sha256', 64, 32, 1), sha2Kind('sha384', 128, 48, 2),
    sha2Kind('sha512', 128, 64, 3), sha2Kind('sha512_224', 128, 28, 5), sha2Kind('sha512_256', 128, 32, 6),
  ],
};
const legacyKind = (name, outputLen, lenLE) => ({
  name, blockLen: 64, outputLen,
  initName: `${name}_init`, compressName: `${name}_compress`, outputName: `${name}_output`,
  lenBytes: 8, lenLE, oid: null, compress4Name: null, // no OIDs, as in @noble/hashes
});
const LEGACY = {
  label: 'legacy',
  kinds: [legacyKind('sha1', 20, false), legacyKind('md5', 16, true), legacyKind('ripemd160', 20, true)],
};
const requiredFunctions = (family) => {
  const names = new Set();
  for (const k of family.kinds) for (const f of [k.initName, k.compressName, k.outputName]) names.add(f);
  return [...names];
};

const ACTIVE = 0;
const FINISHED = 1;
const DESTROYED = 2;

const now =
  typeof performance === 'object' && typeof performance.now === 'function'
    ? () => performance.now()
    : () => Date.now();
// Yield to the event loop, not only to the microtask queue, so timers and I/O get a turn.
const defaultNextTick =
  typeof setImmediate === 'function'
    ? () => new Promise((resolve) => setImmediate(resolve))
    : () => new Promise((resolve) => setTimeout(resolve, 0));

function checkTarget(t, family, required) {
  const who = `${family.label}Hashes`;
  const r = t && t.regions;
  const ok = (name, min) =>
    r && r[name] && Number.isSafeInteger(r[name].offset) && Number.isSafeInteger(r[name].bytes) &&
    r[name].bytes >= min && r[name].bytes % 16 === 0 && r[name].offset >= 0 && r[name].offset % 16 === 0 &&
    r[name].offset + r[name].bytes <= t.memoryBytes;
  if (!t || typeof t.instantiate !== 'function' || !Number.isSafeInteger(t.memoryBytes))
    throw new TypeError(`${who}: "target" must be a generated ${family.label} target module`);
  if (!ok('state', 64) || !ok('out', 64) || !ok('block', 128) || r.block.bytes % 128 !== 0)
    throw new TypeError(`${who}: target regions state/out (>= 64 bytes) and block (multiple of 128 bytes), 16-aligned, are required`);
  const fns = t.functions;
  for (const f of required)
    if (!Array.isArray(fns) || !fns.includes(f)) throw new TypeError(`${who}: target lacks function ${f}`);
}

/**
 * The six SHA-2 hash functions over `target` (a module namespace following
 * docs/target-contract.md). `platform` is what `getPlatform()` reports (e.g. 'wasm').
 */
export function sha2Hashes(target, platform = 'unknown') {
  return familyHashes(SHA2, target, platform);
}

/** sha1, md5 and ripemd160 over `target` (a generated modules/legacy.js target). */
export function legacyHashes(target, platform = 'unknown') {
  return familyHashes(LEGACY, target, platform);
}

function familyHashes(family, target, platform) {
  const REQUIRED_FUNCTIONS = requiredFunctions(family);
  checkTarget(target, family, REQUIRED_FUNCTIONS);
  const label = family.label;
  const S = target.regions.state.offset;
  const SB = target.regions.state.bytes;
  const BO = target.regions.block.offset;
  const BB = target.regions.block.bytes;
  const O = target.regions.out.offset;
  const OB = target.regions.out.bytes;

  // Per-hash constants and, once loaded, its kernel functions and views (`k` below).
  const kinds = family.kinds.map((d) => ({ ...d, init: null, compress: null, output: null, outView: null, compress4: null }));

  // Optional per-batch regions (docs/target-contract.md): four interleaved SHA-256 states
  // (word i of lane m at word index 4 * i + m) and four equal parts of message blocks.
  const R4 = target.regions;
  const batch4 =
    R4.state4 && R4.block4 && R4.state4.bytes === 128 && R4.block4.bytes % 256 === 0
      ? { S: R4.state4.offset, B: R4.block4.offset, laneBytes: R4.block4.bytes / 4 }
      : null;

  let mem = null; // the instance's whole memory; null until first use
  let mem32 = null; // the same memory as 32-bit words, for zeroing short ranges quickly
  let stateView = null; // mem.subarray(S, S + 64)

  function load() {
    const inst = target.instantiate();
    if (!inst || !isBytes(inst.mem) || inst.mem.length < target.memoryBytes || !inst.fns)
      throw new TypeError(`${label}Hashes: target.instantiate() returned no { mem, fns }`);
    const fns = inst.fns;
    for (const f of REQUIRED_FUNCTIONS)
      if (typeof fns[f] !== 'function') throw new TypeError(`${label}Hashes: instance lacks function ${f}`);
    for (const k of kinds) {
      k.init = fns[k.initName];
      k.compress = fns[k.compressName];
      k.output = fns[k.outputName];
      k.outView = inst.mem.subarray(O, O + k.outputLen);
      // Four SHA-256 messages at once in SIMD lanes, where the target has it (wasm).
      k.compress4 =
        k.compress4Name !== null && typeof fns[k.compress4Name] === 'function' && batch4 !== null && inst.mem.byteOffset % 4 === 0
          ? fns[k.compress4Name]
          : null;
    }
    stateView = inst.mem.subarray(S, S + 64);
    mem32 = inst.mem.byteOffset % 4 === 0 ? new Int32Array(inst.mem.buffer, inst.mem.byteOffset, inst.mem.length >> 2) : null;
    mem = inst.mem;
  }

  // Zeroes mem[off .. off + len), rounded up to whole words. Only for region starts (16-aligned by
  // the contract) and lengths that stay inside the region when rounded up (regions are whole words).
  // A word loop beats TypedArray.prototype.fill's call overhead for the short ranges of small calls.
  function zero(off, len) {
    const m = mem32;
    if (len > 256 || m === null) mem.fill(0, off, off + len);
    else for (let i = off >> 2, e = (off + len + 3) >> 2; i < e; i++) m[i] = 0;
  }

  // ---- One kernel session: enter(); try { start; absorb*; finish | flush } finally { leave(); }
  // Between enter and leave, the block region holds `filled` buffered message bytes at its start;
  // `dirty` is how many block bytes may be non-zero (the wipe bound).
  let busy = false;
  let filled = 0;
  let dirty = 0;

  function enter() {
    if (busy) throw new Error(`${label}: re-entrant call (a hash was called from inside a running hash call)`);
    // A wasm memory that grew would have detached our views: writes would vanish silently.
    if (mem.length === 0) throw new Error(`${label}: the target memory was detached (did a kernel grow it?)`);
    busy = true;
    filled = 0;
    dirty = 0;
  }
  function leave() {
    zero(BO, dirty);
    zero(S, SB);
    zero(O, OB);
    filled = 0;
    dirty = 0;
    busy = false;
  }
  // Load the chaining state: the initial value, or a stream's saved copy.
  function start(k, state) {
    if (state === null) k.init();
    else mem.set(state, S);
  }
  // Append `msg` to the buffered bytes, compressing whenever the block region is full.
  function absorb(k, msg) {
    const n = msg.length;
    if (filled + n <= BB) {
      // Common case (short messages): one copy, no subarray.
      if (filled + n > dirty) dirty = filled + n;
      mem.set(msg, BO + filled);
      filled += n;
      if (filled === BB) {
        k.compress(BB / k.blockLen);
        filled = 0;
      }
      return;
    }
    for (let pos = 0; pos < n; ) {
      const take = Math.min(BB - filled, n - pos);
      if (filled + take > dirty) dirty = filled + take;
      mem.set(msg.subarray(pos, pos + take), BO + filled);
      filled += take;
      pos += take;
      if (filled === BB) {
        k.compress(BB / k.blockLen);
        filled = 0;
      }
    }
  }
  // Append a stream's pending bytes src[0 .. n) (less than one block) at the start of a session:
  // a byte loop, since a subarray() for mem.set() costs more than copying under 128 bytes.
  function absorbPending(src, n) {
    if (n > dirty) dirty = n;
    for (let i = 0; i < n; i++) mem[BO + i] = src[i];
    filled = n;
  }
  // Bit length = total * 8 at mem[q .. q + 8), as a 64-bit number, big-endian (SHA-1, SHA-2: the
  // upper 64 bits of SHA-512's 128-bit field are zero since total < 2^53) or little-endian (MD5,
  // RIPEMD-160); split to stay exact in doubles.
  function writeBitLength(q, total, littleEndian = false) {
    const hi = Math.floor(total / 0x20000000);
    const lo = (total % 0x20000000) * 8;
    // Byte i of the field is byte (7 - i) of hi:lo big-endian, byte i little-endian.
    for (let i = 0; i < 8; i++) {
      const b = littleEndian ? i : 7 - i; // significance of the byte at q + i
      mem[q + i] = (b < 4 ? lo : hi) >>> (8 * (b & 3));
    }
  }
  // Pad the buffered tail of a `total`-byte message, compress it and write the digest into `out`.
  function finish(k, total) {
    const B = k.blockLen;
    const L = k.lenBytes;
    if (filled + 1 + L > BB) {
      // No room for the padding behind the buffered bytes: compress the whole blocks first.
      const whole = filled - (filled % B);
      k.compress(whole / B);
      mem.copyWithin(BO, BO + whole, BO + filled);
      filled -= whole;
    }
    const end = (Math.floor((filled + L) / B) + 1) * B; // smallest multiple of B >= filled + 1 + L
    const p = BO + filled;
    mem[p] = 0x80;
    // Zero padding up to the length field. Block bytes at or past `dirty` are already zero: every
    // session leaves the block region zeroed and the kernel only reads it, so only bytes this call
    // wrote earlier (a previous fill of the region) need clearing.
    const stale = BO + Math.min(dirty, end - 8);
    if (stale > p + 1) mem.fill(0, p + 1, stale);
    if (end > dirty) dirty = end;
    writeBitLength(BO + end - 8, total, k.lenLE);
    k.compress(end / B);
    k.output();
  }

  // ---- Options. Parsed into these variables (no allocation on the hot path).
  let optOut = null;
  let optPos = 0;
  let optTick = 10;
  let optProgress = null;
  let optNextTick = defaultNextTick;

  // What an entry point accepts besides dkLen (bit flags).
  const F_OUT = 1; // out, outPos
  const F_ASYNC = 2; // asyncTick, onProgress, nextTick
  const F_OUT_LIST = 4; // out may also be an array of buffers (parallel)
  const SYNC = F_OUT;
  const ASYNC = F_OUT | F_ASYNC;
  const CREATE = 0;
  const PARALLEL = F_OUT | F_OUT_LIST;
  const PARALLEL_ASYNC = F_OUT | F_OUT_LIST | F_ASYNC;
  // Options are the own enumerable properties of `opts`, each read exactly once (a getter runs
  // once; inherited keys are not options). They are checked into locals and assigned only at the
  // end, so a getter that hashes again (re-entering readOpts) cannot change this call's options.
  function readOpts(k, opts, kind, where) {
    let out = null;
    let pos = 0;
    let tick = 10;
    let progress = null;
    let nextTick = defaultNextTick;
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
          if (v !== k.outputLen)
            throw new RangeError(`"opts.dkLen" must be ${k.outputLen} for ${k.name} (it cannot produce other output lengths), got ${v}`);
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
        } else {
          const hint = (kind & F_ASYNC) === 0 && (key === 'asyncTick' || key === 'onProgress' || key === 'nextTick')
            ? ' (only the .async variants take it)' : '';
          throw new TypeError(`unknown option "${key}" for ${k.name}${where}${hint}`);
        }
      }
      if (posGiven && out === null) throw new TypeError('"opts.outPos" needs "opts.out"');
    }
    optOut = out;
    optPos = pos;
    optTick = tick;
    optProgress = progress;
    optNextTick = nextTick;
  }
  // Check that opts.out has room for `count` digests at opts.outPos.
  function checkOutRoom(k, count) {
    const need = optPos + count * k.outputLen;
    if (optOut.length < need)
      throw new RangeError(`"opts.out" is too small: ${count * k.outputLen} bytes at outPos ${optPos} need length >= ${need}, got ${optOut.length}`);
  }
  // The digest of the finished session: a new array, or a view of `out` at `pos`.
  function emit(k, out, pos) {
    if (out === null) {
      const res = new Uint8Array(k.outputLen); // (faster than outView.slice())
      res.set(k.outView);
      return res;
    }
    out.set(k.outView, pos);
    return pos === 0 && out.length === k.outputLen ? out : out.subarray(pos, pos + k.outputLen);
  }

  // ---- Streams: state and partial block live in JS between calls.
  class MdStream {
    constructor(k) {
      this._k = k;
      this.blockLen = k.blockLen;
      this.outputLen = k.outputLen;
      this.canXOF = false;
      this._state = null; // null: initial value (not yet computed)
      this._buf = new Uint8Array(k.blockLen); // pending bytes of an incomplete block
      this._bufLen = 0;
      this._length = 0; // message bytes so far
      this._status = ACTIVE;
    }
    _check(method) {
      if (this._status !== ACTIVE)
        throw new Error(`${this._k.name} stream: ${method}() after ${this._status === FINISHED ? 'digest()' : 'destroy()'}`);
    }
    _wipe() {
      if (this._state !== null) this._state.fill(0);
      this._buf.fill(0);
      this._bufLen = 0;
    }
    update(msg) {
      this._check('update');
      msg = bytesArg(msg, 'msg');
      const k = this._k;
      const n = msg.length;
      const have = this._bufLen;
      if (have + n < k.blockLen) {
        this._buf.set(msg, have);
        this._bufLen = have + n;
        this._length += n;
        return this;
      }
      if (mem === null) load();
      enter();
      try {
        start(k, this._state);
        absorbPending(this._buf, have);
        absorb(k, msg);
        const rest = filled % k.blockLen;
        const whole = filled - rest;
        if (whole > 0) k.compress(whole / k.blockLen);
        const buf = this._buf;
        for (let i = 0; i < rest; i++) buf[i] = mem[BO + whole + i];
        this._bufLen = rest;
        if (this._state === null) this._state = new Uint8Array(64);
        this._state.set(stateView);
        this._length += n;
      } catch (e) {
        this._wipe();
        this._status = DESTROYED; // the state may be half-updated: never let it produce a digest
        throw e;
      } finally {
        leave();
      }
      return this;
    }
    // Pad, compress and write the digest to dst[pos..]; the stream is finished afterwards.
    _final(dst, pos) {
      const k = this._k;
      if (mem === null) load();
      enter();
      try {
        start(k, this._state);
        absorbPending(this._buf, this._bufLen);
        finish(k, this._length);
        dst.set(k.outView, pos);
      } finally {
        leave();
        this._wipe();
        this._status = FINISHED;
      }
    }
    digestInto(buf) {
      this._check('digestInto');
      buf = bytesArg(buf, 'buf');
      if (buf.length < this.outputLen)
        throw new RangeError(`"buf" must have length >= ${this.outputLen}, got ${buf.length}`);
      this._final(buf, 0);
    }
    digest() {
      this._check('digest');
      const res = new Uint8Array(this.outputLen);
      this._final(res, 0);
      return res;
    }
    xof() {
      throw new Error(`${this._k.name} cannot XOF (canXOF is false)`);
    }
    xofInto() {
      throw new Error(`${this._k.name} cannot XOF (canXOF is false)`);
    }
    clone() {
      return this._cloneInto();
    }
    // The protocol of @noble/hashes' hmac, hkdf and pbkdf2: copy this stream into `to` (a stream
    // of the same hash, in any status, reused without allocating) or into a new stream.
    _cloneInto(to) {
      this._check('clone');
      if (to === undefined || to === null) to = new MdStream(this._k);
      else if (!(to instanceof MdStream) || to._k !== this._k)
        throw new TypeError(`"to" must be a ${this._k.name} stream, got ${typeName(to)}`);
      if (this._state === null) {
        if (to._state !== null) to._state.fill(0);
        to._state = null;
      } else if (to._state === null) {
        to._state = this._state.slice();
      } else {
        to._state.set(this._state);
      }
      to._buf.set(this._buf);
      to._bufLen = this._bufLen;
      to._length = this._length;
      to._status = ACTIVE;
      return to;
    }
    destroy() {
      this._wipe();
      this._status = DESTROYED;
    }
  }

  // ---- Async driver: feeds a stream in slices, yielding every `asyncTick` ms.
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
    return {
      tick: optTick, onProgress: optProgress, nextTick: optNextTick,
      total, done: 0, slice: 16384, last: now(),
    };
  }

  // A copy of the array `parts` (checked by the caller), each element read once and made a plain
  // Uint8Array (bytesArg), so that neither the array nor its elements can change under us.
  function readParts(parts, name) {
    const n = parts.length;
    const list = new Array(n);
    for (let i = 0; i < n; i++) list[i] = bytesArg(parts[i], `${name}[${i}]`);
    return list;
  }
  function makeHash(k) {
    const where = '';
    function hash(msg, opts) {
      if (!isBytes(msg)) throw notBytes('msg', msg);
      let out = null;
      let pos = 0;
      if (opts !== undefined) {
        readOpts(k, opts, SYNC, where);
        out = optOut;
        pos = optPos;
        if (out !== null) checkOutRoom(k, 1);
      }
      msg = bytesArg(msg, 'msg'); // after the options: their getters cannot change what is hashed
      if (mem === null) load();
      enter();
      try {
        start(k, null);
        absorb(k, msg);
        finish(k, msg.length);
        return emit(k, out, pos);
      } finally {
        leave();
      }
    }

    function chunks(parts, opts) {
      if (!Array.isArray(parts)) throw new TypeError(`"parts" must be an array of Uint8Array, got ${typeName(parts)}`);
      readOpts(k, opts, SYNC, '.chunks');
      const list = readParts(parts, 'parts'); // each part read once, before any byte reaches memory
      const out = optOut;
      const pos = optPos;
      if (out !== null) checkOutRoom(k, 1);
      if (mem === null) load();
      enter();
      try {
        start(k, null);
        let total = 0;
        for (let i = 0; i < list.length; i++) {
          absorb(k, list[i]);
          total += list[i].length;
        }
        finish(k, total);
        return emit(k, out, pos);
      } finally {
        leave();
      }
    }

    // Independent messages: four at a time in SIMD lanes where the target has a batched kernel
    // (SHA-224/256 on wasm), the rest one after another. (Threads come with the worker pool.)
    function parallel(msgs, opts) {
      if (!Array.isArray(msgs)) throw new TypeError(`"msgs" must be an array of Uint8Array, got ${typeName(msgs)}`);
      readOpts(k, opts, PARALLEL, '.parallel');
      msgs = readParts(msgs, 'msgs'); // each message read once
      const outs = parallelDestinations(k, msgs.length);
      const res = new Array(msgs.length);
      if (mem === null) load();
      let first = 0;
      if (k.compress4 !== null) {
        for (; first + 4 <= msgs.length; first += 4) {
          enter();
          try {
            lanes4(k, msgs, first, outs, res);
          } finally {
            leave();
          }
        }
      }
      for (let i = first; i < msgs.length; i++) {
        const m = msgs[i];
        enter();
        try {
          start(k, null);
          absorb(k, m);
          finish(k, m.length);
          res[i] = outs === null ? emit(k, null, 0) : emit(k, outs[i][0], outs[i][1]);
        } finally {
          leave();
        }
      }
      return res;
    }

    async function hashAsync(msg, opts) {
      if (!isBytes(msg)) throw notBytes('msg', msg);
      readOpts(k, opts, ASYNC, '.async');
      const out = optOut;
      const pos = optPos;
      if (out !== null) checkOutRoom(k, 1);
      msg = bytesArg(msg, 'msg');
      return digestAsync(k, [msg], msg.length, out, pos);
    }

    async function chunksAsync(parts, opts) {
      if (!Array.isArray(parts)) throw new TypeError(`"parts" must be an array of Uint8Array, got ${typeName(parts)}`);
      readOpts(k, opts, ASYNC, '.chunks.async');
      const out = optOut;
      const pos = optPos;
      if (out !== null) checkOutRoom(k, 1);
      const list = readParts(parts, 'parts'); // a copy: the caller may change the array while we yield
      let total = 0;
      for (let i = 0; i < list.length; i++) total += list[i].length;
      return digestAsync(k, list, total, out, pos);
    }

    async function parallelAsync(msgs, opts) {
      if (!Array.isArray(msgs)) throw new TypeError(`"msgs" must be an array of Uint8Array, got ${typeName(msgs)}`);
      readOpts(k, opts, PARALLEL_ASYNC, '.parallel.async');
      const list = readParts(msgs, 'msgs'); // a copy, each message read once
      let total = 0;
      for (let i = 0; i < list.length; i++) total += list[i].length;
      const outs = parallelDestinations(k, list.length);
      const ctl = asyncControl(total);
      const res = new Array(list.length);
      for (let i = 0; i < list.length; i++) {
        const st = new MdStream(k);
        try {
          await feedAsync(st, [list[i]], ctl);
          const d = outs === null ? new Uint8Array(k.outputLen) : outs[i][0];
          const p = outs === null ? 0 : outs[i][1];
          st._final(d, p);
          res[i] = outs === null ? d : d.subarray(p, p + k.outputLen);
        } finally {
          st.destroy();
        }
      }
      if (ctl.onProgress !== null) ctl.onProgress(1);
      return res;
    }

    const oid = k.oid === null ? undefined : Uint8Array.from(k.oid);
    const definition = Object.freeze({
      module: label, name: k.name, blockLen: k.blockLen, outputLen: k.outputLen, canXOF: false,
    });
    Object.defineProperty(hash, 'name', { value: k.name });
    Object.defineProperty(chunksAsync, 'name', { value: 'async' });
    Object.defineProperty(parallelAsync, 'name', { value: 'async' });
    Object.defineProperty(hashAsync, 'name', { value: 'async' });
    chunks.async = chunksAsync;
    parallel.async = parallelAsync;
    Object.freeze(chunks);
    Object.freeze(parallel);
    Object.freeze(hashAsync);
    Object.assign(hash, {
      outputLen: k.outputLen,
      blockLen: k.blockLen,
      canXOF: false,
      create(opts) {
        readOpts(k, opts, CREATE, '.create');
        return new MdStream(k);
      },
      chunks,
      parallel,
      async: hashAsync,
      getPlatform: () => platform,
      getDefinition: () => definition,
    });
    if (oid !== undefined) hash.oid = oid; // "where defined" (docs/api.md): the legacy hashes have none
    memories.set(hash, () => {
      if (mem === null) load();
      return mem;
    });
    return Object.freeze(hash);
  }

  // The digest of the concatenation of `list`, hashed in slices that yield to the event loop.
  async function digestAsync(k, list, total, out, pos) {
    const ctl = asyncControl(total);
    const st = new MdStream(k);
    try {
      await feedAsync(st, list, ctl);
      return finishAsync(k, st, ctl, out, pos);
    } finally {
      st.destroy();
    }
  }

  function finishAsync(k, st, ctl, out, pos) {
    const d = out === null ? new Uint8Array(k.outputLen) : out;
    st._final(d, pos);
    if (ctl.onProgress !== null) ctl.onProgress(1);
    return out === null || (pos === 0 && out.length === k.outputLen) ? d : d.subarray(pos, pos + k.outputLen);
  }

  // Writes blocks [first, first + n) of msg's padded form (FIPS 180-4 §5.1.1: the message, 0x80,
  // zeros, the 64-bit big-endian bit length) to mem[dst ..). For SHA-224/256 (64-byte blocks).
  function writePadded(msg, nb, first, n, dst) {
    const len = msg.length;
    const a = first * 64;
    const e = a + n * 64;
    if (a < len) mem.set(len <= e && a === 0 ? msg : msg.subarray(a, Math.min(len, e)), dst);
    for (let p = Math.max(a, len); p < e; p++) mem[dst + p - a] = 0;
    if (len >= a && len < e) mem[dst + len - a] = 0x80;
    const q = nb * 64 - 8;
    if (q >= a && q < e) writeBitLength(dst + q - a, len);
  }

  // Four messages msgs[i0 .. i0 + 4) of a SHA-224/256 kind: the blocks all four have run in SIMD
  // lanes (sha256_compress4), then each lane's state goes back to the scalar state region for
  // its remaining blocks and the digest. Called between enter() and leave(); wipes the batch
  // regions itself (leave() wipes state, block and out).
  function lanes4(k, msgs, i0, outs, res) {
    const m32 = mem32;
    const { S: S4, B: B4, laneBytes } = batch4;
    const laneBlocks = laneBytes / 64;
    const nb = [0, 0, 0, 0];
    let common = Infinity;
    for (let m = 0; m < 4; m++) {
      nb[m] = Math.floor((msgs[i0 + m].length + 8) / 64) + 1; // padded length in blocks
      if (nb[m] < common) common = nb[m];
    }
    let written = 0;
    try {
      k.init();
      for (let w = 0; w < 8; w++) {
        const v = m32[(S >> 2) + w];
        for (let m = 0; m < 4; m++) m32[(S4 >> 2) + 4 * w + m] = v;
      }
      let done = 0;
      while (done < common) {
        const n = Math.min(common - done, laneBlocks);
        for (let m = 0; m < 4; m++) writePadded(msgs[i0 + m], nb[m], done, n, B4 + m * laneBytes);
        if (n * 64 > written) written = n * 64;
        k.compress4(n);
        done += n;
      }
      const blocksPerCall = BB / 64;
      for (let m = 0; m < 4; m++) {
        for (let w = 0; w < 8; w++) m32[(S >> 2) + w] = m32[(S4 >> 2) + 4 * w + m];
        for (let pos = done; pos < nb[m]; ) {
          const n = Math.min(nb[m] - pos, blocksPerCall);
          writePadded(msgs[i0 + m], nb[m], pos, n, BO);
          if (n * 64 > dirty) dirty = n * 64;
          k.compress(n);
          pos += n;
        }
        k.output();
        res[i0 + m] = outs === null ? emit(k, null, 0) : emit(k, outs[i0 + m][0], outs[i0 + m][1]);
      }
    } finally {
      zero(S4, 128);
      for (let m = 0; m < 4; m++) zero(B4 + m * laneBytes, written);
    }
  }

  // Where parallel() writes digest i, as [buffer, position] pairs, or null (allocate new arrays).
  // opts.out is one flat buffer (digest i at outPos + i * outputLen) or an array with one buffer
  // per message (each written at outPos).
  function parallelDestinations(k, count) {
    if (optOut === null) return null;
    const outs = new Array(count);
    if (!Array.isArray(optOut)) {
      checkOutRoom(k, count);
      for (let i = 0; i < count; i++) outs[i] = [optOut, optPos + i * k.outputLen];
      return outs;
    }
    if (optOut.length !== count)
      throw new RangeError(`"opts.out" must have one buffer per message (${count}), got ${optOut.length}`);
    for (let i = 0; i < count; i++) {
      const b = bytesArg(optOut[i], `opts.out[${i}]`);
      if (b.length < optPos + k.outputLen)
        throw new RangeError(`"opts.out[${i}]" is too small: need length >= ${optPos + k.outputLen}, got ${b.length}`);
      outs[i] = [b, optPos];
    }
    return outs;
  }

  const hashes = {};
  for (const k of kinds) hashes[k.name] = makeHash(k);
  return Object.freeze(hashes);
}
