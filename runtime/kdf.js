// Key derivation: PBKDF2 (RFC 8018 §5.2) over any hash with HMAC, and what every KDF engine
// shares (runtime/scrypt.js, runtime/argon2.js): password and salt inputs (strings are UTF-8, as
// in @noble/hashes), option reading with errors that name the option, and one driver that runs a
// KDF in slices for onProgress (sync and async) and yields to the event loop (async).
//
// A KDF engine is written once, as a generator `job(ctl)`: it does `ctl.slice` units of work per
// kernel call and yields the fraction done after each; runSync / runAsync adapt the slice to the
// time it takes, report progress, and on any exit (success, an error, an onProgress that throws)
// close the generator, so its `finally` wipes what it wrote.
//
// PBKDF2: the entries build `pbkdf2` from the hashes that have a `*_pbkdf2` kernel on their
// backend (modules/pbkdf2.js): the keyed inner and outer chaining values and U1 are computed here
// through the hash's HMAC streams, then the kernel runs the iterations. Other hashes (@noble's,
// or ours without such a kernel) take the generic loop of HMAC stream clones.
import { bytesArg, isBytes, mustBe, typeName } from './checks.js';
import { hmacSpec, hmacStream } from './hmac.js';
import { defaultNextTick, now, specOf } from './shell.js';

/**
 * A password or salt: a Uint8Array (the caller's bytes, made a plain view) or a string (encoded
 * to a new UTF-8 array, which is pushed onto `owned` for the caller to wipe).
 */
export function kdfInput(x, name, owned) {
  if (typeof x === 'string') {
    const b = new TextEncoder().encode(x);
    owned.push(b);
    return b;
  }
  if (!isBytes(x)) throw mustBe(TypeError, name, 'a Uint8Array or a string', typeName(x));
  return bytesArg(x, name);
}

/** Zeroes every array of `owned` (kdfInput's conversions and an engine's temporaries). */
export function wipeAll(owned) {
  for (const a of owned) a.fill(0);
  owned.length = 0;
}

/** An option that must be an integer in [min, max]; `what` describes it in errors. */
export function intOption(v, name, min, max = Number.MAX_SAFE_INTEGER, what = `an integer from ${min} to ${max}`) {
  if (typeof v !== 'number') throw mustBe(TypeError, name, what, typeName(v));
  if (!Number.isSafeInteger(v) || v < min || v > max) throw mustBe(RangeError, name, what, v);
  return v;
}

/**
 * Reads `opts` (own enumerable properties, each read once) for the KDF `kdf`: `fields` maps each
 * option the KDF takes to [parse(value, 'opts.name'), default]; a default of `undefined` makes
 * the option required. `onProgress` is taken by every form, `asyncTick` and `nextTick` by the
 * async ones. Returns { ...parsed, onProgress, tick, nextTick }.
 */
export function kdfOptions(opts, kdf, fields, isAsync) {
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw mustBe(TypeError, 'opts', 'an object', typeName(opts));
  const o = { onProgress: null, tick: 10, nextTick: defaultNextTick };
  for (const key of Object.keys(opts)) {
    const v = opts[key];
    if (v === undefined) continue;
    const arg = `opts.${key}`;
    if (Object.prototype.hasOwnProperty.call(fields, key)) o[key] = fields[key][0](v, arg);
    else if (key === 'onProgress' || (isAsync && key === 'nextTick')) {
      if (typeof v !== 'function') throw mustBe(TypeError, arg, 'a function', typeName(v));
      o[key] = v;
    } else if (isAsync && key === 'asyncTick') {
      if (typeof v !== 'number') throw mustBe(TypeError, arg, 'a number of milliseconds', typeName(v));
      if (!(v >= 0) || v === Infinity) throw mustBe(RangeError, arg, 'a finite number >= 0', v);
      o.tick = v;
    } else {
      const later = key === 'asyncTick' || key === 'nextTick' ? ' (only the .async form takes it)' : '';
      throw new TypeError(`unknown option "${key}" for ${kdf}${later}`);
    }
  }
  for (const key of Object.keys(fields)) {
    if (key in o) continue;
    const d = fields[key][1];
    if (d === undefined) throw new TypeError(`"opts.${key}" is required for ${kdf}`);
    o[key] = d;
  }
  return o;
}

// ---- The driver: a job's slices timed against a target, progress reported as it grows.
function step(it, ctl, target, report) {
  const t0 = now();
  const r = it.next();
  const dt = now() - t0;
  if (!r.done) {
    if (dt < target / 4 && ctl.slice < 2 ** 30) ctl.slice *= 2;
    else if (dt > target && ctl.slice > 1) ctl.slice = Math.max(1, Math.floor(ctl.slice / 2));
    report(r.value);
  }
  return r;
}
function reporter(onProgress) {
  let last = 0;
  return (f) => {
    if (onProgress !== null && f > last) {
      last = f;
      onProgress(f);
    }
  };
}

/**
 * Runs `job` (a generator function of ctl) to its end on the calling thread, in slices of about
 * 10 ms, reporting each to onProgress (or null). Returns the job's result. Slices also without
 * onProgress: V8 runs a wasm function's first calls in its baseline compiler (Liftoff) and swaps in
 * the optimized code only for later calls, so one long kernel call would stay at the baseline
 * speed throughout (a first PBKDF2-SHA256 call measured 10x slower in one call than in slices).
 */
export function runSync(job, onProgress, first) {
  const ctl = { slice: first };
  const report = reporter(onProgress);
  const it = job(ctl);
  let r = null;
  try {
    do r = step(it, ctl, 10, report);
    while (!r.done);
  } finally {
    if (r === null || !r.done) it.return();
  }
  report(1);
  return r.value;
}

/**
 * Runs `job` in slices that take about half of `o.tick` ms, awaiting `o.nextTick()` whenever a
 * tick has passed since the last yield; reports progress with `o.onProgress`.
 */
export async function runAsync(job, o, first) {
  const ctl = { slice: first };
  const report = reporter(o.onProgress);
  const target = Math.max(1, o.tick / 2);
  const it = job(ctl);
  let r = null;
  try {
    let last = now();
    for (;;) {
      r = step(it, ctl, target, report);
      if (r.done) break;
      if (now() - last >= o.tick) {
        await o.nextTick();
        last = now();
      }
    }
  } finally {
    if (r === null || !r.done) it.return();
  }
  report(1);
  return r.value;
}

/**
 * The identity of a KDF (`getDefinition()`), the same on every backend: what stub.js's install()
 * checks an implementation against.
 */
export const kdfDefinition = (name) => Object.freeze({ module: 'kdf', name });

// ---- PBKDF2

/**
 * The kernel-backed PBKDF2 of one hash kind: `hash` is that hash (mdHash or spongeHash) over an
 * instance whose target also has its PBKDF2 kernel (the entries pass it): `${kind.name}_pbkdf2`
 * for the Merkle–Damgård hashes (modules/pbkdf2.js), `keccak_pbkdf2` for SHA-3 and Keccak, which
 * also reads the padded block's constant part and U's mask (modules/sha3.js).
 */
export function pbkdf2Kernel(kind, hash) {
  if (kind.rate === undefined) return { name: kind.name, hash, fn: `${kind.name}_pbkdf2`, stateLen: kind.stateLen, sponge: null };
  const L = kind.outputLen;
  const pad = new Uint8Array(168);
  pad[L] = kind.domain;
  pad[kind.rate - 1] |= 0x80;
  const mask = new Uint8Array(64).fill(0xff, 0, L);
  return { name: kind.name, hash, fn: 'keccak_pbkdf2', stateLen: 200, sponge: { pad, mask } };
}

// The 4-byte big-endian block index INT(i) of RFC 8018 §5.2.
function int32be(b, i) {
  b[0] = i >>> 24;
  b[1] = i >>> 16;
  b[2] = i >>> 8;
  b[3] = i;
  return b;
}

/**
 * PBKDF2's first iteration, U1 = HMAC(P, S || INT(i)) for block i (RFC 8018 §5.2): `keyed` is the
 * HMAC stream keyed with P; S is absorbed once, and each block works on a clone of that state.
 * destroy() after use zeroes the streams and the counter.
 */
export class SaltedHmac {
  constructor(keyed, salt) {
    this.salted = keyed.clone();
    this.t = null;
    this.ctr = new Uint8Array(4);
    try {
      this.salted.update(salt);
    } catch (e) {
      this.salted.destroy();
      throw e;
    }
  }
  block(i, out) {
    this.t = this.salted._cloneInto(this.t === null ? undefined : this.t);
    this.t.update(int32be(this.ctr, i)).digestInto(out);
  }
  destroy() {
    this.salted.destroy();
    if (this.t !== null) this.t.destroy();
    this.ctr.fill(0);
  }
}

/** PBKDF2 with c = 1 (scrypt's): out.length bytes of U1 of blocks 1, 2, ... */
export function pbkdf2Once(keyed, salt, out) {
  const h = new SaltedHmac(keyed, salt);
  const L = keyed.outputLen;
  const block = new Uint8Array(L);
  try {
    for (let i = 1, pos = 0; pos < out.length; i++, pos += L) {
      h.block(i, block);
      out.set(out.length - pos >= L ? block : block.subarray(0, out.length - pos), pos);
    }
  } finally {
    h.destroy();
    block.fill(0);
  }
}

// The kernel's regions (docs/target-contract.md, "PBKDF2"): the keyed chaining values, U and T
// (and the sponge's pad and mask), and the extent of every `pbkdf2.*` region (the kernel's scratch
// included), which a call zeroes.
function pbkdf2Regions(k, I, L) {
  if (k.at === undefined) {
    const inner = I.region('pbkdf2.inner', k.stateLen).offset;
    const outer = I.region('pbkdf2.outer', k.stateLen).offset;
    const u = I.region('pbkdf2.u', L).offset;
    const t = I.region('pbkdf2.t', L).offset;
    const pad = k.sponge === null ? 0 : I.region('pbkdf2.pad', 168).offset;
    const mask = k.sponge === null ? 0 : I.region('pbkdf2.mask', 64).offset;
    let lo = Infinity;
    let hi = 0;
    for (const [name, r] of Object.entries(I.target.regions)) {
      if (!name.startsWith('pbkdf2.')) continue;
      lo = Math.min(lo, r.offset);
      hi = Math.max(hi, r.offset + r.bytes);
    }
    k.at = { inner, outer, u, t, pad, mask, lo, bytes: hi - lo };
  }
  return k.at;
}

// The iterations 2..c of one output block through the kernel `k` (U and T already hold U1; the
// keyed HMAC stream `keyed` gives the inner and outer chaining values), in slices of ctl.slice.
// Each slice copies the values in, runs the kernel and copies U and T out, and zeroes what the
// kernel saw, so nothing stays in the memory between slices (another call may run there, async).
function* kernelIterations(k, keyed, U, T, iters, ctl, total) {
  const I = specOf(k.hash).instance;
  const L = U.length;
  const inner = keyed._inner._state;
  const outer = keyed._outer._state;
  const at = pbkdf2Regions(k, I, L);
  for (let left = iters; left > 0; ) {
    const n = Math.min(left, ctl.slice, 2 ** 30);
    I.enter();
    const mem = I.mem;
    try {
      mem.set(inner, at.inner);
      mem.set(outer, at.outer);
      mem.set(U, at.u);
      mem.set(T, at.t);
      if (k.sponge !== null) {
        mem.set(k.sponge.pad, at.pad);
        mem.set(k.sponge.mask, at.mask);
      }
      I.fns[k.fn](n);
      U.set(mem.subarray(at.u, at.u + L));
      T.set(mem.subarray(at.t, at.t + L));
    } finally {
      I.zero(at.lo, at.bytes);
      I.leave();
    }
    left -= n;
    total.done += n;
    yield total.done / total.all;
  }
}

// The same iterations through the hash's own HMAC streams (no kernel): U = HMAC(P, U), T ^= U.
function* streamIterations(keyed, U, T, iters, ctl, total) {
  let m = null;
  try {
    for (let left = iters; left > 0; ) {
      const n = Math.min(left, ctl.slice);
      for (let j = 0; j < n; j++) {
        m = keyed._cloneInto(m === null ? undefined : m);
        m.update(U).digestInto(U);
        for (let i = 0; i < U.length; i++) T[i] ^= U[i];
      }
      left -= n;
      total.done += n;
      yield total.done / total.all;
    }
  } finally {
    if (m !== null) m.destroy();
  }
}

export const PBKDF2_FIELDS = (outputLen) => ({
  c: [(v, arg) => intOption(v, arg, 1, Number.MAX_SAFE_INTEGER, 'an integer >= 1'), undefined],
  dkLen: [(v, arg) => intOption(v, arg, 1, Math.min((2 ** 32 - 1) * outputLen, 2 ** 31), `an integer from 1 to ${Math.min((2 ** 32 - 1) * outputLen, 2 ** 31)}`), 32],
});

// pbkdf2 function -> its kernels by hash name (pbkdf2MemoryForTests).
const kernelsOf = new WeakMap();
/**
 * The memory behind the PBKDF2 kernel of hash `name` of an entry's `pbkdf2`, and its regions
 * (hygiene tests): { mem, regions }; on js, where the memory is the one of the target file (shared
 * with its other hashes: runtime/link.js, linkJs), those of every kernel linked into it so far.
 */
export function pbkdf2MemoryForTests(pbkdf2, name) {
  const I = specOf(kernelsOf.get(pbkdf2).get(name).hash).instance;
  const mem = I.memory();
  return { mem, regions: I.guard.regions ?? I.target.regions };
}

/**
 * `pbkdf2` for a backend entry: `kernels` lists the kernel-backed hashes (pbkdf2Kernel). The
 * result is `pbkdf2(hash)` → `(password, salt, { c, dkLen = 32, onProgress })` with `.async`
 * (also `asyncTick`, `nextTick`). A hash of ours (any backend) whose algorithm has a kernel here
 * runs on that kernel; any other hash with the hash shape (@noble/hashes') on its HMAC streams.
 */
export function pbkdf2With(kernels) {
  const byName = new Map();
  for (const k of kernels) byName.set(k.name, k);
  const pbkdf2 = function pbkdf2(hash, ...extra) {
    if (extra.length > 0) throw new TypeError('pbkdf2 takes the hash only: pbkdf2(hash)(password, salt, { c, dkLen })');
    const spec = hmacSpec(hash);
    const ours = specOf(hash);
    const k = ours !== undefined && !ours.canXOF ? byName.get(ours.name) : undefined;
    const kspec = k !== undefined && k.hash.outputLen === spec.outputLen ? hmacSpec(k.hash) : spec;
    const kernel = kspec !== spec ? k : null;
    const name = `pbkdf2(${spec.name.slice(5, -1)})`;
    const fields = PBKDF2_FIELDS(spec.outputLen);
    // Checks everything and returns the job; nothing is allocated for the key before the checks.
    const prepare = (password, salt, opts, isAsync) => {
      const o = kdfOptions(opts === undefined ? {} : opts, name, fields, isAsync);
      const owned = [];
      let pw, s;
      try {
        pw = kdfInput(password, 'password', owned);
        s = kdfInput(salt, 'salt', owned);
      } catch (e) {
        wipeAll(owned);
        throw e;
      }
      const job = function* (ctl) {
        const L = kspec.outputLen;
        const blocks = Math.ceil(o.dkLen / L);
        const DK = new Uint8Array(o.dkLen);
        const U = new Uint8Array(L);
        const T = new Uint8Array(L);
        owned.push(U, T);
        const total = { done: 0, all: blocks * o.c };
        let keyed = null;
        let first = null;
        let ok = false;
        try {
          keyed = hmacStream(kspec, pw);
          first = new SaltedHmac(keyed, s);
          for (let b = 1; b <= blocks; b++) {
            first.block(b, U);
            T.set(U);
            total.done++;
            if (o.c > 1) {
              if (kernel !== null) yield* kernelIterations(kernel, keyed, U, T, o.c - 1, ctl, total);
              else yield* streamIterations(keyed, U, T, o.c - 1, ctl, total);
            }
            const pos = (b - 1) * L;
            DK.set(b < blocks ? T : T.subarray(0, o.dkLen - pos), pos);
          }
          ok = true;
          return DK;
        } finally {
          if (first !== null) first.destroy();
          if (keyed !== null) keyed.destroy();
          wipeAll(owned);
          if (!ok) DK.fill(0);
        }
      };
      return { job, o };
    };
    const derive = (password, salt, opts) => {
      const { job, o } = prepare(password, salt, opts, false);
      return runSync(job, o.onProgress, 1024);
    };
    derive.async = async (password, salt, opts) => {
      const { job, o } = prepare(password, salt, opts, true);
      return runAsync(job, o, 1024);
    };
    return derive;
  };
  kernelsOf.set(pbkdf2, byName);
  const definition = kdfDefinition('pbkdf2');
  pbkdf2.getDefinition = () => definition;
  return pbkdf2;
}
