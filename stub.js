// Entry point `stub.js`: every algorithm of index.js (all its names but backend()) as a stub that throws until an implementation is
// installed, so that a library can import its algorithms from here and leave the choice of the
// backend (wasm, wasm_threads, js, runtime, noble, webcrypto) to the application:
//
//   import { sha256 } from 'awasmc-noble/stub.js';     // in the library
//   import { install } from 'awasmc-noble/stub.js';    // in the application, once
//   import * as js from 'awasmc-noble/js.js';
//   install(js);                                       // or install(webcrypto, { onlyMissing: true })
//
// install() replaces the exported bindings (ES modules see the new functions), and the stubs
// themselves forward to what was installed, so a stub captured before install() works after it.
// Only an implementation of the same algorithm is accepted: each function of ours carries its
// definition (`getDefinition()`: module and name, the same on every backend), checked here.
// Nothing of a backend is imported: a bundle carries only what the application installs.

// name -> [definition module, definition name] of the algorithm it must be.
const ALGORITHMS = /* @__PURE__ */ (() => {
  const t = {};
  const add = (module, names) => {
    for (const n of names.split(' ')) t[n] = [module, n.replace(/_lanes$/, '')];
  };
  add('sha2', 'sha224 sha224_lanes sha256 sha256_lanes sha384 sha512 sha512_224 sha512_256');
  add('legacy', 'sha1 md5 ripemd160');
  add('sha3', 'sha3_224 sha3_256 sha3_384 sha3_512 keccak_224 keccak_256 keccak_384 keccak_512 shake128 shake256 shake128_32 shake256_64');
  add('blake1', 'blake224 blake256 blake384 blake512');
  add('blake2', 'blake2b blake2s');
  add('blake3', 'blake3');
  add('chacha', 'poly1305');
  add('ghash', 'ghash polyval');
  add('aes', 'cmac');
  add('kdf', 'pbkdf2 scrypt argon2d argon2i argon2id');
  add('cipher', 'salsa20 xsalsa20 chacha20 chacha20orig xchacha20 chacha8 chacha12 chacha20poly1305 xchacha20poly1305 xsalsa20poly1305 secretbox ecb cbc ctr cfb ofb gcm gcmsiv aessiv aeskw aeskwp');
  return t;
})();

// name -> the installed function (absent: not installed).
const current = new Map();

const notInstalled = (name) =>
  new Error(`${name} is not installed: call install(impl) of 'awasmc-noble/stub.js' first, with a backend such as import * as impl from 'awasmc-noble/js.js'`);
const get = (name) => {
  const f = current.get(name);
  if (f === undefined) throw notInstalled(name);
  return f;
};

// A stub: calls (and the members of the hash, cipher and KDF shapes: create, chunks, parallel,
// async) go to the installed function, or throw; properties read through to it (undefined before).
function stub(name) {
  const f = function (...args) {
    return get(name)(...args);
  };
  Object.defineProperty(f, 'name', { value: name });
  const member = (key) => {
    const m = (...args) => {
      const g = get(name)[key];
      if (typeof g !== 'function') throw new TypeError(`${name}.${key} is not a function of the installed ${name}`);
      return g(...args);
    };
    m.async = (...args) => {
      const g = get(name)[key];
      return Promise.resolve().then(() => g.async(...args));
    };
    return m;
  };
  f.chunks = member('chunks');
  f.parallel = member('parallel');
  f.create = (...args) => get(name).create(...args);
  // .async rejects (as the async forms do for every error), it does not throw.
  f.async = (...args) => Promise.resolve().then(() => get(name).async(...args));
  for (const key of ['outputLen', 'blockLen', 'canXOF', 'oid', 'blockSize', 'nonceLength', 'tagLength', 'varSizeNonce'])
    Object.defineProperty(f, key, { enumerable: true, get: () => (current.has(name) ? current.get(name)[key] : undefined) });
  f.getPlatform = () => (current.has(name) ? current.get(name).getPlatform() : 'stub');
  f.getDefinition = () => {
    const [module, algo] = ALGORITHMS[name];
    return current.has(name) ? current.get(name).getDefinition() : Object.freeze({ module, name: algo });
  };
  return Object.freeze(f);
}

/**
 * Installs the functions of `impl` (a backend's module namespace, or any object with functions of
 * ours under our names) in place of the stubs: every name `impl` has, or with `onlyMissing: true`
 * only the names not installed yet. Each must be an implementation of the same algorithm (its
 * getDefinition() has the expected module and name), else nothing is installed and a TypeError
 * names the first wrong one. Returns the names installed.
 */
export function install(impl, opts) {
  if (impl === null || (typeof impl !== 'object' && typeof impl !== 'function'))
    throw new TypeError(`"impl" must be a module namespace or an object of functions, got ${impl === null ? 'null' : typeof impl}`);
  let onlyMissing = false;
  if (opts !== undefined) {
    if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw new TypeError(`"opts" must be an object, got ${opts === null ? 'null' : Array.isArray(opts) ? 'array' : typeof opts}`);
    for (const key of Object.keys(opts)) {
      const v = opts[key];
      if (v === undefined) continue;
      if (key !== 'onlyMissing') throw new TypeError(`unknown option "${key}" for install`);
      if (typeof v !== 'boolean') throw new TypeError(`"opts.onlyMissing" must be a boolean, got ${typeof v}`);
      onlyMissing = v;
    }
  }
  const picked = [];
  let offered = 0;
  for (const name of Object.keys(ALGORITHMS)) {
    const f = impl[name];
    if (f === undefined) continue;
    offered++;
    if (onlyMissing && current.has(name)) continue;
    const [module, algo] = ALGORITHMS[name];
    const def = typeof f === 'function' && typeof f.getDefinition === 'function' ? f.getDefinition() : null;
    if (def === null || def === undefined || def.module !== module || def.name !== algo)
      throw new TypeError(
        `"impl.${name}" is not an implementation of ${algo}: ${def ? `its definition is ${def.module} ${def.name}` : 'it has no getDefinition() (only functions of awasmc-noble entries are accepted)'}`,
      );
    picked.push([name, f]);
  }
  if (offered === 0) throw new TypeError('"impl" has none of the names of awasmc-noble (give a module namespace: import * as impl from ...)');
  for (const [name, f] of picked) {
    current.set(name, f);
    bind(name, f);
  }
  return picked.map(([name]) => name);
}

/** The installed names and the platform of each ({ sha256: 'wasm', ... }). */
export function installed() {
  const out = {};
  for (const [name, f] of current) out[name] = typeof f.getPlatform === 'function' ? f.getPlatform() : 'unknown';
  return out;
}

export let sha224 = /* @__PURE__ */ stub('sha224');
export let sha224_lanes = /* @__PURE__ */ stub('sha224_lanes');
export let sha256 = /* @__PURE__ */ stub('sha256');
export let sha256_lanes = /* @__PURE__ */ stub('sha256_lanes');
export let sha384 = /* @__PURE__ */ stub('sha384');
export let sha512 = /* @__PURE__ */ stub('sha512');
export let sha512_224 = /* @__PURE__ */ stub('sha512_224');
export let sha512_256 = /* @__PURE__ */ stub('sha512_256');
export let sha1 = /* @__PURE__ */ stub('sha1');
export let md5 = /* @__PURE__ */ stub('md5');
export let ripemd160 = /* @__PURE__ */ stub('ripemd160');
export let sha3_224 = /* @__PURE__ */ stub('sha3_224');
export let sha3_256 = /* @__PURE__ */ stub('sha3_256');
export let sha3_384 = /* @__PURE__ */ stub('sha3_384');
export let sha3_512 = /* @__PURE__ */ stub('sha3_512');
export let keccak_224 = /* @__PURE__ */ stub('keccak_224');
export let keccak_256 = /* @__PURE__ */ stub('keccak_256');
export let keccak_384 = /* @__PURE__ */ stub('keccak_384');
export let keccak_512 = /* @__PURE__ */ stub('keccak_512');
export let shake128 = /* @__PURE__ */ stub('shake128');
export let shake256 = /* @__PURE__ */ stub('shake256');
export let shake128_32 = /* @__PURE__ */ stub('shake128_32');
export let shake256_64 = /* @__PURE__ */ stub('shake256_64');
export let blake224 = /* @__PURE__ */ stub('blake224');
export let blake256 = /* @__PURE__ */ stub('blake256');
export let blake384 = /* @__PURE__ */ stub('blake384');
export let blake512 = /* @__PURE__ */ stub('blake512');
export let blake2b = /* @__PURE__ */ stub('blake2b');
export let blake2s = /* @__PURE__ */ stub('blake2s');
export let blake3 = /* @__PURE__ */ stub('blake3');
export let poly1305 = /* @__PURE__ */ stub('poly1305');
export let pbkdf2 = /* @__PURE__ */ stub('pbkdf2');
export let scrypt = /* @__PURE__ */ stub('scrypt');
export let argon2d = /* @__PURE__ */ stub('argon2d');
export let argon2i = /* @__PURE__ */ stub('argon2i');
export let argon2id = /* @__PURE__ */ stub('argon2id');
export let salsa20 = /* @__PURE__ */ stub('salsa20');
export let xsalsa20 = /* @__PURE__ */ stub('xsalsa20');
export let chacha20 = /* @__PURE__ */ stub('chacha20');
export let chacha20orig = /* @__PURE__ */ stub('chacha20orig');
export let xchacha20 = /* @__PURE__ */ stub('xchacha20');
export let chacha8 = /* @__PURE__ */ stub('chacha8');
export let chacha12 = /* @__PURE__ */ stub('chacha12');
export let chacha20poly1305 = /* @__PURE__ */ stub('chacha20poly1305');
export let xchacha20poly1305 = /* @__PURE__ */ stub('xchacha20poly1305');
export let xsalsa20poly1305 = /* @__PURE__ */ stub('xsalsa20poly1305');
export let secretbox = /* @__PURE__ */ stub('secretbox');
export let ecb = /* @__PURE__ */ stub('ecb');
export let cbc = /* @__PURE__ */ stub('cbc');
export let ctr = /* @__PURE__ */ stub('ctr');
export let cfb = /* @__PURE__ */ stub('cfb');
export let ofb = /* @__PURE__ */ stub('ofb');
export let ghash = /* @__PURE__ */ stub('ghash');
export let polyval = /* @__PURE__ */ stub('polyval');
export let cmac = /* @__PURE__ */ stub('cmac');
export let gcm = /* @__PURE__ */ stub('gcm');
export let gcmsiv = /* @__PURE__ */ stub('gcmsiv');
export let aessiv = /* @__PURE__ */ stub('aessiv');
export let aeskw = /* @__PURE__ */ stub('aeskw');
export let aeskwp = /* @__PURE__ */ stub('aeskwp');

// The exported binding of `name` set to f (ES modules' live bindings).
function bind(name, f) {
  switch (name) {
    case 'sha224': sha224 = f; break;
    case 'sha224_lanes': sha224_lanes = f; break;
    case 'sha256': sha256 = f; break;
    case 'sha256_lanes': sha256_lanes = f; break;
    case 'sha384': sha384 = f; break;
    case 'sha512': sha512 = f; break;
    case 'sha512_224': sha512_224 = f; break;
    case 'sha512_256': sha512_256 = f; break;
    case 'sha1': sha1 = f; break;
    case 'md5': md5 = f; break;
    case 'ripemd160': ripemd160 = f; break;
    case 'sha3_224': sha3_224 = f; break;
    case 'sha3_256': sha3_256 = f; break;
    case 'sha3_384': sha3_384 = f; break;
    case 'sha3_512': sha3_512 = f; break;
    case 'keccak_224': keccak_224 = f; break;
    case 'keccak_256': keccak_256 = f; break;
    case 'keccak_384': keccak_384 = f; break;
    case 'keccak_512': keccak_512 = f; break;
    case 'shake128': shake128 = f; break;
    case 'shake256': shake256 = f; break;
    case 'shake128_32': shake128_32 = f; break;
    case 'shake256_64': shake256_64 = f; break;
    case 'blake224': blake224 = f; break;
    case 'blake256': blake256 = f; break;
    case 'blake384': blake384 = f; break;
    case 'blake512': blake512 = f; break;
    case 'blake2b': blake2b = f; break;
    case 'blake2s': blake2s = f; break;
    case 'blake3': blake3 = f; break;
    case 'poly1305': poly1305 = f; break;
    case 'pbkdf2': pbkdf2 = f; break;
    case 'scrypt': scrypt = f; break;
    case 'argon2d': argon2d = f; break;
    case 'argon2i': argon2i = f; break;
    case 'argon2id': argon2id = f; break;
    case 'salsa20': salsa20 = f; break;
    case 'xsalsa20': xsalsa20 = f; break;
    case 'chacha20': chacha20 = f; break;
    case 'chacha20orig': chacha20orig = f; break;
    case 'xchacha20': xchacha20 = f; break;
    case 'chacha8': chacha8 = f; break;
    case 'chacha12': chacha12 = f; break;
    case 'chacha20poly1305': chacha20poly1305 = f; break;
    case 'xchacha20poly1305': xchacha20poly1305 = f; break;
    case 'xsalsa20poly1305': xsalsa20poly1305 = f; break;
    case 'secretbox': secretbox = f; break;
    case 'ecb': ecb = f; break;
    case 'cbc': cbc = f; break;
    case 'ctr': ctr = f; break;
    case 'cfb': cfb = f; break;
    case 'ofb': ofb = f; break;
    case 'ghash': ghash = f; break;
    case 'polyval': polyval = f; break;
    case 'cmac': cmac = f; break;
    case 'gcm': gcm = f; break;
    case 'gcmsiv': gcmsiv = f; break;
    case 'aessiv': aessiv = f; break;
    case 'aeskw': aeskw = f; break;
    case 'aeskwp': aeskwp = f; break;
    default: throw new Error(`stub.js: no binding for ${name}`);
  }
}
