// PBKDF2 (RFC 8018 §5.2) with HMAC over a Merkle–Damgård hash: the iteration loop as one kernel,
// generic over the hash. A library module (no kernels of its own): sha2.js and legacy.js build
// their `*_pbkdf2` kernels with pbkdf2Kernel below.
//
// After the first iteration, every HMAC input is the previous output U (outLen bytes), so each
// iteration is two compressions of one block whose layout never changes: U, the 0x80 byte, zeros,
// and the bit length of key block + U. The runtime (runtime/kdf.js) computes the keyed chaining
// values once (inner = the state after the key XOR ipad block, outer = after key XOR opad) and U1;
// the kernel then runs
//
//   repeat iters times: U = H(outer, H(inner, U ‖ pad)) ; T ^= U
//
// with U, T, inner and outer in locals and the padding words as constants folded into the
// message schedule: no memory traffic per iteration.
import { assert, loop, fn, select, u32, u64 } from 'awasm';

// The padded second block as `blockLen` bytes: outLen message bytes (left zero here), 0x80, zeros,
// and the bit length of (blockLen + outLen) bytes, big- or little-endian, in the last `lenBytes`.
function padBytes(k) {
  const pad = [];
  for (let i = 0; i < k.blockLen; i++) pad.push(0);
  pad[k.outLen] = 0x80;
  let bits = (k.blockLen + k.outLen) * 8;
  for (let i = 0; i < 4; i++) {
    pad[k.le ? k.blockLen - k.lenBytes + i : k.blockLen - 1 - i] = bits & 0xff;
    bits = Math.floor(bits / 256);
  }
  return pad;
}

// Word i of the padded block as a static number (u32) or BigInt (u64), in the hash's byte order.
function padWord(k, pad, i) {
  const w = k.T === u64 ? 8 : 4;
  let x = 0n;
  for (let j = 0; j < w; j++) {
    const byte = BigInt(pad[i * w + (k.le ? w - 1 - j : j)]);
    x = x * 256n + byte;
  }
  return k.T === u64 ? x : Number(x);
}

/**
 * The PBKDF2 iteration kernel of one hash: `fn([u32], (iters) => ...)`. `k` describes it:
 *   T         the word type (u32 or u64)
 *   le        true for little-endian words (MD5, RIPEMD-160)
 *   words     chaining value words (5 for SHA-1, 8 for SHA-2, ...)
 *   outLen    digest bytes (a prefix of the chaining value in the hash's byte order)
 *   blockLen, lenBytes  block and length field bytes
 *   block(H, W)  the next chaining value after compressing the 16 words W into H (arrays of runtime
 *             values; W[i] is block word i in the hash's byte order)
 *   inner, outer  views of `words` chaining words (native words, as the hash's state region holds
 *             them); u, t: views of the digest words (U, and the running XOR T), in the hash's byte
 *             order (big-endian views for SHA, little-endian for MD5 and RIPEMD-160)
 *   twice     one compression in the code, run from `inner` and then from `outer` (smaller, and
 *             measured faster), instead of two copies
 *   after()   optional: clears what `block` left in memory (schedule buffers), at the end
 * A digest word is a chaining word (every hash here outputs a prefix of its chaining value in its
 * own byte order), so U's words go into W as they are; a word that U fills only in part (SHA-512/224:
 * 28 bytes) keeps U's bytes and takes the padding's in the rest.
 */
export function pbkdf2Kernel(k, options) {
  const w = k.T === u64 ? 8 : 4;
  const n = Math.ceil(k.outLen / w);
  assert(k.outLen + 1 + k.lenBytes <= k.blockLen, 'pbkdf2Kernel: U and the padding must fit one block');
  const pad = padBytes(k);
  const consts = [];
  for (let i = 0; i < 16; i++) consts.push(padWord(k, pad, i));
  // Of a partial last word, U gives `keep` bytes: the high ones of a big-endian word, the low ones
  // of a little-endian one.
  const keep = k.outLen - (n - 1) * w;
  const bits = BigInt(keep * 8);
  const wbits = BigInt(w * 8);
  const ones = (1n << bits) - 1n;
  const maskBig = k.le ? ones : ones << (wbits - bits);
  const mask = k.T === u64 ? maskBig : Number(maskBig);
  const message = (U) => consts.map((c, i) => {
    if (i < n - 1 || (i === n - 1 && keep === w)) return U[i];
    if (i === n - 1) return (U[i] & k.T(mask)) | k.T(c);
    return k.T(c);
  });
  return fn([u32], (iters) => {
    const I = [];
    const O = [];
    for (let i = 0; i < k.words; i++) {
      I.push(k.inner.load(i));
      O.push(k.outer.load(i));
    }
    let U = [];
    let T = [];
    for (let i = 0; i < n; i++) {
      U.push(k.u.load(i));
      T.push(k.t.load(i));
    }
    loop(iters, () => {
      if (k.twice) {
        // One compression in the code, run twice: from the inner chaining value, then the outer.
        loop(2, (j) => {
          const S = I.map((x, i) => select(j === u32(0), x, O[i]));
          U = k.block(S, message(U)).slice(0, n);
        });
      } else {
        const inner = k.block(I, message(U)).slice(0, n);
        U = k.block(O, message(inner)).slice(0, n);
      }
      T = T.map((x, i) => x ^ U[i]);
    });
    U.forEach((x, i) => k.u.store(i, x));
    T.forEach((x, i) => k.t.store(i, x));
    if (k.after) k.after();
  }, options);
}
