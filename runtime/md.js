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
// four-lane compress), block and output length, length field (bytes, little-endian?), the bytes
// its kernels keep in `state` and write to `out` (stateLen: what a call wipes and a stream saves)
// and the DER-encoded OID where one is defined. Pure calls, so that bundlers drop the unused ones.
const nist = (i) => [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, i]; // 2.16.840.1.101.3.4.2.i
const sha2 = (name, outputLen, wide, oid) => ({
  module: 'sha2', name, blockLen: wide ? 128 : 64, outputLen, init: `${name}_init`,
  compress: wide ? 'sha512_compress' : 'sha256_compress', output: wide ? 'sha512_output' : 'sha256_output',
  lenBytes: wide ? 16 : 8, lenLE: false, oid: nist(oid), stateLen: wide ? 64 : 32,
});
export const SHA224 = /* @__PURE__ */ sha2('sha224', 28, false, 4);
export const SHA256 = /* @__PURE__ */ sha2('sha256', 32, false, 1);
export const SHA384 = /* @__PURE__ */ sha2('sha384', 48, true, 2);
export const SHA512 = /* @__PURE__ */ sha2('sha512', 64, true, 3);
export const SHA512_224 = /* @__PURE__ */ sha2('sha512_224', 28, true, 5);
export const SHA512_256 = /* @__PURE__ */ sha2('sha512_256', 32, true, 6);
// SHA-224/256 whose parallel() runs four messages at once in SIMD lanes where the target has the
// four-lane compress function (the wasm backends): an opt-in (the entries' sha224_lanes and
// sha256_lanes), so that a plain sha256 import does not carry that kernel and lanes4 below.
const withLanes = (kind) => ({ ...kind, compress4: 'sha256_compress4', lanes: lanes4, batch: batchRegions });

// The optional per-batch regions of a target (docs/target-contract.md) that lanes4 uses: four
// interleaved SHA-256 states (word i of lane m at word index 4 * i + m) and four equal parts of
// message blocks; null when the target lacks them or the four-lane function (js, runtime).
function batchRegions(target, kind) {
  const R = target.regions;
  return target.functions.includes(kind.compress4) && R.state4 && R.block4 && R.state4.bytes === 128 && R.block4.bytes % 256 === 0
    ? { S4: R.state4.offset, B4: R.block4.offset, laneBytes: R.block4.bytes / 4 }
    : null;
}
export const SHA224_LANES = /* @__PURE__ */ withLanes(SHA224);
export const SHA256_LANES = /* @__PURE__ */ withLanes(SHA256);
// The legacy hashes have no OIDs, as in @noble/hashes.
const legacy = (name, outputLen, lenLE) => ({
  module: 'legacy', name, blockLen: 64, outputLen, init: `${name}_init`, compress: `${name}_compress`,
  output: `${name}_output`, lenBytes: 8, lenLE, oid: null, stateLen: outputLen,
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
  final: wide ? 'blake512_final' : 'blake256_final', lenBytes: wide ? 16 : 8, lenLE: false, lenMarker, stateLen: 80,
  saltLen: wide ? 32 : 16, oid: null, finish: finishCounted,
  options: {
    salt(v, params) {
      if (!isBytes(v)) throw notBytes('opts.salt', v);
      const b = bytesArg(v, 'opts.salt');
      if (b.length !== (wide ? 32 : 16)) throw new RangeError(`"opts.salt" must be ${wide ? 32 : 16} bytes for ${name}, got ${b.length}`);
      params.salt = b;
    },
  },
});
export const BLAKE224 = /* @__PURE__ */ blake('blake224', 28, false, 0);
export const BLAKE256 = /* @__PURE__ */ blake('blake256', 32, false, 1);
export const BLAKE384 = /* @__PURE__ */ blake('blake384', 48, true, 0);
export const BLAKE512 = /* @__PURE__ */ blake('blake512', 64, true, 1);

// Bit length = total * 8 at bytes q .. q + 8 of the DataView dv (over the instance's memory), as a
// 64-bit number, big-endian (SHA-1, SHA-2: the upper 64 bits of SHA-512's 128-bit field are zero
// since total < 2^53) or little-endian (MD5, RIPEMD-160); split to stay exact in doubles.
function writeBitLength(dv, q, total, le) {
  const hi = Math.floor(total / 0x20000000);
  const lo = (total % 0x20000000) * 8;
  dv.setUint32(q, le ? lo : hi, le);
  dv.setUint32(q + 4, le ? hi : lo, le);
}

// Writes blocks [first, first + n) of msg's padded form (the message, 0x80, zeros, the 64-bit
// big-endian bit length) to mem[dst ..). For SHA-224/256 (64-byte blocks).
function writePadded(mem, dv, msg, nb, first, n, dst) {
  const len = msg.length;
  const a = first * 64;
  const e = a + n * 64;
  if (a < len) mem.set(len <= e && a === 0 ? msg : msg.subarray(a, Math.min(len, e)), dst);
  for (let p = Math.max(a, len); p < e; p++) mem[dst + p - a] = 0;
  if (len >= a && len < e) mem[dst + len - a] = 0x80;
  const q = nb * 64 - 8;
  if (q >= a && q < e) writeBitLength(dv, dst + q - a, len, false);
}

// Four messages list[i0 .. i0 + 4) of a SHA-224/256 `kind` with lanes: the blocks all four have
// run in SIMD lanes (compress4), then each lane's state goes back to the scalar state region for
// its remaining blocks and the digest. `e` is the engine's bound instance (mdHash's `e`); called
// between its enter() and leave(); wipes the batch regions itself (leave() wipes state, block and
// out, up to what e.touch() was told).
function lanes4(e, list, i0, outs, res) {
  const { mem, m32, S, BO, BB, S4, B4, laneBytes, outView, compress, output } = e;
  const len = e.kind.outputLen;
  const nb = [0, 0, 0, 0];
  let common = Infinity;
  for (let m = 0; m < 4; m++) {
    nb[m] = Math.floor((list[i0 + m].length + 8) / 64) + 1; // padded length in blocks
    if (nb[m] < common) common = nb[m];
  }
  let written = 0;
  try {
    e.init();
    for (let w = 0; w < 8; w++) {
      const v = m32[(S >> 2) + w];
      for (let m = 0; m < 4; m++) m32[(S4 >> 2) + 4 * w + m] = v;
    }
    let done = 0;
    while (done < common) {
      const n = Math.min(common - done, laneBytes / 64);
      if (n * 64 > written) written = n * 64; // the wipe bound first, then the bytes
      for (let m = 0; m < 4; m++) writePadded(mem, e.dv, list[i0 + m], nb[m], done, n, B4 + m * laneBytes);
      e.compress4(n);
      done += n;
    }
    for (let m = 0; m < 4; m++) {
      for (let w = 0; w < 8; w++) m32[(S >> 2) + w] = m32[(S4 >> 2) + 4 * w + m];
      for (let pos = done; pos < nb[m]; ) {
        const n = Math.min(nb[m] - pos, BB / 64);
        e.touch(n * 64);
        writePadded(mem, e.dv, list[i0 + m], nb[m], pos, n, BO);
        compress(n);
        pos += n;
      }
      output();
      const i = i0 + m;
      if (outs === null) res[i] = outView.slice();
      else {
        const [d, p] = outs[i];
        d.set(outView, p);
        res[i] = p === 0 && d.length === len ? d : d.subarray(p, p + len);
      }
    }
  } finally {
    m32.fill(0, S4 >> 2, (S4 >> 2) + 32);
    for (let m = 0; m < 4; m++) mem.fill(0, B4 + m * laneBytes, B4 + m * laneBytes + written);
  }
}

// BLAKE: the whole blocks go through compress (which counts them); the tail r < B bytes is
// padded to one block, or two when the marker and length field do not fit behind it, and each
// goes through final(bits) with the message bits it holds (r * 8, then 0 for a block of padding
// only: the kernel then uses counter 0, as the spec says). `e` is the engine's bound instance
// (mdHash), `filled` the bytes buffered in its block region.
function finishCounted(e, filled, total) {
  const { mem, BO, kind, compress, final } = e;
  const B = kind.blockLen;
  const L = kind.lenBytes;
  const whole = filled - (filled % B);
  if (whole > 0) {
    compress(whole / B);
    mem.copyWithin(BO, BO + whole, BO + filled);
  }
  const r = filled - whole;
  const end = r + 1 + L <= B ? B : 2 * B;
  e.touch(end);
  mem.fill(0, BO + r, BO + end);
  mem[BO + r] = 0x80;
  mem[BO + end - L - 1] |= kind.lenMarker;
  writeBitLength(e.dv, BO + end - 8, total, false);
  final(r * 8);
  if (end > B) {
    mem.copyWithin(BO, BO + B, BO + 2 * B);
    final(0);
  }
  e.output();
}

/**
 * The hash function of `kind` over `target`: a generated target of kind.module, or the list of its
 * function descriptors the hash uses (what the entries pass, so that bundlers keep only those).
 */
export function mdHash(kind, target, platform = 'unknown') {
  const counted = kind.finish !== undefined; // BLAKE: the kernel counts message bits
  const I = new Instance(kind.name, target);
  target = I.target;
  // What the kernels keep in the state region (and write to `out`), which a stream saves: the
  // chaining value, and BLAKE's bit counter (a u64 at bytes 64..71).
  const SAVE = kind.stateLen;
  const S = I.region('state', SAVE).offset;
  const BO = I.region('block', 128).offset;
  const BB = target.regions.block.bytes;
  const O = I.region('out', 64).offset;
  const OB = target.regions.out.bytes;
  const B = kind.blockLen;
  const L = kind.lenBytes;
  const SALT = counted ? kind.saltLen : 0;
  const SA = counted ? I.region('salt', SALT).offset : 0;

  const batch4 = kind.lanes === undefined ? null : kind.batch(target, kind);

  // The kernel functions and views, bound on first use.
  let mem = null;
  let init = null;
  let compress = null;
  let output = null;
  let final = null;
  let outView = null;
  let stateView = null;
  let dv = null;
  function bind() {
    mem = I.mem;
    const f = I.fns;
    init = f[kind.init];
    compress = f[kind.compress];
    output = f[kind.output];
    final = f[kind.final];
    outView = mem.subarray(O, O + kind.outputLen);
    stateView = mem.subarray(S, S + SAVE);
    dv = new DataView(mem.buffer, mem.byteOffset, mem.length);
    // What lanes4 and BLAKE's finish use.
    e = {
      ...batch4, mem, dv, m32: I.mem32, kind, S, BO, BB, init, compress, output, final, outView, compress4: f[kind.compress4],
      touch: (n) => { if (n > dirty) dirty = n; },
    };
  }
  let e = null;

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
    I.zero(S, SAVE);
    I.zero(O, SAVE < OB ? SAVE : OB);
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
    for (let pos = 0; pos < n; ) {
      const take = Math.min(BB - filled, n - pos);
      if (filled + take > dirty) dirty = filled + take;
      mem.set(take === n ? msg : msg.subarray(pos, pos + take), BO + filled); // short messages: no subarray
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
  // Pad the buffered tail of a `total`-byte message, compress it and write the digest into `out`.
  function finish(total) {
    if (counted) return kind.finish(e, filled, total);
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
    writeBitLength(dv, BO + end - 8, total, kind.lenLE);
    compress(end / B);
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

  const spec = {
    name: kind.name, module: kind.module, platform, blockLen: B, outputLen: kind.outputLen,
    canXOF: false, oid: kind.oid, dkLen: null,
    options: kind.options || null,
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
    // runtime/state.js keeps this engine's stream codec (so that bundles without state export
    // carry none of it) and reads the kind and the initial chaining state from here.
    md: kind,
    initial() {
      enter();
      try {
        init();
        return stateView.slice();
      } finally {
        leave();
      }
    },
    parallel: batch4 === null ? undefined : (list, params, dkLen, outs, res) => {
      let first = 0;
      for (; first + 4 <= list.length; first += 4) {
        enter();
        try {
          if (typeof e.compress4 !== 'function' || e.m32 === null) break; // this instance cannot (memory not word-aligned)
          kind.lanes(e, list, first, outs, res);
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
/** The six SHA-2 hashes over one target, SHA-224/256 with lanes (tests; entries build each hash on its own). */
export const sha2Hashes = (target, platform) =>
  family([SHA224_LANES, SHA256_LANES, SHA384, SHA512, SHA512_224, SHA512_256], target, platform);
/** sha1, md5 and ripemd160 over one target (tests). */
export const legacyHashes = (target, platform) => family([SHA1, MD5, RIPEMD160], target, platform);
/** blake224, blake256, blake384 and blake512 over one target (tests). */
export const blake1Hashes = (target, platform) => family([BLAKE224, BLAKE256, BLAKE384, BLAKE512], target, platform);
