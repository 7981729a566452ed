// Package root: the wasm backend where this platform compiles WebAssembly, else the js backend
// (the same API and results in plain JavaScript): a page whose CSP lacks 'wasm-unsafe-eval', an
// edge runtime that refuses code generation, `node --jitless`. backend() says which one is in use.
// See docs/api.md, "Where wasm is refused". Each name is picked on its own, with a pure call, so a
// bundler keeps only the names an application imports (and both backends' kernels of those).
import * as W from './wasm.js';
import * as J from './js.js';
import { wasmRefused } from './runtime/auto.js';

const useJs = /* @__PURE__ */ wasmRefused() !== null;
const pick = (w, j) => (useJs ? j : w);

/** The backend this entry's functions run on: 'wasm', or 'js' where wasm cannot be compiled. */
export const backend = () => (useJs ? 'js' : 'wasm');

export const aeskw = /* @__PURE__ */ pick(W.aeskw, J.aeskw);
export const aeskwp = /* @__PURE__ */ pick(W.aeskwp, J.aeskwp);
export const aessiv = /* @__PURE__ */ pick(W.aessiv, J.aessiv);
export const argon2d = /* @__PURE__ */ pick(W.argon2d, J.argon2d);
export const argon2i = /* @__PURE__ */ pick(W.argon2i, J.argon2i);
export const argon2id = /* @__PURE__ */ pick(W.argon2id, J.argon2id);
export const blake224 = /* @__PURE__ */ pick(W.blake224, J.blake224);
export const blake256 = /* @__PURE__ */ pick(W.blake256, J.blake256);
export const blake2b = /* @__PURE__ */ pick(W.blake2b, J.blake2b);
export const blake2s = /* @__PURE__ */ pick(W.blake2s, J.blake2s);
export const blake3 = /* @__PURE__ */ pick(W.blake3, J.blake3);
export const blake384 = /* @__PURE__ */ pick(W.blake384, J.blake384);
export const blake512 = /* @__PURE__ */ pick(W.blake512, J.blake512);
export const cbc = /* @__PURE__ */ pick(W.cbc, J.cbc);
export const cfb = /* @__PURE__ */ pick(W.cfb, J.cfb);
export const chacha12 = /* @__PURE__ */ pick(W.chacha12, J.chacha12);
export const chacha20 = /* @__PURE__ */ pick(W.chacha20, J.chacha20);
export const chacha20orig = /* @__PURE__ */ pick(W.chacha20orig, J.chacha20orig);
export const chacha20poly1305 = /* @__PURE__ */ pick(W.chacha20poly1305, J.chacha20poly1305);
export const chacha8 = /* @__PURE__ */ pick(W.chacha8, J.chacha8);
export const cmac = /* @__PURE__ */ pick(W.cmac, J.cmac);
export const ctr = /* @__PURE__ */ pick(W.ctr, J.ctr);
export const ecb = /* @__PURE__ */ pick(W.ecb, J.ecb);
export const gcm = /* @__PURE__ */ pick(W.gcm, J.gcm);
export const gcmsiv = /* @__PURE__ */ pick(W.gcmsiv, J.gcmsiv);
export const ghash = /* @__PURE__ */ pick(W.ghash, J.ghash);
export const keccak_224 = /* @__PURE__ */ pick(W.keccak_224, J.keccak_224);
export const keccak_256 = /* @__PURE__ */ pick(W.keccak_256, J.keccak_256);
export const keccak_384 = /* @__PURE__ */ pick(W.keccak_384, J.keccak_384);
export const keccak_512 = /* @__PURE__ */ pick(W.keccak_512, J.keccak_512);
export const md5 = /* @__PURE__ */ pick(W.md5, J.md5);
export const ofb = /* @__PURE__ */ pick(W.ofb, J.ofb);
export const pbkdf2 = /* @__PURE__ */ pick(W.pbkdf2, J.pbkdf2);
export const poly1305 = /* @__PURE__ */ pick(W.poly1305, J.poly1305);
export const polyval = /* @__PURE__ */ pick(W.polyval, J.polyval);
export const ripemd160 = /* @__PURE__ */ pick(W.ripemd160, J.ripemd160);
export const salsa20 = /* @__PURE__ */ pick(W.salsa20, J.salsa20);
export const scrypt = /* @__PURE__ */ pick(W.scrypt, J.scrypt);
export const secretbox = /* @__PURE__ */ pick(W.secretbox, J.secretbox);
export const sha1 = /* @__PURE__ */ pick(W.sha1, J.sha1);
export const sha224 = /* @__PURE__ */ pick(W.sha224, J.sha224);
export const sha224_lanes = /* @__PURE__ */ pick(W.sha224_lanes, J.sha224_lanes);
export const sha256 = /* @__PURE__ */ pick(W.sha256, J.sha256);
export const sha256_lanes = /* @__PURE__ */ pick(W.sha256_lanes, J.sha256_lanes);
export const sha384 = /* @__PURE__ */ pick(W.sha384, J.sha384);
export const sha3_224 = /* @__PURE__ */ pick(W.sha3_224, J.sha3_224);
export const sha3_256 = /* @__PURE__ */ pick(W.sha3_256, J.sha3_256);
export const sha3_384 = /* @__PURE__ */ pick(W.sha3_384, J.sha3_384);
export const sha3_512 = /* @__PURE__ */ pick(W.sha3_512, J.sha3_512);
export const sha512 = /* @__PURE__ */ pick(W.sha512, J.sha512);
export const sha512_224 = /* @__PURE__ */ pick(W.sha512_224, J.sha512_224);
export const sha512_256 = /* @__PURE__ */ pick(W.sha512_256, J.sha512_256);
export const shake128 = /* @__PURE__ */ pick(W.shake128, J.shake128);
export const shake128_32 = /* @__PURE__ */ pick(W.shake128_32, J.shake128_32);
export const shake256 = /* @__PURE__ */ pick(W.shake256, J.shake256);
export const shake256_64 = /* @__PURE__ */ pick(W.shake256_64, J.shake256_64);
export const xchacha20 = /* @__PURE__ */ pick(W.xchacha20, J.xchacha20);
export const xchacha20poly1305 = /* @__PURE__ */ pick(W.xchacha20poly1305, J.xchacha20poly1305);
export const xsalsa20 = /* @__PURE__ */ pick(W.xsalsa20, J.xsalsa20);
export const xsalsa20poly1305 = /* @__PURE__ */ pick(W.xsalsa20poly1305, J.xsalsa20poly1305);
