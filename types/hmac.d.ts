// Types of hmac.js (docs/api.md). Any hash with this shape is accepted: every hash of every
// backend entry, and @noble/hashes' hashes.
import type { Bytes } from './hashes.js';

/** A stream of a hash, as HMAC uses it. */
export interface HashStreamLike {
  readonly outputLen: number;
  update(msg: Uint8Array): unknown;
  digestInto(buf: Uint8Array): void;
  _cloneInto(to?: any): any;
  destroy(): void;
}
/** What hmac() and hkdf() take as `hash`: a function with create(), blockLen and outputLen. */
export interface HashLike {
  (msg: Uint8Array, ...rest: any[]): Uint8Array;
  create(): HashStreamLike;
  readonly blockLen: number;
  readonly outputLen: number;
}
/** The stream of hmac.create(hash, key): the shape of @noble/hashes' `_HMAC`. */
export interface HmacStream {
  readonly blockLen: number;
  readonly outputLen: number;
  readonly canXOF: false;
  update(msg: Uint8Array): this;
  digest(): Bytes;
  digestInto(buf: Uint8Array): void;
  clone(): HmacStream;
  _cloneInto(to?: HmacStream): HmacStream;
  destroy(): void;
}
export interface Hmac {
  (hash: HashLike, key: Uint8Array, msg: Uint8Array): Bytes;
  create(hash: HashLike, key: Uint8Array): HmacStream;
}
export declare const hmac: Hmac;
