// Types of utils.js (docs/api.md).
import type { Bytes } from './hashes.js';
export declare function bytesToHex(bytes: Uint8Array): string;
export declare function hexToBytes(hex: string): Bytes;
export declare function utf8ToBytes(str: string): Bytes;
export declare function concatBytes(...arrays: Uint8Array[]): Bytes;
export declare function equalBytes(a: Uint8Array, b: Uint8Array): boolean;
export declare function randomBytes(bytesLength?: number): Bytes;
/** A cipher with a random nonce per encryption, prepended to the ciphertext (@noble/ciphers' managedNonce). */
export declare function managedNonce<A extends unknown[]>(
  cipher: ((key: Uint8Array, nonce: Uint8Array, ...args: A) => { encrypt(data: Uint8Array): Uint8Array; decrypt(data: Uint8Array): Uint8Array }) & { nonceLength: number },
  random?: (bytesLength: number) => Uint8Array
): (key: Uint8Array, ...args: A) => { encrypt(data: Uint8Array): Bytes; decrypt(data: Uint8Array): Bytes };
