// The AES modes built from whole AES block operations rather than a keystream: the MAC `cmac`
// (RFC 4493, the hash shape of runtime/shell.js with a key), `aessiv` (RFC 5297: S2V over any
// number of AD strings, then CTR; the cipher shape of runtime/cipher.js) and the key wraps `aeskw`
// (RFC 3394) and `aeskwp` (RFC 5649). They use the kernels of modules/aes.js as runtime/aes.js
// does, and add none:
//
//   aes_cbc_enc   CMAC is CBC-MAC whose last block is XORed with a subkey first: the message goes
//                 through `data` once, the tag is the last output block. With aes_iv zero it is
//                 also a single-block encryption (one AES per block: aes_ecb_enc works on groups
//                 of four blocks on wasm), which the key wraps use for every step.
//   aes_ctr       SIV's encryption (the counter is 128 bits, as RFC 5297 asks).
//   aes_ecb_dec   the unwrap steps.
//
// Every AES computation happens in the kernels, which index no memory and take no branch by a
// secret; what this file does in JS with secret bytes is XOR, shifts and masks (the subkey
// doubling, the wrap's counter, the tag and integrity checks: no early exit, no secret index).
//
// Each call writes the key to `aes_key`, expands it (`aes_expand`) and zeroes `aes_key`,
// `aes_rk`, `aes_rkb`, `aes_iv` and the part of `data` it used in a `finally`, as runtime/aes.js
// does. A failed SIV tag or key-unwrap check throws before a byte of the result reaches the
// caller's buffer; the plaintext it computed (in JS) is wiped first.
import { bytesArg, isBytes, mustBe, notBytes, typeName } from './checks.js';
import { WholeStream, makeCipher } from './cipher.js';
import { Instance, Stream, copyOrNull, makeHash } from './shell.js';
import { aesRegions } from './aeskey.js';

const DATA_BYTES = 16384;
const B = 16;
const AES_KEYS = [16, 24, 32];

// The AES block machinery over one Instance: sessions with an expanded key, CBC-MAC through
// aes_cbc_enc, and single blocks. `fns`: the kernels (besides aes_expand) the caller uses.
function aesSession(I) {
  const { KEY, IV, D, wipe } = aesRegions(I, true);
  const S = {
    mem: null,
    f: null,
    used: 0, // bytes of `data` written this session (the wipe)
    D,
    IV,
    // Runs body() inside the instance; zeroes every region it may have written after.
    run(body) {
      I.enter();
      if (S.mem !== I.mem) {
        S.mem = I.mem;
        S.f = I.fns;
      }
      S.used = 0;
      try {
        return body();
      } finally {
        wipe(S.used);
        S.used = 0;
        I.leave();
      }
    },
    note(n) {
      if (n > S.used) S.used = n;
    },
    // The round keys of `key` (16, 24 or 32 bytes) in the kernel; returns the round count.
    expand(key) {
      S.mem.set(key, KEY);
      S.f.aes_expand(key.length >> 2);
      I.zero(KEY, 32);
      return key.length / 4 + 6;
    },
    zeroIv() {
      I.zero(IV, 16);
    },
  };
  return S;
}

// ---- CMAC (RFC 4493) over a session ----------------------------------------------------------------
// dbl() of RFC 5297 (the subkeys of RFC 4493 too): x * 2 in GF(2^128), in place; no branch on x.
// (at: where the 16 bytes start in x).
function dbl(x, at = 0) {
  const carry = x[at] >> 7;
  for (let i = at; i < at + B - 1; i++) x[i] = ((x[i] << 1) | (x[i + 1] >> 7)) & 0xff;
  x[at + B - 1] = ((x[at + B - 1] << 1) & 0xff) ^ (0x87 & -carry);
  return x;
}

// CMAC with the key expanded in session S (nr rounds): subkeys() once per key, then mac() for
// each message.
function cmacOver(S) {
  // K1 = dbl(E(0)), K2 = dbl(K1), in `k` (32 bytes: K1 then K2).
  function subkeys(nr, k) {
    const { mem, D } = S;
    S.zeroIv();
    mem.fill(0, D, D + B);
    S.note(B);
    S.f.aes_cbc_enc(nr, 1);
    for (let i = 0; i < B; i++) k[i] = mem[D + i];
    mem.fill(0, D, D + B);
    dbl(k, 0);
    k.copyWithin(B, 0, B);
    dbl(k, B);
  }
  // Feeds `total` bytes (given in pieces to push()) through CBC-MAC from the chaining value in
  // aes_iv, keeping the final 1..16 bytes (or none of an empty message) in `data` for end(). A
  // region of `data` goes through the kernel only when more bytes follow it. `xorEnd` (16 bytes,
  // or null): XORed into the last 16 bytes of the message (SIV's "xorend").
  function feeder(nr, total, xorEnd) {
    const { mem, D, IV } = S;
    let filled = 0;
    let pos = 0;
    const endFrom = total - B; // xorEnd covers [endFrom, total)
    // The whole blocks in `data` through the kernel; the chaining value to aes_iv.
    const flush = () => {
      if (filled === 0) return;
      S.f.aes_cbc_enc(nr, filled / B);
      mem.copyWithin(IV, D + filled - B, D + filled);
      filled = 0;
    };
    return {
      push(bytes) {
        const n = bytes.length;
        for (let at = 0; at < n; ) {
          if (filled === DATA_BYTES) flush();
          const take = Math.min(DATA_BYTES - filled, n - at);
          mem.set(at === 0 && take === n ? bytes : bytes.subarray(at, at + take), D + filled);
          if (xorEnd !== null && pos + take > endFrom)
            for (let p = Math.max(pos, endFrom); p < pos + take; p++) mem[D + filled + (p - pos)] ^= xorEnd[p - endFrom];
          filled += take;
          pos += take;
          at += take;
          S.note(filled);
        }
      },
      flush,
      // The last block with its subkey (`k`: K1 ‖ K2), everything left through the kernel; the tag
      // is then at tagAt().
      end(k) {
        const r = total === 0 ? 0 : total - Math.floor((total - 1) / B) * B; // bytes of the last block
        const last = filled - r;
        if (r < B) {
          mem[D + filled] = 0x80;
          mem.fill(0, D + filled + 1, D + last + B);
        }
        const sub = r === B ? 0 : B; // K1 for a whole last block, K2 for a padded one (a public length)
        for (let i = 0; i < B; i++) mem[D + last + i] ^= k[sub + i];
        S.note(last + B);
        S.f.aes_cbc_enc(nr, last / B + 1);
        filled = last + B;
      },
      tagAt: () => D + filled - B,
    };
  }
  // The CMAC of the concatenation of `parts` (`total` bytes) to out[at ..], from a zero chain.
  function mac(nr, k, parts, total, xorEnd, out, at) {
    S.zeroIv();
    const fd = feeder(nr, total, xorEnd);
    for (let i = 0; i < parts.length; i++) fd.push(parts[i]);
    fd.end(k);
    const t = fd.tagAt();
    for (let i = 0; i < B; i++) out[at + i] = S.mem[t + i];
  }
  return { subkeys, feeder, mac };
}

const sumLengths = (parts) => {
  let n = 0;
  for (let i = 0; i < parts.length; i++) n += parts[i].length;
  return n;
};

function aesKeyOption(name) {
  return function key(v, params, arg = 'opts.key') {
    if (!isBytes(v)) throw notBytes(arg, v);
    const b = bytesArg(v, arg);
    if (!AES_KEYS.includes(b.length)) throw new RangeError(`"${arg}" must have length 16, 24 or 32 for ${name}, got ${b.length}`);
    params.key = b;
  };
}

/** cmac's key option (runtime/noble.js checks keys with it too). */
export const cmacKeyOption = /* @__PURE__ */ aesKeyOption('cmac');

/**
 * `cmac` (RFC 4493; AES-128/192/256 by the key length) over `target`: a generated modules/aes.js
 * target, or the list of the function descriptors it uses ($aes_expand, $aes_cbc_enc).
 */
export function cmacMac(target, platform = 'unknown') {
  const name = 'cmac';
  const I = new Instance(name, target);
  const S = aesSession(I);
  const C = cmacOver(S);

  // A stream: the key, the chaining value (after the blocks absorbed so far) and the pending bytes
  // (1..16 once anything came: the last block is held back until digest, it takes a subkey).
  class CmacStream extends Stream {
    constructor(params) {
      super(spec, B);
      this._key = params === null ? null : params.key.slice();
      this._x = new Uint8Array(B);
      this._buf = new Uint8Array(B);
      this._bufLen = 0;
    }
    _wipe() {
      if (this._key !== null) this._key.fill(0);
      this._x.fill(0);
      this._buf.fill(0);
      this._bufLen = 0;
    }
    _update(msg) {
      const have = this._bufLen;
      const total = have + msg.length;
      if (total <= B) {
        this._buf.set(msg, have);
        this._bufLen = total;
        return;
      }
      const keep = total - Math.floor((total - 1) / B) * B; // 1..16 bytes held back
      const through = total - keep; // whole blocks
      S.run(() => {
        const nr = S.expand(this._key);
        S.mem.set(this._x, S.IV);
        // `through` bytes of whole blocks, more to follow (the feeder never ends them).
        const fd = C.feeder(nr, through + 1, null);
        fd.push(this._buf.subarray(0, have));
        fd.push(msg.subarray(0, through - have));
        fd.flush();
        for (let i = 0; i < B; i++) this._x[i] = S.mem[S.IV + i];
        this._buf.fill(0);
        this._buf.set(msg.subarray(through - have));
        this._bufLen = keep;
      });
    }
    _finish(dst, pos) {
      S.run(() => {
        const nr = S.expand(this._key);
        const k = new Uint8Array(2 * B);
        try {
          C.subkeys(nr, k);
          S.mem.set(this._x, S.IV);
          const fd = C.feeder(nr, this._bufLen, null);
          fd.push(this._buf.subarray(0, this._bufLen));
          fd.end(k);
          const t = fd.tagAt();
          for (let i = 0; i < B; i++) dst[pos + i] = S.mem[t + i];
        } finally {
          k.fill(0);
        }
      });
    }
    // State export (runtime/state.js): u8 key length, the key, the chaining value, u8 pending
    // bytes (0 only before any: then the chaining value is zero), those bytes.
    _saveState(w) {
      w.int(this._key.length, 1).bytes(this._key).bytes(this._x).int(this._bufLen, 1).bytes(this._buf.subarray(0, this._bufLen));
    }
    _loadState(r) {
      const n = r.int(1, 32, 'key length');
      if (!AES_KEYS.includes(n)) r.fail(`key length ${n} is not 16, 24 or 32`);
      this._key = r.bytes(n).slice();
      this._x.set(r.bytes(B));
      const p = r.int(1, B, 'pending bytes');
      let x = 0;
      for (let i = 0; i < B; i++) x |= this._x[i];
      if (p === 0 && x !== 0) r.fail('a chaining value before any message block');
      this._buf.set(r.bytes(p));
      this._bufLen = p;
    }
    _blank() {
      return new CmacStream({ key: this._key });
    }
    _copyTo(to) {
      to._key = copyOrNull(this._key, to._key);
      to._x.set(this._x);
      to._buf.set(this._buf);
      to._bufLen = this._bufLen;
    }
  }

  const spec = {
    name, module: 'aes', platform, blockLen: B, outputLen: B, canXOF: false, oid: null,
    dkLen: null,
    keyed: true,
    options: { key: cmacKeyOption },
    params: () => ({ key: null }),
    run(msg, list, params, _dkLen, dst, pos) {
      const parts = msg !== null ? [msg] : list;
      S.run(() => {
        const nr = S.expand(params.key);
        const k = new Uint8Array(2 * B);
        try {
          C.subkeys(nr, k);
          C.mac(nr, k, parts, sumLengths(parts), null, dst, pos);
        } finally {
          k.fill(0);
        }
      });
    },
    stream: (params) => new CmacStream(params),
    instance: I,
  };
  return makeHash(spec);
}

// ---- Shared by the ciphers below ------------------------------------------------------------------
/** Constant-time equality of a[ai ..] and b[bi ..] over n bytes (no early exit). */
function equalAt(a, ai, b, bi, n) {
  let d = 0;
  for (let i = 0; i < n; i++) d |= a[ai + i] ^ b[bi + i];
  return d === 0;
}
const bufferOf = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'buffer').get;
// src, or a copy of it when dst is in the same buffer (the output is shifted against the input: a
// tag or semiblock in front); `copied` says whether to wipe it after.
const apart = (src, dst) => (src.length > 0 && bufferOf.call(src) === bufferOf.call(dst) ? { src: src.slice(), copied: true } : { src, copied: false });

// A stream of a mode that needs the whole message (SIV's two passes, the key wraps' six): update()
// keeps copies of the pieces and writes nothing; finish() runs the one-shot. `tagged`: SIV, whose
// finish returns { data: C, tag: V } when encrypting and takes the tag V when decrypting (the
// layout of xsalsa20poly1305's streams, the tag first in one-shot output).
// ---- AES-SIV (RFC 5297) ---------------------------------------------------------------------------
const ZERO_BLOCK = /* @__PURE__ */ new Uint8Array(B);
const SIV_MAX_AAD = 126; // S2V takes at most 127 strings (RFC 5297 §7); the message is one

/**
 * `aessiv(key, ...AAD)` (RFC 5297: a 32-, 48- or 64-byte key, K1 ‖ K2; encrypt gives V ‖ C) over
 * `target`: a modules/aes.js target or its descriptors ($aes_expand, $aes_cbc_enc, $aes_ctr).
 */
export function aessivCipher(target, platform = 'unknown') {
  const name = 'aessiv';
  const I = new Instance(name, target);
  const S = aesSession(I);
  const C = cmacOver(S);

  // S2V (RFC 5297 §2.4) of the AD strings and the message (`msg`: its parts, `n` bytes) under
  // K1 (expanded: nr rounds), to v (16 bytes).
  function s2v(nr, ads, msg, n, v) {
    const k = new Uint8Array(2 * B);
    const d = new Uint8Array(B);
    const t = new Uint8Array(B);
    try {
      C.subkeys(nr, k);
      C.mac(nr, k, [ZERO_BLOCK], B, null, d, 0);
      for (let i = 0; i < ads.length; i++) {
        dbl(d);
        C.mac(nr, k, [ads[i]], ads[i].length, null, t, 0);
        for (let j = 0; j < B; j++) d[j] ^= t[j];
      }
      if (n >= B) C.mac(nr, k, msg, n, d, v, 0); // CMAC(Sn xorend D)
      else {
        // CMAC(dbl(D) xor pad(Sn)): one block
        dbl(d);
        let at = 0;
        for (const p of msg) for (let j = 0; j < p.length; j++) d[at++] ^= p[j];
        d[n] ^= 0x80;
        C.mac(nr, k, [d], B, null, v, 0);
      }
    } finally {
      k.fill(0);
      d.fill(0);
      t.fill(0);
    }
  }
  // CTR from the counter block q (128 bits, big-endian, carried across all of them) under K2
  // (expanded: nr rounds): src XORed with the keystream to dst.
  function ctr(nr, q, src, dst) {
    const { mem, D, IV } = S;
    const n = src.length;
    for (let i = 0, block = 0; i < n; ) {
      const take = Math.min(DATA_BYTES, n - i);
      // q + block into aes_iv (block < 2^53: a number)
      let carry = block;
      for (let j = B - 1; j >= 0; j--) {
        const x = q[j] + (carry % 256);
        mem[IV + j] = x & 0xff;
        carry = Math.floor(carry / 256) + (x >> 8);
      }
      mem.set(take === n ? src : src.subarray(i, i + take), D);
      const blocks = (take + B - 1) >> 4;
      S.note(blocks * B);
      S.f.aes_ctr(nr, blocks);
      dst.set(mem.subarray(D, D + take), i);
      block += blocks;
      i += take;
    }
  }
  const halves = (key) => [key.subarray(0, key.length >> 1), key.subarray(key.length >> 1)];
  const counterOf = (v) => {
    const q = v.slice();
    q[8] &= 0x7f; // bits 63 and 31 cleared (RFC 5297 §2.6)
    q[12] &= 0x7f;
    return q;
  };

  function encrypt(st, src0, dst) {
    const { src, copied } = apart(src0, dst);
    const [k1, k2] = halves(st.key);
    const v = new Uint8Array(B);
    let q = null;
    try {
      S.run(() => {
        s2v(S.expand(k1), st.params, [src], src.length, v);
        q = counterOf(v);
        ctr(S.expand(k2), q, src, dst.subarray(B));
      });
      dst.set(v, 0);
    } finally {
      v.fill(0);
      if (q !== null) q.fill(0);
      if (copied) src.fill(0);
    }
  }
  // The plaintext is made in a JS array, checked, and only then copied to dst.
  function decrypt(st, src, dst) {
    const [k1, k2] = halves(st.key);
    const n = src.length - B;
    const v = src.slice(0, B);
    const q = counterOf(v);
    const p = new Uint8Array(n);
    const t = new Uint8Array(B);
    try {
      S.run(() => {
        ctr(S.expand(k2), q, src.subarray(B), p);
        s2v(S.expand(k1), st.params, [p], n, t);
      });
      if (!equalAt(t, 0, v, 0, B)) throw authError(name);
      dst.set(p);
    } finally {
      p.fill(0);
      t.fill(0);
      q.fill(0);
    }
  }
  const run = (st, encrypting, src, dst) => (encrypting ? encrypt(st, src, dst) : decrypt(st, src, dst));
  return makeCipher({ ...aesModeSpec(name, run), platform, instance: I });
}

// ---- AES key wrap: aeskw (RFC 3394), aeskwp (RFC 5649) ------------------------------------------
// The wrap is serial (every step's input holds the A of the step before), so each of its 6n steps
// is one kernel call on one block: aes_cbc_enc with aes_iv zero (one AES, where aes_ecb_enc would
// run a group of four on wasm) to wrap, aes_ecb_dec to unwrap.
const KW_IV = 0xa6; // RFC 3394's A: A6A6A6A6A6A6A6A6
const KWP_IV = [0xa6, 0x59, 0x59, 0xa6]; // RFC 5649's AIV, then the 32-bit message length
const POW32 = 2 ** 32;

/**
 * `aeskw(kek)` (padded = false: RFC 3394, data a multiple of 8 bytes, at least 16) or
 * `aeskwp(kek)` (padded: RFC 5649, any non-empty data) over `target`: a modules/aes.js target or
 * its descriptors ($aes_expand, $aes_cbc_enc, $aes_ecb_dec).
 */
export function aeskwCipher(padded, target, platform = 'unknown') {
  const name = padded ? 'aeskwp' : 'aeskw';
  const I = new Instance(name, target);
  const S = aesSession(I);

  // t (the step number, < 2^53) into A = w[0 .. 8] (big-endian XOR).
  function xorStep(w, t) {
    const lo = t % POW32, hi = (t - lo) / POW32;
    w[7] ^= lo & 0xff;
    w[6] ^= (lo >>> 8) & 0xff;
    w[5] ^= (lo >>> 16) & 0xff;
    w[4] ^= lo >>> 24;
    w[3] ^= hi & 0xff;
    w[2] ^= (hi >>> 8) & 0xff;
    w[1] ^= (hi >>> 16) & 0xff;
    w[0] ^= hi >>> 24;
  }
  // W (RFC 3394 §2.2.1) in place on w = A ‖ R[1] ‖ ... ‖ R[n] (n >= 2; RFC 5649's n = 1: one
  // block), K expanded (nr rounds).
  function wrap(nr, w) {
    const { mem, D } = S;
    const n = w.length / 8 - 1;
    S.zeroIv();
    S.note(B);
    if (n === 1) {
      mem.set(w, D);
      S.f.aes_cbc_enc(nr, 1);
      for (let k = 0; k < B; k++) w[k] = mem[D + k];
      return;
    }
    for (let j = 0, t = 1; j < 6; j++)
      for (let i = 8; i <= 8 * n; i += 8, t++) {
        for (let k = 0; k < 8; k++) {
          mem[D + k] = w[k];
          mem[D + 8 + k] = w[i + k];
        }
        S.f.aes_cbc_enc(nr, 1);
        for (let k = 0; k < 8; k++) {
          w[k] = mem[D + k];
          w[i + k] = mem[D + 8 + k];
        }
        xorStep(w, t);
      }
  }
  // W^-1 (§2.2.2) in place, likewise.
  function unwrap(nr, w) {
    const { mem, D } = S;
    const n = w.length / 8 - 1;
    S.note(4 * B); // aes_ecb_dec runs a group of four blocks on wasm
    if (n === 1) {
      mem.set(w, D);
      S.f.aes_ecb_dec(nr, 1);
      for (let k = 0; k < B; k++) w[k] = mem[D + k];
      return;
    }
    for (let j = 5, t = 6 * n; j >= 0; j--)
      for (let i = 8 * n; i >= 8; i -= 8, t--) {
        xorStep(w, t);
        for (let k = 0; k < 8; k++) {
          mem[D + k] = w[k];
          mem[D + 8 + k] = w[i + k];
        }
        S.f.aes_ecb_dec(nr, 1);
        for (let k = 0; k < 8; k++) {
          w[k] = mem[D + k];
          w[i + k] = mem[D + 8 + k];
        }
      }
  }

  function encrypt(st, src0, dst) {
    const { src, copied } = apart(src0, dst);
    try {
      const m = src.length;
      if (padded) {
        for (let k = 0; k < 4; k++) dst[k] = KWP_IV[k];
        dst[4] = m >>> 24;
        dst[5] = (m >>> 16) & 0xff;
        dst[6] = (m >>> 8) & 0xff;
        dst[7] = m & 0xff;
      } else dst.fill(KW_IV, 0, 8);
      dst.set(src, 8);
      dst.fill(0, 8 + m);
      S.run(() => wrap(S.expand(st.key), dst));
    } finally {
      if (copied) src.fill(0);
    }
  }
  // Unwrapped in a JS array, checked (no early exit), and only then copied to dst.
  function decrypt(st, src, dst) {
    const w = src.slice();
    try {
      S.run(() => unwrap(S.expand(st.key), w));
      const n8 = w.length - 8;
      let bad = 0;
      let m = n8;
      if (!padded) for (let k = 0; k < 8; k++) bad |= w[k] ^ KW_IV;
      else {
        for (let k = 0; k < 4; k++) bad |= w[k] ^ KWP_IV[k];
        m = ((w[4] << 24) | (w[5] << 16) | (w[6] << 8) | w[7]) >>> 0;
        // 8 (n - 1) < m <= 8 n, and the padding bytes after m zero
        const over = n8 - m; // 0 .. 7 when the length fits
        bad |= (over < 0) | (over > 7);
        for (let k = 1; k < 8; k++) bad |= w[8 + n8 - k] & -(k <= over);
      }
      if (bad !== 0) throw authError(name);
      dst.set(w.subarray(8, 8 + m));
      return m === dst.length ? dst : dst.subarray(0, m);
    } finally {
      w.fill(0);
    }
  }
  const run = (st, encrypting, src, dst) => (encrypting ? encrypt(st, src, dst) : decrypt(st, src, dst));
  return makeCipher({ ...aesModeSpec(name, run), platform, instance: I });
}

// ---- What every backend of aessiv, aeskw and aeskwp shares (ours above, runtime/noble.js) -----
/** The error of a failed SIV tag or key-unwrap integrity check (nothing was released). */
export const authError = (name) =>
  name === 'aessiv'
    ? new Error(`${name}: invalid tag (the ciphertext, AAD or key is wrong): nothing was decrypted`)
    : new Error(`${name}: integrity check failed (the wrapped key or the key-encryption key is wrong): nothing was unwrapped`);

/**
 * The cipher spec of `name` ('aessiv', 'aeskw', 'aeskwp') over the backend's `run` (the one-shot
 * operation of makeCipher's spec), for makeCipher without `platform` and `instance`: lengths,
 * argument checks and errors, streams.
 */
export function aesModeSpec(name, run) {
  const siv = name === 'aessiv';
  const padded = name === 'aeskwp';
  const outputLength = siv
    ? (encrypting, n) => {
        if (encrypting) return n + B;
        if (n < B) throw new RangeError(`"data" must be at least ${B} bytes (the tag), got ${n}`);
        return n - B;
      }
    : padded
      ? (encrypting, n) => {
          if (encrypting) {
            if (n === 0 || n >= POW32) throw new RangeError(`"data" must have length 1 to 2^32 - 1 for ${name}, got ${n}`);
            return 8 + Math.ceil(n / 8) * 8;
          }
          if (n % 8 !== 0 || n < 16) throw new RangeError(`"data" must be a multiple of 8 bytes, at least 16, for ${name} decryption, got length ${n}`);
          return n - 8; // at most: the length is known after unwrapping
        }
      : (encrypting, n) => {
          if (encrypting) {
            if (n % 8 !== 0 || n < 16) throw new RangeError(`"data" must be a multiple of 8 bytes, at least 16, for ${name} (RFC 3394; aeskwp wraps other lengths), got length ${n}`);
            return n + 8;
          }
          if (n % 8 !== 0 || n < 24) throw new RangeError(`"data" must be a multiple of 8 bytes, at least 24, for ${name} decryption, got length ${n}`);
          return n - 8;
        };
  const spec = {
    name,
    blockSize: siv ? B : 8,
    nonceLength: 0,
    tagLength: siv ? B : 0,
    varSizeNonce: false,
    keyLengths: siv ? [32, 48, 64] : AES_KEYS,
    noNonce: true, // deterministic: no nonce to protect, no nonce-reuse guard
    outputLength,
    run,
    stream: (st, encrypting) => new WholeStream({ name, run, outputLength, tagLength: () => (siv ? B : 0), tagFirst: true }, st, encrypting),
    asyncWhole: () => true,
  };
  if (siv) {
    spec.aadList = true;
    // aessiv(key, ...AAD): each a Uint8Array, at most 126 (with the message, S2V's limit of 127).
    spec.third = (list) => {
      if (list.length > SIV_MAX_AAD) throw new RangeError(`"AAD" must have at most ${SIV_MAX_AAD} items for ${name}, got ${list.length}`);
      return list.map((a, i) => bytesArg(a, `AAD[${i}]`).slice());
    };
  } else {
    spec.options = null;
    spec.params = () => null;
  }
  return spec;
}
