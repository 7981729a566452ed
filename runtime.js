// Entry point of the `runtime` backend: every hash over the generated targets in targets/runtime/.
// Every backend entry exports the same names; see docs/api.md. Each hash is its own top-level
// constant built by a pure call from the kernel functions it uses (the `$name` descriptors of the
// target files), so a bundler keeps only the hashes an application imports and their kernels.
import * as b3 from './targets/runtime/blake3.js';
import * as legacy from './targets/runtime/legacy.js';
import * as sha2 from './targets/runtime/sha2.js';
import * as sha3 from './targets/runtime/sha3.js';
import { MD5, RIPEMD160, SHA1, SHA224, SHA256, SHA384, SHA512, SHA512_224, SHA512_256, mdHash } from './runtime/md.js';
import {
  KECCAK_224, KECCAK_256, KECCAK_384, KECCAK_512, SHA3_224, SHA3_256, SHA3_384, SHA3_512,
  SHAKE128, SHAKE128_32, SHAKE256, SHAKE256_64, spongeHash,
} from './runtime/sponge.js';
import { blake3Hash } from './runtime/blake3.js';

export const sha224 = /* @__PURE__ */ mdHash(SHA224, [sha2.$sha224_init, sha2.$sha256_compress, sha2.$sha256_output], 'runtime');
export const sha256 = /* @__PURE__ */ mdHash(SHA256, [sha2.$sha256_init, sha2.$sha256_compress, sha2.$sha256_output], 'runtime');
export const sha384 = /* @__PURE__ */ mdHash(SHA384, [sha2.$sha384_init, sha2.$sha512_compress, sha2.$sha512_output], 'runtime');
export const sha512 = /* @__PURE__ */ mdHash(SHA512, [sha2.$sha512_init, sha2.$sha512_compress, sha2.$sha512_output], 'runtime');
export const sha512_224 = /* @__PURE__ */ mdHash(SHA512_224, [sha2.$sha512_224_init, sha2.$sha512_compress, sha2.$sha512_output], 'runtime');
export const sha512_256 = /* @__PURE__ */ mdHash(SHA512_256, [sha2.$sha512_256_init, sha2.$sha512_compress, sha2.$sha512_output], 'runtime');
export const sha1 = /* @__PURE__ */ mdHash(SHA1, [legacy.$sha1_init, legacy.$sha1_compress, legacy.$sha1_output], 'runtime');
export const md5 = /* @__PURE__ */ mdHash(MD5, [legacy.$md5_init, legacy.$md5_compress, legacy.$md5_output], 'runtime');
export const ripemd160 = /* @__PURE__ */ mdHash(RIPEMD160, [legacy.$ripemd160_init, legacy.$ripemd160_compress, legacy.$ripemd160_output], 'runtime');
export const sha3_224 = /* @__PURE__ */ spongeHash(SHA3_224, [sha3.$keccak_absorb], 'runtime');
export const sha3_256 = /* @__PURE__ */ spongeHash(SHA3_256, [sha3.$keccak_absorb], 'runtime');
export const sha3_384 = /* @__PURE__ */ spongeHash(SHA3_384, [sha3.$keccak_absorb], 'runtime');
export const sha3_512 = /* @__PURE__ */ spongeHash(SHA3_512, [sha3.$keccak_absorb], 'runtime');
export const keccak_224 = /* @__PURE__ */ spongeHash(KECCAK_224, [sha3.$keccak_absorb], 'runtime');
export const keccak_256 = /* @__PURE__ */ spongeHash(KECCAK_256, [sha3.$keccak_absorb], 'runtime');
export const keccak_384 = /* @__PURE__ */ spongeHash(KECCAK_384, [sha3.$keccak_absorb], 'runtime');
export const keccak_512 = /* @__PURE__ */ spongeHash(KECCAK_512, [sha3.$keccak_absorb], 'runtime');
export const shake128 = /* @__PURE__ */ spongeHash(SHAKE128, [sha3.$keccak_absorb], 'runtime');
export const shake256 = /* @__PURE__ */ spongeHash(SHAKE256, [sha3.$keccak_absorb], 'runtime');
export const shake128_32 = /* @__PURE__ */ spongeHash(SHAKE128_32, [sha3.$keccak_absorb], 'runtime');
export const shake256_64 = /* @__PURE__ */ spongeHash(SHAKE256_64, [sha3.$keccak_absorb], 'runtime');
export const blake3 = /* @__PURE__ */ blake3Hash([b3.$blake3_chunks, b3.$blake3_parents, b3.$blake3_compress], 'runtime');
