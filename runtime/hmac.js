// HMAC (RFC 2104) over any hash with the hash shape of docs/api.md: a function with `create()`,
// `blockLen` and `outputLen` whose streams have `update`, `digestInto`, `_cloneInto` and `destroy`
// (every hash of every backend entry of ours, and @noble/hashes' hashes). The hash is passed in,
// so this file imports no target: it costs only what it adds to the hash an application imports.
// The package entries hmac.js and hkdf.js are built on this file (internal: runtime/ is not in the
// package's `exports`).
//
// The key is absorbed once: K' = K (hashed first when longer than blockLen) padded with zeros to
// a block, K' ^ ipad into the inner stream and K' ^ opad into the outer stream. A full block, so
// the Merkle–Damgård engines compress it at once and the streams hold only chaining state; the
// keyed streams are then cloned (`_cloneInto`) for each message (hkdf.js: each output block)
// instead of hashing the key again. Every temporary holding key material (the padded key, the
// hashed key, the inner digest) is zeroed before returning, errors included.
import { bytesArg, typeName } from './checks.js';
import { Stream, specOf } from './shell.js';

// hash function -> the spec its HMAC streams share (Stream's status rules and _cloneInto's check
// that `to` is a stream of the same hash read it).
const specs = new WeakMap();

function positive(hash, key) {
  const v = hash[key];
  if (typeof v !== 'number') throw new TypeError(`"hash.${key}" must be a positive integer, got ${typeName(v)}`);
  if (!Number.isSafeInteger(v) || v < 1) throw new RangeError(`"hash.${key}" must be a positive integer, got ${v}`);
  return v;
}

/**
 * Checks `hash` (a function with create(), blockLen and outputLen) and returns the spec of its
 * HMAC streams: { name, blockLen, outputLen, canXOF: false }. Internal (hkdf.js uses it).
 */
export function hmacSpec(hash) {
  if (typeof hash !== 'function' || typeof hash.create !== 'function')
    throw new TypeError(`"hash" must be a hash function (with create(), blockLen and outputLen), got ${typeName(hash)}`);
  const own = specOf(hash);
  if (own !== undefined && own.keyed === true)
    throw new TypeError(`"hash" must be a hash, not a MAC (${own.name} takes a key of its own)`);
  const blockLen = positive(hash, 'blockLen');
  const outputLen = positive(hash, 'outputLen');
  let spec = specs.get(hash);
  if (spec === undefined || spec.blockLen !== blockLen || spec.outputLen !== outputLen) {
    const name = typeof hash.name === 'string' && hash.name !== '' ? hash.name : 'hash';
    spec = { name: `hmac(${name})`, hash, blockLen, outputLen, canXOF: false };
    specs.set(hash, spec);
  }
  return spec;
}

// A new stream of spec.hash, checked to have the methods HMAC uses and the hash's outputLen.
function hashStream(spec) {
  const s = spec.hash.create();
  if (s === null || typeof s !== 'object' || typeof s.update !== 'function' || typeof s.digestInto !== 'function' ||
      typeof s.destroy !== 'function')
    throw new TypeError(`"hash.create()" must return a stream with update(), digestInto() and destroy(), got ${typeName(s)}`);
  if (s.outputLen !== spec.outputLen)
    throw new TypeError(`"hash.create()" returned a stream with outputLen ${s.outputLen}, not the hash's ${spec.outputLen}`);
  return s;
}

/** HMAC stream (the shape of @noble/hashes' `_HMAC`); made by `hmac.create(hash, key)`. */
class Hmac extends Stream {
  // key: a plain Uint8Array (checked), or null for a blank stream that _cloneInto fills.
  constructor(spec, key) {
    super(spec, spec.outputLen);
    this._inner = null;
    this._outer = null;
    if (key === null) return;
    const B = spec.blockLen;
    const pad = new Uint8Array(B);
    let hashed = null;
    try {
      this._inner = hashStream(spec);
      this._outer = hashStream(spec);
      if (key.length > B) {
        if (spec.outputLen > B)
          throw new RangeError(`"key" longer than blockLen (${B}) is hashed first, but ${spec.name}'s outputLen (${spec.outputLen}) exceeds blockLen`);
        hashed = new Uint8Array(spec.outputLen);
        const h = hashStream(spec);
        try {
          h.update(key);
          h.digestInto(hashed);
        } finally {
          h.destroy();
        }
        pad.set(hashed);
      } else {
        pad.set(key);
      }
      for (let i = 0; i < B; i++) pad[i] ^= 0x36;
      this._inner.update(pad);
      for (let i = 0; i < B; i++) pad[i] ^= 0x36 ^ 0x5c;
      this._outer.update(pad);
    } catch (e) {
      this.destroy();
      throw e;
    } finally {
      pad.fill(0);
      if (hashed !== null) hashed.fill(0);
    }
  }
  _update(msg) {
    this._inner.update(msg);
  }
  // Inner digest (a temporary, zeroed), absorbed by the outer stream, whose digest is the tag.
  _finish(dst, pos, len) {
    const t = new Uint8Array(len);
    try {
      this._inner.digestInto(t);
      this._outer.update(t);
      this._outer.digestInto(pos === 0 ? dst : dst.subarray(pos));
    } finally {
      t.fill(0);
    }
  }
  _wipe() {
    if (this._inner !== null) this._inner.destroy();
    if (this._outer !== null) this._outer.destroy();
  }
  // State export (runtime/state.js): the inner and outer streams' states, nested.
  _saveState(w) {
    w.state(this._inner).state(this._outer);
  }
  _loadState(r) {
    this._inner = r.state(this._spec.hash);
    this._outer = r.state(this._spec.hash);
    if (this._inner._status + this._outer._status !== 0) r.fail('an HMAC stream is squeezing');
  }
  _blank() {
    return new Hmac(this._spec, null);
  }
  _copyTo(to) {
    to._inner = this._inner._cloneInto(to._inner === null ? undefined : to._inner);
    to._outer = this._outer._cloneInto(to._outer === null ? undefined : to._outer);
  }
}

/**
 * A keyed HMAC stream (`key` a plain Uint8Array): for hkdf.js, which clones its keyed inner and
 * outer streams (`_inner`, `_outer`) itself.
 */
export function hmacStream(spec, key) {
  return new Hmac(spec, key);
}

/**
 * HMAC of `msg` under `key` with `hash`: `hmac(sha256, key, msg)` → Uint8Array(hash.outputLen).
 * `hmac.create(hash, key)` → a stream (`update`, `digest`, `digestInto`, `clone`, `_cloneInto`,
 * `destroy`, `blockLen`, `outputLen`).
 */
export const hmac = /* @__PURE__ */ (() => {
  const hmac = (hash, key, msg) => {
    const spec = hmacSpec(hash);
    key = bytesArg(key, 'key');
    msg = bytesArg(msg, 'msg');
    const m = new Hmac(spec, key);
    try {
      m.update(msg);
      return m.digest();
    } finally {
      m.destroy();
    }
  };
  hmac.create = (hash, key) => {
    const spec = hmacSpec(hash);
    return new Hmac(spec, bytesArg(key, 'key'));
  };
  return hmac;
})();
