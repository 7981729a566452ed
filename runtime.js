// Entry point of the `runtime` backend: the SHA-2 hashes over targets/runtime/sha2.js and the legacy
// ones (sha1, md5, ripemd160) over targets/runtime/legacy.js.
// Every backend entry exports the same names; see docs/api.md.
import * as legacyTarget from './targets/runtime/legacy.js';
import * as sha2Target from './targets/runtime/sha2.js';
import { legacyHashes, sha2Hashes } from './runtime/hash.js';

export const { sha224, sha256, sha384, sha512, sha512_224, sha512_256 } = sha2Hashes(sha2Target, 'runtime');
export const { sha1, md5, ripemd160 } = legacyHashes(legacyTarget, 'runtime');
