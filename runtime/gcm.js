// The AES-GCM and AES-GCM-SIV engine (runtime/cipher.js describes engines): `gcm(key, nonce, AAD?,
// { tagLength }?)` (NIST SP 800-38D: any nonce length from 1 byte, tags of 4, 8 or 12..16 bytes)
// and `gcmsiv(key, nonce, AAD?)` (RFC 8452: 16- or 32-byte keys, 12-byte nonces, 16-byte tags).
//
// Two target instances: modules/aes.js (aes_expand, aes_ecb_enc for the hash key, J0's mask and
// GCM-SIV's key derivation; aes_ctr32 / aes_ctr32le for the payload) and modules/ghash.js
// (ghash_blocks / polyval_blocks through runtime/ghash.js's ghashCore). Data moves in 16 KiB
// chunks: into the AES `data`, through the counter kernel, and (encrypting GCM) from there into
// the GHASH `data`, then out.
//
// Both refuse `output` (docs/api.md): decryption writes into an array of our own, which nobody
// sees unless the tag is right. GCM decrypts only after the tag checked out (a GHASH pass over
// the ciphertext first); GCM-SIV must decrypt to compute its tag, and wipes the plaintext when
// the tag is wrong. Every kernel region used is zeroed in a `finally`; the hash key, J0's mask,
// the derived keys and S live in JS arrays only during a call and are wiped after it.
//
// GCM encryption streams (`.create()`, and `.async`, which yields between slices): each update()
// returns its ciphertext. Decryption and GCM-SIV streams run the whole message at once: they keep
// their input in JS (copies, wiped) and do the work in finish(), and their `.async` does not
// yield: GCM-SIV needs two passes, and GCM decryption releases no plaintext before the tag.
import { bytesArg, mustBe, typeName } from './checks.js';
import { WholeStream, makeCipher } from './cipher.js';
import { Instance } from './shell.js';
import { aesRegions } from './aeskey.js';
import { ghashCore } from './ghash.js';

const DATA_BYTES = 16384;
const BLOCK = 16;
const GCM_TAGS = [4, 8, 12, 13, 14, 15, 16];

function tagsEqual(a, b) {
  let d = a.length ^ b.length;
  for (let i = 0; i < a.length && i < b.length; i++) d |= a[i] ^ b[i];
  return d === 0;
}

/**
 * `gcm` or `gcmsiv` (`kind`) over `aesTarget` (a modules/aes.js target or its descriptors
 * $aes_expand, $aes_ecb_enc and $aes_ctr32 / $aes_ctr32le) and `ghashTarget` (modules/ghash.js,
 * or $ghash_blocks / $polyval_blocks).
 */
export function gcmCipher(kind, aesTarget, ghashTarget, platform = 'unknown') {
  if (kind !== 'gcm' && kind !== 'gcmsiv') throw new TypeError(`gcmCipher: unknown kind "${kind}"`);
  const siv = kind === 'gcmsiv';
  const name = kind;
  const ctrName = siv ? 'aes_ctr32le' : 'aes_ctr32';
  const A = new Instance(name, aesTarget);
  const G = new Instance(name, ghashTarget);
  const mac = ghashCore(G, siv ? 'polyval' : 'ghash');
  const { KEY, IV, D, wipe } = aesRegions(A, true);

  // ---- AES sessions: aesEnter(key) ... aesLeave() around the kernel calls.
  let mem = null, f = null, nr = 0, used = 0;
  function aesEnter(key) {
    A.enter();
    if (mem !== A.mem) {
      mem = A.mem;
      f = A.fns;
    }
    used = 0;
    aesKey(key);
  }
  function aesKey(key) {
    mem.set(key, KEY);
    f.aes_expand(key.length >> 2);
    nr = key.length / 4 + 6;
  }
  function aesLeave() {
    wipe(used);
    used = 0;
    A.leave();
  }
  // E_K of the 16-byte blocks of `src` into `dst`.
  function ecb(src, dst) {
    mem.set(src, D);
    if (src.length > used) used = src.length;
    f.aes_ecb_enc(nr, src.length >> 4);
    dst.set(mem.subarray(D, D + src.length));
  }
  // The counter block `ctr0` advanced by k blocks, into aes_iv.
  function setCounter(ctr0, k) {
    mem.set(ctr0, IV);
    if (siv) {
      const c = (ctr0[0] | (ctr0[1] << 8) | (ctr0[2] << 16) | (ctr0[3] << 24)) + k;
      mem[IV] = c;
      mem[IV + 1] = c >>> 8;
      mem[IV + 2] = c >>> 16;
      mem[IV + 3] = c >>> 24;
    } else {
      const c = ((ctr0[12] << 24) | (ctr0[13] << 16) | (ctr0[14] << 8) | ctr0[15]) + k;
      mem[IV + 12] = c >>> 24;
      mem[IV + 13] = c >>> 16;
      mem[IV + 14] = c >>> 8;
      mem[IV + 15] = c;
    }
  }
  // The counter mode of the AEAD from the counter block `ctr0`, `pos` bytes into its keystream,
  // over src into dst; `each(view)` sees every chunk of output while it is in the kernel memory.
  function ctr(ctr0, pos, src, dst, each) {
    const n = src.length;
    let block = Math.floor(pos / BLOCK);
    let off = pos % BLOCK;
    for (let i = 0; i < n; ) {
      const take = Math.min(DATA_BYTES - off, n - i);
      setCounter(ctr0, block);
      mem.set(i === 0 && take === n ? src : src.subarray(i, i + take), D + off);
      if (off + take > used) used = off + take;
      const blocks = (off + take + 15) >> 4;
      f[ctrName](nr, blocks);
      const out = mem.subarray(D + off, D + off + take);
      if (each !== null) each(out);
      dst.set(out, i);
      block += blocks;
      i += take;
      off = 0;
    }
  }
  // The whole text through the counter mode, in the AES session on the CTR key `key`: a long one
  // across the wasm_threads pool (spec.threads, set by runtime/workers.js), each unit through
  // spec.range. (GCM's encryption stays one pass, GHASH over each chunk as it leaves the kernel.)
  function ctrAll(key, ctr0, src, dst) {
    if (spec.threads !== undefined && spec.threads({ key, nonce: ctr0, params: null }, 0, src, dst, true, null)) return;
    ctr(ctr0, 0, src, dst, null);
  }
  // A unit of a split call: on the calling thread inside its session (the key expanded), on a
  // worker in a session of its own.
  function ctrRange(st, pos, src, dst) {
    if (A.busy) return ctr(st.nonce, pos, src, dst, null);
    aesEnter(st.key);
    try {
      ctr(st.nonce, pos, src, dst, null);
    } finally {
      aesLeave();
    }
  }

  // ---- GHASH / POLYVAL sessions: the MAC of AAD and text (each zero-padded) and the lengths.
  function lengthsBlock(aadLen, textLen) {
    const b = new Uint8Array(16);
    const put = (at, bytes) => {
      // bits = 8 * bytes, as a 64-bit number (bytes < 2^53)
      const lo = (bytes * 8) % 2 ** 32;
      const hi = Math.floor((bytes * 8) / 2 ** 32);
      for (let j = 0; j < 4; j++) {
        if (siv) {
          b[at + j] = lo >>> (8 * j);
          b[at + 4 + j] = hi >>> (8 * j);
        } else {
          b[at + 7 - j] = lo >>> (8 * j);
          b[at + 3 - j] = hi >>> (8 * j);
        }
      }
    };
    put(0, aadLen);
    put(8, textLen);
    return b;
  }

  // ---- GCM ----
  // H, J0 and E_K(J0) for a call, in an AES session (the caller wipes them).
  function gcmSetup(st) {
    const H = new Uint8Array(16);
    const J0 = new Uint8Array(16);
    const mask = new Uint8Array(16);
    const nonce = st.nonce;
    if (nonce.length === 12) {
      // H = E(0) and the mask E(J0) in one kernel call
      const two = new Uint8Array(32);
      two.set(nonce, 16);
      two[31] = 1;
      J0.set(two.subarray(16));
      ecb(two, two);
      H.set(two.subarray(0, 16));
      mask.set(two.subarray(16));
      two.fill(0);
    } else {
      ecb(H, H);
      mac.enter(H, null);
      try {
        mac.absorb(nonce);
        mac.pad();
        mac.absorb(lengthsBlock(0, nonce.length));
        mac.finish();
        mac.accTo(J0, 0);
      } finally {
        mac.leave();
      }
      ecb(J0, mask);
    }
    // the payload starts at inc32(J0)
    const c = (((J0[12] << 24) | (J0[13] << 16) | (J0[14] << 8) | J0[15]) + 1) >>> 0;
    J0[12] = c >>> 24;
    J0[13] = c >>> 16;
    J0[14] = c >>> 8;
    J0[15] = c;
    return { H, ctr0: J0, mask };
  }
  // The tag of GHASH(H, AAD, C) ^ mask, into tag (tag.length bytes).
  function gcmTag(H, aad, text, mask, tag, absorbText) {
    mac.enter(H, null);
    try {
      mac.absorb(aad);
      mac.pad();
      absorbText();
      mac.pad();
      mac.absorb(lengthsBlock(aad.length, text));
      mac.finish();
      const S = new Uint8Array(16);
      mac.accTo(S, 0);
      for (let i = 0; i < tag.length; i++) tag[i] = S[i] ^ mask[i];
      S.fill(0);
    } finally {
      mac.leave();
    }
  }
  function gcmRun(st, encrypting, src, dst) {
    const T = st.params.tagLength;
    const aad = st.params.aad;
    aesEnter(st.key);
    let s = null;
    const tag = new Uint8Array(T);
    try {
      s = gcmSetup(st);
      if (encrypting) {
        // The ciphertext is MACed chunk by chunk as it leaves the counter kernel: GHASH runs in
        // its own instance, so the MAC session spans the whole call.
        mac.enter(s.H, null);
        try {
          mac.absorb(aad);
          mac.pad();
          ctr(s.ctr0, 0, src, dst.subarray(0, src.length), (out) => mac.absorb(out));
          mac.pad();
          mac.absorb(lengthsBlock(aad.length, src.length));
          mac.finish();
          const S = new Uint8Array(16);
          mac.accTo(S, 0);
          for (let i = 0; i < T; i++) dst[src.length + i] = S[i] ^ s.mask[i];
          S.fill(0);
        } finally {
          mac.leave();
        }
        return undefined;
      }
      const n = src.length - T;
      const ct = src.subarray(0, n);
      gcmTag(s.H, aad, n, s.mask, tag, () => mac.absorb(ct));
      if (!tagsEqual(tag, src.subarray(n))) throw new Error('gcm: invalid tag (the ciphertext, nonce, key, AAD or tag length is wrong): nothing was decrypted');
      ctrAll(st.key, s.ctr0, ct, dst);
      return undefined;
    } finally {
      tag.fill(0);
      if (s !== null) {
        s.H.fill(0);
        s.ctr0.fill(0);
        s.mask.fill(0);
      }
      aesLeave();
    }
  }

  // ---- GCM-SIV (RFC 8452 §4) ----
  // The message-authentication and message-encryption keys from the key-generating key.
  function sivKeys(st) {
    const words = st.key.length === 16 ? 4 : 6;
    const blocks = new Uint8Array(words * 16);
    for (let i = 0; i < words; i++) {
      blocks[i * 16] = i;
      blocks.set(st.nonce, i * 16 + 4);
    }
    ecb(blocks, blocks);
    const authKey = new Uint8Array(16);
    const encKey = new Uint8Array((words - 2) * 8);
    for (let i = 0; i < words; i++) (i < 2 ? authKey : encKey).set(blocks.subarray(i * 16, i * 16 + 8), (i < 2 ? i : i - 2) * 8);
    blocks.fill(0);
    return { authKey, encKey };
  }
  // The tag for `text` (the plaintext) into tag; leaves the AES session on encKey.
  function sivTag(st, keys, text, tag) {
    const S = new Uint8Array(16);
    try {
      const aad = st.params.aad;
      mac.enter(keys.authKey, null);
      try {
        mac.absorb(aad);
        mac.pad();
        mac.absorb(text);
        mac.pad();
        mac.absorb(lengthsBlock(aad.length, text.length));
        mac.finish();
        mac.accTo(S, 0);
      } finally {
        mac.leave();
      }
      for (let i = 0; i < 12; i++) S[i] ^= st.nonce[i];
      S[15] &= 0x7f;
      ecb(S, tag);
    } finally {
      S.fill(0);
    }
  }
  function sivRun(st, encrypting, src, dst) {
    aesEnter(st.key);
    let keys = null;
    const tag = new Uint8Array(16);
    const ctr0 = new Uint8Array(16);
    try {
      keys = sivKeys(st);
      aesKey(keys.encKey);
      if (encrypting) {
        sivTag(st, keys, src, tag);
        ctr0.set(tag);
        ctr0[15] |= 0x80;
        ctrAll(keys.encKey, ctr0, src, dst.subarray(0, src.length));
        dst.set(tag, src.length);
        return undefined;
      }
      const n = src.length - 16;
      ctr0.set(src.subarray(n));
      ctr0[15] |= 0x80;
      ctrAll(keys.encKey, ctr0, src.subarray(0, n), dst);
      sivTag(st, keys, dst, tag);
      if (!tagsEqual(tag, src.subarray(n))) {
        dst.fill(0);
        throw new Error('gcmsiv: invalid tag (the ciphertext, nonce, key or AAD is wrong): nothing was decrypted');
      }
      return undefined;
    } finally {
      tag.fill(0);
      ctr0.fill(0);
      if (keys !== null) {
        keys.authKey.fill(0);
        keys.encKey.fill(0);
      }
      aesLeave();
    }
  }

  const run = siv ? sivRun : gcmRun;
  const tagOf = (params) => (siv ? 16 : params.tagLength);
  function outputLength(encrypting, n, params) {
    const T = tagOf(params);
    if (encrypting) return n + T;
    if (n < T) throw new RangeError(`"data" must be at least ${T} bytes (the tag) for ${name} decryption, got length ${n}`);
    return n - T;
  }

  // GCM encryption as a stream: each update() returns its ciphertext. Between calls the stream
  // keeps in JS the key, H, J0's mask, the first counter block, the GHASH accumulator, fewer than
  // 16 ciphertext bytes not absorbed yet and the position (all wiped by finish() or an error).
  class GcmEncryptStream {
    constructor(st) {
      this.st = { key: st.key.slice(), nonce: st.nonce.slice(), params: { ...st.params, aad: st.params.aad.slice() } };
      this.s = null;
      this.acc = new Uint8Array(16);
      this.buf = new Uint8Array(16);
      this.bufLen = 0;
      this.pos = 0;
    }
    outputLength(n) {
      return n;
    }
    // In an AES session: H, J0 and the mask on first use, and the AAD into the accumulator.
    start() {
      if (this.s !== null) return;
      this.s = gcmSetup(this.st);
      mac.enter(this.s.H, null);
      try {
        mac.absorb(this.st.params.aad);
        mac.pad();
        mac.absorbWhole();
        mac.accTo(this.acc, 0);
      } finally {
        mac.leave();
      }
    }
    update(src, dst) {
      if (src.length === 0 && this.s !== null) return;
      aesEnter(this.st.key);
      try {
        this.start();
        if (src.length === 0) return;
        mac.enter(this.s.H, this.acc);
        try {
          mac.absorb(this.buf.subarray(0, this.bufLen));
          ctr(this.s.ctr0, this.pos, src, dst, (out) => mac.absorb(out));
          const r = mac.absorbWhole();
          this.buf.fill(0);
          mac.pendingTo(this.buf);
          this.bufLen = r;
          mac.accTo(this.acc, 0);
        } finally {
          mac.leave();
        }
        this.pos += src.length;
      } finally {
        aesLeave();
      }
    }
    finish(tag) {
      if (tag !== undefined) throw new TypeError(`"tag" must be undefined when encrypting with ${name}`);
      if (this.s === null) {
        aesEnter(this.st.key);
        try {
          this.start();
        } finally {
          aesLeave();
        }
      }
      const T = this.st.params.tagLength;
      const S = new Uint8Array(16);
      mac.enter(this.s.H, this.acc);
      try {
        mac.absorb(this.buf.subarray(0, this.bufLen));
        mac.pad();
        mac.absorb(lengthsBlock(this.st.params.aad.length, this.pos));
        mac.finish();
        mac.accTo(S, 0);
      } finally {
        mac.leave();
      }
      const out = new Uint8Array(T);
      for (let i = 0; i < T; i++) out[i] = S[i] ^ this.s.mask[i];
      S.fill(0);
      return { data: new Uint8Array(0), tag: out };
    }
    wipe() {
      this.st.key.fill(0);
      this.st.nonce.fill(0);
      if (this.s !== null) {
        this.s.H.fill(0);
        this.s.ctr0.fill(0);
        this.s.mask.fill(0);
      }
      this.acc.fill(0);
      this.buf.fill(0);
      this.bufLen = 0;
    }
  }

  // The other streams (decryption, GCM-SIV): the input kept in JS, the work in finish().

  const spec = {
    name,
    platform,
    blockSize: 16,
    nonceLength: 12,
    tagLength: 16,
    varSizeNonce: !siv,
    noOutput: true,
    keyLengths: siv ? [16, 32] : [16, 24, 32],
    // The third argument is the AAD (optional), the fourth GCM's options.
    third: (aad, opts) => {
      const params = { aad: aad === undefined ? new Uint8Array(0) : bytesArg(aad, 'AAD').slice(), tagLength: 16 };
      if (opts === undefined) return params;
      if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw mustBe(TypeError, 'opts', 'an object', typeName(opts));
      for (const key of Object.keys(opts)) {
        const v = opts[key];
        if (v === undefined) continue;
        if (siv || key !== 'tagLength') throw new TypeError(`unknown option "${key}" for ${name}`);
        if (typeof v !== 'number') throw mustBe(TypeError, 'opts.tagLength', 'a number', typeName(v));
        if (!GCM_TAGS.includes(v)) throw mustBe(RangeError, 'opts.tagLength', `one of ${GCM_TAGS.join(', ')}`, v);
        params.tagLength = v;
      }
      return params;
    },
    prepare: (st) => {
      if (!siv && st.nonce.length === 0) throw new RangeError('"nonce" must have length >= 1 for gcm, got 0');
    },
    asyncWhole: (encrypting) => siv || !encrypting,
    outputLength,
    run,
    stream: (st, encrypting) =>
      encrypting && !siv ? new GcmEncryptStream(st) : new WholeStream({ name, run, outputLength, tagLength: tagOf, tagFirst: false }, st, encrypting),
    // A split call's unit (runtime/workers.js): the CTR key in st.key, the counter block in
    // st.nonce; the pool links the AES instance.
    range: (st, pos, src, dst) => ctrRange(st, pos, src, dst),
    threads: undefined,
    poolInstance: A,
    // (cipherMemoryForTests: both memories, the AES one first, so its region offsets hold;
    // tools/mutate-check.js checks each of `parts` with its own regions)
    instance: {
      parts: [A, G],
      memory() {
        const a = A.memory();
        const g = G.memory();
        const m = new Uint8Array(a.length + g.length);
        m.set(a);
        m.set(g, a.length);
        return m;
      },
    },
  };
  return makeCipher(spec);
}
