// Entry point of the `wasm_threads` backend: every hash over the generated targets in targets/wasm_threads/.
// Every backend entry exports the same names; see docs/api.md. Each hash is its own top-level
// constant built by a pure call, so a bundler keeps only the hashes an application imports.
import * as b3 from './targets/wasm_threads/blake3.js';
import * as legacy from './targets/wasm_threads/legacy.js';
import * as sha2 from './targets/wasm_threads/sha2.js';
import { MD5, RIPEMD160, SHA1, SHA224, SHA256, SHA384, SHA512, SHA512_224, SHA512_256, mdHash } from './runtime/md.js';
import { blake3Hash } from './runtime/blake3.js';

export const sha224 = /* @__PURE__ */ mdHash(SHA224, sha2, 'wasm_threads');
export const sha256 = /* @__PURE__ */ mdHash(SHA256, sha2, 'wasm_threads');
export const sha384 = /* @__PURE__ */ mdHash(SHA384, sha2, 'wasm_threads');
export const sha512 = /* @__PURE__ */ mdHash(SHA512, sha2, 'wasm_threads');
export const sha512_224 = /* @__PURE__ */ mdHash(SHA512_224, sha2, 'wasm_threads');
export const sha512_256 = /* @__PURE__ */ mdHash(SHA512_256, sha2, 'wasm_threads');
export const sha1 = /* @__PURE__ */ mdHash(SHA1, legacy, 'wasm_threads');
export const md5 = /* @__PURE__ */ mdHash(MD5, legacy, 'wasm_threads');
export const ripemd160 = /* @__PURE__ */ mdHash(RIPEMD160, legacy, 'wasm_threads');
export const blake3 = /* @__PURE__ */ blake3Hash(b3, 'wasm_threads');
