// The cipher shape of docs/api.md, written once for every cipher (as runtime/shell.js is for
// hashes): `c(key, nonce, opts?)` → `{ encrypt(data, output?), decrypt(data, output?) }`, each
// method with `.async(data, output?, {asyncTick, onProgress, nextTick})` and `.create()` → a stream
// with `update(data, output?)` and `finish(tag?)`; the properties `blockSize nonceLength tagLength
// varSizeNonce`; the nonce-reuse guard (one encryption per instance); the checks of every argument
// (errors name it, identically on every backend) and of `output` (long enough, and either the
// input itself or not overlapping it at all).
//
// An engine (runtime/arx.js for Salsa20/ChaCha; the AEADs and AES modes later) gives makeCipher()
// a spec:
//   name, blockSize, nonceLength, tagLength, varSizeNonce
//   keyLengths          the accepted key lengths
//   options             null, or { [name]: (value, params) => void } for `opts` of c(key, nonce,
//                       opts): each checks its value (errors name `opts.<name>`) into params
//   params()            a fresh params object (given to the option parsers)
//   third(value)        instead of options: the third argument read by the engine (an AEAD's
//                       AAD), returned as params
//   prepare(st)         optional: derive what the engine needs from { key, nonce, params } once
//   state(key, nonce, params)  optional, instead of prepare: the whole st object made at once
//                       (one object shape from the start: no fields added to it afterwards)
//   ownCopies           (optional, with state) state() gets the caller's key and nonce, checked
//                       (a genuine Uint8Array of an accepted length, not detached) but not
//                       copied, and keeps its own copy in whatever form it likes, reading them
//                       by index only
//   asyncWhole(encrypting)  optional: true when .async must run in one piece (an AEAD's
//                       decryption, which writes nothing before the tag is checked)
//   outputLength(encrypting, n, params)  the length of the result for an input of n bytes (may
//                       throw a RangeError naming "data": a ciphertext shorter than the tag);
//                       params: the instance's options (null when none were given)
//   run(st, encrypting, src, dst)  the whole operation: src (a plain Uint8Array) to dst (exactly
//                       outputLength bytes; it may be src itself, never a partial overlap); st is
//                       { key, nonce, params } of the instance (copies, never the caller's arrays).
//                       It may return a shorter view of dst (the result when outputLength was an
//                       upper bound: CBC/ECB decryption with padding); undefined means dst
//   noNonce             (optional, default false) the cipher takes no nonce: c(key, opts?) (ECB);
//                       there is then no nonce-reuse guard
//   aadList             (optional, with noNonce) every argument after the key is given to
//                       third() as one array: c(key, ...AAD) (aessiv's vector of AD strings)
//   stream(st, encrypting)  an engine stream: { outputLength(n), update(src, dst), finish(tag) →
//                       { data, tag? }, wipe() }; update writes exactly outputLength(n) bytes
//   instance            the engine's Instance (runtime/shell.js): cipherMemoryForTests
//   noOutput            (optional) the cipher refuses `output` (GCM, GCM-SIV: a TypeError), and
//                       `third` gets the fourth argument of c(key, nonce, AAD, opts) too
import { bytesArg, bytesLength, mustBe, typeName } from './checks.js';
import { defaultNextTick, now } from './shell.js';

const specs = new WeakMap();
const EMPTY = /* @__PURE__ */ new Uint8Array(0);

/** The whole wasm/JS memory behind a cipher of ours (the hygiene tests), or undefined. */
export function cipherMemoryForTests(cipherFn) {
  const spec = specs.get(cipherFn);
  return spec === undefined ? undefined : spec.instance.memory();
}

/**
 * The engine spec behind a cipher function of ours, or undefined (runtime/workers.js and
 * runtime/worker.js split calls with it; runtime/noble.js borrows its checks).
 */
export function cipherSpecOf(cipherFn) {
  return specs.get(cipherFn);
}

/**
 * The stream of a keystream cipher (Salsa/ChaCha, AES-CTR): `at(st, pos, src, dst)` XORs the
 * keystream from byte `pos` into src, writing dst; the stream keeps its own copies of key and
 * nonce, and its position.
 */
export class KeystreamStream {
  constructor(name, st, at) {
    this.name = name;
    this.at = at;
    this.st = { key: st.key.slice(), nonce: st.nonce.slice(), params: st.params };
    this.pos = 0;
  }
  outputLength(n) {
    return n;
  }
  update(src, dst) {
    this.at(this.st, this.pos, src, dst);
    this.pos += src.length;
  }
  finish(tag) {
    if (tag !== undefined) throw new TypeError(`"tag" must be undefined: ${this.name} has no tag`);
    return { data: new Uint8Array(0) };
  }
  wipe() {
    this.st.key.fill(0);
    this.st.nonce.fill(0);
  }
}

/**
 * The stream of a cipher that needs the whole message before it can give anything back (SIV
 * modes, key wrap, GCM-SIV, and the decryptions that check a tag first): update() keeps a copy of
 * each part and writes nothing; finish(tag) runs the one-shot operation over them. `w`:
 *   name, run, outputLength   as in the spec above (run may return a shorter view of dst)
 *   tagLength(params)         0: no tag; else decryption takes finish(tag) and encryption gives
 *                             { data, tag }
 *   tagFirst                  the tag comes before the data (NaCl's layout, SIV's V)
 *   tagInData                 (optional) encryption gives tag and data together as `data`
 *                             (NaCl's secretbox layout, as our xsalsa20poly1305 stream does)
 * The stream keeps its own copies of the instance's byte arrays (key, nonce, AAD), zeroed by wipe()
 * with the parts.
 */
export class WholeStream {
  constructor(w, st, encrypting) {
    this.w = w;
    this.st = copyState(st);
    this.encrypting = encrypting;
    this.parts = [];
  }
  outputLength() {
    return 0;
  }
  update(src) {
    this.parts.push(src.slice());
  }
  finish(tag) {
    const w = this.w;
    const T = w.tagLength(this.st.params);
    if (T > 0 && !this.encrypting) {
      if (tag === undefined) throw new TypeError(`"tag" must be Uint8Array of length ${T}: ${w.name} decryption streams check it in finish(tag)`);
      if (tag.length !== T) throw new RangeError(`"tag" must have length ${T}, got ${tag.length}`);
      if (w.tagFirst) this.parts.unshift(tag.slice());
      else this.parts.push(tag.slice());
    } else if (tag !== undefined) throw new TypeError(`"tag" must be undefined for ${w.name}${T > 0 ? ' encryption streams (finish() returns the tag)' : ' (it has no tag)'}`);
    const src = concatParts(this.parts);
    try {
      const out = new Uint8Array(w.outputLength(this.encrypting, src.length, this.st.params));
      const res = w.run(this.st, this.encrypting, src, out);
      const data = res === undefined ? out : res;
      if (T === 0 || !this.encrypting || w.tagInData) return { data };
      const n = data.length - T;
      return w.tagFirst ? { data: data.subarray(T), tag: data.slice(0, T) } : { data: data.subarray(0, n), tag: data.slice(n) };
    } finally {
      src.fill(0);
    }
  }
  wipe() {
    wipeState(this.st);
    for (const p of this.parts) p.fill(0);
    this.parts = [];
  }
}
// A stream's own copy of an instance's state: its byte arrays (key, nonce, AAD), `words` (an
// AEAD's key and nonce as an array of numbers: runtime/aead.js) and params.aad copied, the rest
// shared (read-only).
function copyState(st) {
  const c = { ...st };
  for (const k of Object.keys(c)) if (c[k] instanceof Uint8Array || (k === 'words' && Array.isArray(c[k]))) c[k] = c[k].slice();
  if (st.params && st.params.aad instanceof Uint8Array) c.params = { ...st.params, aad: st.params.aad.slice() };
  return c;
}
function wipeState(c) {
  for (const k of Object.keys(c)) if (c[k] instanceof Uint8Array || (k === 'words' && Array.isArray(c[k]))) c[k].fill(0);
  if (c.params && c.params.aad instanceof Uint8Array) c.params.aad.fill(0);
}

/** The parts concatenated, in a new array (streams of the modes that need the whole message). */
export function concatParts(parts) {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const bufferOf = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'buffer').get;

/**
 * `output` checked for a result of n bytes from input `src`: a plain view of exactly n bytes (the
 * first n of output), or a new array when output is undefined. Output may be the input itself (the
 * same buffer and start: in place) but must not overlap it otherwise.
 */
function outputFor(output, n, src) {
  if (output === undefined) return new Uint8Array(n);
  const out = bytesArg(output, 'output');
  if (out.length < n) throw new RangeError(`"output" is too small: need length >= ${n}, got ${out.length}`);
  const dst = out.length === n ? out : out.subarray(0, n);
  if (overlaps(src, dst) && !(src.byteOffset === dst.byteOffset))
    throw new RangeError('"output" overlaps "data" partially: give the same array (in place) or a separate one');
  return dst;
}
function overlaps(a, b) {
  if (a.length === 0 || b.length === 0 || bufferOf.call(a) !== bufferOf.call(b)) return false;
  return a.byteOffset < b.byteOffset + b.length && b.byteOffset < a.byteOffset + a.length;
}

const ASYNC_KEYS = ['asyncTick', 'onProgress', 'nextTick'];
function asyncOpts(opts) {
  const o = { tick: 10, onProgress: null, nextTick: defaultNextTick };
  if (opts === undefined) return o;
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw mustBe(TypeError, 'opts', 'an object', typeName(opts));
  for (const key of Object.keys(opts)) {
    const v = opts[key];
    if (v === undefined) continue;
    if (!ASYNC_KEYS.includes(key)) throw new TypeError(`unknown option "${key}" (the async forms take ${ASYNC_KEYS.join(', ')})`);
    if (key === 'asyncTick') {
      if (typeof v !== 'number') throw mustBe(TypeError, 'opts.asyncTick', 'a number of milliseconds', typeName(v));
      if (!(v >= 0) || v === Infinity) throw mustBe(RangeError, 'opts.asyncTick', 'a finite number >= 0', v);
      o.tick = v;
    } else {
      if (typeof v !== 'function') throw mustBe(TypeError, `opts.${key}`, 'a function', typeName(v));
      o[key] = v;
    }
  }
  return o;
}

const refuseOutput = (name) =>
  new TypeError(`"output" is not supported by ${name}: it returns a new array (no plaintext reaches a buffer of the caller's before the tag is checked)`);

const ACTIVE = 0;
const FINISHED = 1;
const BROKEN = 2;

// The public stream of encrypt.create() / decrypt.create().
class CipherStream {
  constructor(name, engine, noOutput = false) {
    this._name = name;
    this._engine = engine;
    this._status = ACTIVE;
    this._noOutput = noOutput;
  }
  _check(method) {
    if (this._status !== ACTIVE)
      throw new Error(`${this._name} stream: ${method}() after ${this._status === FINISHED ? 'finish()' : 'an error'}`);
  }
  update(data, output) {
    this._check('update');
    if (this._noOutput && output !== undefined) throw refuseOutput(this._name);
    const src = bytesArg(data, 'data');
    const dst = outputFor(output, this._engine.outputLength(src.length), src);
    try {
      this._engine.update(src, dst);
    } catch (e) {
      this._engine.wipe();
      this._status = BROKEN;
      throw e;
    }
    return dst;
  }
  finish(tag) {
    this._check('finish');
    if (tag !== undefined) tag = bytesArg(tag, 'tag');
    try {
      return this._engine.finish(tag);
    } finally {
      this._engine.wipe();
      this._status = FINISHED;
    }
  }
}

// Slices of an async call: from 16 KiB, halved or doubled to keep one well under asyncTick.
const MIN_SLICE = 1024;
const MAX_SLICE = 1 << 20;

// An instance: its engine's spec, the checked key, nonce and parameters, and the nonce-reuse
// guard. `encrypt` and `decrypt` (each with `.async` and `.create`) are made on first use: an
// instance is made per message, and making all six functions up front was a fifth of a 64-byte
// AEAD call. One class for every cipher (the spec a field): a class per cipher made every
// `new`, field initializer and getter polymorphic in a process using two (a wasm and a js
// cipher: 1.3x the time of a 64-byte seal).
class CipherInstance {
  #spec;
  #st;
  #encrypted = false;
  #enc = null;
  #dec = null;
  constructor(spec, st) {
    this.#spec = spec;
    this.#st = st;
  }
  get blockSize() {
    return this.#spec.blockSize;
  }
  get nonceLength() {
    return this.#spec.nonceLength;
  }
  get tagLength() {
    return this.#spec.tagLength;
  }
  get varSizeNonce() {
    return this.#spec.varSizeNonce;
  }
  get encrypt() {
    return this.#enc === null ? (this.#enc = this.#method(true)) : this.#enc;
  }
  get decrypt() {
    return this.#dec === null ? (this.#dec = this.#method(false)) : this.#dec;
  }
  #claim() {
    const spec = this.#spec;
    if (this.#encrypted && spec.noNonce !== true) throw new Error(`${spec.name}: encrypt() was already called on this instance (a key and nonce must encrypt once; make a new instance with a new nonce)`);
    this.#encrypted = true;
  }
  // The public method: three small closures over the instance (the work is in the private
  // methods below, so each closure's context holds only `this` and `encrypting`). Plain
  // properties, not frozen: an instance is made per message, and freezing or renaming three
  // functions per method made one 64-byte call 7x slower (26 µs against 3.7 µs).
  #method(encrypting) {
    const run = (data, output) => this.#run(encrypting, data, output);
    run.async = (data, output, opts) => this.#runAsync(encrypting, data, output, opts);
    run.create = () => this.#create(encrypting);
    return run;
  }
  #run(encrypting, data, output) {
    const spec = this.#spec;
    const st = this.#st;
    if (spec.noOutput === true && output !== undefined) throw refuseOutput(spec.name);
    const src = bytesArg(data, 'data');
    const dst = outputFor(output, spec.outputLength(encrypting, src.length, st.params), src);
    if (encrypting) this.#claim();
    const result = spec.run(st, encrypting, src, dst);
    return result === undefined ? dst : result;
  }
  #create(encrypting) {
    const spec = this.#spec;
    const st = this.#st;
    if (encrypting) this.#claim();
    return new CipherStream(`${spec.name}.${encrypting ? 'encrypt' : 'decrypt'}`, spec.stream(st, encrypting), spec.noOutput === true);
  }
  async #runAsync(encrypting, data, output, opts) {
    const spec = this.#spec;
    const st = this.#st;
    if (spec.noOutput === true && output !== undefined) throw refuseOutput(spec.name);
    const src = bytesArg(data, 'data');
    const o = asyncOpts(opts);
    const dst = outputFor(output, spec.outputLength(encrypting, src.length, st.params), src);
    if (encrypting) this.#claim();
    if (spec.asyncWhole !== undefined && spec.asyncWhole(encrypting)) {
      // (An AEAD's decryption checks the tag before it writes anything: one piece, no yields.)
      const result = spec.run(st, encrypting, src, dst);
      if (o.onProgress !== null) o.onProgress(1);
      return result === undefined ? dst : result;
    }
    const total = src.length;
    const s = spec.stream(st, encrypting);
    let outEnd = dst.length;
    try {
      let at = 0; // input bytes done
      let outAt = 0;
      let slice = 16384;
      let last = now();
      for (let pos = 0; pos < total; ) {
        // The caller may detach or shrink the buffers during a yield: refuse to go on.
        if (src.length !== total) throw new TypeError('"data" was detached during the async call');
        if (dst.length === 0 && total > 0) throw new TypeError('"output" was detached during the async call');
        const end = Math.min(total, pos + slice);
        const n = s.outputLength(end - pos);
        const t0 = now();
        s.update(src.subarray(pos, end), dst.subarray(outAt, outAt + n));
        outAt += n;
        pos = at = end;
        const t1 = now();
        const budget = o.tick > 2 ? o.tick : 2;
        if (t1 - t0 > budget / 2 && slice > MIN_SLICE) slice >>= 1;
        else if (t1 - t0 < budget / 8 && slice < MAX_SLICE) slice <<= 1;
        if (t1 - last >= o.tick && pos < total) {
          if (o.onProgress !== null) o.onProgress(at / total);
          await o.nextTick();
          last = now();
        }
      }
      const fin = s.finish(undefined);
      if (fin.data.length > 0) dst.set(fin.data, outAt);
      if (fin.tag !== undefined) dst.set(fin.tag, outAt + fin.data.length);
      outEnd = outAt + fin.data.length + (fin.tag !== undefined ? fin.tag.length : 0);
    } finally {
      s.wipe();
    }
    if (o.onProgress !== null) o.onProgress(1);
    return dst.length === outEnd ? dst : dst.subarray(0, outEnd);
  }
}

/** The public cipher function for an engine's spec (see the top of this file). */
export function makeCipher(spec) {
  const name = spec.name;
  // The key and nonce are only copied, with `new Uint8Array(a)` (internal slots: no property of
  // the caller's array is read), so bytesLength's checks are enough (bytesArg's, less the
  // own-property checks that protect later reads of .length/.subarray/.set).
  const oneKeyLength = spec.keyLengths.length === 1 ? spec.keyLengths[0] : -1;
  // With spec.ownCopies the caller's arrays themselves go to spec.state(), which copies them.
  const copy = spec.ownCopies !== true;
  const checkKey = (key) => {
    const len = bytesLength(key, 'key');
    if (oneKeyLength >= 0 ? len !== oneKeyLength : !spec.keyLengths.includes(len))
      throw new RangeError(`"key" must have length ${spec.keyLengths.join(' or ')} for ${name}, got ${len}`);
    return copy ? new Uint8Array(key) : key; // (a copy: 0.65x the time of slice() at 32 bytes, no species lookup)
  };
  const checkNonce = (nonce) => {
    const len = bytesLength(nonce, 'nonce');
    if (!spec.varSizeNonce && len !== spec.nonceLength)
      throw new RangeError(`"nonce" must have length ${spec.nonceLength} for ${name}, got ${len}`);
    return copy ? new Uint8Array(nonce) : nonce;
  };
  function readOptions(opts) {
    if (opts === undefined) return null;
    if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw mustBe(TypeError, 'opts', 'an object', typeName(opts));
    let params = null;
    for (const key of Object.keys(opts)) {
      const v = opts[key];
      if (v === undefined) continue;
      if (spec.options === null || !Object.prototype.hasOwnProperty.call(spec.options, key)) throw new TypeError(`unknown option "${key}" for ${name}`);
      spec.options[key](v, params === null ? (params = spec.params()) : params);
    }
    return params;
  }

  function cipher(key, nonce, opts, extra) {
    if (spec.aadList === true) {
      const st = { key: checkKey(key), nonce: EMPTY, params: spec.third(Array.prototype.slice.call(arguments, 1)) };
      if (spec.prepare !== undefined) spec.prepare(st);
      return new CipherInstance(spec, st);
    }
    if (spec.noNonce === true) {
      opts = nonce;
      nonce = EMPTY;
    }
    const k = checkKey(key);
    const n = spec.noNonce === true ? nonce : checkNonce(nonce);
    const params = spec.third !== undefined ? spec.third(opts, extra) : readOptions(opts);
    if (spec.state !== undefined) return new CipherInstance(spec, spec.state(k, n, params));
    const st = { key: k, nonce: n, params };
    if (spec.prepare !== undefined) spec.prepare(st);
    return new CipherInstance(spec, st);
  }
  Object.defineProperty(cipher, 'name', { value: name });
  // The identity of the algorithm, the same on every backend (what stub.js's install() checks).
  const definition = Object.freeze({
    module: 'cipher', name, blockSize: spec.blockSize, nonceLength: spec.nonceLength, tagLength: spec.tagLength,
    keyLengths: Object.freeze([...spec.keyLengths]),
  });
  Object.assign(cipher, {
    getDefinition: () => definition,
    blockSize: spec.blockSize,
    nonceLength: spec.nonceLength,
    tagLength: spec.tagLength,
    varSizeNonce: spec.varSizeNonce,
    getPlatform: () => spec.platform,
  });
  specs.set(cipher, spec);
  return Object.freeze(cipher);
}
