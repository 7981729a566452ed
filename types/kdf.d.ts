// Types of kdf.js (docs/api.md, "Key derivation"): pbkdf2, declared here, and scrypt and the
// Argon2 functions of hashes.d.ts; every backend entry exports the same.
import type { Bytes } from './hashes.js';
import type { HashLike } from './hmac.js';

/** A password or salt: bytes, or a string (UTF-8 encoded, as @noble/hashes does). */
export type KDFInput = Uint8Array | string;
export interface KdfProgress {
  /** Called with the fraction done (0 < f <= 1), increasing, the last call with 1. */
  onProgress?: (fraction: number) => void;
}
export interface KdfAsync extends KdfProgress {
  /** Milliseconds of work between yields to the event loop (default 10). */
  asyncTick?: number;
  /** How to yield (default: a macrotask, setImmediate or setTimeout). */
  nextTick?: () => Promise<unknown>;
}
export interface Pbkdf2Opts extends KdfProgress {
  /** Iterations, >= 1. */
  c: number;
  /** Derived key bytes (default 32). */
  dkLen?: number;
}
export interface Pbkdf2Fn {
  (password: KDFInput, salt: KDFInput, opts: Pbkdf2Opts): Bytes;
  async(password: KDFInput, salt: KDFInput, opts: Pbkdf2Opts & KdfAsync): Promise<Bytes>;
}
/** PBKDF2 (RFC 8018) with HMAC over `hash`: pbkdf2(sha256)(password, salt, { c, dkLen }). */
export declare function pbkdf2(hash: HashLike): Pbkdf2Fn;
export { scrypt, argon2d, argon2i, argon2id } from './hashes.js';
