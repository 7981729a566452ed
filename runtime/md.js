// The Merkle–Damgård engine (runtime/shell.js describes engines): the SHA-2 family and the legacy
// hashes (SHA-1, MD5, RIPEMD-160). Their kernels (docs/target-contract.md) only initialise a
// state, compress whole blocks and write the digest; this file does the rest, once for every hash
// of this shape: buffering, the 0x80 padding and the big- or little-endian length field,
// truncation (SHA-224, SHA-384, SHA-512/t take a prefix of `out`), four messages at once in SIMD
// lanes where the target has a four-lane compress function.
//
// Memory model. Each hash loads its own target instance on first use. No call leaves anything in
// that memory: a call copies a state in, runs the kernel, copies what it needs out and zeroes every
// byte of `state`, `out` and of `block` it may have touched, in a `finally`, so error paths wipe
// too. Streams keep their chaining state and partial block in JS-side Uint8Arrays between calls,
// so interleaving streams (or async hashing with other work) is safe.
import { Instance, Stream, makeHash } from './shell.js';

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

/**
 * The hash function of `kind` over `target`: a generated target of kind.module, or the list of its
 * function descriptors the hash uses (what the entries pass, so that bundlers keep only those).
 */
export function mdHash(kind, target, platform = 'unknown') {
  const I = new Instance(kind.name, target, [kind.init, kind.compress, kind.output]);
  target = I.target;
  const S = I.region('state', 64).offset;
  const SB = target.regions.state.bytes;
  const BO = I.region('block', 128).offset;
  const BB = target.regions.block.bytes;
  const O = I.region('out', 64).offset;
  const OB = target.regions.out.bytes;
  if (BB % 128 !== 0) throw new TypeError(`${kind.name}: the target's block region must be a multiple of 128 bytes`);
  const B = kind.blockLen;
  const L = kind.lenBytes;

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
  let outView = null;
  let stateView = null;
  function bind() {
    mem = I.mem;
    const f = I.fns;
    init = f[kind.init];
    compress = f[kind.compress];
    output = f[kind.output];
    compress4 = batch4 !== null && typeof f[kind.compress4] === 'function' && I.mem32 !== null ? f[kind.compress4] : null;
    outView = mem.subarray(O, O + kind.outputLen);
    stateView = mem.subarray(S, S + 64);
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
    filled = 0;
    dirty = 0;
    I.leave();
  }
  // Load the chaining state: the initial value, or a stream's saved copy.
  function start(state) {
    if (state === null) init();
    else mem.set(state, S);
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

  // ---- Streams: chaining state and partial block live in JS between calls.
  class MdStream extends Stream {
    constructor() {
      super(spec, kind.outputLen);
      this._state = null; // null: initial value (not yet computed)
      this._buf = new Uint8Array(B); // pending bytes of an incomplete block
      this._bufLen = 0;
      this._length = 0; // message bytes so far
    }
    _wipe() {
      if (this._state !== null) this._state.fill(0);
      this._buf.fill(0);
      this._bufLen = 0;
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
        start(this._state);
        absorbPending(this._buf, have);
        absorb(msg);
        const rest = filled % B;
        const whole = filled - rest;
        if (whole > 0) compress(whole / B);
        const buf = this._buf;
        for (let i = 0; i < rest; i++) buf[i] = mem[BO + whole + i];
        this._bufLen = rest;
        if (this._state === null) this._state = new Uint8Array(64);
        this._state.set(stateView);
        this._length += n;
      } finally {
        leave();
      }
    }
    _finish(dst, pos) {
      enter();
      try {
        start(this._state);
        absorbPending(this._buf, this._bufLen);
        finish(this._length);
        dst.set(outView, pos);
      } finally {
        leave();
      }
    }
    _blank() {
      return new MdStream();
    }
    _copyTo(to) {
      if (this._state === null) {
        if (to._state !== null) to._state.fill(0);
        to._state = null;
      } else if (to._state === null) {
        to._state = this._state.slice();
      } else {
        to._state.set(this._state);
      }
      to._buf.set(this._buf);
      to._bufLen = this._bufLen;
      to._length = this._length;
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
    canXOF: false, oid: kind.oid, dkLen: null, options: null, params: null,
    run(msg, list, params, dkLen, dst, pos) {
      enter();
      try {
        start(null);
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
    stream: () => new MdStream(),
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
    memory: () => {
      if (I.mem === null) I.load();
      return I.mem;
    },
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
