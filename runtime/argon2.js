// Argon2d, Argon2i and Argon2id (RFC 9106) with @noble/hashes' names and options, over the
// argon2_fill kernel (modules/argon2.js) and the library's own blake2b (H0, H', the tag).
//
// The kernel fills blocks; this file does the rest: options and inputs, H0 = BLAKE2b-512 of the
// parameters and inputs (§3.2), the first two blocks of every lane (H'^1024, variable-length
// BLAKE2b, §3.3) written straight into the kernel's memory, the order of the fill calls (pass,
// slice, lane, in pieces of a segment so that onProgress and the async form's yields come in
// time), and the tag, H' of the XOR of the lanes' last blocks.
//
// Memory: every byte a call wrote in the kernel's memory is zeroed before it returns, errors
// included, and so are the copies of strings (UTF-8), H0 and the temporaries made here. The
// memory's size is `maxmem`'s concern: checked before anything is allocated.
import { Instance } from './shell.js';
import { bytesArg, isBytes, mustBe, typeName } from './checks.js';
import { utf8ToBytes } from './utils.js';

/** The three variants: `type` is y of RFC 9106 (0 Argon2d, 1 Argon2i, 2 Argon2id). */
export const ARGON2D = Object.freeze({ name: 'argon2d', type: 0 });
export const ARGON2I = Object.freeze({ name: 'argon2i', type: 1 });
export const ARGON2ID = Object.freeze({ name: 'argon2id', type: 2 });

const BLOCK = 1024;
// The kernel's own blocks (address, input, temporary, zero) before B[0][0] (modules/argon2.js).
const OWN_BLOCKS = 5;
const U32 = 2 ** 32;
// @noble/hashes' defaults.
const DEFAULTS = { t: 3, m: 2 ** 20, p: 1, dkLen: 32, version: 0x13, maxmem: 2 ** 30, tick: 10 };

const now =
  typeof performance === 'object' && typeof performance.now === 'function' ? () => performance.now() : () => Date.now();
// A real yield to the event loop (timers and I/O get a turn), not only to the microtask queue.
const defaultNextTick =
  typeof setImmediate === 'function'
    ? () => new Promise((resolve) => setImmediate(resolve))
    : () => new Promise((resolve) => setTimeout(resolve, 0));

const le32 = (x) => new Uint8Array(new Uint32Array([x]).buffer);

// A password, salt, key or personalization: bytes as they are, a string as UTF-8 (a copy this
// file owns, zeroed after the call: pushed to `owned`).
function inputBytes(x, name, owned) {
  if (typeof x === 'string') {
    const b = utf8ToBytes(x);
    owned.push(b);
    return b;
  }
  if (!isBytes(x)) throw mustBe(TypeError, name, 'a Uint8Array or a string', typeName(x));
  return bytesArg(x, name);
}

// The options, each own enumerable key read once (a getter runs once), checked, with errors
// naming the option. asyncTick and nextTick are accepted by the sync form too (as @noble/hashes
// does), and only used by .async.
function readOpts(opts, owned) {
  const o = { ...DEFAULTS, key: null, personalization: null, onProgress: null, nextTick: defaultNextTick };
  if (opts === undefined) return o;
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw mustBe(TypeError, 'opts', 'an object', typeName(opts));
  for (const key of Object.keys(opts)) {
    const v = opts[key];
    if (v === undefined) continue;
    const arg = `opts.${key}`;
    const integer = (min, max) => {
      if (typeof v !== 'number') throw mustBe(TypeError, arg, 'a number', typeName(v));
      if (!Number.isSafeInteger(v) || v < min || v > max) throw mustBe(RangeError, arg, `an integer from ${min} to ${max}`, v);
      return v;
    };
    switch (key) {
      case 't': o.t = integer(1, U32 - 1); break;
      case 'm': o.m = integer(0, U32 - 1); break;
      case 'p': o.p = integer(1, 2 ** 24 - 1); break;
      case 'dkLen': o.dkLen = integer(4, U32 - 1); break;
      case 'maxmem': o.maxmem = integer(0, U32 - 1); break;
      case 'version':
        if (typeof v !== 'number') throw mustBe(TypeError, arg, 'a number', typeName(v));
        if (v !== 0x10 && v !== 0x13) throw mustBe(RangeError, arg, '0x10 or 0x13', v);
        o.version = v;
        break;
      case 'key': o.key = inputBytes(v, arg, owned); break;
      case 'personalization': o.personalization = inputBytes(v, arg, owned); break;
      case 'asyncTick':
        if (typeof v !== 'number') throw mustBe(TypeError, arg, 'a number of milliseconds', typeName(v));
        if (!(v >= 0) || v === Infinity) throw mustBe(RangeError, arg, 'a finite number >= 0', v);
        o.tick = v;
        break;
      case 'onProgress':
      case 'nextTick':
        if (typeof v !== 'function') throw mustBe(TypeError, arg, 'a function', typeName(v));
        o[key] = v;
        break;
      default:
        throw new TypeError(`unknown option "${key}" for argon2 (t, m, p, dkLen, version, key, personalization, maxmem, onProgress, asyncTick, nextTick)`);
    }
  }
  // RFC 9106 §3.1: m is at least 8p KiB.
  if (o.m < 8 * o.p) throw mustBe(RangeError, 'opts.m', `at least 8 * p = ${8 * o.p} (KiB)`, o.m);
  return o;
}

// kdf -> its shared Instance (argon2MemoryForTests).
const shareds = new WeakMap();
/**
 * The memory of the instance an Argon2 function of ours uses for calls one at a time, or null
 * before its first call (the hygiene tests: no secret stays there after a call).
 */
export function argon2MemoryForTests(kdf) {
  const I = shareds.get(kdf);
  return I === undefined || I.mem === null ? null : I.memory();
}

/**
 * The Argon2 function of `kind` (ARGON2D, ARGON2I, ARGON2ID) over `target` (a generated
 * modules/argon2.js target, or the list of its function descriptors an entry picked) and
 * `blake2b`, the same entry's blake2b: `kdf(password, salt, opts)` and `kdf.async(...)`.
 */
export function argon2Kdf(kind, target, blake2b, platform = 'unknown') {
  const name = kind.name;
  // The instance for calls one at a time; a call that finds it busy (an async call while another
  // waits, or a call from inside onProgress) gets an instance of its own, dropped after it.
  const shared = new Instance(name, target, ['argon2_fill']);
  target = shared.target;
  const P = shared.region('params', 32).offset;
  const blocks = shared.region('blocks', (OWN_BLOCKS + 8) * BLOCK);
  const maxBlocks = Math.floor(blocks.bytes / BLOCK) - OWN_BLOCKS;

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

  // Everything before the fill: inputs, options, sizes, H0. Returns the job, or throws (having
  // zeroed what it made).
  function prepare(password, salt, opts, owned) {
    const pw = inputBytes(password, 'password', owned);
    const s = inputBytes(salt, 'salt', owned);
    if (s.length < 8) throw mustBe(RangeError, 'salt', 'at least 8 bytes long', `${s.length} bytes`);
    const o = readOpts(opts, owned);
    const key = o.key || new Uint8Array(0), pers = o.personalization || new Uint8Array(0);
    for (const [b, n] of [[pw, 'password'], [s, 'salt'], [key, 'opts.key'], [pers, 'opts.personalization']])
      if (b.length >= U32) throw mustBe(RangeError, n, 'shorter than 2^32 bytes', b.length);
    // m' = 4p * floor(m / 4p) blocks: p lanes of q columns, four segments of q / 4 each.
    const lanes = o.p;
    const q = 4 * Math.floor(o.m / (4 * lanes));
    const total = lanes * q;
    if (total * BLOCK > o.maxmem)
      throw mustBe(RangeError, 'opts.maxmem', `at least the memory m' * 1024 = ${total * BLOCK} bytes (or a smaller m)`, o.maxmem);
    if (total > maxBlocks)
      throw mustBe(RangeError, 'opts.m', `at most ${maxBlocks} KiB with this build (blocks region of ${blocks.bytes} bytes)`, o.m);
    // H0 (§3.2), 64 bytes, and 8 more for the block number and lane of H'(H0 || j || l).
    const h0 = new Uint8Array(72);
    owned.push(h0);
    const parts = [le32(o.p), le32(o.dkLen), le32(o.m), le32(o.t), le32(o.version), le32(kind.type)];
    for (const b of [pw, s, key, pers]) parts.push(le32(b.length), b);
    blake2b.chunks(parts, { out: h0 });
    return { o, lanes, q, segment: q / 4, h0 };
  }

  // Runs the fill on `I` (entered): writes the parameters and first blocks, then calls step()
  // for each piece; step(from, to, run) is the sync or async driver. Returns the tag.
  function* fill(I, job) {
    const { o, lanes, q, segment, h0 } = job;
    const mem = I.mem, fill = I.fns.argon2_fill;
    const w = new DataView(mem.buffer, mem.byteOffset + P, 32);
    [lanes, q, segment, lanes * q, o.t, kind.type, o.version, Math.floor((U32 - 1) / lanes)].forEach((x, i) => w.setUint32(4 * i, x, true));
    const at = (lane, column) => blocks.offset + (OWN_BLOCKS + lane * q + column) * BLOCK;
    for (let l = 0; l < lanes; l++) {
      h0.set(le32(l), 68);
      for (let j = 0; j < 2; j++) {
        h0.set(le32(j), 64);
        hPrime([h0], BLOCK, mem, at(l, j));
      }
    }
    const total = o.t * lanes * q - 2 * lanes;
    let done = 0;
    for (let pass = 0; pass < o.t; pass++)
      for (let slice = 0; slice < 4; slice++)
        for (let lane = 0; lane < lanes; lane++)
          for (let from = pass === 0 && slice === 0 ? 2 : 0; from < segment; ) {
            const to = Math.min(segment, from + (yield done / total));
            fill(pass, slice, lane, from, to);
            done += to - from;
            from = to;
          }
    // The tag: H' of the XOR of the last blocks of the lanes.
    const c = new Uint8Array(BLOCK);
    try {
      for (let l = 0; l < lanes; l++) {
        const last = mem.subarray(at(l, q - 1), at(l, q - 1) + BLOCK);
        for (let i = 0; i < BLOCK; i++) c[i] ^= last[i];
      }
      const tag = new Uint8Array(o.dkLen);
      hPrime([c], o.dkLen, tag, 0);
      return tag;
    } finally {
      c.fill(0);
    }
  }

  function acquire() {
    if (!shared.busy) {
      shared.enter();
      return shared;
    }
    const own = new Instance(name, target, ['argon2_fill']);
    own.enter();
    return own;
  }
  // Zeroes what a call wrote: the parameters and every block up to the last one it could touch.
  function release(I, job) {
    try {
      if (I.mem !== null) {
        I.zero(P, 32);
        I.zero(blocks.offset, job === null ? blocks.bytes : (OWN_BLOCKS + job.lanes * job.q) * BLOCK);
        I.zero(target.regions.work.offset, target.regions.work.bytes);
      }
    } finally {
      I.leave();
    }
  }
  const wipe = (owned) => {
    for (const b of owned) b.fill(0);
  };

  function kdf(password, salt, opts) {
    const owned = [];
    let I = null, job = null;
    try {
      job = prepare(password, salt, opts, owned);
      I = acquire();
      const { onProgress } = job.o;
      // Pieces: whole segments, or about a thousandth of the work when someone watches.
      const piece = onProgress === null ? job.segment : Math.max(16, Math.ceil((job.o.t * job.lanes * job.q) / 1000));
      const it = fill(I, job);
      let r = it.next();
      while (!r.done) {
        if (onProgress !== null) onProgress(r.value);
        r = it.next(piece);
      }
      if (onProgress !== null) onProgress(1);
      return r.value;
    } finally {
      if (I !== null) release(I, job);
      wipe(owned);
    }
  }

  kdf.async = async function argon2Async(password, salt, opts) {
    const owned = [];
    let I = null, job = null;
    try {
      job = prepare(password, salt, opts, owned);
      I = acquire();
      const { onProgress, tick, nextTick } = job.o;
      const it = fill(I, job);
      // Pieces sized so that one takes well under the tick (as runtime/shell.js feeds streams).
      const budget = tick > 2 ? tick : 2;
      let piece = 16, last = now();
      let r = it.next();
      while (!r.done) {
        const t0 = now();
        r = it.next(piece);
        const t1 = now();
        if (t1 - t0 > budget / 2 && piece > 1) piece >>= 1;
        else if (t1 - t0 < budget / 8 && piece < job.segment) piece <<= 1;
        if (!r.done && t1 - last >= tick) {
          if (onProgress !== null) onProgress(r.value);
          await nextTick();
          last = now();
        }
      }
      if (onProgress !== null) onProgress(1);
      return r.value;
    } finally {
      if (I !== null) release(I, job);
      wipe(owned);
    }
  };
  Object.defineProperty(kdf, 'name', { value: name });
  Object.defineProperty(kdf.async, 'name', { value: 'async' });
  kdf.getPlatform = () => platform;
  Object.freeze(kdf.async);
  shareds.set(kdf, shared);
  return Object.freeze(kdf);
}
