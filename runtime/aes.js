// The AES engine (runtime/cipher.js describes engines): the block modes `ecb`, `cbc` (PKCS#7
// padding by default, `disablePadding`), `ctr`, `cfb` and `ofb` (any length: the last partial
// block uses the first bytes of its keystream block) over the kernels of modules/aes.js
// (docs/target-contract.md "modules/aes.js").
//
// Every call writes the key to `aes_key`, expands it in the kernel (`aes_expand`), moves the
// caller's blocks through `data` in 16 KiB chunks, and zeroes `aes_key`, `aes_rk`, `aes_rkb` (with `aes_rkt`),
// `aes_iv` and the part of `data` it used in a `finally`: no key, round key, IV/counter, message
// or keystream byte stays in the kernel memory, errors included. Streams keep their key, IV or
// counter and at most one partial block (ECB/CBC: 16 bytes, held back until finish() when
// decrypting with padding) in JS, and wipe them when they end.
//
// CBC decryption with padding decrypts and checks the last block before anything else: bad
// padding throws before a byte of plaintext reaches the caller's buffer.
import { mustBe, typeName } from './checks.js';
import { KeystreamStream, makeCipher } from './cipher.js';
import { Instance } from './shell.js';
import { aesRegions } from './aeskey.js';

const DATA_BYTES = 16384;
// The kernels each mode links (an entry passes their descriptors, so that a bundle importing one
// mode carries its kernels only).
const FNS = {
  ecb: ['aes_expand', 'aes_ecb_enc', 'aes_ecb_dec'],
  cbc: ['aes_expand', 'aes_cbc_enc', 'aes_cbc_dec'],
  ctr: ['aes_expand', 'aes_ctr'],
  cfb: ['aes_expand', 'aes_cfb_enc', 'aes_cfb_dec'],
  ofb: ['aes_expand', 'aes_ofb'],
};

export function disablePaddingOption(v, params) {
  if (typeof v !== 'boolean') throw mustBe(TypeError, 'opts.disablePadding', 'a boolean', typeName(v));
  params.padding = !v;
}

/**
 * The output length of ECB/CBC (`name`) for n input bytes, or a RangeError naming "data"; for a
 * decryption with padding an upper bound (the padding is known after decryption). Shared with
 * noble.js.
 */
export function blockOutputLength(name, padding, encrypting, n) {
  if (!padding) {
    if (n % 16 !== 0) throw new RangeError(`"data" must be a whole number of 16-byte blocks for ${name} with disablePadding, got length ${n}`);
    return n;
  }
  if (encrypting) return n - (n % 16) + 16;
  if (n === 0 || n % 16 !== 0) throw new RangeError(`"data" must be a non-empty whole number of 16-byte blocks for ${name} decryption, got length ${n}`);
  return n; // at most n: the padding is known after decryption
}

/**
 * The AES mode `mode` ('ecb', 'cbc' or 'ctr') over `target`: a generated modules/aes.js target, or
 * the list of the function descriptors the mode uses (what the entries pass).
 */
const NO_NONCE = /* @__PURE__ */ new Uint8Array(0);

export function aesCipher(mode, target, platform = 'unknown') {
  if (!Object.prototype.hasOwnProperty.call(FNS, mode)) throw new TypeError(`aesCipher: unknown mode "${mode}"`);
  const I = new Instance(mode, target);
  const { KEY, IV, D, wipe } = aesRegions(I, false); // (no ECB kernel has aes_iv: IV is -1 there)
  let mem = null, f = null;
  let self = { threads: undefined }; // the engine spec, once made (its `threads` hook)

  // Runs body(nr) with the key expanded in the kernel memory; zeroes everything after.
  function withKey(key, body) {
    I.enter();
    if (mem !== I.mem) {
      mem = I.mem;
      f = I.fns;
    }
    let used = 0;
    const note = (n) => {
      if (n > used) used = n;
    };
    try {
      mem.set(key, KEY);
      f.aes_expand(key.length >> 2);
      return body(key.length / 4 + 6, note);
    } finally {
      wipe(used);
      I.leave();
    }
  }
  // src (whole blocks) through `kernel` to dst (the same length, may be src). For CBC the chain
  // continues in aes_iv from one chunk to the next.
  function blocksThrough(kernel, nr, note, src, dst, mode) {
    const n = src.length;
    for (let i = 0; i < n; i += DATA_BYTES) {
      const take = Math.min(DATA_BYTES, n - i);
      mem.set(i === 0 && take === n ? src : src.subarray(i, i + take), D);
      note(take);
      kernel(nr, take >> 4);
      // The next chunk chains on the last ciphertext block (CBC), read before dst overwrites it.
      if (mode === 'cbc_enc' || mode === 'cfb_enc') mem.copyWithin(IV, D + take - 16, D + take);
      else if (mode === 'cbc_dec' || mode === 'cfb_dec') mem.set(src.subarray(i + take - 16, i + take), IV);
      // ofb: the kernel leaves its last output block in aes_iv.
      dst.set(mem.subarray(D, D + take), i);
    }
  }

  // ---- ECB and CBC ----
  // The core of both, one-shot or a stream's update: `src` (whole blocks) with `iv` (CBC, 16
  // bytes, updated to the chaining block after the call; null for ECB).
  // ECB, and CBC's decryption, may go across the wasm_threads pool (self.threads, set by
  // runtime/workers.js): units of whole blocks through blockHere on some thread, each with its
  // chaining block.
  function blockMode(cbc, encrypting, key, iv, src, dst) {
    if (src.length === 0) return;
    if (self.threads !== undefined && (!cbc || !encrypting)) {
      const next = cbc ? src.slice(src.length - 16) : null; // (before a call in place overwrites it)
      try {
        if (self.threads({ key, nonce: NO_NONCE, params: null }, 0, src, dst, encrypting, iv)) {
          if (cbc) iv.set(next);
          return;
        }
      } finally {
        if (next !== null) next.fill(0);
      }
    }
    blockHere(cbc, encrypting, key, iv, src, dst);
  }
  function blockHere(cbc, encrypting, key, iv, src, dst) {
    withKey(key, (nr, note) => {
      if (cbc) mem.set(iv, IV);
      const kernel = cbc ? (encrypting ? f.aes_cbc_enc : f.aes_cbc_dec) : encrypting ? f.aes_ecb_enc : f.aes_ecb_dec;
      const last = src.subarray(src.length - 16);
      const nextIv = cbc && !encrypting ? last.slice() : null; // before an in-place dst overwrites it
      blocksThrough(kernel, nr, note, src, dst, cbc ? (encrypting ? 'cbc_enc' : 'cbc_dec') : '');
      if (cbc) iv.set(encrypting ? dst.subarray(dst.length - 16) : nextIv);
      if (nextIv !== null) nextIv.fill(0);
    });
  }
  // Decrypts the final block (its chaining block `prev`: the IV or the ciphertext before it) in
  // the kernel memory and checks its PKCS#7 padding there; returns the plaintext bytes it keeps
  // (a new array of 0..15 bytes) or throws, leaving nothing.
  function unpadLast(cbc, key, prev, block) {
    return withKey(key, (nr, note) => {
      mem.set(block, D);
      note(16);
      if (cbc) {
        mem.set(prev, IV);
        f.aes_cbc_dec(nr, 1);
      } else f.aes_ecb_dec(nr, 1);
      const p = mem[D + 15];
      // Every byte checked whatever the padding length (no early exit on the plaintext).
      let bad = ((p - 1) >>> 31) | ((16 - p) >>> 31); // p = 0 or p > 16
      for (let i = 0; i < 16; i++) bad |= ((15 - i - p) >>> 31) & (((mem[D + i] ^ p) + 255) >> 8); // a padding byte that is not p
      if (bad !== 0) throw new Error(`${cbc ? 'cbc' : 'ecb'}: invalid padding (the ciphertext or key is wrong)`);
      return mem.slice(D, D + 16 - p);
    });
  }
  const padOf = (st) => st.params === null || st.params.padding;

  function blockSpec(cbc) {
    const name = cbc ? 'cbc' : 'ecb';
    const outputLength = (padding, encrypting, n) => blockOutputLength(name, padding, encrypting, n);
    function run(st, encrypting, src, dst) {
      const padding = padOf(st);
      const iv = cbc ? st.nonce.slice() : null;
      try {
        if (!padding) return void blockMode(cbc, encrypting, st.key, iv, src, dst);
        const full = src.length - (src.length % 16);
        if (encrypting) {
          const last = new Uint8Array(16).fill(16 - (src.length - full));
          last.set(src.subarray(full));
          try {
            blockMode(cbc, true, st.key, iv, src.subarray(0, full), dst.subarray(0, full));
            blockMode(cbc, true, st.key, iv, last, dst.subarray(full, full + 16));
          } finally {
            last.fill(0);
          }
          return undefined;
        }
        const n = src.length;
        const prev = n === 16 ? st.nonce : src.subarray(n - 32, n - 16);
        const tail = unpadLast(cbc, st.key, prev, src.subarray(n - 16));
        try {
          blockMode(cbc, false, st.key, iv, src.subarray(0, n - 16), dst.subarray(0, n - 16));
          dst.set(tail, n - 16);
        } finally {
          tail.fill(0);
        }
        return dst.subarray(0, n - 16 + tail.length);
      } finally {
        if (iv !== null) iv.fill(0);
      }
    }
    class BlockStream {
      constructor(st, encrypting) {
        this.key = st.key.slice();
        this.iv = cbc ? st.nonce.slice() : null;
        this.padding = padOf(st);
        this.encrypting = encrypting;
        this.buf = new Uint8Array(16);
        this.len = 0; // bytes in buf
      }
      // Decrypting with padding holds back the last block (it may be the padded one).
      outputLength(n) {
        const total = this.len + n;
        if (!this.encrypting && this.padding) return total === 0 ? 0 : Math.floor((total - 1) / 16) * 16;
        return total - (total % 16);
      }
      update(src0, dst) {
        const out = dst.length;
        let src = src0;
        // In place with bytes held back: the output lags the input, so read from a copy.
        const copied = this.len > 0 && out > 0 && src.buffer === dst.buffer;
        if (copied) src = src.slice();
        try {
          let at = 0; // of src
          let w = 0; // of dst
          if (this.len > 0 && out > 0) {
            const need = 16 - this.len;
            this.buf.set(src.subarray(0, need), this.len);
            at = need;
            this.len = 0;
            blockMode(cbc, this.encrypting, this.key, this.iv, this.buf, dst.subarray(0, 16));
            w = 16;
          }
          if (out > w) {
            blockMode(cbc, this.encrypting, this.key, this.iv, src.subarray(at, at + out - w), dst.subarray(w, out));
            at += out - w;
          }
          this.buf.set(src.subarray(at), this.len);
          this.len += src.length - at;
        } finally {
          if (copied) src.fill(0);
        }
      }
      finish(tag) {
        if (tag !== undefined) throw new TypeError(`"tag" must be undefined: ${name} has no tag`);
        if (!this.padding) {
          if (this.len !== 0) throw new RangeError(`"data" must be a whole number of 16-byte blocks for ${name} with disablePadding, got ${this.len} bytes past the last block`);
          return { data: new Uint8Array(0) };
        }
        if (this.encrypting) {
          this.buf.fill(16 - this.len, this.len);
          const data = new Uint8Array(16);
          blockMode(cbc, true, this.key, this.iv, this.buf, data);
          return { data };
        }
        if (this.len !== 16) throw new RangeError(`"data" must be a non-empty whole number of 16-byte blocks for ${name} decryption`);
        return { data: unpadLast(cbc, this.key, this.iv, this.buf) };
      }
      wipe() {
        this.key.fill(0);
        if (this.iv !== null) this.iv.fill(0);
        this.buf.fill(0);
        this.len = 0;
      }
    }
    self = {
      name,
      platform,
      blockSize: 16,
      nonceLength: cbc ? 16 : 0,
      tagLength: 0,
      varSizeNonce: false,
      noNonce: !cbc,
      keyLengths: [16, 24, 32],
      options: { disablePadding: disablePaddingOption },
      params: () => ({ padding: true }),
      outputLength: (encrypting, n, params) => outputLength(params === null || params.padding, encrypting, n),
      run,
      stream: (st, encrypting) => new BlockStream(st, encrypting),
      instance: I,
      // Whole blocks [pos, ...) of a call split across the pool (runtime/workers.js): chain is
      // CBC's block before them (updated), null for ECB.
      range: (st, _pos, src, dst, encrypting, chain) => blockHere(cbc, encrypting, st.key, chain, src, dst),
      threads: undefined,
    };
    return makeCipher(self);
  }

  // ---- CFB and OFB: any length, no padding ----
  // src through the mode with the chaining block `iv` (updated); a partial last block goes
  // through the kernel zero-filled, and its first bytes are kept.
  function feedback(encrypting, key, iv, src, dst) {
    const n = src.length;
    if (n === 0) return;
    withKey(key, (nr, note) => {
      mem.set(iv, IV);
      const kernel = mode === 'ofb' ? f.aes_ofb : encrypting ? f.aes_cfb_enc : f.aes_cfb_dec;
      const tag = mode === 'ofb' ? 'ofb' : encrypting ? 'cfb_enc' : 'cfb_dec';
      const full = n - (n % 16);
      if (full > 0) blocksThrough(kernel, nr, note, src.subarray(0, full), dst.subarray(0, full), tag);
      if (full < n) {
        mem.fill(0, D, D + 16);
        mem.set(src.subarray(full), D);
        note(16);
        kernel(nr, 1);
        dst.set(mem.subarray(D, D + n - full), full);
      }
      // The next chaining block (streams only continue after whole blocks).
      if (full === n) iv.set(mem.subarray(IV, IV + 16));
    });
  }
  class FeedbackStream {
    constructor(st, encrypting) {
      this.key = st.key.slice();
      this.iv = st.nonce.slice();
      this.encrypting = encrypting;
      this.buf = new Uint8Array(16);
      this.len = 0;
    }
    // Whole blocks from update, the partial block from finish().
    outputLength(n) {
      const total = this.len + n;
      return total - (total % 16);
    }
    update(src0, dst) {
      const out = dst.length;
      let src = src0;
      const copied = this.len > 0 && out > 0 && src.buffer === dst.buffer;
      if (copied) src = src.slice();
      try {
        let at = 0, w = 0;
        if (this.len > 0 && out > 0) {
          const need = 16 - this.len;
          this.buf.set(src.subarray(0, need), this.len);
          at = need;
          this.len = 0;
          feedback(this.encrypting, this.key, this.iv, this.buf, dst.subarray(0, 16));
          w = 16;
        }
        if (out > w) {
          feedback(this.encrypting, this.key, this.iv, src.subarray(at, at + out - w), dst.subarray(w, out));
          at += out - w;
        }
        this.buf.set(src.subarray(at), this.len);
        this.len += src.length - at;
      } finally {
        if (copied) src.fill(0);
      }
    }
    finish(tag) {
      if (tag !== undefined) throw new TypeError(`"tag" must be undefined: ${mode} has no tag`);
      const data = new Uint8Array(this.len);
      feedback(this.encrypting, this.key, this.iv, this.buf.subarray(0, this.len), data);
      return { data };
    }
    wipe() {
      this.key.fill(0);
      this.iv.fill(0);
      this.buf.fill(0);
      this.len = 0;
    }
  }
  if (mode === 'cfb' || mode === 'ofb')
    return makeCipher({
      name: mode,
      platform,
      blockSize: 16,
      nonceLength: 16,
      tagLength: 0,
      varSizeNonce: false,
      keyLengths: [16, 24, 32],
      options: null,
      params: () => null,
      outputLength: (_encrypting, n) => n,
      run: (st, encrypting, src, dst) => {
        const iv = st.nonce.slice();
        try {
          feedback(encrypting, st.key, iv, src, dst);
        } finally {
          iv.fill(0);
        }
      },
      stream: (st, encrypting) => new FeedbackStream(st, encrypting),
      instance: I,
    });

  // ---- CTR ----
  // counter + k (128-bit big-endian) written to the IV region.
  function setCounter(iv, k) {
    let carry = k;
    for (let i = 15; i >= 0; i--) {
      const v = iv[i] + (carry % 256);
      mem[IV + i] = v & 0xff;
      carry = Math.floor(carry / 256) + (v >> 8);
    }
  }
  // A long call at a block boundary may go across the wasm_threads pool (self.threads).
  function ctrAt(st, pos, src, dst) {
    if (src.length === 0) return;
    if (self.threads !== undefined && pos % 16 === 0 && self.threads(st, pos, src, dst, true, null)) return;
    ctrHere(st, pos, src, dst);
  }
  function ctrHere(st, pos, src, dst) {
    const n = src.length;
    if (n === 0) return;
    withKey(st.key, (nr, note) => {
      let block = Math.floor(pos / 16);
      let off = pos % 16;
      for (let i = 0; i < n; ) {
        const take = Math.min(DATA_BYTES - off, n - i);
        setCounter(st.nonce, block);
        mem.set(i === 0 && take === n ? src : src.subarray(i, i + take), D + off);
        const blocks = (off + take + 15) >> 4;
        note(blocks * 16);
        f.aes_ctr(nr, blocks);
        dst.set(mem.subarray(D + off, D + off + take), i);
        block += blocks;
        i += take;
        off = 0;
      }
    });
  }
  if (mode !== 'ctr') return blockSpec(mode === 'cbc');
  self = {
    name: 'ctr',
    platform,
    blockSize: 16,
    nonceLength: 16,
    tagLength: 0,
    varSizeNonce: false,
    keyLengths: [16, 24, 32],
    options: null,
    params: () => null,
    outputLength: (_encrypting, n) => n,
    run: (st, _encrypting, src, dst) => ctrAt(st, 0, src, dst),
    stream: (st) => new KeystreamStream('ctr', st, ctrAt),
    instance: I,
    // The keystream range [pos, pos + src.length) XORed (pos a whole number of blocks): a unit of
    // a call split across the pool (runtime/workers.js).
    range: (st, pos, src, dst) => ctrHere(st, pos, src, dst),
    threads: undefined,
  };
  return makeCipher(self);
}
