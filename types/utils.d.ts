// Types of utils.js (docs/api.md).
import type { Bytes } from './hashes.js';
export declare function bytesToHex(bytes: Uint8Array): string;
export declare function hexToBytes(hex: string): Bytes;
export declare function utf8ToBytes(str: string): Bytes;
export declare function concatBytes(...arrays: Uint8Array[]): Bytes;
export declare function equalBytes(a: Uint8Array, b: Uint8Array): boolean;
export declare function randomBytes(bytesLength?: number): Bytes;
