// Types of the hash functions every backend entry exports (docs/api.md). Hand-written, like
// runtime/: the generated targets are internal.

/**
 * What every function returns: a Uint8Array over an ArrayBuffer. Written this way so that
 * TypeScript 5.7+ sees `Uint8Array<ArrayBuffer>` (accepted where @noble/hashes' results are, e.g.
 * by WebCrypto and Blob) and older versions see the plain `Uint8Array` they know.
 */
export type Bytes = ReturnType<typeof Uint8Array.of>;
export interface HashOpts {
  /** Write the digest to out[outPos .. outPos + outputLen) instead of allocating. */
  out?: Uint8Array;
  outPos?: number;
  /** Output length: only equal to outputLen (no hash here can XOF), except BLAKE2's 1..outputLen. */
  dkLen?: number;
}
export interface AsyncOpts {
  /** Milliseconds of work between yields to the event loop (default 10). */
  asyncTick?: number;
  onProgress?: (fraction: number) => void;
  nextTick?: () => Promise<unknown>;
}
export interface ParallelOpts {
  /** One flat buffer (digest i at outPos + i * outputLen) or one buffer per message. */
  out?: Uint8Array | Uint8Array[];
  outPos?: number;
  dkLen?: number;
}
export interface HashStream {
  readonly blockLen: number;
  readonly outputLen: number;
  readonly canXOF: false;
  update(msg: Uint8Array): this;
  digest(): Bytes;
  digestInto(buf: Uint8Array): void;
  clone(): HashStream;
  /** Copies this stream into `to` (a stream of the same hash) or a new one: @noble/hashes' hmac/hkdf/pbkdf2 use it. */
  _cloneInto(to?: HashStream): HashStream;
  destroy(): void;
  xof(bytes: number): never;
  xofInto(buf: Uint8Array): never;
}
export interface HashDefinition {
  readonly module: 'sha2' | 'legacy' | 'sha3' | 'blake1' | 'blake2' | 'blake3' | 'chacha';
  readonly name: string;
  readonly blockLen: number;
  readonly outputLen: number;
  readonly canXOF: boolean;
}
/** A hash function; `O` is its own options (BLAKE's salt, BLAKE2's key, ...), accepted by every variant. */
export interface Hash<O = {}> {
  (msg: Uint8Array, opts?: HashOpts & O): Bytes;
  async(msg: Uint8Array, opts?: HashOpts & AsyncOpts & O): Promise<Bytes>;
  chunks: {
    (parts: Uint8Array[], opts?: HashOpts & O): Bytes;
    async(parts: Uint8Array[], opts?: HashOpts & AsyncOpts & O): Promise<Bytes>;
  };
  parallel: {
    (msgs: Uint8Array[], opts?: ParallelOpts & O): Bytes[];
    async(msgs: Uint8Array[], opts?: ParallelOpts & AsyncOpts & O): Promise<Bytes[]>;
  };
  create(opts?: { dkLen?: number } & O): HashStream;
  readonly blockLen: number;
  readonly outputLen: number;
  readonly canXOF: false;
  /** The DER-encoded OID, where one is defined (the SHA-2 hashes; not sha1, md5, ripemd160). */
  readonly oid?: Bytes;
  getPlatform(): 'wasm' | 'wasm_threads' | 'js' | 'runtime' | 'noble' | 'webcrypto' | 'stub';
  getDefinition(): HashDefinition;
}

export declare const sha224: Hash;
export declare const sha256: Hash;
/**
 * SHA-224 and SHA-256 whose `parallel()` hashes four messages at once in SIMD lanes on the wasm
 * backends (the same digests as sha224/sha256; on js and runtime the same functions). An opt-in,
 * so that a plain sha256 import does not bundle the four-lane kernel.
 */
export declare const sha224_lanes: Hash;
export declare const sha256_lanes: Hash;
export declare const sha384: Hash;
export declare const sha512: Hash;
export declare const sha512_224: Hash;
export declare const sha512_256: Hash;
/** SHA-1: broken for collision resistance; for compatibility (git, HMAC-SHA1) only. */
export declare const sha1: Hash;
/** MD5: broken; for compatibility only. */
export declare const md5: Hash;
export declare const ripemd160: Hash;

/** A stream of an XOF (SHAKE): besides digest(), any number of output bytes. */
export interface XofStream extends Omit<HashStream, 'canXOF' | 'xof' | 'xofInto' | 'clone' | '_cloneInto'> {
  readonly canXOF: true;
  /** The next `bytes` output bytes; repeated calls continue the output. update() is refused after it. */
  xof(bytes: number): Bytes;
  /** Fills `buf` with the next output bytes and returns it. */
  xofInto(buf: Uint8Array): Bytes;
  clone(): XofStream;
  _cloneInto(to?: XofStream): XofStream;
}
export interface XofOpts extends Omit<HashOpts, 'dkLen'> {
  /** Output length in bytes: any non-negative safe integer (default outputLen). */
  dkLen?: number;
}
/** An XOF (SHAKE128, SHAKE256): `dkLen` chooses the output length. */
export interface XofHash extends Omit<Hash, 'canXOF' | 'create' | '(call)'> {
  (msg: Uint8Array, opts?: XofOpts): Bytes;
  create(opts?: { dkLen?: number }): XofStream;
  readonly canXOF: true;
}

/** SHA-3 (FIPS 202). */
export declare const sha3_224: Hash;
export declare const sha3_256: Hash;
export declare const sha3_384: Hash;
export declare const sha3_512: Hash;
/** Keccak with the submission's padding (Ethereum's keccak256); not SHA-3. */
export declare const keccak_224: Hash;
export declare const keccak_256: Hash;
export declare const keccak_384: Hash;
export declare const keccak_512: Hash;
/** SHAKE128 (default output 16 bytes) and SHAKE256 (32 bytes). */
export declare const shake128: XofHash;
export declare const shake256: XofHash;
/** SHAKE128 with 32 and SHAKE256 with 64 bytes of output by default. */
export declare const shake128_32: XofHash;
export declare const shake256_64: XofHash;
/** BLAKE (SHA-3 finalist, final round) options: a salt of 16 bytes (blake224, blake256) or 32 (blake384, blake512). */
export interface BlakeOpts {
  salt?: Uint8Array;
}
export declare const blake224: Hash<BlakeOpts>;
export declare const blake256: Hash<BlakeOpts>;
export declare const blake384: Hash<BlakeOpts>;
export declare const blake512: Hash<BlakeOpts>;
/**
 * BLAKE2 (RFC 7693) options. `dkLen`: 1..64 (blake2b) or 1..32 (blake2s), the default being the
 * largest; `key`: 1..64 / 1..32 bytes (keyed hashing, a MAC); `salt` and `personalization`:
 * exactly 16 / 8 bytes.
 */
export interface Blake2Opts {
  key?: Uint8Array;
  salt?: Uint8Array;
  personalization?: Uint8Array;
}
export declare const blake2b: Hash<Blake2Opts>;
export declare const blake2s: Hash<Blake2Opts>;

/** BLAKE3's options: at most one of `key` (keyed hash) and `context` (key derivation); any `dkLen`. */
export interface Blake3Opts {
  /** Output length in bytes: any non-negative safe integer (default 32). */
  dkLen?: number;
  /** A 32-byte key: the keyed hash (MAC) mode. */
  key?: Uint8Array;
  /** Key derivation: the context, a string (UTF-8 encoded) or bytes. Not together with `key`. */
  context?: string | Uint8Array;
}
type Blake3CallOpts = Omit<HashOpts, 'dkLen'> & Blake3Opts;
/** BLAKE3: an XOF with a keyed hash mode (`key`) and a key derivation mode (`context`). */
export interface Blake3Hash extends Omit<XofHash, 'async' | 'chunks' | 'parallel' | 'create'> {
  (msg: Uint8Array, opts?: Blake3CallOpts): Bytes;
  async(msg: Uint8Array, opts?: Blake3CallOpts & AsyncOpts): Promise<Bytes>;
  chunks: {
    (parts: Uint8Array[], opts?: Blake3CallOpts): Bytes;
    async(parts: Uint8Array[], opts?: Blake3CallOpts & AsyncOpts): Promise<Bytes>;
  };
  parallel: {
    (msgs: Uint8Array[], opts?: Omit<ParallelOpts, 'dkLen'> & Blake3Opts): Bytes[];
    async(msgs: Uint8Array[], opts?: Omit<ParallelOpts, 'dkLen'> & Blake3Opts & AsyncOpts): Promise<Bytes[]>;
  };
  create(opts?: Blake3Opts): XofStream;
}
/** BLAKE3 (default output 32 bytes). */
export declare const blake3: Blake3Hash;

/**
 * scrypt (RFC 7914) options, as @noble/hashes' scrypt takes them. `N`: a power of two from 2;
 * `r`, `p` >= 1 with r * p < 2^30; `dkLen` 1..(2^32 - 1) * 32 (default 32); `maxmem` (default
 * 1 GiB + 1 KiB): calls needing more than 128 * r * (N + p) bytes are refused before allocating.
 */
export interface ScryptOpts {
  N: number;
  r: number;
  p: number;
  dkLen?: number;
  maxmem?: number;
  /** Called with the fraction done, rising to exactly 1 at the end. */
  onProgress?: (fraction: number) => void;
}
/** scrypt: a password (string: UTF-8) and a salt to `dkLen` bytes; `.async` yields every `asyncTick` ms. */
export interface Scrypt {
  (password: Uint8Array | string, salt: Uint8Array | string, opts: ScryptOpts): Bytes;
  async(password: Uint8Array | string, salt: Uint8Array | string, opts: ScryptOpts & AsyncOpts): Promise<Bytes>;
}
export declare const scrypt: Scrypt;
/** PBKDF2 over any hash with HMAC; the iteration loop in this backend's kernels for ours. */
export declare const pbkdf2: typeof import('./kdf.js').pbkdf2;
/**
 * Argon2's options, as @noble/hashes names them (RFC 9106 §3.1): `t` passes (default 3), `m`
 * memory in KiB (at least 8 * p; default 2^20 = 1 GiB), `p` lanes (1..2^24 - 1, default 1),
 * `dkLen` tag length (at least 4, default 32), `version` 0x10 or 0x13 (default), the secret `key`
 * and the associated data `personalization` (bytes or UTF-8 strings), `maxmem` the most memory in
 * bytes the call may take (default 2^30), checked before anything is allocated.
 */
export interface ArgonOpts {
  t?: number;
  m?: number;
  p?: number;
  dkLen?: number;
  version?: number;
  key?: import('./kdf.js').KDFInput;
  personalization?: import('./kdf.js').KDFInput;
  maxmem?: number;
  /** Called with the fraction done (0 < f <= 1), increasing, the last call with 1. */
  onProgress?: (fraction: number) => void;
}
/** An Argon2 variant: `(password, salt, opts)` and `.async`; strings are UTF-8 encoded. */
export interface Argon2 {
  (password: import('./kdf.js').KDFInput, salt: import('./kdf.js').KDFInput, opts?: ArgonOpts): Bytes;
  async(password: import('./kdf.js').KDFInput, salt: import('./kdf.js').KDFInput, opts?: ArgonOpts & import('./kdf.js').KdfAsync): Promise<Bytes>;
  getPlatform(): 'wasm' | 'wasm_threads' | 'js' | 'runtime' | 'noble' | 'webcrypto' | 'stub';
}
/** Argon2d (data-dependent addressing), Argon2i (data-independent) and Argon2id (both). */
export declare const argon2d: Argon2;
export declare const argon2i: Argon2;
export declare const argon2id: Argon2;

// The ciphers (types/ciphers.d.ts).
export { salsa20, xsalsa20, chacha20, chacha20orig, xchacha20, chacha8, chacha12, ecb, cbc, ctr, cfb, ofb } from './ciphers.js';
export { aessiv, aeskw, aeskwp } from './ciphers.js';
export { chacha20poly1305, xchacha20poly1305, xsalsa20poly1305, secretbox } from './ciphers.js';
export { gcm, gcmsiv } from './ciphers.js';
export type { SivCipher, KeyWrapCipher } from './ciphers.js';
export type { Aead, CipherFinish, CipherInstance, CipherMethod, CipherStream, NaclAead, Secretbox, StreamCipher, StreamCipherOpts, BlockModeOpts, EcbCipher, CbcCipher, IvCipher, GcmCipher, GcmOpts } from './ciphers.js';
/** A MAC's key: the key itself, or options with `key` (and the hash options). */
export type MacKey<O = {}> = Uint8Array | ({ key: Uint8Array } & O);
/** A MAC with the hash shape: every form takes the key where a hash takes its options. */
export interface Mac {
  (msg: Uint8Array, key: MacKey<HashOpts>): Bytes;
  async(msg: Uint8Array, key: MacKey<HashOpts & AsyncOpts>): Promise<Bytes>;
  chunks: {
    (parts: Uint8Array[], key: MacKey<HashOpts>): Bytes;
    async(parts: Uint8Array[], key: MacKey<HashOpts & AsyncOpts>): Promise<Bytes>;
  };
  parallel: {
    (msgs: Uint8Array[], key: MacKey<ParallelOpts>): Bytes[];
    async(msgs: Uint8Array[], key: MacKey<ParallelOpts & AsyncOpts>): Promise<Bytes[]>;
  };
  create(key: MacKey): HashStream;
  readonly outputLen: number;
  readonly blockLen: number;
  readonly canXOF: false;
  getPlatform(): 'wasm' | 'wasm_threads' | 'js' | 'runtime' | 'noble' | 'webcrypto' | 'stub';
  getDefinition(): HashDefinition;
}
/** Poly1305 (RFC 8439 §2.5): a one-time authenticator, a 32-byte key (never reuse it), a 16-byte tag. */
export declare const poly1305: Mac;
/** GHASH (NIST SP 800-38D): GCM's polynomial MAC, a 16-byte key (the hash key H), a 16-byte result; a final partial block is zero-padded. */
export declare const ghash: Mac;
/** POLYVAL (RFC 8452): GCM-SIV's polynomial MAC, a 16-byte key, a 16-byte result; a final partial block is zero-padded. */
export declare const polyval: Mac;
/** AES-CMAC (RFC 4493): a 16-, 24- or 32-byte AES key (AES-128/192/256), a 16-byte tag. */
export declare const cmac: Mac;
