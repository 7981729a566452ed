// Types of the `noble.js` entry (@noble/hashes and @noble/ciphers behind our API): the names and
// shapes of the backend entries (hashes.d.ts), all but `ofb`, which @noble/ciphers lacks.
export type { Bytes, HashOpts, AsyncOpts, ParallelOpts, HashStream, HashDefinition, Hash, XofStream, XofOpts, XofHash } from './hashes.js';
export type { BlakeOpts, Blake2Opts, Blake3Opts, Blake3Hash, ScryptOpts, Scrypt, ArgonOpts, Argon2, MacKey, Mac } from './hashes.js';
export type { Aead, CipherFinish, CipherInstance, CipherMethod, CipherStream, NaclAead, Secretbox, StreamCipher, StreamCipherOpts, BlockModeOpts, EcbCipher, CbcCipher, IvCipher, GcmCipher, GcmOpts, SivCipher, KeyWrapCipher } from './ciphers.js';
export { sha224, sha256, sha224_lanes, sha256_lanes, sha384, sha512, sha512_224, sha512_256, sha1, md5, ripemd160 } from './hashes.js';
export { sha3_224, sha3_256, sha3_384, sha3_512, keccak_224, keccak_256, keccak_384, keccak_512 } from './hashes.js';
export { shake128, shake256, shake128_32, shake256_64, blake224, blake256, blake384, blake512, blake2b, blake2s, blake3 } from './hashes.js';
export { scrypt, pbkdf2, argon2d, argon2i, argon2id, poly1305 } from './hashes.js';
export { salsa20, xsalsa20, chacha20, chacha20orig, xchacha20, chacha8, chacha12, ecb, cbc, ctr, cfb } from './hashes.js';
export { chacha20poly1305, xchacha20poly1305, xsalsa20poly1305, secretbox } from './hashes.js';
export { gcm, gcmsiv, aessiv, aeskw, aeskwp, ghash, polyval, cmac } from './hashes.js';
