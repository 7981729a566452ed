// Engines over @noble/hashes and @noble/ciphers (the `noble.js` entry): each algorithm of
// theirs behind our public shapes, through the same makeHash (runtime/shell.js) and makeCipher
// (runtime/cipher.js) as our own backends, with the option parsers of our engines (exported by
// them for this), so that every argument is checked, and every error worded, exactly as on the
// wasm, js and runtime entries. The noble functions are passed in by the entry: nothing here
// imports @noble (it is an optional peer dependency).
//
// Memory: noble keeps its state in JS arrays; every noble hash instance, cipher call's temporary
// and keystream copy made here is destroyed or zeroed after the call, errors included.
import { Stream, makeHash, specOf } from './shell.js';
import { KeystreamStream, WholeStream, cipherSpecOf, makeCipher } from './cipher.js';
import { kdfDefinition, kdfInput, pbkdf2With, wipeAll } from './kdf.js';
import { argon2Inputs } from './argon2.js';
import { scryptOptions } from './scrypt.js';
import { aeadOutputLength, aeadThird } from './aead.js';
import { blockOutputLength, disablePaddingOption } from './aes.js';
import { counterOption } from './arx.js';
import { aesModeSpec, authError } from './aesmodes.js';

const PLATFORM = 'noble';
const NO_MEMORY = { memory: () => new Uint8Array(0) }; // no kernel memory (memoryForTests)

// A copy of noble hasher h: its clone(), or (noble's Poly1305, GHASH and CMAC have none) a new
// object of its class with copies of its fields: each buffer under its typed arrays copied once
// and the views remade over the copy, so two views of one buffer (CMAC's x and x32) stay one.
function cloneOf(h) {
  if (typeof h.clone === 'function') return h.clone();
  const c = Object.create(Object.getPrototypeOf(h));
  const copies = new Map();
  // (arrays and plain objects too, GHASH's key table: a destroy() of h must not wipe the copy's)
  const copy = (v) => {
    if (Array.isArray(v)) return v.map(copy);
    if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      const o = {};
      for (const k of Object.keys(v)) o[k] = copy(v[k]);
      return o;
    }
    if (!ArrayBuffer.isView(v)) return v;
    let b = copies.get(v.buffer);
    if (b === undefined) copies.set(v.buffer, (b = v.buffer.slice(0)));
    return new v.constructor(b, v.byteOffset, v.length);
  };
  for (const k of Object.keys(h)) c[k] = copy(h[k]);
  return c;
}

/**
 * A hash of ours over the noble hash `fn`. `kind`: { name, module, blockLen, outputLen, canXOF,
 * oid, dkLen, options, params, check } as makeHash takes them, and nobleOpts(params, dkLen): the
 * options noble's create() takes (undefined for none).
 */
export function nobleHash(kind, fn, nobleOpts = () => undefined) {
  const create = (params, dkLen) => fn.create(nobleOpts(params, dkLen));
  // Writes the digest (or XOF output) of noble hasher h, len bytes, at dst[pos..].
  const finish = (h, dst, pos, len) => {
    if (kind.canXOF) {
      h.xofInto(dst.subarray(pos, pos + len));
      return;
    }
    const d = h.digest();
    dst.set(d.subarray(0, len), pos);
    d.fill(0);
  };
  class NobleStream extends Stream {
    constructor(params, dkLen) {
      super(spec, dkLen);
      this._params = params;
      this._h = create(params, dkLen);
    }
    _update(msg) {
      this._h.update(msg);
    }
    _finish(dst, pos, len) {
      finish(this._h, dst, pos, len);
    }
    _squeeze(dst, pos, len) {
      this._h.xofInto(dst.subarray(pos, pos + len));
    }
    _copyTo(to) {
      to._h.destroy();
      to._h = cloneOf(this._h);
    }
    _blank() {
      return new NobleStream(this._params, this.outputLen);
    }
    _wipe() {
      this._h.destroy();
    }
  }
  const spec = {
    name: kind.name, module: kind.module, platform: PLATFORM, blockLen: kind.blockLen, outputLen: kind.outputLen,
    canXOF: kind.canXOF, oid: kind.oid, dkLen: kind.dkLen, options: kind.options, params: kind.params,
    run(msg, list, params, dkLen, dst, pos) {
      const h = create(params, dkLen);
      try {
        if (msg !== null) h.update(msg);
        else for (let i = 0; i < list.length; i++) h.update(list[i]);
        finish(h, dst, pos, dkLen);
      } finally {
        h.destroy();
      }
    },
    stream: (params, dkLen) => new NobleStream(params, dkLen),
    instance: NO_MEMORY,
  };
  if (kind.check !== undefined) spec.check = kind.check;
  if (kind.keyed === true) spec.keyed = true;
  return makeHash(spec);
}

// ---- KDFs

/** pbkdf2(hash) over the HMAC streams of any hash (ours over noble, here): runtime/kdf.js. */
export const noblePbkdf2 = () => pbkdf2With([]);

// A reporter of increasing fractions ending with 1 (our KDFs' onProgress contract).
function progress(onProgress) {
  let last = 0;
  const report = (f) => {
    if (onProgress !== null && f > last) {
      last = f;
      onProgress(f);
    }
  };
  return report;
}

/** scrypt over noble's `scrypt` and `scryptAsync`, with our option checks (runtime/scrypt.js). */
export function nobleScrypt(scrypt, scryptAsync) {
  const prepare = (password, salt, opts, isAsync) => {
    const o = scryptOptions(opts, isAsync);
    const owned = [];
    try {
      const P = kdfInput(password, 'password', owned);
      const S = kdfInput(salt, 'salt', owned);
      return { o, owned, P, S };
    } catch (e) {
      wipeAll(owned);
      throw e;
    }
  };
  // noble counts one more block than our check (its scratch block): what we allowed, it allows.
  const nobleOpts = (o, report) => ({
    N: o.N, r: o.r, p: o.p, dkLen: o.dkLen, maxmem: Math.max(o.maxmem, 128 * o.r * (o.N + o.p + 1)),
    onProgress: report, asyncTick: o.tick,
  });
  const kdf = function scrypt_(password, salt, opts) {
    const { o, owned, P, S } = prepare(password, salt, opts, false);
    const report = progress(o.onProgress);
    try {
      const dk = scrypt(P, S, nobleOpts(o, report));
      report(1);
      return dk;
    } finally {
      wipeAll(owned);
    }
  };
  kdf.async = async (password, salt, opts) => {
    const { o, owned, P, S } = prepare(password, salt, opts, true);
    const report = progress(o.onProgress);
    try {
      const dk = await scryptAsync(P, S, nobleOpts(o, report));
      report(1);
      return dk;
    } finally {
      wipeAll(owned);
    }
  };
  Object.defineProperty(kdf, 'name', { value: 'scrypt' });
  const definition = kdfDefinition('scrypt');
  return Object.freeze(Object.assign(kdf, { getPlatform: () => PLATFORM, getDefinition: () => definition }));
}

/** Argon2 (`name`) over noble's sync and async functions, with our checks (runtime/argon2.js). */
export function nobleArgon2(name, sync, async) {
  const nobleOpts = ({ o, key, pers }, report) => ({
    t: o.t, m: o.m, p: o.p, dkLen: o.dkLen, version: o.version, maxmem: o.maxmem, asyncTick: o.tick, onProgress: report,
    ...(key.length > 0 ? { key } : {}), ...(pers.length > 0 ? { personalization: pers } : {}),
  });
  const kdf = function argon2(password, salt, opts) {
    const a = argon2Inputs(name, password, salt, opts, false);
    const report = progress(a.o.onProgress);
    try {
      const tag = sync(a.pw, a.s, nobleOpts(a, report));
      report(1);
      return tag;
    } finally {
      wipeAll(a.owned);
    }
  };
  kdf.async = async (password, salt, opts) => {
    const a = argon2Inputs(name, password, salt, opts, true);
    const report = progress(a.o.onProgress);
    try {
      const tag = await async(a.pw, a.s, nobleOpts(a, report));
      report(1);
      return tag;
    } finally {
      wipeAll(a.owned);
    }
  };
  Object.defineProperty(kdf, 'name', { value: name });
  const definition = kdfDefinition(name);
  return Object.freeze(Object.assign(kdf, { getPlatform: () => PLATFORM, getDefinition: () => definition }));
}

// ---- Ciphers

const POW32 = 2 ** 32;

// XOR `src` into `dst` from byte `pos` of a keystream that starts at block `counter`, through a
// whole-block-aligned temporary (zeroed after): noble's XOR functions start at a block boundary.
function xorFrom(xor, key, nonce, counter, pos, src, dst, blockLen = 64) {
  const off = pos % blockLen;
  const first = counter + Math.floor(pos / blockLen);
  if (off === 0) {
    xor(key, nonce, src, dst, first);
    return;
  }
  const tmp = new Uint8Array(off + src.length);
  try {
    tmp.set(src, off);
    xor(key, nonce, tmp, tmp, first);
    dst.set(tmp.subarray(off));
  } finally {
    tmp.fill(0);
  }
}

/**
 * A Salsa20/ChaCha stream cipher of ours (kind: runtime/arx.js SALSA20, CHACHA20, ...) over the
 * noble XOR function `xor(key, nonce, data, output, counter)`. Counters noble refuses (2^32 - 1
 * and above) are refused with noble's error.
 */
export function nobleArx(k, xor) {
  const counterOf = (params) => (params === null ? 0 : params.hi * POW32 + params.lo);
  return makeCipher({
    name: k.name, platform: PLATFORM, blockSize: 64, nonceLength: k.nonceLength, tagLength: 0, varSizeNonce: false,
    keyLengths: k.keyLengths,
    options: { counter: counterOption(k.counterBits) },
    params: () => ({ lo: 0, hi: 0 }),
    outputLength: (_encrypting, n) => n,
    run(st, _encrypting, src, dst) {
      if (src.length > 0) xor(st.key, st.nonce, src, dst, counterOf(st.params));
    },
    stream: (st) => new KeystreamStream(k.name, st, (t, pos, src, dst) => {
      if (src.length > 0) xorFrom(xor, t.key, t.nonce, counterOf(t.params), pos, src, dst);
    }),
    instance: NO_MEMORY,
  });
}

/**
 * An AEAD of ours (a: runtime/aead.js CHACHA20POLY1305, ...) over noble's `aead(key, nonce,
 * AAD?)`. A wrong tag throws our error. Streams keep the message in JS and do the whole
 * operation in finish() (noble has no streaming AEAD).
 */
export function nobleAead(a, aead) {
  const TAG = 16;
  const instance = (st) => (st.params === null ? aead(st.key, st.nonce) : aead(st.key, st.nonce, st.params));
  const invalid = () => new Error(`${a.name}: invalid tag (the ciphertext, nonce, key or AAD is wrong): nothing was decrypted`);
  function run(st, encrypting, src, dst) {
    let r = null;
    try {
      r = encrypting ? instance(st).encrypt(src) : instance(st).decrypt(src);
    } catch (e) {
      if (!encrypting && e instanceof Error && /tag/i.test(e.message)) throw invalid();
      throw e;
    }
    dst.set(r);
    r.fill(0);
  }
  return makeCipher({
    name: a.name, platform: PLATFORM, blockSize: 64, nonceLength: a.nonceLength, tagLength: TAG, varSizeNonce: false,
    keyLengths: [32],
    third: (v) => aeadThird(a, v),
    outputLength: aeadOutputLength,
    run,
    stream: (st, encrypting) => new WholeStream({ name: a.name, run, outputLength: aeadOutputLength, tagLength: () => TAG, tagFirst: a.tagFirst, tagInData: a.tagFirst }, st, encrypting),
    asyncWhole: () => true,
    instance: NO_MEMORY,
  });
}

// AES-CTR: the 16-byte counter block plus n blocks, as a 128-bit big-endian number (a new array).
function ctrPlus(iv, n) {
  const out = iv.slice();
  let carry = n;
  for (let i = 15; i >= 0 && carry > 0; i--) {
    const s = out[i] + (carry % 256);
    out[i] = s & 255;
    carry = Math.floor(carry / 256) + (s >> 8);
  }
  return out;
}

/**
 * An AES mode of ours ('ecb', 'cbc', 'ctr', 'cfb') over noble's mode function. Streams run as
 * they go (CTR by counter arithmetic, the others block by block with the chaining carried).
 */
export function nobleAes(mode, fn) {
  const block = mode === 'ecb' || mode === 'cbc';
  const padOf = (params) => params === null || params.padding;
  const instance = (st) => {
    const opts = block && !padOf(st.params) ? { disablePadding: true } : undefined;
    return mode === 'ecb' ? fn(st.key, opts) : mode === 'cbc' ? fn(st.key, st.nonce, opts) : fn(st.key, st.nonce);
  };
  const invalidPadding = () => new Error(`${mode}: invalid padding (the ciphertext or key is wrong)`);
  function run(st, encrypting, src, dst) {
    let r;
    try {
      r = encrypting ? instance(st).encrypt(src) : instance(st).decrypt(src);
    } catch (e) {
      if (block && !encrypting && e instanceof Error && /padding|bad decrypt/i.test(e.message)) throw invalidPadding();
      throw e;
    }
    dst.set(r);
    const n = r.length;
    r.fill(0);
    return n === dst.length ? undefined : dst.subarray(0, n);
  }
  // ECB, CBC and CFB streams: whole blocks through noble as they come (without padding, the
  // chaining block carried from one call to the next), at most one block kept here (the partial
  // one, or with padding the last whole one when decrypting), the rest done in finish().
  class ChainStream {
    constructor(st, encrypting) {
      this.key = st.key.slice();
      this.iv = mode === 'ecb' ? null : st.nonce.slice();
      this.encrypting = encrypting;
      this.padding = block && padOf(st.params);
      this.buf = new Uint8Array(16);
      this.len = 0;
    }
    outputLength(n) {
      const t = this.len + n;
      if (this.encrypting || !this.padding) return t - (t % 16);
      return t === 0 ? 0 : Math.floor((t - 1) / 16) * 16; // decrypting with padding: hold the last block back
    }
    // Whole blocks, no padding, chained from this.iv (updated to the last ciphertext block).
    blocks(src) {
      const c = mode === 'ecb' ? fn(this.key, { disablePadding: true }) : mode === 'cbc' ? fn(this.key, this.iv, { disablePadding: true }) : fn(this.key, this.iv);
      const r = this.encrypting ? c.encrypt(src) : c.decrypt(src);
      if (this.iv !== null) this.iv.set((this.encrypting ? r : src).subarray(src.length - 16));
      return r;
    }
    update(src, dst) {
      const out = this.outputLength(src.length);
      if (out === 0) {
        this.buf.set(src, this.len);
        this.len += src.length;
        return;
      }
      const take = out - this.len;
      const all = new Uint8Array(out);
      try {
        all.set(this.buf.subarray(0, this.len));
        all.set(src.subarray(0, take), this.len);
        const r = this.blocks(all);
        dst.set(r);
        r.fill(0);
      } finally {
        all.fill(0);
      }
      this.buf.fill(0);
      this.buf.set(src.subarray(take));
      this.len = src.length - take;
    }
    finish(tag) {
      if (tag !== undefined) throw new TypeError(`"tag" must be undefined: ${mode} has no tag`);
      const rest = this.buf.subarray(0, this.len);
      if (mode === 'cfb') {
        const r = this.len === 0 ? new Uint8Array(0) : this.encrypting ? fn(this.key, this.iv).encrypt(rest) : fn(this.key, this.iv).decrypt(rest);
        return { data: r };
      }
      if (!this.padding) {
        if (this.len !== 0) throw new RangeError(`"data" must be a whole number of 16-byte blocks for ${mode} with disablePadding, got ${this.len} bytes past the last block`);
        return { data: new Uint8Array(0) };
      }
      if (!this.encrypting && this.len !== 16) throw new RangeError(`"data" must be a non-empty whole number of 16-byte blocks for ${mode} decryption`);
      const c = mode === 'ecb' ? fn(this.key) : fn(this.key, this.iv);
      if (this.encrypting) return { data: c.encrypt(rest) };
      try {
        return { data: c.decrypt(rest) };
      } catch (e) {
        if (e instanceof Error && /padding|bad decrypt/i.test(e.message)) throw invalidPadding();
        throw e;
      }
    }
    wipe() {
      this.key.fill(0);
      if (this.iv !== null) this.iv.fill(0);
      this.buf.fill(0);
      this.len = 0;
    }
  }
  // ctr streams: noble's CTR from the counter block at the stream's position.
  const ctrStreamAt = (t, pos, src, dst) => {
    if (src.length === 0) return;
    const xor = (key, iv, data, out, first) => {
      const at = ctrPlus(iv, first);
      try {
        const r = fn(key, at).encrypt(data);
        out.set(r);
        r.fill(0);
      } finally {
        at.fill(0);
      }
    };
    xorFrom(xor, t.key, t.nonce, 0, pos, src, dst, 16);
  };
  return makeCipher({
    name: mode, platform: PLATFORM, blockSize: 16, nonceLength: mode === 'ecb' ? 0 : 16, tagLength: 0, varSizeNonce: false,
    noNonce: mode === 'ecb',
    keyLengths: [16, 24, 32],
    options: block ? { disablePadding: disablePaddingOption } : null,
    params: () => (block ? { padding: true } : null),
    outputLength: (encrypting, n, params) => (block ? blockOutputLength(mode, padOf(params), encrypting, n) : n),
    run,
    stream: (st, encrypting) => (mode === 'ctr' ? new KeystreamStream('ctr', st, ctrStreamAt) : new ChainStream(st, encrypting)),
    instance: NO_MEMORY,
  });
}

// ---- Names that borrow the checks of our engine (its spec: key and option parsers, the third
// argument, output lengths) from a function of ours, and run noble's: the MACs ghash and polyval,
// and gcm and gcmsiv. (The entry imports js.js's function for its spec only: no js kernel runs.)

// noble's GHASH/POLYVAL zero-pad every update() to a whole block (as its AEADs use them); ours
// hash the concatenation of the pieces: whole blocks go to noble, the rest waits here.
class Blocked {
  constructor(h) {
    this.h = h;
    this.buf = new Uint8Array(16);
    this.n = 0;
  }
  update(m) {
    let i = 0;
    if (this.n > 0) {
      const take = Math.min(16 - this.n, m.length);
      this.buf.set(m.subarray(0, take), this.n);
      this.n += take;
      i = take;
      if (this.n < 16) return this;
      this.h.update(this.buf);
      this.n = 0;
    }
    const whole = i + Math.floor((m.length - i) / 16) * 16;
    if (whole > i) this.h.update(m.subarray(i, whole));
    this.buf.set(m.subarray(whole), 0);
    this.n = m.length - whole;
    return this;
  }
  digest() {
    if (this.n > 0) this.h.update(this.buf.subarray(0, this.n));
    return this.h.digest();
  }
  clone() {
    const c = new Blocked(cloneOf(this.h));
    c.buf.set(this.buf);
    c.n = this.n;
    return c;
  }
  destroy() {
    this.h.destroy();
    this.buf.fill(0);
    this.n = 0;
  }
}

/** A MAC of ours (`ours`: the same MAC of another entry) over noble's `mac.create(key)`. */
export function nobleMacLike(ours, mac) {
  const s = specOf(ours);
  const blocked = s.module === 'ghash';
  return nobleHash(
    { name: s.name, module: s.module, blockLen: s.blockLen, outputLen: s.outputLen, canXOF: false, oid: null, dkLen: null, keyed: true,
      options: s.options, params: s.params },
    { create: (key) => (blocked ? new Blocked(mac.create(key)) : mac.create(key)) },
    (p) => p.key,
  );
}

// What each borrowed cipher's failed decryption throws on every entry.
const AUTH_FAILED = {
  gcm: 'gcm: invalid tag (the ciphertext, nonce, key, AAD or tag length is wrong): nothing was decrypted',
  gcmsiv: 'gcmsiv: invalid tag (the ciphertext, nonce, key or AAD is wrong): nothing was decrypted',
};

/**
 * The cipher `ours` (gcm or gcmsiv of another entry: its checks) over noble's `fn`. Streams keep
 * the message and run in finish() (noble has no streaming GCM).
 */
export function nobleCipherLike(ours, fn) {
  const s = cipherSpecOf(ours);
  const name = s.name;
  const tagFirst = false; // (GCM's tag follows the ciphertext)
  const tagged = s.tagLength > 0;
  const instance = (st) => {
    const p = st.params;
    if (p.tagLength !== 16) throw new RangeError(`"opts.tagLength" must be 16 for ${name} on noble.js (@noble/ciphers' tags are 16 bytes), got ${p.tagLength}`);
    return p.aad.length > 0 ? fn(st.key, st.nonce, p.aad) : fn(st.key, st.nonce);
  };
  function run(st, encrypting, src, dst) {
    const c = instance(st);
    let r;
    try {
      r = encrypting ? c.encrypt(src) : c.decrypt(src);
    } catch (e) {
      if (!encrypting && e instanceof Error && !(e instanceof TypeError) && !(e instanceof RangeError)) throw new Error(AUTH_FAILED[name]);
      throw e;
    }
    dst.set(r);
    const n = r.length;
    r.fill(0);
    return n === dst.length ? undefined : dst.subarray(0, n);
  }
  return makeCipher({ ...s, platform: PLATFORM, run, stream: (st, encrypting) => new WholeStream({ name, run, outputLength: s.outputLength, tagLength: () => (tagged ? s.tagLength : 0), tagFirst }, st, encrypting), asyncWhole: () => true, instance: NO_MEMORY });
}

/**
 * aessiv, aeskw, aeskwp over noble's: the spec every backend of ours shares (runtime/aesmodes.js
 * aesModeSpec: lengths, checks, errors, streams) over noble's one-shot operation.
 */
export function nobleAesMode(name, fn) {
  function run(st, encrypting, src, dst) {
    const c = name === 'aessiv' ? fn(st.key, ...(st.params === null ? [] : st.params)) : fn(st.key);
    let r;
    try {
      r = encrypting ? c.encrypt(src) : c.decrypt(src);
    } catch (e) {
      if (!encrypting && e instanceof Error && !(e instanceof TypeError) && !(e instanceof RangeError)) throw authError(name);
      throw e;
    }
    dst.set(r);
    const n = r.length;
    r.fill(0);
    return n === dst.length ? undefined : dst.subarray(0, n);
  }
  return makeCipher({ ...aesModeSpec(name, run), platform: PLATFORM, instance: NO_MEMORY });
}
