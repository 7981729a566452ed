// The `webcrypto.js` entry's engine: the platform's `crypto.subtle` behind our API, for what it
// has (SHA-1, SHA-256, SHA-384, SHA-512, HMAC, HKDF, PBKDF2, AES-CBC, AES-CTR, AES-GCM). WebCrypto
// is asynchronous only, so are these: every function has the shape of ours, but only the `.async`
// forms run; the sync forms, `create()` streams, `chunks()` and `parallel()` throw an Error that
// names the async way. Arguments and options are checked by our runtime's checks (the same
// errors as the other entries, as rejections); results are written to `out`/`output` as ours are.
// Copies of secrets made here (key material, concatenated parts) are zeroed after each call;
// what crypto.subtle keeps is the platform's.
import { bytesArg, isBytes, mustBe, notBytes, typeName } from './checks.js';
import { asyncOptions, result } from './shell.js';
import { hmacSpec } from './hmac.js';
import { PBKDF2_FIELDS, kdfDefinition, kdfInput, kdfOptions, wipeAll } from './kdf.js';
import { blockOutputLength, disablePaddingOption } from './aes.js';

const PLATFORM = 'webcrypto';
const subtle = () => {
  const c = globalThis.crypto;
  if (c === undefined || c === null || typeof c.subtle !== 'object' || c.subtle === null)
    throw new Error('webcrypto.js: crypto.subtle is not available here (it needs a secure context in browsers); use another entry, such as js.js');
  return c.subtle;
};

/** Whether crypto.subtle is there (browsers: secure contexts only; Node 19+, Deno, Bun, workers). */
export function isSupported() {
  const c = globalThis.crypto;
  return typeof c === 'object' && c !== null && typeof c.subtle === 'object' && c.subtle !== null && typeof c.subtle.digest === 'function';
}

// crypto.subtle refuses views of a SharedArrayBuffer (wasm_threads' memory, for one); ours take
// them: such an input is copied (the copy pushed onto `owned`, zeroed after the call).
const bufferOf = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'buffer').get;
function forSubtle(b, owned) {
  if (typeof SharedArrayBuffer !== 'function' || !(bufferOf.call(b) instanceof SharedArrayBuffer)) return b;
  const c = b.slice();
  owned.push(c);
  return c;
}

const asyncOnly = (what, how) =>
  new Error(`${what} is not available from webcrypto.js: crypto.subtle is async only; use ${how}`);

// Our hashes WebCrypto has, by definition name.
const SUBTLE_HASH = { sha1: 'SHA-1', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' };
/** The WebCrypto name of `hash` (any hash of ours, of any backend, with one), or a TypeError. */
function subtleHashOf(hash) {
  const def = typeof hash === 'function' && typeof hash.getDefinition === 'function' ? hash.getDefinition() : null;
  const n = def !== null && def !== undefined ? SUBTLE_HASH[def.name] : undefined;
  if (n === undefined || def.module === 'kdf' || def.module === 'cipher')
    throw new TypeError(`"hash" must be sha1, sha256, sha384 or sha512 (of any entry) for webcrypto.js, got ${def ? def.name : typeName(hash)}`);
  return n;
}

/** The hash `kind` (runtime/md.js SHA1, SHA256, ...) over crypto.subtle.digest. */
export function subtleHash(kind) {
  const name = kind.name;
  const algo = SUBTLE_HASH[name];
  const spec = { name, outputLen: kind.outputLen, dkLen: null, options: null, params: null };
  const digest = async (bytes) => new Uint8Array(await subtle().digest(algo, bytes));
  // The digests of `groups` (each a list of parts) to the destinations of o.
  async function run(groups, o) {
    const res = [];
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i];
      let msg = g[0];
      if (g.length !== 1) {
        let n = 0;
        for (const p of g) n += p.length;
        msg = new Uint8Array(n);
        let at = 0;
        for (const p of g) {
          msg.set(p, at);
          at += p.length;
        }
      }
      let d;
      const owned = [];
      try {
        d = await digest(forSubtle(msg, owned));
      } finally {
        if (msg !== g[0]) msg.fill(0);
        wipeAll(owned);
      }
      if (o.outs === null) res.push(d);
      else {
        const [buf, pos] = o.outs[i];
        buf.set(d, pos);
        d.fill(0);
        res.push(result(buf, pos, kind.outputLen));
      }
    }
    if (o.onProgress !== null) o.onProgress(1);
    return res;
  }
  // The message(s) checked first, then the options, then each message read once (as makeHash).
  function parts(x, arg, list) {
    if (!list) {
      if (!isBytes(x)) throw notBytes('msg', x);
      return null;
    }
    if (!Array.isArray(x)) throw mustBe(TypeError, arg, 'an array of Uint8Array', typeName(x));
    return null;
  }
  const read = (x, arg) => {
    const out = new Array(x.length);
    for (let i = 0; i < out.length; i++) out[i] = bytesArg(x[i], `${arg}[${i}]`);
    return out;
  };
  const hash = function (_msg, _opts) {
    throw asyncOnly(`${name}()`, `await ${name}.async(msg, opts)`);
  };
  hash.async = async (msg, opts) => {
    parts(msg, 'msg', false);
    const o = asyncOptions(spec, opts, 'hash', 1, '.async');
    return (await run([[bytesArg(msg, 'msg')]], o))[0];
  };
  const chunks = () => {
    throw asyncOnly(`${name}.chunks()`, `await ${name}.chunks.async(parts, opts)`);
  };
  chunks.async = async (list, opts) => {
    parts(list, 'parts', true);
    const o = asyncOptions(spec, opts, 'chunks', 1, '.chunks.async');
    return (await run([read(list, 'parts')], o))[0];
  };
  const parallel = () => {
    throw asyncOnly(`${name}.parallel()`, `await ${name}.parallel.async(msgs, opts)`);
  };
  parallel.async = async (list, opts) => {
    parts(list, 'msgs', true);
    const msgs = list.slice();
    const o = asyncOptions(spec, opts, 'parallel', msgs.length, '.parallel.async');
    return run(read(msgs, 'msgs').map((m) => [m]), o);
  };
  const create = () => {
    throw asyncOnly(`${name}.create()`, `await ${name}.async(msg) or ${name}.chunks.async(parts) (crypto.subtle has no streams)`);
  };
  const definition = Object.freeze({ module: kind.module, name, blockLen: kind.blockLen, outputLen: kind.outputLen, canXOF: false });
  Object.defineProperty(hash, 'name', { value: name });
  for (const f of [hash.async, chunks.async, parallel.async]) Object.freeze(Object.defineProperty(f, 'name', { value: 'async' }));
  Object.assign(hash, {
    outputLen: kind.outputLen, blockLen: kind.blockLen, canXOF: false, create, chunks: Object.freeze(chunks),
    parallel: Object.freeze(parallel), getPlatform: () => PLATFORM, getDefinition: () => definition,
  });
  if (kind.oid !== null) hash.oid = Uint8Array.from(kind.oid);
  return Object.freeze(hash);
}

// An HMAC key for WebCrypto: a key of zero bytes is refused there, and HMAC pads every key to
// the block length with zeros, so one zero byte is the same key.
const hmacKeyBytes = (key) => (key.length === 0 ? new Uint8Array(1) : key);

/** hmac(hash, key, msg): async only, `hmac.async(hash, key, msg)`. */
export const subtleHmac = /* @__PURE__ */ (() => {
  const hmac = () => {
    throw asyncOnly('hmac()', 'await hmac.async(hash, key, msg)');
  };
  hmac.async = async (hash, key, msg) => {
    const spec = hmacSpec(hash);
    const algo = subtleHashOf(hash);
    key = bytesArg(key, 'key');
    msg = bytesArg(msg, 'msg');
    const s = subtle();
    const owned = [];
    let tag;
    try {
      const k = await s.importKey('raw', hmacKeyBytes(forSubtle(key, owned)), { name: 'HMAC', hash: algo }, false, ['sign']);
      tag = new Uint8Array(await s.sign('HMAC', k, forSubtle(msg, owned)));
    } finally {
      wipeAll(owned);
    }
    if (tag.length !== spec.outputLen) throw new Error(`webcrypto.js: HMAC gave ${tag.length} bytes, not ${spec.outputLen}`);
    return tag;
  };
  hmac.create = () => {
    throw asyncOnly('hmac.create()', 'await hmac.async(hash, key, msg) (crypto.subtle has no streams)');
  };
  return Object.freeze(hmac);
})();

/** hkdf(hash, ikm, salt?, info?, length = 32): async only, `hkdf.async(...)`. */
export const subtleHkdf = /* @__PURE__ */ (() => {
  const hkdf = () => {
    throw asyncOnly('hkdf()', 'await hkdf.async(hash, ikm, salt, info, length)');
  };
  hkdf.async = async (hash, ikm, salt, info, length) => {
    const spec = hmacSpec(hash);
    const algo = subtleHashOf(hash);
    ikm = bytesArg(ikm, 'ikm');
    salt = salt === undefined ? new Uint8Array(spec.outputLen) : bytesArg(salt, 'salt');
    info = info === undefined ? new Uint8Array(0) : bytesArg(info, 'info');
    if (length === undefined) length = 32;
    else {
      if (typeof length !== 'number') throw mustBe(TypeError, 'length', 'a non-negative integer', typeName(length));
      if (!Number.isSafeInteger(length) || length < 0) throw mustBe(RangeError, 'length', 'a non-negative integer', length);
    }
    const max = 255 * spec.outputLen;
    if (length > max) throw new RangeError(`"length" must be <= 255 * outputLen = ${max} for ${spec.name}, got ${length}`);
    if (length === 0) return new Uint8Array(0);
    const s = subtle();
    const owned = [];
    try {
      const k = await s.importKey('raw', forSubtle(ikm, owned), 'HKDF', false, ['deriveBits']);
      return new Uint8Array(await s.deriveBits({ name: 'HKDF', hash: algo, salt: forSubtle(salt, owned), info: forSubtle(info, owned) }, k, length * 8));
    } finally {
      wipeAll(owned);
    }
  };
  return Object.freeze(hkdf);
})();

/** pbkdf2(hash)(password, salt, { c, dkLen = 32 }): async only, `pbkdf2(hash).async(...)`. */
export const subtlePbkdf2 = /* @__PURE__ */ (() => {
  const pbkdf2 = function pbkdf2(hash, ...extra) {
    if (extra.length > 0) throw new TypeError('pbkdf2 takes the hash only: pbkdf2(hash)(password, salt, { c, dkLen })');
    const spec = hmacSpec(hash);
    const algo = subtleHashOf(hash);
    const name = `pbkdf2(${spec.name.slice(5, -1)})`;
    const fields = PBKDF2_FIELDS(spec.outputLen);
    const derive = () => {
      throw asyncOnly(`${name}()`, `await pbkdf2(hash).async(password, salt, opts)`);
    };
    derive.async = async (password, salt, opts) => {
      const o = kdfOptions(opts === undefined ? {} : opts, name, fields, true);
      const owned = [];
      try {
        const pw = kdfInput(password, 'password', owned);
        const s = kdfInput(salt, 'salt', owned);
        const sc = subtle();
        const k = await sc.importKey('raw', forSubtle(pw, owned), 'PBKDF2', false, ['deriveBits']);
        const dk = new Uint8Array(await sc.deriveBits({ name: 'PBKDF2', hash: algo, salt: forSubtle(s, owned), iterations: o.c }, k, o.dkLen * 8));
        if (o.onProgress !== null) o.onProgress(1);
        return dk;
      } finally {
        wipeAll(owned);
      }
    };
    return derive;
  };
  const definition = kdfDefinition('pbkdf2');
  return Object.freeze(Object.assign(pbkdf2, { getPlatform: () => PLATFORM, getDefinition: () => definition }));
})();

// ---- AES: cbc(key, iv, opts?), ctr(key, counter), gcm(key, nonce, AAD?), the cipher shape with
// only .async running.
function outputFor(output, n, src) {
  if (output === undefined) return new Uint8Array(n);
  const out = bytesArg(output, 'output');
  if (out.length < n) throw new RangeError(`"output" is too small: need length >= ${n}, got ${out.length}`);
  const dst = out.length === n ? out : out.subarray(0, n);
  const overlap = src.length > 0 && dst.length > 0 && bufferOf.call(src) === bufferOf.call(dst) &&
    src.byteOffset < dst.byteOffset + dst.length && dst.byteOffset < src.byteOffset + src.length;
  if (overlap && src.byteOffset !== dst.byteOffset)
    throw new RangeError('"output" overlaps "data" partially: give the same array (in place) or a separate one');
  return dst;
}
function asyncCipherOpts(opts) {
  if (opts === undefined) return null;
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw mustBe(TypeError, 'opts', 'an object', typeName(opts));
  let onProgress = null;
  for (const key of Object.keys(opts)) {
    const v = opts[key];
    if (v === undefined) continue;
    if (key === 'asyncTick') {
      if (typeof v !== 'number') throw mustBe(TypeError, 'opts.asyncTick', 'a number of milliseconds', typeName(v));
      if (!(v >= 0) || v === Infinity) throw mustBe(RangeError, 'opts.asyncTick', 'a finite number >= 0', v);
    } else if (key === 'onProgress' || key === 'nextTick') {
      if (typeof v !== 'function') throw mustBe(TypeError, `opts.${key}`, 'a function', typeName(v));
      if (key === 'onProgress') onProgress = v;
    } else throw new TypeError(`unknown option "${key}" (the async forms take asyncTick, onProgress, nextTick)`);
  }
  return onProgress;
}

// GCM's third argument (the AAD) and fourth (options: tagLength in bytes, WebCrypto's lengths
// 32, 64, 96..128 bits), checked with the errors of our gcm (runtime/gcm.js).
const GCM_TAGS = [4, 8, 12, 13, 14, 15, 16];
function gcmParams(aad, opts) {
  const params = { aad: aad === undefined ? new Uint8Array(0) : bytesArg(aad, 'AAD').slice(), tagLength: 16 };
  if (opts === undefined) return params;
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw mustBe(TypeError, 'opts', 'an object', typeName(opts));
  for (const key of Object.keys(opts)) {
    const v = opts[key];
    if (v === undefined) continue;
    if (key !== 'tagLength') throw new TypeError(`unknown option "${key}" for gcm`);
    if (typeof v !== 'number') throw mustBe(TypeError, 'opts.tagLength', 'a number', typeName(v));
    if (!GCM_TAGS.includes(v)) throw mustBe(RangeError, 'opts.tagLength', `one of ${GCM_TAGS.join(', ')}`, v);
    params.tagLength = v;
  }
  return params;
}

// Whether this crypto.subtle takes GCM nonces shorter than 12 bytes (browsers do, Node does not),
// asked once, when a call with such a nonce fails.
let shortNonces = null;
function shortNoncesWork() {
  if (shortNonces === null) {
    const s = subtle();
    shortNonces = s
      .importKey('raw', new Uint8Array(16), 'AES-GCM', false, ['encrypt'])
      .then((k) => s.encrypt({ name: 'AES-GCM', iv: new Uint8Array(1) }, k, new Uint8Array(0)))
      .then(() => true, () => false);
  }
  return shortNonces;
}

/** The AES mode `mode` ('cbc', 'ctr', 'gcm') over crypto.subtle. */
export function subtleAes(mode) {
  const block = mode === 'cbc';
  const aead = mode === 'gcm';
  const TAG = 16;
  const nonceLength = aead ? 12 : 16;
  const outputLength = (encrypting, n, params) => {
    if (block) return blockOutputLength(mode, params === null || params.padding, encrypting, n);
    if (!aead) return n;
    const T = params.tagLength;
    if (encrypting) return n + T;
    if (n < T) throw new RangeError(`"data" must be at least ${T} bytes (the tag) for ${mode} decryption, got length ${n}`);
    return n - T;
  };
  // One operation through crypto.subtle; the result checked and written to dst.
  async function run(st, encrypting, src, dst) {
    const s = subtle();
    const name = `AES-${mode.toUpperCase()}`;
    const key = await s.importKey('raw', st.key, name, false, [encrypting ? 'encrypt' : 'decrypt']);
    const params =
      mode === 'ctr' ? { name, counter: st.nonce, length: 128 } :
      mode === 'gcm' ? { name, iv: st.nonce, tagLength: 8 * st.params.tagLength, ...(st.params.aad.length > 0 ? { additionalData: st.params.aad } : {}) } :
      { name, iv: st.nonce };
    let data = src;
    const padding = block && (st.params === null || st.params.padding);
    if (block && !padding) {
      // WebCrypto always pads: encrypt whole blocks and drop the padding block it adds; decrypt
      // by appending the encryption of a full padding block chained from the last block.
      if (encrypting) {
        const r = new Uint8Array(await s.encrypt(params, key, src));
        dst.set(r.subarray(0, src.length));
        r.fill(0);
        return undefined;
      }
      if (src.length === 0) return undefined;
      const last = src.subarray(src.length - 16);
      const enc = await s.importKey('raw', st.key, name, false, ['encrypt']);
      const pad = new Uint8Array(16).fill(16);
      const tail = new Uint8Array(await s.encrypt({ name, iv: last }, enc, pad)).subarray(0, 16);
      data = new Uint8Array(src.length + 16);
      data.set(src);
      data.set(tail, src.length);
    }
    let r;
    try {
      r = new Uint8Array(encrypting ? await s.encrypt(params, key, data) : await s.decrypt(params, key, data));
    } catch (e) {
      // Some WebCrypto implementations (Node's) take GCM nonces of 12 bytes and more only.
      if (aead && st.nonce.length < 12 && !(await shortNoncesWork()))
        throw new RangeError(`"nonce" must have length >= 12 for gcm on this platform's crypto.subtle, got ${st.nonce.length}`);
      if (!encrypting && aead) throw new Error('gcm: invalid tag (the ciphertext, nonce, key, AAD or tag length is wrong): nothing was decrypted');
      if (!encrypting && block) throw new Error(`cbc: invalid padding (the ciphertext or key is wrong)`);
      throw e;
    } finally {
      if (data !== src) data.fill(0);
    }
    dst.set(r);
    const n = r.length;
    r.fill(0);
    return n === dst.length ? undefined : dst.subarray(0, n);
  }
  function cipher(key, nonce, third, fourth) {
    const k = bytesArg(key, 'key');
    if (![16, 24, 32].includes(k.length)) throw new RangeError(`"key" must have length 16 or 24 or 32 for ${mode}, got ${k.length}`);
    const n = bytesArg(nonce, 'nonce');
    // GCM takes any nonce length from 1 (as ours and WebCrypto do); CBC and CTR 16 bytes.
    if (!aead && n.length !== nonceLength) throw new RangeError(`"nonce" must have length ${nonceLength} for ${mode}, got ${n.length}`);
    let params = null;
    if (aead) params = gcmParams(third, fourth);
    else if (third !== undefined) {
      if (third === null || typeof third !== 'object' || Array.isArray(third)) throw mustBe(TypeError, 'opts', 'an object', typeName(third));
      for (const o of Object.keys(third)) {
        if (third[o] === undefined) continue;
        if (!block || o !== 'disablePadding') throw new TypeError(`unknown option "${o}" for ${mode}`);
        disablePaddingOption(third[o], params === null ? (params = { padding: true }) : params);
      }
    }
    if (aead && n.length === 0) throw new RangeError('"nonce" must have length >= 1 for gcm, got 0');
    const st = { key: k.slice(), nonce: n.slice(), params };
    let encrypted = false;
    const method = (encrypting) => {
      const verb = encrypting ? 'encrypt' : 'decrypt';
      const m = () => {
        throw asyncOnly(`${mode}(...).${verb}()`, `await ${mode}(key, nonce).${verb}.async(data, output?)`);
      };
      m.async = async (data, output, opts) => {
        const src = bytesArg(data, 'data');
        const onProgress = asyncCipherOpts(opts);
        const dst = outputFor(output, outputLength(encrypting, src.length, st.params), src);
        if (encrypting) {
          if (encrypted) throw new Error(`${mode}: encrypt() was already called on this instance (a key and nonce must encrypt once; make a new instance with a new nonce)`);
          encrypted = true;
        }
        // crypto.subtle copies its inputs when called; our output is written once it resolved.
        const copy = src.slice();
        try {
          const r = await run(st, encrypting, copy, dst);
          if (onProgress !== null) onProgress(1);
          return r === undefined ? dst : r;
        } finally {
          copy.fill(0);
        }
      };
      m.create = () => {
        throw asyncOnly(`${mode}(...).${verb}.create()`, `await ${mode}(key, nonce).${verb}.async(data) (crypto.subtle has no streams)`);
      };
      return m;
    };
    return {
      blockSize: 16, nonceLength, tagLength: aead ? TAG : 0, varSizeNonce: aead,
      encrypt: method(true), decrypt: method(false),
    };
  }
  const definition = Object.freeze({
    module: 'cipher', name: mode, blockSize: 16, nonceLength, tagLength: aead ? TAG : 0, keyLengths: Object.freeze([16, 24, 32]),
  });
  Object.defineProperty(cipher, 'name', { value: mode });
  Object.assign(cipher, {
    blockSize: 16, nonceLength, tagLength: aead ? TAG : 0, varSizeNonce: aead,
    getPlatform: () => PLATFORM, getDefinition: () => definition,
  });
  return Object.freeze(cipher);
}
