// The ChaCha/Salsa + Poly1305 AEAD engine (runtime/cipher.js describes engines):
// chacha20poly1305 (RFC 8439 §2.8), xchacha20poly1305 (draft-arciszewski-xchacha: HChaCha20
// subkey, then chacha20poly1305 with the nonce 0^4 ‖ nonce[16..24]) and xsalsa20poly1305 (NaCl's
// secretbox: HSalsa20 subkey, Poly1305 key from the first 32 keystream bytes, the message
// encrypted from keystream byte 32, a plain Poly1305 of the ciphertext; the output is tag ‖
// ciphertext). The stream kernels (runtime/arx.js arxKernels) and the Poly1305 kernels of
// modules/chacha.js section 2 share the `data` region: each chunk of the message is copied in
// once, encrypted in place, MACed there (as ciphertext) and copied out — one pass per chunk.
//
// Decryption releases no plaintext before the tag is checked: a message that fits one chunk of
// `data` is copied in once, MACed, checked and only then decrypted and copied out; a longer one is
// MACed in a first pass over the ciphertext and decrypted in a second. A wrong tag throws an
// Error before anything is written to the caller's output. Decryption streams (`decrypt.create()`)
// keep the ciphertext in JS until finish(tag) and return the plaintext from it. Every call zeroes
// `data`, `arx_in` and `poly` in a `finally`; encryption streams keep the Poly1305 state (r, h, s)
// and fewer than 16 pending ciphertext bytes in JS between updates.
import { bytesArg, typeName } from './checks.js';
import { WholeStream, concatParts, makeCipher } from './cipher.js';
import { CHACHA20, XCHACHA20, XSALSA20, arxKernels, heapOffset } from './arx.js';
import { Instance } from './shell.js';

// An AEAD of this family: the stream cipher kind, the nonce length, whether it is RFC 8439's
// construction (AAD, zero padding, the length block) or NaCl's (a plain Poly1305 of the
// ciphertext, no AAD), where the message starts in the keystream (64: block 1; 32: NaCl).
const aead = (name, stream, nonceLength, rfc, tagFirst) => Object.freeze({ name, stream, nonceLength, rfc, tagFirst, base: rfc ? 64 : 32 });
export const CHACHA20POLY1305 = /* @__PURE__ */ aead('chacha20poly1305', CHACHA20, 12, true, false);
export const XCHACHA20POLY1305 = /* @__PURE__ */ aead('xchacha20poly1305', { ...XCHACHA20, counterBits: 32 }, 24, true, false);
export const XSALSA20POLY1305 = /* @__PURE__ */ aead('xsalsa20poly1305', XSALSA20, 24, false, true);

const DATA_BYTES = 16384;
const POLY_BYTES = 128; // the `poly` region: r, h, s and (wasm) r^2
const TAG = 16;
const POW32 = 2 ** 32;
// Room kept after the first chunk of an encryption for the AAD (when it is at most this long it
// is MACed from there; longer AAD goes through `data` on its own first).
const AAD_INLINE = 4096;

/** Constant-time comparison of two 16-byte tags (no early exit). */
function tagsEqual(a, ai, b, bi) {
  let d = 0;
  for (let i = 0; i < TAG; i++) d |= a[ai + i] ^ b[bi + i];
  return d === 0;
}

/** The third argument of AEAD `a`: its AAD (a copy), or null; shared with noble.js. */
export function aeadThird(a, v) {
  if (v === undefined) return null;
  if (!a.rfc) throw new TypeError(`${a.name} takes no AAD (a third argument), got ${typeName(v)}`);
  return bytesArg(v, 'AAD').slice();
}
/** The output length of an AEAD of ours for n input bytes (a RangeError for a short ciphertext). */
export function aeadOutputLength(encrypting, n) {
  if (encrypting) return n + TAG;
  if (n < TAG) throw new RangeError(`"data" must be at least ${TAG} bytes (the tag), got ${n}`);
  return n - TAG;
}

/** The AEAD `a` (CHACHA20POLY1305, ...) over `target` (a modules/chacha.js target or its descriptors). */
export function aeadCipher(a, target, platform = 'unknown') {
  const I = new Instance(a.name, target);
  const K = arxKernels(a.stream, I);
  const D = I.region('data', DATA_BYTES).offset;
  const P = I.region('poly', POLY_BYTES).offset;
  // arx_in, poly and data side by side in this order (as modules/chacha.js lays them out): a
  // call's wipe is one fill (three were 5-10% of a 64-byte seal).
  const S = I.region('arx_in', 64).offset;
  const joined = S + 64 === P && P + POLY_BYTES === D;
  let mem = null, init = null, blocks = null, bytes = null, lengths = null, finish = null, seal = null, open = null;
  // chacha20poly1305_seal and _open (modules/chacha.js section 3): a short RFC 8439 seal, and the
  // tag of a short ciphertext, in one kernel call each, where the target has them (ChaCha20's ten
  // double rounds: chacha20poly1305, xchacha20poly1305).
  const short = a.rfc && a.stream.core === 'chacha' && a.stream.doubleRounds === 10;
  const hasSeal = short && I.target.functions.includes('chacha20poly1305_seal');
  const hasOpen = short && I.target.functions.includes('chacha20poly1305_open');
  // Views of the memory that the one-call seal and open copy out of with one set() each: the
  // text at data[64 .. 64 + n) for n <= 64 (made once per length), and the tag. A 64-byte seal
  // into a given output took 0.87x the time with them than with copyOut's word loop (CPU time,
  // same process; the loop was 33 ns in a microbenchmark, far more inside the call).
  let ctViews = null, sealedViews = null;
  const textView = (n) => {
    if (n > 64) return mem.subarray(D + 64, D + 64 + n);
    const v = ctViews[n];
    return v !== undefined ? v : (ctViews[n] = mem.subarray(D + 64, D + 64 + n));
  };
  const sealedView = (n) => {
    if (n > 64) return mem.subarray(D + 64, D + 64 + n + TAG);
    const v = sealedViews[n];
    return v !== undefined ? v : (sealedViews[n] = mem.subarray(D + 64, D + 64 + n + TAG));
  };
  function bind() {
    K.bind();
    if (mem === I.mem) return;
    mem = I.mem;
    ctViews = [];
    sealedViews = [];
    init = I.fns.poly1305_init;
    blocks = I.fns.poly1305_blocks;
    bytes = a.rfc ? I.fns.poly1305_bytes : null;
    lengths = a.rfc ? I.fns.poly1305_lengths : null;
    finish = I.fns.poly1305_finish;
    seal = hasSeal ? I.fns.chacha20poly1305_seal : null;
    open = hasOpen ? I.fns.chacha20poly1305_open : null;
  }

  // ---- One session: enter(); try { ... } finally { leave(); }. `used` bounds the bytes of data
  // a session may have changed (zeroed on leave, rounded up to 256: the SIMD tail).
  let used = 0;
  const touch = (end) => {
    if (end > used) used = end;
  };
  // An instance keeps its key and nonce as words (st.words: state() below); setup from them.
  const NW = a.nonceLength >> 2;
  const zero4 = a.rfc && a.nonceLength === 24;
  function enter(st) {
    I.enter();
    bind();
    used = 0;
    K.setupWords(st.words, NW, zero4);
  }
  // The keystream from byte `pos` (a whole number of blocks) XORed into src: a unit of a
  // decryption's pass 2 split across the pool. On the calling thread it runs inside the call's
  // session (the key and nonce set up); on a worker in a session of its own (st.nonce: what
  // setup() takes).
  function keystreamRange(st, pos, src, dst) {
    const own = !I.busy;
    if (own) {
      I.enter();
      bind();
      used = 0;
      K.setup(st.key, st.nonce);
    }
    try {
      for (let i = 0, n = src.length; i < n; ) {
        const take = Math.min(DATA_BYTES, n - i);
        counterAt(pos + i);
        mem.set(src.subarray(i, i + take), D);
        touch(take);
        K.xor((take + 63) >> 6);
        dst.set(mem.subarray(D, D + take), i);
        i += take;
      }
    } finally {
      if (own) leave();
    }
  }
  // A unit of pass 2 in place (the pool's staging area in the shared memory, at `at`; pos and n
  // whole groups of four blocks): one call of the heap kernel (runtime/arx.js xorInPlace).
  const atName = `${a.stream.core}_xor_at`;
  const inPlace = I.target.functions.includes(atName) ? { granule: 256, run: (st, pos, at, n) => keystreamInPlace(st, pos, at, n) } : undefined;
  function keystreamInPlace(st, pos, at, n) {
    I.enter();
    bind();
    used = 0;
    try {
      const heapAt = heapOffset(I, at, n);
      K.setup(st.key, st.nonce);
      counterAt(pos);
      I.fns[atName](heapAt, n >> 6, a.stream.doubleRounds);
    } finally {
      leave();
    }
  }
  function leave() {
    const end = (used + 255) & ~255;
    if (joined) I.zero(S, 64 + POLY_BYTES + end);
    else {
      I.zero(D, end);
      I.zero(P, POLY_BYTES);
      K.wipe();
    }
    used = 0;
    I.leave();
  }
  // Keystream byte `p` (from counter 0) is at data[p % 64] for a chunk starting at p.
  const counterAt = (p) => K.counter(Math.floor(p / 64) % POW32, Math.floor(p / 64 / POW32));
  // The Poly1305 key (the first 32 bytes of keystream block 0) into `poly`, then r, s, h = 0.
  function polyKey() {
    counterAt(0);
    mem.fill(0, D, D + 64);
    K.xor(1);
    touch(64);
    mem.copyWithin(P, D, D + 32);
    mem.fill(0, D, D + 256);
    init();
  }
  // MAC `bytes` of data from offset `at` (a multiple of 16); RFC: zero padding to 16, every block
  // with the 2^128 bit; NaCl (final = true for its last piece): 0x01 padding without it.
  function macAt(at, n, final) {
    if (a.rfc) return void bytes(at, n); // the kernel masks the zero padding
    const whole = n & ~15;
    if (whole > 0) blocks(at, whole >> 4, 0);
    const rest = n - whole;
    if (rest === 0) return;
    const e = D + at + n;
    touch(at + whole + 16);
    if (!final) throw new Error('internal: a partial Poly1305 block before the end');
    mem[e] = 1;
    mem.fill(0, e + 1, e + 16 - rest);
    blocks(at + whole, 1, 1);
  }
  // The AAD through data (RFC only), zero-padded.
  function macAad(aad) {
    for (let i = 0; i < aad.length; ) {
      const take = Math.min(DATA_BYTES, aad.length - i);
      mem.set(aad.subarray(i, i + take), D);
      touch(take);
      macAt(0, take, true);
      i += take;
    }
  }
  // mem[from .. from + n) to dst[at ..] (a loop for short runs: no subarray to allocate).
  // Short runs from a word-aligned `from` read words (half the time of the byte loop at 64 bytes).
  function copyOut(dst, at, from, n) {
    if (n > 64) return void dst.set(mem.subarray(from, from + n), at);
    let j = 0;
    const m32 = I.mem32;
    if (LE && m32 !== null && (from & 3) === 0)
      for (const e = n & ~3, b = from >> 2; j < e; j += 4) {
        const w = m32[b + (j >> 2)];
        dst[at + j] = w;
        dst[at + j + 1] = w >> 8;
        dst[at + j + 2] = w >> 16;
        dst[at + j + 3] = w >> 24;
      }
    for (; j < n; j++) dst[at + j] = mem[from + j];
  }
  // The tag into t[ti ..]: the length block (RFC), then h + s.
  function tagInto(aadLen, n, t, ti) {
    if (a.rfc) lengths(aadLen, n);
    finish();
    for (let i = 0; i < TAG; i++) t[ti + i] = mem[P + i];
  }

  // ---- Encryption: src (n bytes) to ct (n bytes), MACed as it goes. `s` carries the position
  // (message bytes done), the pending ciphertext bytes not MACed yet (< 16, RFC only: NaCl's
  // messages go in one call) and whether the Poly1305 key and AAD were done.
  function encryptPart(s, src, ct, ctAt, last) {
    const n = src.length;
    for (let i = 0; i < n || (i === 0 && !s.started); ) {
      const p = a.base + s.pos; // keystream byte of the next message byte
      let off = p % 64;
      let room = DATA_BYTES - off;
      // The first chunk of a message: keystream from block 0 (its first 32 bytes are the
      // Poly1305 key), the message after it; the AAD (short) after the chunk.
      const first = !s.started && s.aad.length <= AAD_INLINE;
      if (first) {
        off = a.base;
        room = DATA_BYTES - a.base - 256 - ((s.aad.length + 15) & ~15);
      } else if (!s.started) {
        polyKey();
        macAad(s.aad);
        s.started = true;
      }
      const take = Math.min(room, n - i);
      const k = s.pendingLen; // ciphertext bytes of the block before, not MACed yet
      if (first) counterAt(0);
      else counterAt(p - off);
      mem.set(i === 0 && take === n ? src : src.subarray(i, i + take), D + off);
      touch(off + take);
      K.xor((off + take + 63) >> 6);
      if (first) {
        mem.copyWithin(P, D, D + 32);
        init();
        const at = (off + take + 255) & ~255;
        if (s.aad.length > 0) {
          mem.set(s.aad, D + at);
          touch(at + s.aad.length);
          macAt(at, s.aad.length, true);
        }
        s.started = true;
      }
      copyOut(ct, ctAt + i, D + off, take);
      // MAC the ciphertext from the pending bytes on: whole blocks now, the rest at the end.
      const from = off - k;
      for (let j = 0; j < k; j++) mem[D + from + j] = s.pending[j];
      const total = k + take;
      const isLast = last && i + take === n;
      const mac = isLast ? total : total & ~15;
      macAt(from, mac, true);
      s.pendingLen = total - mac;
      for (let j = 0; j < s.pendingLen; j++) s.pending[j] = mem[D + from + mac + j];
      s.pos += take;
      i += take;
    }
  }
  function checkLimit(s, n) {
    K.limit(0, 0, Math.ceil((a.base + s.pos + n) / 64));
  }
  const newState = (st, stream) => ({ st, aad: st === null ? EMPTY : st.aad, pos: 0, started: false, pending: stream ? new Uint8Array(16) : null, pendingLen: 0, poly: null });

  // A message and AAD that fit one chunk of data, in one kernel call: zeros for keystream block 0
  // (the Poly1305 key), the message from byte 64, the AAD from the end of the last group of four
  // keystream blocks (rounded up to 256 bytes: see modules/chacha.js); the kernel leaves the
  // ciphertext in place and the tag in `poly` and right after the ciphertext.
  function sealShort(st, src, dst) {
    const n = src.length;
    const aad = st.aad;
    const m = aad.length;
    enter(st);
    try {
      K.counter(0, 0);
      I.zero(D, 64);
      mem.set(src, D + 64); // (a builtin call: 4x as fast as a byte loop at 64 bytes)
      const at = (64 + n + 255) & ~255;
      touch(64 + n + TAG);
      if (m > 0) {
        mem.set(aad, D + at);
        touch(at + m);
      }
      seal(n, at, m);
      dst.set(sealedView(n), 0);
    } finally {
      leave();
    }
  }

  // One-shot calls reuse one state object (a session cannot be re-entered: Instance.enter).
  const oneShot = newState(null, false);
  function encrypt(st, src, dst) {
    const n = src.length;
    if (hasSeal && st.aad.length <= AAD_INLINE && n <= DATA_BYTES - 64 - 256 - ((st.aad.length + 15) & ~15)) return sealShort(st, src, dst);
    const s = oneShot;
    s.st = st;
    s.aad = st.aad;
    s.pos = 0;
    s.started = false;
    s.pendingLen = 0;
    checkLimit(s, n);
    // NaCl's ciphertext goes 16 bytes after the tag: written over its own input (the same array,
    // in place) it would overwrite plaintext not read yet, so that plaintext is copied first.
    const copy = a.tagFirst && n > 0 && dst.buffer === src.buffer && dst.byteOffset < src.byteOffset + n && src.byteOffset < dst.byteOffset + dst.length;
    if (copy) src = src.slice();
    enter(st);
    try {
      encryptPart(s, src, dst, a.tagFirst ? TAG : 0, true);
      tagInto(s.aad.length, n, dst, a.tagFirst ? 0 : n);
    } finally {
      leave();
      s.st = null; // (no reference to the instance's key outlives the call)
      s.aad = EMPTY;
      if (copy) src.fill(0);
    }
  }

  // ---- Decryption. MAC the ciphertext (src, n bytes), check against the tag, then decrypt.
  const badTag = () => new Error(`${a.name}: invalid tag (the ciphertext, nonce, key or AAD is wrong): nothing was decrypted`);
  // A ciphertext and AAD that fit one chunk, laid out as sealShort does: the tag in one kernel
  // call, compared, and only then the ciphertext decrypted in place (the stream kernel from
  // counter 0: block 0 lands on the Poly1305 key's block again) and copied out.
  function openShort(st, src, dst) {
    const n = src.length - TAG;
    const aad = st.aad;
    const m = aad.length;
    enter(st);
    try {
      K.counter(0, 0);
      I.zero(D, 64);
      mem.set(src, D + 64); // the tag too (no view to allocate): the kernel reads len bytes, and the AAD may go over it
      const at = (64 + n + 255) & ~255;
      touch(64 + n + TAG);
      if (m > 0) {
        mem.set(aad, D + at);
        touch(at + m);
      }
      open(n, at, m);
      if (!tagsEqual(mem, P, src, n)) throw badTag();
      K.xor((64 + n + 63) >> 6);
      dst.set(textView(n), 0);
    } finally {
      leave();
    }
  }
  function decrypt(st, src, dst) {
    const n = src.length - TAG;
    if (hasOpen && st.aad.length <= AAD_INLINE && n <= DATA_BYTES - 64 - 256 - ((st.aad.length + 15) & ~15)) return openShort(st, src, dst);
    const tagAt = a.tagFirst ? 0 : n;
    const ct = a.tagFirst ? src.subarray(TAG) : src.subarray(0, n);
    K.limit(0, 0, Math.ceil((a.base + n) / 64));
    const tag = new Uint8Array(TAG);
    enter(st);
    try {
      polyKey();
      if (a.rfc) macAad(st.aad);
      const off0 = a.base % 64;
      const resident = off0 + n <= DATA_BYTES; // one chunk: copied in once
      // Pass 1: the MAC of the ciphertext.
      for (let i = 0; i < n || i === 0; ) {
        const off = i === 0 ? off0 : 0;
        const take = Math.min(DATA_BYTES - off, n - i);
        mem.set(ct.subarray(i, i + take), D + off);
        touch(off + take);
        macAt(off, take, i + take === n);
        i += take;
        if (n === 0) break;
      }
      tagInto(st.aad.length, n, tag, 0);
      if (!tagsEqual(tag, 0, src, tagAt)) throw badTag();
      // Pass 2: decrypt (the chunk still in data when there was only one). A long one from a
      // block boundary (the RFC forms) may go across the wasm_threads pool (spec.threads, set by
      // runtime/workers.js), each unit through keystreamRange.
      if (spec.threads !== undefined && a.base % 64 === 0) {
        // (The worker pool takes key and nonce bytes, as setup() does: made from the words and
        // zeroed after the call.)
        const key = bytesOfWords(st.words, 0, 32);
        const nonce = setupNonceOf(st.words);
        try {
          if (spec.threads({ key, nonce, params: null }, a.base, ct, dst, false, null)) return;
        } finally {
          key.fill(0);
          nonce.fill(0);
        }
      }
      for (let i = 0; i < n; ) {
        const p = a.base + i;
        const off = p % 64;
        const take = Math.min(DATA_BYTES - off, n - i);
        counterAt(p - off);
        if (!resident) mem.set(ct.subarray(i, i + take), D + off);
        K.xor((off + take + 63) >> 6);
        copyOut(dst, i, D + off, take);
        i += take;
      }
    } finally {
      tag.fill(0);
      leave();
    }
  }

  // ---- Streams. Encryption: each update a session from the saved Poly1305 state.
  class EncryptStream {
    constructor(st) {
      this.s = newState({ ...st, words: st.words.slice() }, true);
      if (!a.rfc) this.parts = []; // NaCl's tag comes first: the whole message is needed (see finish)
    }
    outputLength(n) {
      return a.rfc ? n : 0;
    }
    update(src, dst) {
      if (!a.rfc) {
        this.parts.push(src.slice());
        return;
      }
      const s = this.s;
      checkLimit(s, src.length);
      if (src.length === 0) return;
      enter(s.st);
      try {
        if (s.poly !== null) mem.set(s.poly, P);
        encryptPart(s, src, dst, 0, false);
        if (s.poly === null) s.poly = new Uint8Array(POLY_BYTES);
        s.poly.set(mem.subarray(P, P + POLY_BYTES));
      } finally {
        leave();
      }
    }
    finish(tag) {
      if (tag !== undefined) throw new TypeError('"tag" must be undefined for an encryption stream (finish() returns the tag)');
      const s = this.s;
      if (!a.rfc) {
        const msg = concatParts(this.parts);
        const out = new Uint8Array(msg.length + TAG);
        try {
          encrypt(s.st, msg, out);
        } finally {
          msg.fill(0);
        }
        return { data: out.subarray(TAG), tag: out.slice(0, TAG) };
      }
      const t = new Uint8Array(TAG);
      enter(s.st);
      try {
        if (s.poly !== null) mem.set(s.poly, P);
        // Nothing encrypted yet: the key and AAD now (an empty message).
        if (!s.started) encryptPart(s, EMPTY, EMPTY, 0, true);
        else if (s.pendingLen > 0) {
          mem.set(s.pending.subarray(0, s.pendingLen), D);
          touch(s.pendingLen);
          macAt(0, s.pendingLen, true);
        }
        tagInto(s.aad.length, s.pos, t, 0);
      } finally {
        leave();
      }
      return { data: new Uint8Array(0), tag: t };
    }
    wipe() {
      const s = this.s;
      s.st.words.fill(0);
      s.pending.fill(0);
      if (s.poly !== null) s.poly.fill(0);
      if (this.parts) for (const p of this.parts) p.fill(0);
    }
  }
  // Decryption: the ciphertext kept until finish(tag) (no plaintext before the tag is checked).
  const whole = { name: a.name, run: (st, encrypting, src, dst) => decrypt(st, src, dst), outputLength: aeadOutputLength, tagLength: () => TAG, tagFirst: a.tagFirst };

  const spec = {
    name: a.name,
    platform,
    blockSize: 64,
    nonceLength: a.nonceLength,
    tagLength: TAG,
    varSizeNonce: false,
    keyLengths: [32],
    // The third argument is the AAD (RFC 8439 forms; none for NaCl's).
    third: (v) => aeadThird(a, v),
    // The caller's key and nonce (checked, not copied: makeCipher leaves the copy to state()),
    // read once into words: the instance's copy (nothing the caller changes afterwards reaches
    // it) and what every call's setup takes, without a byte copy of each (a 64-byte seal spent
    // an eighth of its time on the two copies).
    ownCopies: true,
    state(key, nonce, params) {
      return { params, aad: params === null ? EMPTY : params, words: NW === 3 ? words11(key, nonce) : words14(key, nonce) };
    },
    outputLength: aeadOutputLength,
    run: (st, encrypting, src, dst) => (encrypting ? encrypt(st, src, dst) : decrypt(st, src, dst)),
    stream: (st, encrypting) => (encrypting ? new EncryptStream(st) : new WholeStream(whole, st, false)),
    asyncWhole: (encrypting) => !encrypting || !a.rfc,
    instance: I,
    range: (st, pos, src, dst) => keystreamRange(st, pos, src, dst),
    inPlace, // (runtime/arx.js)
    threads: undefined,
  };
  return makeCipher(spec);
}
const EMPTY = new Uint8Array(0);
// The words of an instance (an array literal: a third of the time of an Int32Array made and
// filled, node 20): the key's eight little-endian words, then the nonce's three (12 bytes) or six
// (24 bytes). Integer-indexed reads only (b may be any genuine Uint8Array: a Buffer, a view with
// redefined properties).
const wd = (b, j) => b[j] | (b[j + 1] << 8) | (b[j + 2] << 16) | (b[j + 3] << 24);
const words11 = (k, n) => [wd(k, 0), wd(k, 4), wd(k, 8), wd(k, 12), wd(k, 16), wd(k, 20), wd(k, 24), wd(k, 28), wd(n, 0), wd(n, 4), wd(n, 8)];
const words14 = (k, n) => [wd(k, 0), wd(k, 4), wd(k, 8), wd(k, 12), wd(k, 16), wd(k, 20), wd(k, 24), wd(k, 28), wd(n, 0), wd(n, 4), wd(n, 8), wd(n, 12), wd(n, 16), wd(n, 20)];
// n bytes of the little-endian words w[from ..], as a new array.
function bytesOfWords(w, from, n) {
  const b = new Uint8Array(n);
  for (let j = 0; j < n; j++) b[j] = w[from + (j >> 2)] >>> ((j & 3) * 8);
  return b;
}
// What setup() takes as the nonce (the worker pool's form): the nonce bytes, or for an extended
// nonce in the RFC 8439 form its first 16 bytes, four zeros and its last 8 (28 bytes).
function setupNonceOf(w) {
  const n = (w.length - 8) * 4;
  if (n !== 24) return bytesOfWords(w, 8, n);
  const b = new Uint8Array(28);
  b.set(bytesOfWords(w, 8, 16));
  b.set(bytesOfWords(w, 12, 8), 20);
  return b;
}
// Whether this host's Int32Array views are little-endian (copyOut's word reads assume it).
const LE = /* @__PURE__ */ new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * NaCl's secretbox over an entry's xsalsa20poly1305: `secretbox(key, nonce)` → { seal, open }
 * (seal = encrypt: tag ‖ ciphertext; open = decrypt), as @noble/ciphers has it.
 */
export function secretboxOf(xsalsa20poly1305) {
  function secretbox(key, nonce) {
    const c = xsalsa20poly1305(key, nonce);
    return { seal: c.encrypt, open: c.decrypt };
  }
  const definition = Object.freeze({ module: 'cipher', name: 'secretbox', nonceLength: 24, tagLength: 16 });
  return Object.freeze(Object.assign(secretbox, { nonceLength: 24, tagLength: 16, getPlatform: xsalsa20poly1305.getPlatform, getDefinition: () => definition }));
}
