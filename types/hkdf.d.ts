// Types of hkdf.js (docs/api.md).
import type { HashLike } from './hmac.js';
import type { Bytes } from './hashes.js';

/** HKDF-Extract: PRK = HMAC(salt, ikm); salt defaults to outputLen zero bytes. */
export declare function extract(hash: HashLike, ikm: Uint8Array, salt?: Uint8Array): Bytes;
/** HKDF-Expand: `length` bytes (default 32, at most 255 * outputLen); prk has >= outputLen bytes. */
export declare function expand(hash: HashLike, prk: Uint8Array, info?: Uint8Array, length?: number): Bytes;
/** HKDF (RFC 5869): expand(hash, extract(hash, ikm, salt), info, length). */
export declare function hkdf(
  hash: HashLike,
  ikm: Uint8Array,
  salt: Uint8Array | undefined,
  info: Uint8Array | undefined,
  length: number,
): Bytes;
