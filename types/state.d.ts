// Types of state.js (docs/api.md "State export"): stream states as bytes, resumable on any backend.
import type { Bytes } from './hashes.js';
import type { HashLike, HmacStream } from './hmac.js';

/** A stream of one of our hashes or MACs (from `create()`, or `hmac.create()`), absorbing or squeezing. */
export interface ExportableStream {
  readonly outputLen: number;
  update(msg: Uint8Array): unknown;
  digest(): Uint8Array;
}
/** The state of `stream` in the versioned format of docs/api.md; secret for keyed streams. */
export declare function exportState(stream: ExportableStream): Bytes;
/** A live stream of `hash` (a hash or MAC of any of our backends) resuming an exported state. */
export declare function importState<S>(hash: { create(...args: any[]): S }, state: Uint8Array): S;
/** A live HMAC stream over `hash` resuming an exported HMAC state. */
export declare function importHmacState(hash: HashLike, state: Uint8Array): HmacStream;
