// Byte helpers of the public `utils.js` entry: hex, UTF-8, concatenation, comparison, randomness.
// Plain JS with no dependency on a target, so they work the same next to every backend.
// Wrong argument types throw TypeError naming the argument; malformed values throw RangeError.
import { abytes, anumber, isBytes, notBytes, typeName } from './checks.js';

const HEX = '0123456789abcdef';
const BYTE_TO_HEX = /* @__PURE__ */ (() => {
  const t = new Array(256);
  for (let i = 0; i < 256; i++) t[i] = HEX[i >> 4] + HEX[i & 15];
  return t;
})();

/** Lowercase hex of `bytes`. */
export function bytesToHex(bytes) {
  abytes(bytes, 'bytes');
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += BYTE_TO_HEX[bytes[i]];
  return s;
}

// Value of one hex digit from its char code, or -1.
function hexDigit(c) {
  if (c >= 48 && c <= 57) return c - 48; // 0-9
  if (c >= 97 && c <= 102) return c - 87; // a-f
  if (c >= 65 && c <= 70) return c - 55; // A-F
  return -1;
}

/** Bytes of an even-length hex string (either case, no prefix, no separators). */
export function hexToBytes(hex) {
  if (typeof hex !== 'string') throw new TypeError(`"hex" must be string, got ${typeName(hex)}`);
  if (hex.length % 2 !== 0) throw new RangeError(`"hex" must have an even length, got ${hex.length}`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = hexDigit(hex.charCodeAt(2 * i));
    const lo = hexDigit(hex.charCodeAt(2 * i + 1));
    if (hi < 0 || lo < 0) {
      const at = hi < 0 ? 2 * i : 2 * i + 1;
      throw new RangeError(`"hex" has a non-hex character ${JSON.stringify(hex[at])} at index ${at}`);
    }
    out[i] = (hi << 4) | lo;
  }
  return out;
}

const encoder = /* @__PURE__ */ new TextEncoder();

/** UTF-8 encoding of `str` (lone surrogates become U+FFFD, as TextEncoder does). */
export function utf8ToBytes(str) {
  if (typeof str !== 'string') throw new TypeError(`"str" must be string, got ${typeName(str)}`);
  return encoder.encode(str);
}

/** One new Uint8Array holding every argument in order. */
export function concatBytes(...arrays) {
  let len = 0;
  for (let i = 0; i < arrays.length; i++) {
    if (!isBytes(arrays[i])) throw notBytes(`arrays[${i}]`, arrays[i]);
    len += arrays[i].length;
  }
  const out = new Uint8Array(len);
  for (let i = 0, pos = 0; i < arrays.length; i++) {
    out.set(arrays[i], pos);
    pos += arrays[i].length;
  }
  return out;
}

/**
 * True when `a` and `b` hold the same bytes. For equal lengths the time does not depend on where
 * they differ (no early exit), so it can compare MACs; the length itself is not secret.
 */
export function equalBytes(a, b) {
  abytes(a, 'a');
  abytes(b, 'b');
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** `bytesLength` cryptographically secure random bytes from `crypto.getRandomValues`. */
export function randomBytes(bytesLength = 32) {
  anumber(bytesLength, 'bytesLength');
  const c = globalThis.crypto;
  if (!c || typeof c.getRandomValues !== 'function')
    throw new Error('randomBytes: crypto.getRandomValues is not available');
  const out = new Uint8Array(bytesLength);
  // getRandomValues fills at most 65536 bytes per call.
  for (let pos = 0; pos < bytesLength; pos += 65536)
    c.getRandomValues(out.subarray(pos, Math.min(bytesLength, pos + 65536)));
  return out;
}

/**
 * A cipher whose nonce is made for every encryption: `managedNonce(chacha20poly1305)(key, ...args)`
 * → { encrypt(data), decrypt(data) }, as @noble/ciphers has it. encrypt draws `nonceLength`
 * random bytes (`random`, default randomBytes) and returns nonce ‖ ciphertext; decrypt takes the
 * nonce from the front. A new cipher instance per call, so the nonce-reuse guard never trips.
 */
export function managedNonce(cipher, random = randomBytes) {
  if (typeof cipher !== 'function') throw new TypeError(`"cipher" must be a cipher function, got ${typeName(cipher)}`);
  const n = cipher.nonceLength;
  if (!Number.isSafeInteger(n) || n < 1 || cipher.varSizeNonce) throw new TypeError('"cipher" must have a fixed nonceLength');
  if (typeof random !== 'function') throw new TypeError(`"random" must be a function, got ${typeName(random)}`);
  return (key, ...args) => ({
    encrypt(data) {
      abytes(data, 'data');
      const nonce = random(n);
      if (!isBytes(nonce) || nonce.length !== n) throw new TypeError(`"random" must return a Uint8Array of ${n} bytes`);
      const ct = cipher(key, nonce, ...args).encrypt(data);
      const out = new Uint8Array(n + ct.length);
      out.set(nonce, 0);
      out.set(ct, n);
      return out;
    },
    decrypt(data) {
      abytes(data, 'data');
      if (data.length < n) throw new RangeError(`"data" must be at least ${n} bytes (the nonce), got ${data.length}`);
      return cipher(key, data.subarray(0, n), ...args).decrypt(data.subarray(n));
    },
  });
}
