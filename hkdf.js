// Package entry `awasmc-noble/hkdf.js`: HKDF (RFC 5869) over any hash with the hash shape (see
// runtime/hmac.js), with the names and argument order of @noble/hashes' hkdf.js:
// extract(hash, ikm, salt?), expand(hash, prk, info?, length?), hkdf(hash, ikm, salt, info, length).
//
// expand() keys HMAC with the PRK once and clones the keyed inner and outer streams for each
// output block T(i) = HMAC(PRK, T(i-1) | info | i), so the key is never hashed again. The PRK of
// hkdf(), the T blocks and the unused tail of the last block are zeroed before returning, errors
// included.
import { anumber, bytesArg } from './runtime/checks.js';
import { hmac, hmacSpec, hmacStream } from './runtime/hmac.js';

// The caller's value, or undefined (absent); otherwise a plain Uint8Array named `name`.
const optionalBytes = (a, name) => (a === undefined ? undefined : bytesArg(a, name));

function checkLength(spec, length) {
  if (length === undefined) return 32; // @noble/hashes' default
  anumber(length, 'length');
  const max = 255 * spec.outputLen;
  if (length > max) throw new RangeError(`"length" must be <= 255 * outputLen = ${max} for ${spec.name}, got ${length}`);
  return length;
}

/** HKDF-Extract: PRK = HMAC(salt, ikm); salt defaults to outputLen zero bytes. */
export function extract(hash, ikm, salt) {
  const spec = hmacSpec(hash);
  ikm = bytesArg(ikm, 'ikm');
  salt = optionalBytes(salt, 'salt');
  return hmac(hash, salt === undefined ? new Uint8Array(spec.outputLen) : salt, ikm);
}

// HKDF-Expand with checked arguments.
function expandChecked(spec, prk, info, length) {
  const olen = spec.outputLen;
  const okm = new Uint8Array(length);
  if (length === 0) return okm;
  const blocks = Math.ceil(length / olen);
  const keyed = hmacStream(spec, prk);
  const inner = keyed._inner;
  const outer = keyed._outer;
  const T = new Uint8Array(olen);
  const counter = new Uint8Array(1);
  let i1 = null; // the working copies of the keyed streams, reused for every block
  let o1 = null;
  let ok = false;
  try {
    for (let n = 1; n <= blocks; n++) {
      i1 = inner._cloneInto(i1 === null ? undefined : i1);
      if (n > 1) i1.update(T);
      counter[0] = n;
      i1.update(info).update(counter).digestInto(T);
      o1 = outer._cloneInto(o1 === null ? undefined : o1);
      o1.update(T).digestInto(T);
      const pos = (n - 1) * olen;
      if (n < blocks) okm.set(T, pos);
      else okm.set(length - pos === olen ? T : T.subarray(0, length - pos), pos);
    }
    ok = true;
    return okm;
  } finally {
    T.fill(0);
    counter[0] = 0;
    if (i1 !== null) i1.destroy();
    if (o1 !== null) o1.destroy();
    keyed.destroy();
    if (!ok) okm.fill(0);
  }
}

const EMPTY = /* @__PURE__ */ new Uint8Array(0);

/**
 * HKDF-Expand: OKM = T(1) | T(2) | ... truncated to `length` bytes (default 32, at most
 * 255 * outputLen; 0 gives an empty array). `prk` must have at least outputLen bytes.
 */
export function expand(hash, prk, info, length) {
  const spec = hmacSpec(hash);
  prk = bytesArg(prk, 'prk');
  info = optionalBytes(info, 'info');
  length = checkLength(spec, length);
  if (prk.length < spec.outputLen)
    throw new RangeError(`"prk" must have at least outputLen (${spec.outputLen}) bytes, got ${prk.length}`);
  return expandChecked(spec, prk, info === undefined ? EMPTY : info, length);
}

/** HKDF: expand(hash, extract(hash, ikm, salt), info, length), every argument checked first. */
export function hkdf(hash, ikm, salt, info, length) {
  const spec = hmacSpec(hash);
  ikm = bytesArg(ikm, 'ikm');
  salt = optionalBytes(salt, 'salt');
  info = optionalBytes(info, 'info');
  length = checkLength(spec, length);
  const prk = hmac(hash, salt === undefined ? new Uint8Array(spec.outputLen) : salt, ikm);
  try {
    return expandChecked(spec, prk, info === undefined ? EMPTY : info, length);
  } finally {
    prk.fill(0);
  }
}
