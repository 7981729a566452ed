// The Merkle–Damgård engine (runtime/shell.js describes engines): the SHA-2 family, the legacy
// hashes (SHA-1, MD5, RIPEMD-160) and BLAKE (BLAKE-224/256/384/512, with its `salt` option). Their kernels (docs/target-contract.md) only initialise a
// state, compress whole blocks and write the digest; this file does the rest, once for every hash
// of this shape: buffering, the 0x80 padding and the big- or little-endian length field,
// truncation (SHA-224, SHA-384, SHA-512/t take a prefix of `out`), four messages at once in SIMD
// lanes where the target has a four-lane compress function. BLAKE adds a salt (a region the
// kernel reads), a 1 bit before the length field, and a counter of message bits: its kernels
// count whole blocks themselves and take the padded last block(s) through `final(bits)`.
//
// Memory model. Each hash loads its own target instance on first use. No call leaves anything in
// that memory: a call copies a state in, runs the kernel, copies what it needs out and zeroes every
// byte of `state`, `out` and of `block` it may have touched, in a `finally`, so error paths wipe
// too. Streams keep their chaining state and partial block in JS-side Uint8Arrays between calls,
// so interleaving streams (or async hashing with other work) is safe.
import { Instance, Stream, copyOrNull, makeHash } from './shell.js';
import { bytesArg, isBytes, notBytes } from './checks.js';

// A hash of this shape: its kernel functions (init / compress / output, and the optional
// four-lane compress), block and output length, length field (bytes, little-endian?) and the
// DER-encoded OID where one is defined. Plain literals, so that bundlers drop the unused ones.
const nist = [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02]; // 2.16.840.1.101.3.4.2.x
const S256 = { module: 'sha2', blockLen: 64, compress: 'sha256_compress', output: 'sha256_output', lenBytes: 8, lenLE: false, compress4: 'sha256_compress4' };
const S512 = { module: 'sha2', blockLen: 128, compress: 'sha512_compress', output: 'sha512_output', lenBytes: 16, lenLE: false, compress4: null };
export const SHA224 = { ...S256, name: 'sha224', outputLen: 28, init: 'sha224_init', oid: [...nist, 4] };
export const SHA256 = { ...S256, name: 'sha256', outputLen: 32, init: 'sha256_init', oid: [...nist, 1] };
export const SHA384 = { ...S512, name: 'sha384', outputLen: 48, init: 'sha384_init', oid: [...nist, 2] };
export const SHA512 = { ...S512, name: 'sha512', outputLen: 64, init: 'sha512_init', oid: [...nist, 3] };
export const SHA512_224 = { ...S512, name: 'sha512_224', outputLen: 28, init: 'sha512_224_init', oid: [...nist, 5] };
export const SHA512_256 = { ...S512, name: 'sha512_256', outputLen: 32, init: 'sha512_256_init', oid: [...nist, 6] };
// The legacy hashes have no OIDs, as in @noble/hashes.
const legacy = (name, outputLen, lenLE) => ({
  module: 'legacy', name, blockLen: 64, outputLen, init: `${name}_init`, compress: `${name}_compress`,
  output: `${name}_output`, lenBytes: 8, lenLE, oid: null, compress4: null,
});
export const SHA1 = /* @__PURE__ */ legacy('sha1', 20, false);
export const MD5 = /* @__PURE__ */ legacy('md5', 16, true);
export const RIPEMD160 = /* @__PURE__ */ legacy('ripemd160', 20, true);
// BLAKE, final round (modules/blake1.js): `final` is the kernel function for the padded last
// block(s), `lenMarker` the bit set in the byte before the length field, `saltLen` the salt's
// length in bytes. No OIDs, as in @noble/hashes.
const blake = (name, outputLen, wide, lenMarker) => ({
  module: 'blake1', name, blockLen: wide ? 128 : 64, outputLen, init: `${name}_init`,
  compress: wide ? 'blake512_compress' : 'blake256_compress', output: wide ? 'blake512_output' : 'blake256_output',
  final: wide ? 'blake512_final' : 'blake256_final', lenBytes: wide ? 16 : 8, lenLE: false, lenMarker,
  saltLen: wide ? 32 : 16, oid: null, compress4: null,
});
export const BLAKE224 = /* @__PURE__ */ blake('blake224', 28, false, 0);
export const BLAKE256 = /* @__PURE__ */ blake('blake256', 32, false, 1);
export const BLAKE384 = /* @__PURE__ */ blake('blake384', 48, true, 0);
export const BLAKE512 = /* @__PURE__ */ blake('blake512', 64, true, 1);

/**
 * The hash function of `kind` over `target`: a generated target of kind.module, or the list of its
 * function descriptors the hash uses (what the entries pass, so that bundlers keep only those).
 */
export function mdHash(kind, target, platform = 'unknown') {
  const counted = kind.final !== undefined; // BLAKE: the kernel counts message bits
  const I = new Instance(kind.name, target, counted ? [kind.init, kind.compress, kind.output, kind.final] : [kind.init, kind.compress, kind.output]);
  target = I.target;
  // What a stream saves of the state region: the chaining value, and BLAKE's bit counter (a u64
  // at bytes 64..71).
  const SAVE = counted ? 80 : 64;
  const S = I.region('state', SAVE).offset;
  const SB = target.regions.state.bytes;
  const BO = I.region('block', 128).offset;
  const BB = target.regions.block.bytes;
  const O = I.region('out', 64).offset;
  const OB = target.regions.out.bytes;
  if (BB % 128 !== 0) throw new TypeError(`${kind.name}: the target's block region must be a multiple of 128 bytes`);
  const B = kind.blockLen;
  const L = kind.lenBytes;
  const SALT = counted ? kind.saltLen : 0;
  const SA = counted ? I.region('salt', SALT).offset : 0;

  // Optional per-batch regions (docs/target-contract.md): four interleaved SHA-256 states (word i
  // of lane m at word index 4 * i + m) and four equal parts of message blocks.
  const R = target.regions;
  const batch4 =
    kind.compress4 !== null && Array.isArray(target.functions) && target.functions.includes(kind.compress4) &&
    R.state4 && R.block4 && R.state4.bytes === 128 && R.block4.bytes % 256 === 0
      ? { S: R.state4.offset, B: R.block4.offset, laneBytes: R.block4.bytes / 4 }
      : null;

  // The kernel functions and views, bound on first use.
  let mem = null;
  let init = null;
  let compress = null;
  let output = null;
  let compress4 = null;
  let final = null;
  let outView = null;
  let stateView = null;
  function bind() {
    mem = I.mem;
    const f = I.fns;
    init = f[kind.init];
    compress = f[kind.compress];
    output = f[kind.output];
    final = counted ? f[kind.final] : null;
    compress4 = batch4 !== null && typeof f[kind.compress4] === 'function' && I.mem32 !== null ? f[kind.compress4] : null;
    outView = mem.subarray(O, O + kind.outputLen);
    stateView = mem.subarray(S, S + SAVE);
  }

  // ---- One kernel session: enter(); try { start; absorb*; finish } finally { leave(); }
  // Between enter and leave, the block region holds `filled` buffered message bytes at its start;
  // `dirty` is how many block bytes may be non-zero (the wipe bound).
  let filled = 0;
  let dirty = 0;
  function enter() {
    I.enter();
    if (mem !== I.mem) bind();
    filled = 0;
    dirty = 0;
  }
  function leave() {
    I.zero(BO, dirty);
    I.zero(S, SB);
    I.zero(O, OB);
    if (counted) I.zero(SA, SALT);
    filled = 0;
    dirty = 0;
    I.leave();
  }
  // Load the chaining state: the initial value, or a stream's saved copy; and BLAKE's salt (or
  // null: the region stays zero).
  function start(state, salt) {
    if (state === null) init();
    else mem.set(state, S);
    if (salt !== null) mem.set(salt, SA);
  }
  // Append `msg` to the buffered bytes, compressing whenever the block region is full.
  function absorb(msg) {
    const n = msg.length;
    if (filled + n <= BB) {
      // Common case (short messages): one copy, no subarray.
      if (filled + n > dirty) dirty = filled + n;
      mem.set(msg, BO + filled);
      filled += n;
      if (filled === BB) {
        compress(BB / B);
        filled = 0;
      }
      return;
    }
    for (let pos = 0; pos < n; ) {
      const take = Math.min(BB - filled, n - pos);
      if (filled + take > dirty) dirty = filled + take;
      mem.set(msg.subarray(pos, pos + take), BO + filled);
      filled += take;
      pos += take;
      if (filled === BB) {
        compress(BB / B);
        filled = 0;
      }
    }
  }
  // Append a stream's pending bytes src[0 .. n) (less than one block) at the start of a session:
  // a byte loop, since a subarray() for mem.set() costs more than copying under 128 bytes.
  function absorbPending(src, n) {
    if (n > dirty) dirty = n;
    for (let i = 0; i < n; i++) mem[BO + i] = src[i];
    filled = n;
  }
  // Bit length = total * 8 at mem[q .. q + 8), as a 64-bit number, big-endian (SHA-1, SHA-2: the
  // upper 64 bits of SHA-512's 128-bit field are zero since total < 2^53) or little-endian (MD5,
  // RIPEMD-160); split to stay exact in doubles.
  function writeBitLength(q, total) {
    const hi = Math.floor(total / 0x20000000);
    const lo = (total % 0x20000000) * 8;
    // Byte i of the field is byte (7 - i) of hi:lo big-endian, byte i little-endian.
    for (let i = 0; i < 8; i++) {
      const b = kind.lenLE ? i : 7 - i; // significance of the byte at q + i
      mem[q + i] = (b < 4 ? lo : hi) >>> (8 * (b & 3));
    }
  }
  // Pad the buffered tail of a `total`-byte message, compress it and write the digest into `out`.
  function finish(total) {
    if (counted) return finishCounted(total);
    if (filled + 1 + L > BB) {
      // No room for the padding behind the buffered bytes: compress the whole blocks first.
      const whole = filled - (filled % B);
      compress(whole / B);
      mem.copyWithin(BO, BO + whole, BO + filled);
      filled -= whole;
    }
    const end = (Math.floor((filled + L) / B) + 1) * B; // smallest multiple of B >= filled + 1 + L
    const p = BO + filled;
    mem[p] = 0x80;
    // Zero padding up to the length field. Block bytes at or past `dirty` are already zero: every
    // session leaves the block region zeroed and the kernel only reads it, so only bytes this call
    // wrote earlier (a previous fill of the region) need clearing.
    const stale = BO + Math.min(dirty, end - 8);
    if (stale > p + 1) mem.fill(0, p + 1, stale);
    if (end > dirty) dirty = end;
    writeBitLength(BO + end - 8, total);
    compress(end / B);
    output();
  }

  // BLAKE: the whole blocks go through compress (which counts them); the tail r < B bytes is
  // padded to one block, or two when the marker and length field do not fit behind it, and each
  // goes through final(bits) with the message bits it holds (r * 8, then 0 for a block of padding
  // only: the kernel then uses counter 0, as the spec says).
  function finishCounted(total) {
    const whole = filled - (filled % B);
    if (whole > 0) {
      compress(whole / B);
      mem.copyWithin(BO, BO + whole, BO + filled);
      filled -= whole;
    }
    const r = filled;
    const end = r + 1 + L <= B ? B : 2 * B;
    mem.fill(0, BO + r, BO + end);
    if (end > dirty) dirty = end;
    mem[BO + r] = 0x80;
    mem[BO + end - L - 1] |= kind.lenMarker;
    writeBitLength(BO + end - 8, total);
    final(r * 8);
    if (end > B) {
      mem.copyWithin(BO, BO + B, BO + 2 * B);
      final(0);
    }
    output();
  }

  // ---- Streams: chaining state and partial block live in JS between calls.
  class MdStream extends Stream {
    constructor(params) {
      super(spec, kind.outputLen);
      this._salt = params !== null && params.salt !== null ? params.salt.slice() : null; // BLAKE
      this._state = null; // null: initial value (not yet computed)
      this._buf = new Uint8Array(B); // pending bytes of an incomplete block
      this._bufLen = 0;
      this._length = 0; // message bytes so far
    }
    _wipe() {
      if (this._state !== null) this._state.fill(0);
      this._buf.fill(0);
      this._bufLen = 0;
      if (this._salt !== null) this._salt.fill(0);
    }
    _update(msg) {
      const n = msg.length;
      const have = this._bufLen;
      if (have + n < B) {
        this._buf.set(msg, have);
        this._bufLen = have + n;
        this._length += n;
        return;
      }
      enter();
      try {
        start(this._state, this._salt);
        absorbPending(this._buf, have);
        absorb(msg);
        const rest = filled % B;
        const whole = filled - rest;
        if (whole > 0) compress(whole / B);
        const buf = this._buf;
        for (let i = 0; i < rest; i++) buf[i] = mem[BO + whole + i];
        this._bufLen = rest;
        if (this._state === null) this._state = new Uint8Array(SAVE);
        this._state.set(stateView);
        this._length += n;
      } finally {
        leave();
      }
    }
    _finish(dst, pos) {
      enter();
      try {
        start(this._state, this._salt);
        absorbPending(this._buf, this._bufLen);
        finish(this._length);
        dst.set(outView, pos);
      } finally {
        leave();
      }
    }
    _blank() {
      return new MdStream(null);
    }
    _copyTo(to) {
      to._state = copyOrNull(this._state, to._state);
      to._buf.set(this._buf);
      to._bufLen = this._bufLen;
      to._length = this._length;
      to._salt = copyOrNull(this._salt, to._salt);
    }
  }

  // Writes blocks [first, first + n) of msg's padded form (the message, 0x80, zeros, the 64-bit
  // big-endian bit length) to mem[dst ..). For SHA-224/256 (64-byte blocks).
  function writePadded(msg, nb, first, n, dst) {
    const len = msg.length;
    const a = first * 64;
    const e = a + n * 64;
    if (a < len) mem.set(len <= e && a === 0 ? msg : msg.subarray(a, Math.min(len, e)), dst);
    for (let p = Math.max(a, len); p < e; p++) mem[dst + p - a] = 0;
    if (len >= a && len < e) mem[dst + len - a] = 0x80;
    const q = nb * 64 - 8;
    if (q >= a && q < e) writeBitLength(dst + q - a, len);
  }

  // Four messages list[i0 .. i0 + 4): the blocks all four have run in SIMD lanes (compress4),
  // then each lane's state goes back to the scalar state region for its remaining blocks and the
  // digest. Called between enter() and leave(); wipes the batch regions itself (leave() wipes
  // state, block and out).
  function lanes4(list, i0, outs, res) {
    const m32 = I.mem32;
    const { S: S4, B: B4, laneBytes } = batch4;
    const laneBlocks = laneBytes / 64;
    const nb = [0, 0, 0, 0];
    let common = Infinity;
    for (let m = 0; m < 4; m++) {
      nb[m] = Math.floor((list[i0 + m].length + 8) / 64) + 1; // padded length in blocks
      if (nb[m] < common) common = nb[m];
    }
    let written = 0;
    try {
      init();
      for (let w = 0; w < 8; w++) {
        const v = m32[(S >> 2) + w];
        for (let m = 0; m < 4; m++) m32[(S4 >> 2) + 4 * w + m] = v;
      }
      let done = 0;
      while (done < common) {
        const n = Math.min(common - done, laneBlocks);
        for (let m = 0; m < 4; m++) writePadded(list[i0 + m], nb[m], done, n, B4 + m * laneBytes);
        if (n * 64 > written) written = n * 64;
        compress4(n);
        done += n;
      }
      const blocksPerCall = BB / 64;
      for (let m = 0; m < 4; m++) {
        for (let w = 0; w < 8; w++) m32[(S >> 2) + w] = m32[(S4 >> 2) + 4 * w + m];
        for (let pos = done; pos < nb[m]; ) {
          const n = Math.min(nb[m] - pos, blocksPerCall);
          writePadded(list[i0 + m], nb[m], pos, n, BO);
          if (n * 64 > dirty) dirty = n * 64;
          compress(n);
          pos += n;
        }
        output();
        const i = i0 + m;
        if (outs === null) res[i] = outView.slice();
        else {
          const [d, p] = outs[i];
          d.set(outView, p);
          res[i] = p === 0 && d.length === kind.outputLen ? d : d.subarray(p, p + kind.outputLen);
        }
      }
    } finally {
      I.zero(S4, 128);
      for (let m = 0; m < 4; m++) I.zero(B4 + m * laneBytes, written);
    }
  }

  const spec = {
    name: kind.name, module: kind.module, platform, blockLen: B, outputLen: kind.outputLen,
    canXOF: false, oid: kind.oid, dkLen: null,
    options: counted ? {
      salt(v, params) {
        if (!isBytes(v)) throw notBytes('opts.salt', v);
        const b = bytesArg(v, 'opts.salt');
        if (b.length !== SALT) throw new RangeError(`"opts.salt" must be ${SALT} bytes for ${kind.name}, got ${b.length}`);
        params.salt = b;
      },
    } : null,
    params: () => ({ salt: null }),
    run(msg, list, params, dkLen, dst, pos) {
      enter();
      try {
        start(null, params === null ? null : params.salt);
        let total = 0;
        if (msg !== null) {
          absorb(msg);
          total = msg.length;
        } else {
          for (let i = 0; i < list.length; i++) {
            absorb(list[i]);
            total += list[i].length;
          }
        }
        finish(total);
        dst.set(outView, pos);
      } finally {
        leave();
      }
    },
    stream: (params) => new MdStream(params),
    parallel: batch4 === null ? undefined : (list, params, dkLen, outs, res) => {
      let first = 0;
      for (; first + 4 <= list.length; first += 4) {
        enter();
        try {
          if (compress4 === null) break; // this instance cannot (memory not word-aligned)
          lanes4(list, first, outs, res);
        } finally {
          leave();
        }
      }
      return first;
    },
    instance: I,
  };
  return makeHash(spec);
}

const family = (kinds, target, platform) => {
  const res = {};
  for (const k of kinds) res[k.name] = mdHash(k, target, platform);
  return res;
};
/** The six SHA-2 hashes over one target (tests; entries build each hash on its own). */
export const sha2Hashes = (target, platform) =>
  family([SHA224, SHA256, SHA384, SHA512, SHA512_224, SHA512_256], target, platform);
/** sha1, md5 and ripemd160 over one target (tests). */
export const legacyHashes = (target, platform) => family([SHA1, MD5, RIPEMD160], target, platform);
/** blake224, blake256, blake384 and blake512 over one target (tests). */
export const blake1Hashes = (target, platform) => family([BLAKE224, BLAKE256, BLAKE384, BLAKE512], target, platform);
