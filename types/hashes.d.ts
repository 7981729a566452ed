// Types of the hash functions every backend entry exports (docs/api.md). Hand-written, like
// runtime/: the generated targets are internal.

export interface HashOpts {
  /** Write the digest to out[outPos .. outPos + outputLen) instead of allocating. */
  out?: Uint8Array;
  outPos?: number;
  /** Only equal to outputLen: these hashes cannot XOF. */
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
  digest(): Uint8Array;
  digestInto(buf: Uint8Array): void;
  clone(): HashStream;
  /** Copies this stream into `to` (a stream of the same hash) or a new one: @noble/hashes' hmac/hkdf/pbkdf2 use it. */
  _cloneInto(to?: HashStream): HashStream;
  destroy(): void;
  xof(bytes: number): never;
  xofInto(buf: Uint8Array): never;
}
export interface HashDefinition {
  readonly module: 'sha2' | 'legacy';
  readonly name: string;
  readonly blockLen: number;
  readonly outputLen: number;
  readonly canXOF: false;
}
export interface Hash {
  (msg: Uint8Array, opts?: HashOpts): Uint8Array;
  async(msg: Uint8Array, opts?: HashOpts & AsyncOpts): Promise<Uint8Array>;
  chunks: {
    (parts: Uint8Array[], opts?: HashOpts): Uint8Array;
    async(parts: Uint8Array[], opts?: HashOpts & AsyncOpts): Promise<Uint8Array>;
  };
  parallel: {
    (msgs: Uint8Array[], opts?: ParallelOpts): Uint8Array[];
    async(msgs: Uint8Array[], opts?: ParallelOpts & AsyncOpts): Promise<Uint8Array[]>;
  };
  create(opts?: { dkLen?: number }): HashStream;
  readonly blockLen: number;
  readonly outputLen: number;
  readonly canXOF: false;
  /** The DER-encoded OID, where one is defined (the SHA-2 hashes; not sha1, md5, ripemd160). */
  readonly oid?: Uint8Array;
  getPlatform(): 'wasm' | 'wasm_threads' | 'js' | 'runtime';
  getDefinition(): HashDefinition;
}

export declare const sha224: Hash;
export declare const sha256: Hash;
export declare const sha384: Hash;
export declare const sha512: Hash;
export declare const sha512_224: Hash;
export declare const sha512_256: Hash;
/** SHA-1: broken for collision resistance; for compatibility (git, HMAC-SHA1) only. */
export declare const sha1: Hash;
/** MD5: broken; for compatibility only. */
export declare const md5: Hash;
export declare const ripemd160: Hash;

/** BLAKE3's options: one of `key` (keyed hash) and `context` (key derivation), and any `dkLen`. */
export interface Blake3Opts {
  /** Output length in bytes (any non-negative safe integer; default 32): BLAKE3 is an XOF. */
  dkLen?: number;
  /** A 32-byte key: the keyed hash (MAC) mode. */
  key?: Uint8Array;
  /** Key derivation: the context, a string (UTF-8 encoded) or bytes. Not together with `key`. */
  context?: string | Uint8Array;
}
export interface XofStream {
  readonly blockLen: number;
  readonly outputLen: number;
  readonly canXOF: true;
  update(msg: Uint8Array): this;
  digest(): Uint8Array;
  digestInto(buf: Uint8Array): void;
  /** The next `bytes` bytes of output; after the first call, update() and digest() throw. */
  xof(bytes: number): Uint8Array;
  /** Fills `buf` with the next output bytes and returns it. */
  xofInto(buf: Uint8Array): Uint8Array;
  clone(): XofStream;
  _cloneInto(to?: XofStream): XofStream;
  destroy(): void;
}
export interface XofDefinition {
  readonly module: 'blake3';
  readonly name: string;
  readonly blockLen: number;
  readonly outputLen: number;
  readonly canXOF: true;
}
export interface Blake3 {
  (msg: Uint8Array, opts?: Omit<HashOpts, 'dkLen'> & Blake3Opts): Uint8Array;
  async(msg: Uint8Array, opts?: Omit<HashOpts, 'dkLen'> & Blake3Opts & AsyncOpts): Promise<Uint8Array>;
  chunks: {
    (parts: Uint8Array[], opts?: Omit<HashOpts, 'dkLen'> & Blake3Opts): Uint8Array;
    async(parts: Uint8Array[], opts?: Omit<HashOpts, 'dkLen'> & Blake3Opts & AsyncOpts): Promise<Uint8Array>;
  };
  parallel: {
    (msgs: Uint8Array[], opts?: Omit<ParallelOpts, 'dkLen'> & Blake3Opts): Uint8Array[];
    async(msgs: Uint8Array[], opts?: Omit<ParallelOpts, 'dkLen'> & Blake3Opts & AsyncOpts): Promise<Uint8Array[]>;
  };
  create(opts?: Blake3Opts): XofStream;
  readonly blockLen: number;
  readonly outputLen: number;
  readonly canXOF: true;
  getPlatform(): 'wasm' | 'wasm_threads' | 'js' | 'runtime';
  getDefinition(): XofDefinition;
}
/** BLAKE3: hash, keyed hash (`key`) and key derivation (`context`), any output length. */
export declare const blake3: Blake3;
