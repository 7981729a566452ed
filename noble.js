// Entry point of the `noble` backend: @noble/hashes and @noble/ciphers (optional peer
// dependencies: install them beside this package) behind our API — the same names, shapes,
// option checks and errors as wasm.js, js.js and the others (runtime/noble.js: the adapters over
// our runtime/shell.js and runtime/cipher.js). Every algorithm of index.js that noble has; not `ofb`
// (@noble/ciphers 2.4 has no OFB). See docs/api.md, "noble.js".
import { sha224 as nSha224, sha256 as nSha256, sha384 as nSha384, sha512 as nSha512, sha512_224 as nSha512_224, sha512_256 as nSha512_256 } from '@noble/hashes/sha2.js';
import { md5 as nMd5, ripemd160 as nRipemd160, sha1 as nSha1 } from '@noble/hashes/legacy.js';
import * as n3 from '@noble/hashes/sha3.js';
import { blake224 as nBlake224, blake256 as nBlake256, blake384 as nBlake384, blake512 as nBlake512 } from '@noble/hashes/blake1.js';
import { blake2b as nBlake2b, blake2s as nBlake2s } from '@noble/hashes/blake2.js';
import { blake3 as nBlake3 } from '@noble/hashes/blake3.js';
import { scrypt as nScrypt, scryptAsync as nScryptAsync } from '@noble/hashes/scrypt.js';
import * as nArgon2 from '@noble/hashes/argon2.js';
import { poly1305 as nPoly1305 } from '@noble/ciphers/_poly1305.js';
import * as nChacha from '@noble/ciphers/chacha.js';
import * as nSalsa from '@noble/ciphers/salsa.js';
import * as nAes from '@noble/ciphers/aes.js';
import {
  BLAKE224, BLAKE256, BLAKE384, BLAKE512, MD5, RIPEMD160, SHA1, SHA224, SHA256, SHA384, SHA512, SHA512_224, SHA512_256,
} from './runtime/md.js';
import {
  KECCAK_224, KECCAK_256, KECCAK_384, KECCAK_512, SHA3_224, SHA3_256, SHA3_384, SHA3_512, SHAKE128, SHAKE128_32,
  SHAKE256, SHAKE256_64,
} from './runtime/sponge.js';
import { BLAKE2B, BLAKE2S, blake2Options } from './runtime/blake2.js';
import { BLAKE3_OPTIONS, blake3Check } from './runtime/blake3.js';
import { poly1305KeyOption } from './runtime/poly1305.js';
import { ARGON2D, ARGON2I, ARGON2ID } from './runtime/argon2.js';
import { CHACHA12, CHACHA20, CHACHA20ORIG, CHACHA8, SALSA20, XCHACHA20, XSALSA20 } from './runtime/arx.js';
import { CHACHA20POLY1305, XCHACHA20POLY1305, XSALSA20POLY1305, secretboxOf } from './runtime/aead.js';
import { nobleAead, nobleAes, nobleArgon2, nobleArx, nobleHash, noblePbkdf2, nobleScrypt } from './runtime/noble.js';

// A Merkle–Damgård hash (runtime/md.js kinds: the definition, OID and BLAKE's salt option).
const md = (k, fn) =>
  nobleHash(
    { ...k, canXOF: false, dkLen: null, options: k.options || null, params: () => ({ salt: null }) },
    fn,
    (p) => (p !== null && p.salt !== null ? { salt: p.salt } : undefined),
  );
// A sponge hash (runtime/sponge.js kinds); SHAKE's output comes from noble's xofInto.
const sponge = (k, fn) =>
  nobleHash(
    { name: k.name, module: k.module, blockLen: k.rate, outputLen: k.outputLen, canXOF: k.xof, oid: k.oid,
      dkLen: k.xof ? [0, Number.MAX_SAFE_INTEGER] : null, options: null, params: null },
    fn,
  );
const b2 = (k, fn) =>
  nobleHash(
    { ...k, canXOF: false, oid: null, dkLen: [1, k.outputLen], options: blake2Options(k), params: () => ({ key: null, salt: null, personalization: null }) },
    fn,
    (p, dkLen) => {
      const o = { dkLen };
      if (p !== null) for (const key of ['key', 'salt', 'personalization']) if (p[key] !== null) o[key] = p[key];
      return o;
    },
  );
// BLAKE3's key option is kept as eight little-endian words (runtime/blake3.js): bytes for noble.
const keyBytes = (w) => {
  const b = new Uint8Array(32);
  for (let i = 0; i < 32; i++) b[i] = w[i >> 2] >>> (8 * (i & 3));
  return b;
};

export const sha224 = /* @__PURE__ */ md(SHA224, nSha224);
export const sha224_lanes = sha224; // no SIMD lanes on this backend: the same function
export const sha256 = /* @__PURE__ */ md(SHA256, nSha256);
export const sha256_lanes = sha256; // no SIMD lanes on this backend: the same function
export const sha384 = /* @__PURE__ */ md(SHA384, nSha384);
export const sha512 = /* @__PURE__ */ md(SHA512, nSha512);
export const sha512_224 = /* @__PURE__ */ md(SHA512_224, nSha512_224);
export const sha512_256 = /* @__PURE__ */ md(SHA512_256, nSha512_256);
export const sha1 = /* @__PURE__ */ md(SHA1, nSha1);
export const md5 = /* @__PURE__ */ md(MD5, nMd5);
export const ripemd160 = /* @__PURE__ */ md(RIPEMD160, nRipemd160);
export const blake224 = /* @__PURE__ */ md(BLAKE224, nBlake224);
export const blake256 = /* @__PURE__ */ md(BLAKE256, nBlake256);
export const blake384 = /* @__PURE__ */ md(BLAKE384, nBlake384);
export const blake512 = /* @__PURE__ */ md(BLAKE512, nBlake512);
export const blake2b = /* @__PURE__ */ b2(BLAKE2B, nBlake2b);
export const blake2s = /* @__PURE__ */ b2(BLAKE2S, nBlake2s);
export const sha3_224 = /* @__PURE__ */ sponge(SHA3_224, n3.sha3_224);
export const sha3_256 = /* @__PURE__ */ sponge(SHA3_256, n3.sha3_256);
export const sha3_384 = /* @__PURE__ */ sponge(SHA3_384, n3.sha3_384);
export const sha3_512 = /* @__PURE__ */ sponge(SHA3_512, n3.sha3_512);
export const keccak_224 = /* @__PURE__ */ sponge(KECCAK_224, n3.keccak_224);
export const keccak_256 = /* @__PURE__ */ sponge(KECCAK_256, n3.keccak_256);
export const keccak_384 = /* @__PURE__ */ sponge(KECCAK_384, n3.keccak_384);
export const keccak_512 = /* @__PURE__ */ sponge(KECCAK_512, n3.keccak_512);
export const shake128 = /* @__PURE__ */ sponge(SHAKE128, n3.shake128);
export const shake256 = /* @__PURE__ */ sponge(SHAKE256, n3.shake256);
export const shake128_32 = /* @__PURE__ */ sponge(SHAKE128_32, n3.shake128);
export const shake256_64 = /* @__PURE__ */ sponge(SHAKE256_64, n3.shake256);
export const blake3 = /* @__PURE__ */ nobleHash(
  { name: 'blake3', module: 'blake3', blockLen: 64, outputLen: 32, canXOF: true, oid: null, dkLen: [0, Number.MAX_SAFE_INTEGER],
    options: BLAKE3_OPTIONS, params: () => ({ key: null, context: null }), check: blake3Check },
  nBlake3,
  (p) => (p === null ? undefined : p.key !== null ? { key: keyBytes(p.key) } : p.context !== null ? { context: p.context } : undefined),
);
// Poly1305 with the hash shape and a key: poly1305(msg, key | {key}).
export const poly1305 = /* @__PURE__ */ nobleHash(
  { name: 'poly1305', module: 'chacha', blockLen: 16, outputLen: 16, canXOF: false, oid: null, dkLen: null, keyed: true,
    options: { key: poly1305KeyOption }, params: () => ({ key: null }) },
  { create: (o) => nPoly1305.create(o.key) },
  (p) => ({ key: p.key }),
);

// KDFs: pbkdf2 over the HMAC streams of any hash (these, or any other); scrypt and Argon2 are
// noble's, behind our option checks.
export const pbkdf2 = /* @__PURE__ */ noblePbkdf2();
export const scrypt = /* @__PURE__ */ nobleScrypt(nScrypt, nScryptAsync);
export const argon2d = /* @__PURE__ */ nobleArgon2(ARGON2D.name, nArgon2.argon2d, nArgon2.argon2dAsync);
export const argon2i = /* @__PURE__ */ nobleArgon2(ARGON2I.name, nArgon2.argon2i, nArgon2.argon2iAsync);
export const argon2id = /* @__PURE__ */ nobleArgon2(ARGON2ID.name, nArgon2.argon2id, nArgon2.argon2idAsync);

// Ciphers with our cipher shape (nonce-reuse guard, output, .async, .create).
export const salsa20 = /* @__PURE__ */ nobleArx(SALSA20, nSalsa.salsa20);
export const xsalsa20 = /* @__PURE__ */ nobleArx(XSALSA20, nSalsa.xsalsa20);
export const chacha20 = /* @__PURE__ */ nobleArx(CHACHA20, nChacha.chacha20);
export const chacha20orig = /* @__PURE__ */ nobleArx(CHACHA20ORIG, nChacha.chacha20orig);
export const xchacha20 = /* @__PURE__ */ nobleArx(XCHACHA20, nChacha.xchacha20);
export const chacha8 = /* @__PURE__ */ nobleArx(CHACHA8, nChacha.chacha8);
export const chacha12 = /* @__PURE__ */ nobleArx(CHACHA12, nChacha.chacha12);
export const chacha20poly1305 = /* @__PURE__ */ nobleAead(CHACHA20POLY1305, nChacha.chacha20poly1305);
export const xchacha20poly1305 = /* @__PURE__ */ nobleAead(XCHACHA20POLY1305, nChacha.xchacha20poly1305);
export const xsalsa20poly1305 = /* @__PURE__ */ nobleAead(XSALSA20POLY1305, nSalsa.xsalsa20poly1305);
export const secretbox = /* @__PURE__ */ secretboxOf(xsalsa20poly1305);
export const ecb = /* @__PURE__ */ nobleAes('ecb', nAes.ecb);
export const cbc = /* @__PURE__ */ nobleAes('cbc', nAes.cbc);
export const ctr = /* @__PURE__ */ nobleAes('ctr', nAes.ctr);
export const cfb = /* @__PURE__ */ nobleAes('cfb', nAes.cfb);

// AES-CMAC with the hash shape and a key; AES-SIV (aessiv(key, ...AAD)) and the key wraps, with
// the checks, errors and streams every backend of ours shares (runtime/aesmodes.js).
import { cmacKeyOption } from './runtime/aesmodes.js';
import { nobleAesMode, nobleCipherLike, nobleMacLike } from './runtime/noble.js';
export const cmac = /* @__PURE__ */ nobleHash(
  { name: 'cmac', module: 'aes', blockLen: 16, outputLen: 16, canXOF: false, oid: null, dkLen: null, keyed: true,
    options: { key: cmacKeyOption }, params: () => ({ key: null }) },
  { create: (key) => nAes.cmac.create(key) },
  (p) => p.key,
);
export const aessiv = /* @__PURE__ */ nobleAesMode('aessiv', nAes.aessiv);
export const aeskw = /* @__PURE__ */ nobleAesMode('aeskw', nAes.aeskw);
export const aeskwp = /* @__PURE__ */ nobleAesMode('aeskwp', nAes.aeskwp);
// Names whose checks are borrowed from js.js's functions (runtime/noble.js nobleMacLike,
// nobleCipherLike): only their specs are used, no js kernel runs (but a bundle carries them).
import { ghash as nGhash, polyval as nPolyval } from '@noble/ciphers/_polyval.js';
import * as J from './js.js';
export const ghash = /* @__PURE__ */ nobleMacLike(J.ghash, nGhash);
export const polyval = /* @__PURE__ */ nobleMacLike(J.polyval, nPolyval);
export const gcm = /* @__PURE__ */ nobleCipherLike(J.gcm, nAes.gcm);
export const gcmsiv = /* @__PURE__ */ nobleCipherLike(J.gcmsiv, nAes.gcmsiv);
