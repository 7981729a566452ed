// The sponge engine (runtime/shell.js describes engines): SHA3-224/256/384/512, Keccak-224/256/
// 384/512 and the SHAKE128/SHAKE256 XOFs (FIPS 202) over the Keccak-f[1600] kernels of
// modules/sha3.js (docs/target-contract.md). The kernels XOR whole blocks into the state and
// permute; this file does the rest, once for every sponge hash: buffering, the padding (the
// domain byte — 0x06 SHA-3, 0x01 Keccak, 0x1f SHAKE — after the message and 0x80 XORed into the
// last byte of the block), and squeezing any number of output bytes by reading the state, with a
// permutation between blocks of `rate` bytes.
//
// Memory model, as runtime/md.js: each hash loads its own target instance on first use, and no
// call leaves anything in that memory (a `finally` zeroes `state` and every `block` byte the call
// may have written). Streams keep the 200-byte state, the partial block and, once squeezing, the
// position in the current output block in JS between calls.
import { Instance, Stream, copyOrNull, makeHash } from './shell.js';

// A hash of this shape: rate (bytes per block), domain byte, default output length, whether it is
// an XOF (then opts.dkLen may be any non-negative safe integer), and the DER-encoded OID where
// NIST defines one (2.16.840.1.101.3.4.2.7 .. 12). Plain literals, so bundlers drop unused ones.
const nist = [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02]; // 2.16.840.1.101.3.4.2.x
const sponge = (name, rate, domain, outputLen, xof, oid) => ({ module: 'sha3', name, rate, domain, outputLen, xof, oid });
export const SHA3_224 = /* @__PURE__ */ sponge('sha3_224', 144, 0x06, 28, false, [...nist, 7]);
export const SHA3_256 = /* @__PURE__ */ sponge('sha3_256', 136, 0x06, 32, false, [...nist, 8]);
export const SHA3_384 = /* @__PURE__ */ sponge('sha3_384', 104, 0x06, 48, false, [...nist, 9]);
export const SHA3_512 = /* @__PURE__ */ sponge('sha3_512', 72, 0x06, 64, false, [...nist, 10]);
// The Keccak submission's padding (as Ethereum uses it); no OIDs, as in @noble/hashes.
export const KECCAK_224 = /* @__PURE__ */ sponge('keccak_224', 144, 0x01, 28, false, null);
export const KECCAK_256 = /* @__PURE__ */ sponge('keccak_256', 136, 0x01, 32, false, null);
export const KECCAK_384 = /* @__PURE__ */ sponge('keccak_384', 104, 0x01, 48, false, null);
export const KECCAK_512 = /* @__PURE__ */ sponge('keccak_512', 72, 0x01, 64, false, null);
// SHAKE with @noble/hashes' default output lengths: 16 and 32 bytes, and the NIST-strength 32 and
// 64 bytes of shake128_32 and shake256_64 (same functions, same OIDs).
export const SHAKE128 = /* @__PURE__ */ sponge('shake128', 168, 0x1f, 16, true, [...nist, 11]);
export const SHAKE256 = /* @__PURE__ */ sponge('shake256', 136, 0x1f, 32, true, [...nist, 12]);
export const SHAKE128_32 = /* @__PURE__ */ sponge('shake128_32', 168, 0x1f, 32, true, [...nist, 11]);
export const SHAKE256_64 = /* @__PURE__ */ sponge('shake256_64', 136, 0x1f, 64, true, [...nist, 12]);

const STATE_BYTES = 200; // 25 lanes of 64 bits

/**
 * The hash function of `kind` over `target`: a generated target of modules/sha3.js, or the list of
 * its function descriptors (`[sha3.$keccak_absorb]`, what the entries pass).
 */
export function spongeHash(kind, target, platform = 'unknown') {
  const I = new Instance(kind.name, target);
  target = I.target;
  const S = I.region('state', 208).offset;
  const SB = target.regions.state.bytes;
  const BO = I.region('block', 1024).offset;
  const R = kind.rate;
  const RW = R / 8;
  // The block region holds whole blocks only: `cap` bytes are absorbed per kernel call.
  const CAP = Math.floor(target.regions.block.bytes / R) * R;
  const D = kind.domain;

  // The kernel functions, bound on first use.
  let mem = null;
  let absorbBlocks = null;
  let stateView = null;
  let outView = null; // the state's first outputLen bytes: a whole default-length digest
  function bind() {
    mem = I.mem;
    absorbBlocks = I.fns.keccak_absorb;
    stateView = mem.subarray(S, S + STATE_BYTES);
    outView = mem.subarray(S, S + kind.outputLen);
  }

  // ---- One kernel session: enter(); try { start; absorb*; finish; squeeze* } finally { leave(); }
  // Between enter and leave, the block region holds `filled` buffered message bytes at its start;
  // `dirty` is how many block bytes may be non-zero (the wipe bound); `outPos` is how many bytes of
  // the state's current output block were already squeezed.
  let filled = 0;
  let dirty = 0;
  let outPos = 0;
  function enter() {
    I.enter();
    if (mem !== I.mem) bind();
    filled = 0;
    dirty = 0;
    outPos = 0;
  }
  function leave() {
    // The state region ends where `block` starts in the targets' layout: one wipe for both.
    if (S + SB === BO) I.zero(S, SB + dirty);
    else {
      I.zero(BO, dirty);
      I.zero(S, SB);
    }
    filled = 0;
    dirty = 0;
    outPos = 0;
    I.leave();
  }
  // The state: all zero (every session leaves it so), or a stream's saved copy.
  function start(state) {
    if (state !== null) mem.set(state, S);
  }
  // Append `msg` to the buffered bytes, absorbing whenever the block region is full.
  function absorb(msg) {
    const n = msg.length;
    for (let pos = 0; pos < n; ) {
      const take = Math.min(CAP - filled, n - pos);
      if (filled + take > dirty) dirty = filled + take;
      mem.set(take === n ? msg : msg.subarray(pos, pos + take), BO + filled);
      filled += take;
      pos += take;
      if (filled === CAP) {
        absorbBlocks(CAP / R, RW);
        filled = 0;
      }
    }
  }
  // A stream's pending bytes src[0 .. n) (less than one block) at the start of a session.
  function absorbPending(src, n) {
    if (n > dirty) dirty = n;
    for (let i = 0; i < n; i++) mem[BO + i] = src[i];
    filled = n;
  }
  // Pad the buffered tail (filled < CAP, so the padded block fits) and absorb it: the state then
  // holds the first output block.
  function finish() {
    const end = (Math.floor(filled / R) + 1) * R;
    const p = BO + filled;
    // Bytes at or past `dirty` are zero already (every session leaves the block region zeroed and
    // the kernel only reads it); those this call wrote before (an earlier fill) are cleared.
    const stale = BO + Math.min(dirty, end);
    if (stale > p + 1) mem.fill(0, p + 1, stale);
    if (end > dirty) dirty = end;
    mem[p] = D;
    mem[BO + end - 1] ^= 0x80; // the same byte as the domain's when filled = end - 1
    absorbBlocks(end / R, RW);
    outPos = 0;
  }
  // The next `len` output bytes to dst[pos ..], permuting between blocks of R bytes.
  function squeeze(dst, pos, len) {
    for (let done = 0; done < len; ) {
      if (outPos === R) {
        absorbBlocks(1, 0); // no message words: one permutation
        outPos = 0;
      }
      const take = Math.min(R - outPos, len - done);
      // A subarray() for set() costs more than a byte loop for short pieces; a whole digest of the
      // default length is one set() from a view made once (a byte loop took about 2 ns a byte:
      // 60-100 ns of a 32-byte sha3_256 call).
      if (outPos === 0 && take === kind.outputLen) dst.set(outView, pos + done);
      else if (take >= 64) dst.set(stateView.subarray(outPos, outPos + take), pos + done);
      else for (let i = 0; i < take; i++) dst[pos + done + i] = mem[S + outPos + i];
      outPos += take;
      done += take;
    }
  }

  // ---- Streams: the state and partial block (absorbing) or the output position (squeezing) live
  // in JS between calls.
  class SpongeStream extends Stream {
    constructor(dkLen) {
      super(spec, dkLen);
      this._state = null; // null: all zero (nothing absorbed yet)
      this._buf = new Uint8Array(R); // pending bytes of an incomplete block
      this._bufLen = 0;
      this._squeezing = false; // padded and absorbed: _state holds output, _outPos bytes of it used
      this._outPos = 0;
    }
    _wipe() {
      if (this._state !== null) this._state.fill(0);
      this._buf.fill(0);
      this._bufLen = 0;
      this._outPos = 0;
    }
    _save() {
      if (this._state === null) this._state = new Uint8Array(STATE_BYTES);
      this._state.set(stateView);
    }
    _update(msg) {
      const n = msg.length;
      const have = this._bufLen;
      if (have + n < R) {
        this._buf.set(msg, have);
        this._bufLen = have + n;
        return;
      }
      enter();
      try {
        start(this._state);
        absorbPending(this._buf, have);
        absorb(msg);
        const rest = filled % R;
        const whole = filled - rest;
        if (whole > 0) absorbBlocks(whole / R, RW);
        const buf = this._buf;
        for (let i = 0; i < rest; i++) buf[i] = mem[BO + whole + i];
        this._bufLen = rest;
        this._save();
      } finally {
        leave();
      }
    }
    // Output bytes: the first call pads and absorbs the pending bytes; later calls continue.
    _squeeze(dst, pos, len) {
      enter();
      try {
        start(this._state);
        if (!this._squeezing) {
          absorbPending(this._buf, this._bufLen);
          finish();
          this._buf.fill(0);
          this._bufLen = 0;
          this._squeezing = true;
        } else outPos = this._outPos;
        squeeze(dst, pos, len);
        this._outPos = outPos;
        this._save();
      } finally {
        leave();
      }
    }
    _finish(dst, pos, len) {
      this._squeeze(dst, pos, len);
    }
    // State export (runtime/state.js): the position (bytes buffered, or squeezing: bytes of the
    // output block used), the 200-byte state (zeros before the first permutation), the buffer.
    _saveState(w) {
      const sq = this._squeezing;
      w.int(sq ? this._outPos : this._bufLen, 1).bytes(this._state || new Uint8Array(STATE_BYTES));
      if (!sq) w.bytes(this._buf.subarray(0, this._bufLen));
    }
    _loadState(r, status) {
      const pos = r.int(1, status ? R : R - 1, 'position');
      this._state = r.bytes(STATE_BYTES).slice();
      if ((this._squeezing = status === 1)) this._outPos = pos;
      else this._buf.set(r.bytes((this._bufLen = pos)));
    }
    _blank() {
      return new SpongeStream(this.outputLen);
    }
    _copyTo(to) {
      to._state = copyOrNull(this._state, to._state);
      to._buf.set(this._buf);
      to._bufLen = this._bufLen;
      to._squeezing = this._squeezing;
      to._outPos = this._outPos;
    }
  }

  const spec = {
    name: kind.name, module: kind.module, platform, blockLen: R, outputLen: kind.outputLen,
    canXOF: kind.xof, oid: kind.oid, dkLen: kind.xof ? [0, Number.MAX_SAFE_INTEGER] : null,
    options: null, params: null,
    run(msg, list, params, dkLen, dst, pos) {
      enter();
      try {
        if (msg !== null) absorb(msg);
        else for (let i = 0; i < list.length; i++) absorb(list[i]);
        finish();
        squeeze(dst, pos, dkLen);
      } finally {
        leave();
      }
    },
    stream: (params, dkLen) => new SpongeStream(dkLen),
    instance: I,
  };
  return makeHash(spec);
}

/** Every sponge hash over one target (tests; entries build each hash on its own). */
export function sha3Hashes(target, platform) {
  const res = {};
  for (const k of [SHA3_224, SHA3_256, SHA3_384, SHA3_512, KECCAK_224, KECCAK_256, KECCAK_384, KECCAK_512,
    SHAKE128, SHAKE256, SHAKE128_32, SHAKE256_64])
    res[k.name] = spongeHash(k, target, platform);
  return res;
}
