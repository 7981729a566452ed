// Types of the ciphers every backend entry exports (docs/api.md "Ciphers"): the cipher shape of
// runtime/cipher.js. Hand-written, like runtime/.
import type { AsyncOpts, Bytes } from './hashes.js';

/** What finish() returns: the last output bytes (none for a stream cipher) and, for AEADs, the tag. */
export interface CipherFinish {
  data: Bytes;
  tag?: Bytes;
}
/** A stream of one encryption or decryption, in pieces. */
export interface CipherStream {
  /** The output for `data` (into `output` when given: its first bytes, a view of them returned). */
  update(data: Uint8Array, output?: Uint8Array): Bytes;
  finish(tag?: Uint8Array): CipherFinish;
}
/** encrypt or decrypt of one cipher instance. `output` may be `data` itself (in place), never a partial overlap. */
export interface CipherMethod {
  (data: Uint8Array, output?: Uint8Array): Bytes;
  async(data: Uint8Array, output?: Uint8Array, opts?: AsyncOpts): Promise<Bytes>;
  create(): CipherStream;
}
export interface CipherInstance {
  readonly blockSize: number;
  readonly nonceLength: number;
  readonly tagLength: number;
  readonly varSizeNonce: boolean;
  /** One call per instance (the nonce-reuse guard): a second encrypt() or encrypt.create() throws. */
  encrypt: CipherMethod;
  decrypt: CipherMethod;
}
export interface StreamCipherOpts {
  /**
   * The first block's counter (default 0). chacha20, chacha8, chacha12: 0 .. 2^32 - 1 (a number);
   * salsa20, xsalsa20, chacha20orig, xchacha20: 0 .. 2^64 - 1 (a number or a bigint). A call whose
   * blocks would pass the limit throws a RangeError (the counter never wraps).
   */
  counter?: number | bigint;
}
/** A Salsa20/ChaCha stream cipher: `c(key, nonce, opts?)`. */
export interface StreamCipher {
  (key: Uint8Array, nonce: Uint8Array, opts?: StreamCipherOpts): CipherInstance;
  readonly blockSize: number;
  readonly nonceLength: number;
  readonly tagLength: number;
  readonly varSizeNonce: boolean;
  getPlatform(): string;
}
/** Salsa20 (8-byte nonce; 16- or 32-byte key). */
export declare const salsa20: StreamCipher;
/** XSalsa20 (24-byte nonce, 32-byte key). */
export declare const xsalsa20: StreamCipher;
/** ChaCha20 of RFC 8439 (12-byte nonce, 32-bit counter, 32-byte key). */
export declare const chacha20: StreamCipher;
/** The original ChaCha20 (8-byte nonce, 64-bit counter; 16- or 32-byte key). */
export declare const chacha20orig: StreamCipher;
/** XChaCha20 (24-byte nonce, 32-byte key, 64-bit counter). */
export declare const xchacha20: StreamCipher;
/** ChaCha with 8 and 12 rounds, the RFC 8439 layout (12-byte nonce, 32-byte key). */
export declare const chacha8: StreamCipher;
export declare const chacha12: StreamCipher;

/** An AEAD of RFC 8439's construction: `c(key, nonce, AAD?)`; encrypt gives ciphertext ‖ tag. */
export interface Aead {
  (key: Uint8Array, nonce: Uint8Array, AAD?: Uint8Array): CipherInstance;
  readonly blockSize: number;
  readonly nonceLength: number;
  readonly tagLength: number;
  readonly varSizeNonce: boolean;
  getPlatform(): string;
}
/** NaCl's XSalsa20-Poly1305: `c(key, nonce)`; encrypt gives tag ‖ ciphertext (no AAD). */
export interface NaclAead {
  (key: Uint8Array, nonce: Uint8Array): CipherInstance;
  readonly blockSize: number;
  readonly nonceLength: number;
  readonly tagLength: number;
  readonly varSizeNonce: boolean;
  getPlatform(): string;
}
/** ChaCha20-Poly1305 of RFC 8439 (32-byte key, 12-byte nonce, 16-byte tag). */
export declare const chacha20poly1305: Aead;
/** XChaCha20-Poly1305 (24-byte nonce). */
export declare const xchacha20poly1305: Aead;
/** XSalsa20-Poly1305 (NaCl secretbox; 24-byte nonce). */
export declare const xsalsa20poly1305: NaclAead;
/** NaCl's secretbox: `secretbox(key, nonce)` → { seal, open } over xsalsa20poly1305. */
export interface Secretbox {
  (key: Uint8Array, nonce: Uint8Array): { seal: CipherMethod; open: CipherMethod };
  readonly nonceLength: number;
  readonly tagLength: number;
  getPlatform(): string;
}
export declare const secretbox: Secretbox;
/** Options of gcm. */
export interface GcmOpts {
  /** Tag length in bytes: 16 (default), 15, 14, 13, 12, 8 or 4 (NIST SP 800-38D §5.2.1.2). */
  tagLength?: number;
}
/**
 * AES-GCM (16-, 24- or 32-byte key; any nonce length from 1 byte, 12 recommended):
 * `gcm(key, nonce, AAD?, opts?)`; encrypt gives ciphertext ‖ tag. Refuses `output`.
 */
export interface GcmCipher {
  (key: Uint8Array, nonce: Uint8Array, AAD?: Uint8Array, opts?: GcmOpts): CipherInstance;
  readonly blockSize: number;
  readonly nonceLength: number;
  readonly tagLength: number;
  readonly varSizeNonce: boolean;
  getPlatform(): string;
}
export declare const gcm: GcmCipher;
/** AES-GCM-SIV of RFC 8452 (16- or 32-byte key, 12-byte nonce, 16-byte tag): `gcmsiv(key, nonce, AAD?)`. Refuses `output`. */
export declare const gcmsiv: Aead;
/** Options of ecb and cbc. */
export interface BlockModeOpts {
  /** No PKCS#7 padding: data must be whole 16-byte blocks (default false: padded). */
  disablePadding?: boolean;
}
/** AES-ECB (16-, 24- or 32-byte key; no nonce): `ecb(key, opts?)`. */
export interface EcbCipher {
  (key: Uint8Array, opts?: BlockModeOpts): CipherInstance;
  readonly blockSize: number;
  readonly nonceLength: number;
  readonly tagLength: number;
  readonly varSizeNonce: boolean;
  getPlatform(): string;
}
/** AES-CBC (16-byte IV): `cbc(key, iv, opts?)`. */
export interface CbcCipher {
  (key: Uint8Array, iv: Uint8Array, opts?: BlockModeOpts): CipherInstance;
  readonly blockSize: number;
  readonly nonceLength: number;
  readonly tagLength: number;
  readonly varSizeNonce: boolean;
  getPlatform(): string;
}
/** AES modes, without secret-indexed tables on every backend. */
export declare const ecb: EcbCipher;
export declare const cbc: CbcCipher;
/** An AES mode with a 16-byte IV and no options: `c(key, iv)`. */
export interface IvCipher {
  (key: Uint8Array, iv: Uint8Array): CipherInstance;
  readonly blockSize: number;
  readonly nonceLength: number;
  readonly tagLength: number;
  readonly varSizeNonce: boolean;
  getPlatform(): string;
}
/** AES-CTR: a 16-byte initial counter block, incremented as a 128-bit big-endian number. */
export declare const ctr: IvCipher;
/** AES-CFB (CFB-128) and AES-OFB: any length (the last block partial), no padding. */
export declare const cfb: IvCipher;
export declare const ofb: IvCipher;
/**
 * AES-SIV (RFC 5297): `aessiv(key, ...AAD)` with a 32-, 48- or 64-byte key (K1 for S2V, K2 for
 * CTR) and up to 126 AD strings (a nonce, if any, is the last of them). Deterministic: no nonce,
 * one instance may encrypt again. encrypt gives V ‖ C (the 16-byte synthetic IV first); a
 * decryption stream takes V in finish(tag).
 */
export interface SivCipher {
  (key: Uint8Array, ...AAD: Uint8Array[]): CipherInstance;
  readonly blockSize: number;
  readonly nonceLength: number;
  readonly tagLength: number;
  readonly varSizeNonce: boolean;
  getPlatform(): string;
}
export declare const aessiv: SivCipher;
/**
 * AES key wrap: `aeskw(kek)` (RFC 3394: data a multiple of 8 bytes, at least 16; the result 8
 * bytes longer) and `aeskwp(kek)` (RFC 5649: any 1 .. 2^32 - 1 bytes, padded to 8). A 16-, 24- or
 * 32-byte key-encryption key; no nonce. A failed integrity check throws and writes nothing.
 */
export interface KeyWrapCipher {
  (kek: Uint8Array): CipherInstance;
  readonly blockSize: number;
  readonly nonceLength: number;
  readonly tagLength: number;
  readonly varSizeNonce: boolean;
  getPlatform(): string;
}
export declare const aeskw: KeyWrapCipher;
export declare const aeskwp: KeyWrapCipher;
