// Entry point of the `wasm_threads` backend: every hash over the generated targets in targets/wasm_threads/.
// Every backend entry exports the same names; see docs/api.md. Each hash is its own top-level
// constant built by a pure call from the kernel functions it uses (the `$name` descriptors of the
// target files), so a bundler keeps only the hashes an application imports and their kernels.
import * as blake1 from './targets/wasm_threads/blake1.js';
import * as argon2 from './targets/wasm_threads/argon2.js';
import * as blake2 from './targets/wasm_threads/blake2.js';
import * as b3 from './targets/wasm_threads/blake3.js';
import * as legacy from './targets/wasm_threads/legacy.js';
import * as sha2 from './targets/wasm_threads/sha2.js';
import { ARGON2D, ARGON2I, ARGON2ID, argon2Kdf } from './runtime/argon2.js';
import { BLAKE2B, BLAKE2S, blake2Hash } from './runtime/blake2.js';
import {
  BLAKE224, BLAKE256, BLAKE384, BLAKE512, MD5, RIPEMD160, SHA1, SHA224, SHA224_LANES, SHA256, SHA256_LANES, SHA384, SHA512, SHA512_224,
  SHA512_256, mdHash,
} from './runtime/md.js';
import * as sha3 from './targets/wasm_threads/sha3.js';
import {
  KECCAK_224, KECCAK_256, KECCAK_384, KECCAK_512, SHA3_224, SHA3_256, SHA3_384, SHA3_512,
  SHAKE128, SHAKE128_32, SHAKE256, SHAKE256_64, spongeHash,
} from './runtime/sponge.js';
import { blake3Hash } from './runtime/blake3.js';
import * as scryptKernels from './targets/wasm_threads/scrypt.js';
import { scryptKdf } from './runtime/scrypt.js';
import { pbkdf2Kernel, pbkdf2With } from './runtime/kdf.js';
import { threaded, threadedArgon2, threadedCipher, threadedKdf } from './runtime/workers.js';

export const sha224 = /* @__PURE__ */ threaded('sha224', /* @__PURE__ */ mdHash(SHA224, [sha2.$sha224_init, sha2.$sha256_compress, sha2.$sha256_output], 'wasm_threads'));
export const sha224_lanes = /* @__PURE__ */ threaded('sha224_lanes', /* @__PURE__ */ mdHash(SHA224_LANES, [sha2.$sha224_init, sha2.$sha256_compress, sha2.$sha256_output, sha2.$sha256_compress4], 'wasm_threads'));
export const sha256 = /* @__PURE__ */ threaded('sha256', /* @__PURE__ */ mdHash(SHA256, [sha2.$sha256_init, sha2.$sha256_compress, sha2.$sha256_output], 'wasm_threads'));
export const sha256_lanes = /* @__PURE__ */ threaded('sha256_lanes', /* @__PURE__ */ mdHash(SHA256_LANES, [sha2.$sha256_init, sha2.$sha256_compress, sha2.$sha256_output, sha2.$sha256_compress4], 'wasm_threads'));
export const sha384 = /* @__PURE__ */ threaded('sha384', /* @__PURE__ */ mdHash(SHA384, [sha2.$sha384_init, sha2.$sha512_compress, sha2.$sha512_output], 'wasm_threads'));
export const sha512 = /* @__PURE__ */ threaded('sha512', /* @__PURE__ */ mdHash(SHA512, [sha2.$sha512_init, sha2.$sha512_compress, sha2.$sha512_output], 'wasm_threads'));
export const sha512_224 = /* @__PURE__ */ threaded('sha512_224', /* @__PURE__ */ mdHash(SHA512_224, [sha2.$sha512_224_init, sha2.$sha512_compress, sha2.$sha512_output], 'wasm_threads'));
export const sha512_256 = /* @__PURE__ */ threaded('sha512_256', /* @__PURE__ */ mdHash(SHA512_256, [sha2.$sha512_256_init, sha2.$sha512_compress, sha2.$sha512_output], 'wasm_threads'));
export const sha1 = /* @__PURE__ */ threaded('sha1', /* @__PURE__ */ mdHash(SHA1, [legacy.$sha1_init, legacy.$sha1_compress, legacy.$sha1_output], 'wasm_threads'));
export const md5 = /* @__PURE__ */ threaded('md5', /* @__PURE__ */ mdHash(MD5, [legacy.$md5_init, legacy.$md5_compress, legacy.$md5_output], 'wasm_threads'));
export const ripemd160 = /* @__PURE__ */ threaded('ripemd160', /* @__PURE__ */ mdHash(RIPEMD160, [legacy.$ripemd160_init, legacy.$ripemd160_compress, legacy.$ripemd160_output], 'wasm_threads'));
export const blake224 = /* @__PURE__ */ threaded('blake224', /* @__PURE__ */ mdHash(BLAKE224, [blake1.$blake224_init, blake1.$blake256_compress, blake1.$blake256_final, blake1.$blake256_output], 'wasm_threads'));
export const blake256 = /* @__PURE__ */ threaded('blake256', /* @__PURE__ */ mdHash(BLAKE256, [blake1.$blake256_init, blake1.$blake256_compress, blake1.$blake256_final, blake1.$blake256_output], 'wasm_threads'));
export const blake384 = /* @__PURE__ */ threaded('blake384', /* @__PURE__ */ mdHash(BLAKE384, [blake1.$blake384_init, blake1.$blake512_compress, blake1.$blake512_final, blake1.$blake512_output], 'wasm_threads'));
export const blake512 = /* @__PURE__ */ threaded('blake512', /* @__PURE__ */ mdHash(BLAKE512, [blake1.$blake512_init, blake1.$blake512_compress, blake1.$blake512_final, blake1.$blake512_output], 'wasm_threads'));
export const blake2b = /* @__PURE__ */ threaded('blake2b', /* @__PURE__ */ blake2Hash(BLAKE2B, [blake2.$blake2b_init, blake2.$blake2b_compress, blake2.$blake2b_final], 'wasm_threads'));
export const blake2s = /* @__PURE__ */ threaded('blake2s', /* @__PURE__ */ blake2Hash(BLAKE2S, [blake2.$blake2s_init, blake2.$blake2s_compress, blake2.$blake2s_final], 'wasm_threads'));
export const sha3_224 = /* @__PURE__ */ threaded('sha3_224', /* @__PURE__ */ spongeHash(SHA3_224, [sha3.$keccak_absorb], 'wasm_threads'));
export const sha3_256 = /* @__PURE__ */ threaded('sha3_256', /* @__PURE__ */ spongeHash(SHA3_256, [sha3.$keccak_absorb], 'wasm_threads'));
export const sha3_384 = /* @__PURE__ */ threaded('sha3_384', /* @__PURE__ */ spongeHash(SHA3_384, [sha3.$keccak_absorb], 'wasm_threads'));
export const sha3_512 = /* @__PURE__ */ threaded('sha3_512', /* @__PURE__ */ spongeHash(SHA3_512, [sha3.$keccak_absorb], 'wasm_threads'));
export const keccak_224 = /* @__PURE__ */ threaded('keccak_224', /* @__PURE__ */ spongeHash(KECCAK_224, [sha3.$keccak_absorb], 'wasm_threads'));
export const keccak_256 = /* @__PURE__ */ threaded('keccak_256', /* @__PURE__ */ spongeHash(KECCAK_256, [sha3.$keccak_absorb], 'wasm_threads'));
export const keccak_384 = /* @__PURE__ */ threaded('keccak_384', /* @__PURE__ */ spongeHash(KECCAK_384, [sha3.$keccak_absorb], 'wasm_threads'));
export const keccak_512 = /* @__PURE__ */ threaded('keccak_512', /* @__PURE__ */ spongeHash(KECCAK_512, [sha3.$keccak_absorb], 'wasm_threads'));
export const shake128 = /* @__PURE__ */ threaded('shake128', /* @__PURE__ */ spongeHash(SHAKE128, [sha3.$keccak_absorb], 'wasm_threads'));
export const shake256 = /* @__PURE__ */ threaded('shake256', /* @__PURE__ */ spongeHash(SHAKE256, [sha3.$keccak_absorb], 'wasm_threads'));
export const shake128_32 = /* @__PURE__ */ threaded('shake128_32', /* @__PURE__ */ spongeHash(SHAKE128_32, [sha3.$keccak_absorb], 'wasm_threads'));
export const shake256_64 = /* @__PURE__ */ threaded('shake256_64', /* @__PURE__ */ spongeHash(SHAKE256_64, [sha3.$keccak_absorb], 'wasm_threads'));
export const blake3 = /* @__PURE__ */ threaded('blake3', /* @__PURE__ */ blake3Hash([b3.$blake3_chunks, b3.$blake3_parents, b3.$blake3_compress, b3.$blake3_blocks], 'wasm_threads'));
// scrypt (RFC 7914) over this backend's sha256 (PBKDF2-HMAC-SHA256) and the ROMix kernels.
export const scrypt = /* @__PURE__ */ threadedKdf('scrypt', /* @__PURE__ */ scryptKdf([scryptKernels.$scrypt_fill, scryptKernels.$scrypt_mix], sha256, 'wasm_threads'));

// PBKDF2 (runtime/kdf.js): the iteration loop in the kernels of the hashes listed here; any other
// hash through its HMAC streams.
export const pbkdf2 = /* @__PURE__ */ pbkdf2With([
  /* @__PURE__ */ pbkdf2Kernel(SHA224, /* @__PURE__ */ mdHash(SHA224, [sha2.$sha224_init, sha2.$sha256_compress, sha2.$sha256_output, sha2.$sha224_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(SHA256, /* @__PURE__ */ mdHash(SHA256, [sha2.$sha256_init, sha2.$sha256_compress, sha2.$sha256_output, sha2.$sha256_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(SHA384, /* @__PURE__ */ mdHash(SHA384, [sha2.$sha384_init, sha2.$sha512_compress, sha2.$sha512_output, sha2.$sha384_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(SHA512, /* @__PURE__ */ mdHash(SHA512, [sha2.$sha512_init, sha2.$sha512_compress, sha2.$sha512_output, sha2.$sha512_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(SHA512_224, /* @__PURE__ */ mdHash(SHA512_224, [sha2.$sha512_224_init, sha2.$sha512_compress, sha2.$sha512_output, sha2.$sha512_224_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(SHA512_256, /* @__PURE__ */ mdHash(SHA512_256, [sha2.$sha512_256_init, sha2.$sha512_compress, sha2.$sha512_output, sha2.$sha512_256_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(SHA1, /* @__PURE__ */ mdHash(SHA1, [legacy.$sha1_init, legacy.$sha1_compress, legacy.$sha1_output, legacy.$sha1_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(MD5, /* @__PURE__ */ mdHash(MD5, [legacy.$md5_init, legacy.$md5_compress, legacy.$md5_output, legacy.$md5_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(RIPEMD160, /* @__PURE__ */ mdHash(RIPEMD160, [legacy.$ripemd160_init, legacy.$ripemd160_compress, legacy.$ripemd160_output, legacy.$ripemd160_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(SHA3_224, /* @__PURE__ */ spongeHash(SHA3_224, [sha3.$keccak_absorb, sha3.$keccak_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(SHA3_256, /* @__PURE__ */ spongeHash(SHA3_256, [sha3.$keccak_absorb, sha3.$keccak_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(SHA3_384, /* @__PURE__ */ spongeHash(SHA3_384, [sha3.$keccak_absorb, sha3.$keccak_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(SHA3_512, /* @__PURE__ */ spongeHash(SHA3_512, [sha3.$keccak_absorb, sha3.$keccak_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(KECCAK_224, /* @__PURE__ */ spongeHash(KECCAK_224, [sha3.$keccak_absorb, sha3.$keccak_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(KECCAK_256, /* @__PURE__ */ spongeHash(KECCAK_256, [sha3.$keccak_absorb, sha3.$keccak_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(KECCAK_384, /* @__PURE__ */ spongeHash(KECCAK_384, [sha3.$keccak_absorb, sha3.$keccak_pbkdf2], 'wasm_threads')),
  /* @__PURE__ */ pbkdf2Kernel(KECCAK_512, /* @__PURE__ */ spongeHash(KECCAK_512, [sha3.$keccak_absorb, sha3.$keccak_pbkdf2], 'wasm_threads')),
]);
// Argon2 (RFC 9106) over this entry's blake2b.
export const argon2d = /* @__PURE__ */ threadedArgon2('argon2d', /* @__PURE__ */ argon2Kdf(ARGON2D, [argon2.$argon2_fill], blake2b, 'wasm_threads'));
export const argon2i = /* @__PURE__ */ threadedArgon2('argon2i', /* @__PURE__ */ argon2Kdf(ARGON2I, [argon2.$argon2_fill], blake2b, 'wasm_threads'));
export const argon2id = /* @__PURE__ */ threadedArgon2('argon2id', /* @__PURE__ */ argon2Kdf(ARGON2ID, [argon2.$argon2_fill], blake2b, 'wasm_threads'));

// Salsa20 and ChaCha stream ciphers (runtime/arx.js over modules/chacha.js; the cipher shape of
// runtime/cipher.js): each built from the kernels it uses.
import * as chachaKernels from './targets/wasm_threads/chacha.js';
import { CHACHA12, CHACHA20, CHACHA20ORIG, CHACHA8, SALSA20, XCHACHA20, XSALSA20, arxCipher } from './runtime/arx.js';
export const salsa20 = /* @__PURE__ */ threadedCipher('salsa20', /* @__PURE__ */ arxCipher(SALSA20, [chachaKernels.$salsa_xor, chachaKernels.$salsa_xor_at], 'wasm_threads'));
export const xsalsa20 = /* @__PURE__ */ threadedCipher('xsalsa20', /* @__PURE__ */ arxCipher(XSALSA20, [chachaKernels.$salsa_xor, chachaKernels.$salsa_xor_at, chachaKernels.$hsalsa], 'wasm_threads'));
export const chacha20 = /* @__PURE__ */ threadedCipher('chacha20', /* @__PURE__ */ arxCipher(CHACHA20, [chachaKernels.$chacha_xor, chachaKernels.$chacha_xor_at], 'wasm_threads'));
export const chacha20orig = /* @__PURE__ */ threadedCipher('chacha20orig', /* @__PURE__ */ arxCipher(CHACHA20ORIG, [chachaKernels.$chacha_xor, chachaKernels.$chacha_xor_at], 'wasm_threads'));
export const xchacha20 = /* @__PURE__ */ threadedCipher('xchacha20', /* @__PURE__ */ arxCipher(XCHACHA20, [chachaKernels.$chacha_xor, chachaKernels.$chacha_xor_at, chachaKernels.$hchacha], 'wasm_threads'));
export const chacha8 = /* @__PURE__ */ threadedCipher('chacha8', /* @__PURE__ */ arxCipher(CHACHA8, [chachaKernels.$chacha_xor, chachaKernels.$chacha_xor_at], 'wasm_threads'));
export const chacha12 = /* @__PURE__ */ threadedCipher('chacha12', /* @__PURE__ */ arxCipher(CHACHA12, [chachaKernels.$chacha_xor, chachaKernels.$chacha_xor_at], 'wasm_threads'));
// Poly1305 (RFC 8439 §2.5), the MAC with the hash shape and a key: poly1305(msg, key | {key}).
import * as polyKernels from './targets/wasm_threads/chacha.js';
import { poly1305Mac } from './runtime/poly1305.js';
export const poly1305 = /* @__PURE__ */ poly1305Mac([polyKernels.$poly1305_init, polyKernels.$poly1305_blocks, polyKernels.$poly1305_finish], 'wasm_threads');
// GHASH and POLYVAL (runtime/ghash.js over modules/ghash.js: carry-less products from integer
// multiplies, no tables), MACs with the hash shape and a 16-byte key: ghash(msg, key | {key}).
import * as ghashKernels from './targets/wasm_threads/ghash.js';
import { ghashMac } from './runtime/ghash.js';
export const ghash = /* @__PURE__ */ ghashMac('ghash', [ghashKernels.$ghash_blocks], 'wasm_threads');
export const polyval = /* @__PURE__ */ ghashMac('polyval', [ghashKernels.$polyval_blocks], 'wasm_threads');
// AES-GCM and AES-GCM-SIV (runtime/gcm.js: the AES counter kernels and GHASH/POLYVAL above):
// gcm(key, nonce, AAD?, { tagLength }?), gcmsiv(key, nonce, AAD?); no `output`.
import { gcmCipher } from './runtime/gcm.js';
export const gcm = /* @__PURE__ */ threadedCipher('gcm', /* @__PURE__ */ gcmCipher('gcm', [aesKernels.$aes_expand, aesKernels.$aes_ecb_enc, aesKernels.$aes_ctr32], [ghashKernels.$ghash_blocks], 'wasm_threads'));
export const gcmsiv = /* @__PURE__ */ threadedCipher('gcmsiv', /* @__PURE__ */ gcmCipher('gcmsiv', [aesKernels.$aes_expand, aesKernels.$aes_ecb_enc, aesKernels.$aes_ctr32le], [ghashKernels.$polyval_blocks], 'wasm_threads'));

// The AEADs (runtime/aead.js: the stream kernels and Poly1305 over one memory, one pass per chunk).
import { CHACHA20POLY1305, XCHACHA20POLY1305, XSALSA20POLY1305, aeadCipher, secretboxOf } from './runtime/aead.js';
export const chacha20poly1305 = /* @__PURE__ */ threadedCipher('chacha20poly1305', /* @__PURE__ */ aeadCipher(CHACHA20POLY1305, [chachaKernels.$chacha_xor, chachaKernels.$chacha_xor_at, chachaKernels.$chacha20poly1305_seal, chachaKernels.$chacha20poly1305_open, polyKernels.$poly1305_init, polyKernels.$poly1305_blocks, polyKernels.$poly1305_bytes, polyKernels.$poly1305_lengths, polyKernels.$poly1305_finish], 'wasm_threads'));
export const xchacha20poly1305 = /* @__PURE__ */ threadedCipher('xchacha20poly1305', /* @__PURE__ */ aeadCipher(XCHACHA20POLY1305, [chachaKernels.$chacha_xor, chachaKernels.$chacha_xor_at, chachaKernels.$hchacha, chachaKernels.$chacha20poly1305_seal, chachaKernels.$chacha20poly1305_open, polyKernels.$poly1305_init, polyKernels.$poly1305_blocks, polyKernels.$poly1305_bytes, polyKernels.$poly1305_lengths, polyKernels.$poly1305_finish], 'wasm_threads'));
export const xsalsa20poly1305 = /* @__PURE__ */ aeadCipher(XSALSA20POLY1305, [chachaKernels.$salsa_xor, chachaKernels.$hsalsa, polyKernels.$poly1305_init, polyKernels.$poly1305_blocks, polyKernels.$poly1305_finish], 'wasm_threads');
export const secretbox = /* @__PURE__ */ secretboxOf(xsalsa20poly1305);
// AES modes over whole blocks (runtime/aesmodes.js, the kernels of modules/aes.js): the MAC cmac(msg, key),
// aessiv(key, ...AAD), the key wraps aeskw(kek) and aeskwp(kek).
import { aeskwCipher, aessivCipher, cmacMac } from './runtime/aesmodes.js';
export const cmac = /* @__PURE__ */ cmacMac([aesKernels.$aes_expand, aesKernels.$aes_cbc_enc], 'wasm_threads');
export const aessiv = /* @__PURE__ */ aessivCipher([aesKernels.$aes_expand, aesKernels.$aes_cbc_enc, aesKernels.$aes_ctr], 'wasm_threads');
export const aeskw = /* @__PURE__ */ aeskwCipher(false, [aesKernels.$aes_expand, aesKernels.$aes_cbc_enc, aesKernels.$aes_ecb_dec], 'wasm_threads');
export const aeskwp = /* @__PURE__ */ aeskwCipher(true, [aesKernels.$aes_expand, aesKernels.$aes_cbc_enc, aesKernels.$aes_ecb_dec], 'wasm_threads');
// AES block modes (runtime/aes.js over modules/aes.js: no secret-indexed tables; the cipher shape
// of runtime/cipher.js): ecb(key, opts?), cbc(key, iv, opts?), ctr(key, iv).
import * as aesKernels from './targets/wasm_threads/aes.js';
import { aesCipher } from './runtime/aes.js';
export const ecb = /* @__PURE__ */ threadedCipher('ecb', /* @__PURE__ */ aesCipher('ecb', [aesKernels.$aes_expand, aesKernels.$aes_ecb_enc, aesKernels.$aes_ecb_dec], 'wasm_threads'));
export const cbc = /* @__PURE__ */ threadedCipher('cbc', /* @__PURE__ */ aesCipher('cbc', [aesKernels.$aes_expand, aesKernels.$aes_cbc_enc, aesKernels.$aes_cbc_dec], 'wasm_threads'));
export const ctr = /* @__PURE__ */ threadedCipher('ctr', /* @__PURE__ */ aesCipher('ctr', [aesKernels.$aes_expand, aesKernels.$aes_ctr], 'wasm_threads'));
export const cfb = /* @__PURE__ */ aesCipher('cfb', [aesKernels.$aes_expand, aesKernels.$aes_cfb_enc, aesKernels.$aes_cfb_dec], 'wasm_threads');
export const ofb = /* @__PURE__ */ aesCipher('ofb', [aesKernels.$aes_expand, aesKernels.$aes_ofb], 'wasm_threads');
