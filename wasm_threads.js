// Entry point of the `wasm_threads` backend: the SHA-2 hashes over targets/wasm_threads/sha2.js and the legacy
// ones (sha1, md5, ripemd160) over targets/wasm_threads/legacy.js.
// Every backend entry exports the same names; see docs/api.md.
import * as legacyTarget from './targets/wasm_threads/legacy.js';
import * as sha2Target from './targets/wasm_threads/sha2.js';
import { legacyHashes, sha2Hashes } from './runtime/hash.js';

export const { sha224, sha256, sha384, sha512, sha512_224, sha512_256 } = sha2Hashes(sha2Target, 'wasm_threads');
export const { sha1, md5, ripemd160 } = legacyHashes(legacyTarget, 'wasm_threads');
