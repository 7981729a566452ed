// Types of the `webcrypto.js` entry (docs/api.md): crypto.subtle behind our shapes, async only.
// The sync forms exist (so that these functions fit where ours do) but always throw: `never`.
import type { AsyncOpts, Bytes, HashDefinition, HashOpts, ParallelOpts } from './hashes.js';
import type { BlockModeOpts, GcmOpts } from './ciphers.js';
import type { HashLike } from './hmac.js';
import type { KDFInput, KdfAsync, Pbkdf2Opts } from './kdf.js';

/** A hash of webcrypto.js: only `async`, `chunks.async` and `parallel.async` run. */
export interface AsyncHash {
  (msg: Uint8Array, opts?: HashOpts): never;
  async(msg: Uint8Array, opts?: HashOpts & AsyncOpts): Promise<Bytes>;
  chunks: {
    (parts: Uint8Array[], opts?: HashOpts): never;
    async(parts: Uint8Array[], opts?: HashOpts & AsyncOpts): Promise<Bytes>;
  };
  parallel: {
    (msgs: Uint8Array[], opts?: ParallelOpts): never;
    async(msgs: Uint8Array[], opts?: ParallelOpts & AsyncOpts): Promise<Bytes[]>;
  };
  /** crypto.subtle has no streams: throws. */
  create(opts?: object): never;
  readonly blockLen: number;
  readonly outputLen: number;
  readonly canXOF: false;
  readonly oid?: Bytes;
  getPlatform(): 'webcrypto';
  getDefinition(): HashDefinition;
}
/** Whether crypto.subtle is available (browsers: secure contexts only). */
export declare function isSupported(): boolean;
export declare const sha1: AsyncHash;
export declare const sha256: AsyncHash;
export declare const sha384: AsyncHash;
export declare const sha512: AsyncHash;

/** HMAC over sha1, sha256, sha384 or sha512 (of any entry): `await hmac.async(hash, key, msg)`. */
export interface AsyncHmac {
  (hash: HashLike, key: Uint8Array, msg: Uint8Array): never;
  async(hash: HashLike, key: Uint8Array, msg: Uint8Array): Promise<Bytes>;
  create(hash: HashLike, key: Uint8Array): never;
}
export declare const hmac: AsyncHmac;
/** HKDF (RFC 5869): `await hkdf.async(hash, ikm, salt?, info?, length = 32)`. */
export interface AsyncHkdf {
  (hash: HashLike, ikm: Uint8Array, salt?: Uint8Array, info?: Uint8Array, length?: number): never;
  async(hash: HashLike, ikm: Uint8Array, salt?: Uint8Array, info?: Uint8Array, length?: number): Promise<Bytes>;
}
export declare const hkdf: AsyncHkdf;
/** PBKDF2: `await pbkdf2(hash).async(password, salt, { c, dkLen })`. */
export interface AsyncPbkdf2Fn {
  (password: KDFInput, salt: KDFInput, opts: Pbkdf2Opts): never;
  async(password: KDFInput, salt: KDFInput, opts: Pbkdf2Opts & KdfAsync): Promise<Bytes>;
}
export declare function pbkdf2(hash: HashLike): AsyncPbkdf2Fn;

/** encrypt or decrypt of a webcrypto.js cipher instance: only `async` runs. */
export interface AsyncCipherMethod {
  (data: Uint8Array, output?: Uint8Array): never;
  async(data: Uint8Array, output?: Uint8Array, opts?: AsyncOpts): Promise<Bytes>;
  create(): never;
}
export interface AsyncCipherInstance {
  readonly blockSize: number;
  readonly nonceLength: number;
  readonly tagLength: number;
  readonly varSizeNonce: boolean;
  encrypt: AsyncCipherMethod;
  decrypt: AsyncCipherMethod;
}
interface AsyncCipherProps {
  readonly blockSize: number;
  readonly nonceLength: number;
  readonly tagLength: number;
  readonly varSizeNonce: boolean;
  getPlatform(): 'webcrypto';
}
/** AES-CBC (PKCS#7 padding unless disablePadding): `cbc(key, iv, opts?)`. */
export declare const cbc: ((key: Uint8Array, iv: Uint8Array, opts?: BlockModeOpts) => AsyncCipherInstance) & AsyncCipherProps;
/** AES-CTR (16-byte initial counter block, a 128-bit big-endian counter): `ctr(key, iv)`. */
export declare const ctr: ((key: Uint8Array, iv: Uint8Array) => AsyncCipherInstance) & AsyncCipherProps;
/** AES-GCM (nonce of 12 bytes or more; the tag, 16 bytes unless opts.tagLength, appended): `gcm(key, nonce, AAD?, opts?)`. */
export declare const gcm: ((key: Uint8Array, nonce: Uint8Array, AAD?: Uint8Array, opts?: GcmOpts) => AsyncCipherInstance) & AsyncCipherProps;
