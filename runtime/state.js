// Stream state export and import (docs/api.md "State export"): one versioned byte format for
// every streaming hash and MAC, the same bytes on every backend, so that hashing started on one
// backend or in one process resumes on another. This file is the codec: the header, the checksum
// and the checks shared by every shape; each engine's stream writes and reads its own fields
// (`_saveState(w)`, `_loadState(r, status)` in runtime/sponge.js, blake2.js, blake3.js,
// poly1305.js, ghash.js, aesmodes.js (CMAC), hmac.js) through the Writer and Reader below; the
// Merkle–Damgård engine's (runtime/md.js: every SHA-2, legacy and BLAKE hash) is here (mdSave,
// mdLoad), so that a sha256 import carries none of it. Imported only by the `state.js` entry, so
// a bundle that does not export or import states does not carry it (this file ~1.6 KB gzipped).
//
// Layout, little-endian:
//   0    4  magic "awst"
//   4    1  version (1)
//   5    1  status: 0 absorbing, 1 squeezing (an XOF after xof())
//   6    1  n, the length of the algorithm's name
//   7    n  the name, ASCII (getDefinition().name: "sha256", "blake2b", "poly1305", "hmac", ...)
//   7+n  4  the length of the whole state in bytes, this header and the checksum included
//   11+n 8  dkLen: the stream's output length (< 2^53)
//   19+n .. the engine's fields
//   end  4  CRC-32 (the IEEE polynomial, as zlib's crc32) of every byte before it
import { bytesArg, typeName } from './checks.js';
import { Stream, specOf } from './shell.js';
import { hmacSpec, hmacStream } from './hmac.js';

const MAGIC = [0x61, 0x77, 0x73, 0x74]; // "awst"
const VERSION = 1;
const TWO32 = 2 ** 32;

// CRC-32 of b[0 .. n), a byte at a time through a table made on first use (the bit-at-a-time
// loop took 50 us for a 1 KB state).
let crcTable = null;
function crc32(b, n) {
  if (crcTable === null) {
    crcTable = new Int32Array(256);
    for (let i = 0; i < 256; i++) {
      let c = i;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
      crcTable[i] = c;
    }
  }
  let c = -1;
  for (let i = 0; i < n; i++) c = (c >>> 8) ^ crcTable[(c ^ b[i]) & 255];
  return ~c >>> 0;
}

// Five limbs (each below 2^32) of a number, carried to 26-bit limbs and reduced modulo
// p = 2^130 - 5: the same arithmetic whatever the value (no branch on it: Poly1305's h is secret).
const L26 = 2 ** 26;
function reduce1305(h) {
  for (let pass = 0; pass < 3; pass++) {
    let c = 0;
    for (let i = 0; i < 5; i++) {
      const x = h[i] + c;
      h[i] = x % L26;
      c = Math.floor(x / L26);
    }
    h[0] += 5 * c;
  }
  // h < 2^130 now; h - p = h + 5 - 2^130 replaces h when that is not negative.
  const g = [0, 0, 0, 0, 0];
  let c = 5;
  for (let i = 0; i < 5; i++) {
    const x = h[i] + c;
    g[i] = x % L26;
    c = Math.floor(x / L26);
  }
  for (let i = 0; i < 5; i++) h[i] = h[i] * (1 - c) + g[i] * c;
  g.fill(0);
  return h;
}

// v (below 2^53) as n little-endian bytes.
function le(v, n) {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = i < 4 ? v >>> (8 * i) : Math.floor(v / TWO32) >>> (8 * (i - 4));
  return b;
}

// Collects the fields of a state: integers (1, 2, 4 or 8 bytes; 8 only below 2^53) and byte
// arrays, kept as references until the end (no growing buffer leaving copies of secrets behind);
// `wipe` arrays are zeroed once copied into the result.
class Writer {
  constructor() {
    this.parts = [];
    this.wipes = [];
    this.size = 0;
  }
  int(v, n) {
    return this.bytes(le(v, n));
  }
  bytes(b, wipe = false) {
    this.parts.push(b);
    if (wipe) this.wipes.push(b);
    this.size += b.length;
    return this;
  }
  // 32-bit words, little-endian (wiped after: they may be key words).
  words(v) {
    const b = new Uint8Array(v.length * 4);
    for (let i = 0; i < b.length; i++) b[i] = v[i >> 2] >>> (8 * (i & 3));
    return this.bytes(b, true);
  }
  // A number given as five 26-bit limbs (20 bytes: u32 words, little-endian, each below 2^32),
  // reduced modulo p = 2^130 - 5, as n little-endian bytes (Poly1305's r and h).
  limbs(b, n) {
    const l = reduce1305([0, 1, 2, 3, 4].map((i) => b[4 * i] + b[4 * i + 1] * 2 ** 8 + b[4 * i + 2] * 2 ** 16 + b[4 * i + 3] * 2 ** 24));
    const out = new Uint8Array(n);
    let acc = 0;
    let bits = 0;
    let at = 0;
    for (let i = 0; i < 5; i++) {
      acc += l[i] * 2 ** bits;
      for (bits += 26; bits >= 8 && at < n; bits -= 8) {
        out[at++] = acc % 256;
        acc = Math.floor(acc / 256);
      }
    }
    if (at < n) out[at] = acc;
    l.fill(0);
    return this.bytes(out, true);
  }
  // A nested state (HMAC's inner and outer streams), prefixed by its length.
  state(stream) {
    const s = exportState(stream);
    return this.int(s.length, 4).bytes(s, true);
  }
}

// Reads the fields of a state, refusing what is out of range with a RangeError naming "state".
class Reader {
  constructor(b, pos, end) {
    this.b = b;
    this.pos = pos;
    this.end = end;
  }
  fail(what) {
    throw new RangeError(`"state" is corrupt: ${what}`);
  }
  bytes(n) {
    if (this.end - this.pos < n) this.fail('it ends early');
    return this.b.subarray(this.pos, (this.pos += n));
  }
  // An integer of n bytes, at most max (named `what` in the error).
  int(n, max, what) {
    const b = this.bytes(n);
    let v = 0;
    for (let i = n - 1; i >= 0; i--) v = v * 256 + b[i];
    if (!(v <= max)) this.fail(`${what} ${v} is out of range (at most ${max})`);
    return v;
  }
  words(n) {
    const b = this.bytes(n * 4);
    const w = new Uint32Array(n);
    for (let i = 0; i < b.length; i++) w[i >> 2] |= b[i] << (8 * (i & 3));
    return w;
  }
  // n little-endian bytes of a number below 2^130 - 5 as five 26-bit limbs (Writer.limbs).
  limbs(n) {
    const b = this.bytes(n);
    const l = [0, 0, 0, 0, 0];
    let acc = 0;
    let bits = 0;
    for (let i = 0, k = 0; i < n; i++) {
      acc += b[i] * 2 ** bits;
      bits += 8;
      if (bits >= 26 && k < 4) {
        l[k++] = acc % L26;
        acc = Math.floor(acc / L26);
        bits -= 26;
      }
    }
    l[4] = acc;
    const g = reduce1305(l.slice());
    let same = l[4] < L26 ? 0 : 1;
    for (let i = 0; i < 5; i++) same |= g[i] ^ l[i];
    g.fill(0);
    if (same !== 0) this.fail('a number is not below 2^130 - 5');
    return l;
  }
  state(hash) {
    return importState(hash, this.bytes(this.int(4, this.end - this.pos, 'nested state length')));
  }
}

// Merkle–Damgård streams (runtime/md.js; spec.md is the hash's kind): the message length, the
// chaining value (BLAKE: without its counter, which the length gives), BLAKE's salt, the buffered
// bytes (length % blockLen of them). A stream that has not compressed a block holds no state yet:
// its initial one comes from the kernel (spec.initial()).
const chainBytes = (k) => (k.finish !== undefined ? k.blockLen / 2 : k.stateLen);
function mdSave(st, w) {
  const k = st._spec.md;
  let h = st._state;
  const fresh = h === null;
  if (fresh) h = st._spec.initial();
  w.int(st._length, 8).bytes(h.subarray(0, chainBytes(k)), fresh);
  if (k.finish !== undefined) w.bytes(st._salt || new Uint8Array(k.saltLen));
  w.bytes(st._buf.subarray(0, st._bufLen));
}
function mdLoad(st, r) {
  const k = st._spec.md;
  const B = k.blockLen;
  const n = r.int(8, Number.MAX_SAFE_INTEGER, 'length');
  const h = (st._state = new Uint8Array(k.stateLen));
  h.set(r.bytes(chainBytes(k)));
  if (k.finish !== undefined) {
    const t = (n - (n % B)) * 8; // BLAKE's counter: the bits compressed
    new DataView(h.buffer).setUint32(64, t % 2 ** 32, true);
    new DataView(h.buffer).setUint32(68, t / 2 ** 32, true);
    st._salt = r.bytes(k.saltLen).slice();
  }
  st._length = n;
  st._buf.set(r.bytes((st._bufLen = n % B)));
}
const hasCodec = (st) => st._spec.md !== undefined || typeof st._saveState === 'function';

/**
 * The state of `stream` (a stream of one of our hashes or MACs, absorbing or squeezing) as bytes
 * in the format above. The stream is unchanged and stays usable. Secret for keyed streams.
 */
export function exportState(stream) {
  if (!(stream instanceof Stream))
    throw new TypeError(`"stream" must be a stream of one of our hashes or MACs (from create()), got ${typeName(stream)}`);
  if (!hasCodec(stream)) throw new TypeError(`"stream": ${stream._spec.name} streams have no state export`);
  stream._check('exportState', 1);
  const w = new Writer();
  try {
    if (stream._spec.md !== undefined) mdSave(stream, w);
    else stream._saveState(w);
    return assemble(stream, w);
  } finally {
    for (const p of w.wipes) p.fill(0);
  }
}
// The header, the fields collected in w and the checksum.
function assemble(stream, w) {
  const name = stream._spec.hash !== undefined ? 'hmac' : stream._spec.name; // HMAC's spec names its hash
  const head = 19 + name.length;
  const total = head + w.size + 4;
  const res = new Uint8Array(total);
  res.set(MAGIC);
  res[4] = VERSION;
  res[5] = stream._status;
  res[6] = name.length;
  for (let i = 0; i < name.length; i++) res[7 + i] = name.charCodeAt(i);
  res.set(le(total, 4), 7 + name.length);
  res.set(le(stream.outputLen, 8), 11 + name.length);
  let at = head;
  for (const p of w.parts) {
    res.set(p, at);
    at += p.length;
  }
  new DataView(res.buffer).setUint32(at, crc32(res, at), true);
  return res;
}

// The checked header of `state` for the algorithm `name`: a Reader at the engine's fields, the
// status and dkLen.
function header(state, name) {
  const b = bytesArg(state, 'state');
  const n = b.length;
  if (n < 8 || MAGIC.some((m, i) => b[i] !== m)) throw new TypeError('"state" is not an exported hash state (no "awst" magic)');
  if (b[4] !== VERSION) throw new TypeError(`"state" has format version ${b[4]}, this library reads version ${VERSION}`);
  const r = new Reader(b, 5, n);
  const status = r.int(1, 1, 'status');
  const got = String.fromCharCode(...r.bytes(r.int(1, 64, 'name length')));
  const total = r.int(4, TWO32 - 1, 'length');
  if (total !== n) throw new RangeError(`"state" has length ${n}, its header says ${total}`);
  if (crc32(b, n - 4) !== new DataView(b.buffer, b.byteOffset, n).getUint32(n - 4, true)) r.fail('checksum mismatch');
  if (got !== name) throw new TypeError(`"state" is a state of ${JSON.stringify(got)}, not of ${name}`);
  const dkLen = r.int(8, Number.MAX_SAFE_INTEGER, 'dkLen');
  if (r.pos > n - 4) r.fail('it ends early');
  r.end = n - 4;
  return { r, status, dkLen };
}

// Fills a blank stream from the reader; destroys it when anything is refused.
function load(st, r, status) {
  try {
    if (st._spec.md !== undefined) mdLoad(st, r);
    else st._loadState(r, status);
    if (r.pos !== r.end) r.fail(`${r.end - r.pos} bytes left over`);
  } catch (e) {
    st.destroy();
    throw e;
  }
  st._status = status;
  return st;
}

/**
 * A live stream of `hash` (a hash or MAC function of ours, of any backend) resuming the state
 * `state` (bytes from exportState, of the same algorithm, from any backend).
 */
export function importState(hash, state) {
  const spec = specOf(hash);
  if (spec === undefined) throw new TypeError(`"hash" must be a hash or MAC function of ours, got ${typeName(hash)}`);
  const { r, status, dkLen } = header(state, spec.name);
  const d = spec.dkLen;
  if (d === null ? dkLen !== spec.outputLen : dkLen < d[0] || dkLen > d[1]) r.fail(`dkLen ${dkLen} is not an output length of ${spec.name}`);
  if (status !== 0 && !spec.canXOF) r.fail(`${spec.name} has no squeezing status`);
  const st = spec.stream(null, dkLen);
  if (!hasCodec(st)) throw new TypeError(`"hash": ${spec.name} streams of this entry have no state import`);
  return load(st, r, status);
}

/** A live HMAC stream over `hash` resuming `state` (an exported HMAC state over the same hash). */
export function importHmacState(hash, state) {
  const spec = hmacSpec(hash);
  const { r, status, dkLen } = header(state, 'hmac');
  if (status !== 0) r.fail('an HMAC stream is squeezing');
  const st = load(hmacStream(spec, null), r, status); // a state over another hash: a TypeError here
  if (dkLen !== spec.outputLen) {
    st.destroy();
    r.fail(`dkLen ${dkLen} is not ${spec.name}'s output length`);
  }
  return st;
}
