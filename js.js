// Entry point of the `js` backend: every hash over the generated targets in targets/js/.
// Every backend entry exports the same names; see docs/api.md. Each hash is its own top-level
// constant built by a pure call, so a bundler keeps only the hashes an application imports.
import * as b3 from './targets/js/blake3.js';
import * as legacy from './targets/js/legacy.js';
import * as sha2 from './targets/js/sha2.js';
import { MD5, RIPEMD160, SHA1, SHA224, SHA256, SHA384, SHA512, SHA512_224, SHA512_256, mdHash } from './runtime/md.js';
import { blake3Hash } from './runtime/blake3.js';

export const sha224 = /* @__PURE__ */ mdHash(SHA224, sha2, 'js');
export const sha256 = /* @__PURE__ */ mdHash(SHA256, sha2, 'js');
export const sha384 = /* @__PURE__ */ mdHash(SHA384, sha2, 'js');
export const sha512 = /* @__PURE__ */ mdHash(SHA512, sha2, 'js');
export const sha512_224 = /* @__PURE__ */ mdHash(SHA512_224, sha2, 'js');
export const sha512_256 = /* @__PURE__ */ mdHash(SHA512_256, sha2, 'js');
export const sha1 = /* @__PURE__ */ mdHash(SHA1, legacy, 'js');
export const md5 = /* @__PURE__ */ mdHash(MD5, legacy, 'js');
export const ripemd160 = /* @__PURE__ */ mdHash(RIPEMD160, legacy, 'js');
export const blake3 = /* @__PURE__ */ blake3Hash(b3, 'js');
