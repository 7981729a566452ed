// Entry point of the `runtime` backend: the SHA-2 hashes over targets/runtime/sha2.js.
// Every backend entry exports the same names; see docs/api.md.
import * as sha2Target from './targets/runtime/sha2.js';
import { sha2Hashes } from './runtime/hash.js';

export const { sha224, sha256, sha384, sha512, sha512_224, sha512_256 } = sha2Hashes(sha2Target, 'runtime');
