// The BLAKE2 engine (runtime/shell.js describes engines): BLAKE2b and BLAKE2s (RFC 7693) with
// their options `key`, `salt`, `personalization` and `dkLen`. The kernels (modules/blake2.js,
// docs/target-contract.md) set the parameter block's first word, compress non-final blocks with
// the byte counter and compress the last block with the last-block flag; this file does the rest:
// the salt and personalization (XORed into h[4..7]), the key block (the key zero-padded to a whole
// block, hashed before the message), buffering that always holds back the last block until it is
// known to be the last (BLAKE2 compresses the final block differently, even when it is full), and
// the digest, a prefix of the little-endian state.
//
// Memory model as in runtime/md.js: each hash loads its own target instance on first use, and no
// call leaves anything in that memory (every byte of `state` and of `block` a call may have
// touched is zeroed in a `finally`). Streams keep their state (h and the counter) and the held-back
// block in JS-side Uint8Arrays between calls.
import { Instance, Stream, copyOrNull, makeHash } from './shell.js';
import { bytesArg, isBytes, notBytes } from './checks.js';

// A hash of this shape: kernel function names, block length, the default and largest output
// length (also the largest key), the length of the salt and of the personalization.
export const BLAKE2B = {
  module: 'blake2', name: 'blake2b', blockLen: 128, outputLen: 64, saltLen: 16,
  init: 'blake2b_init', compress: 'blake2b_compress', final: 'blake2b_final',
};
export const BLAKE2S = {
  module: 'blake2', name: 'blake2s', blockLen: 64, outputLen: 32, saltLen: 8,
  init: 'blake2s_init', compress: 'blake2s_compress', final: 'blake2s_final',
};

// The state the kernels keep: h (outputLen bytes: eight words) and the byte counter (a u64 at
// bytes 64..71 of the state region).
const STATE_BYTES = 80;

/**
 * The hash function of `kind` over `target`: a generated modules/blake2.js target, or the list of
 * its function descriptors the hash uses (what the entries pass, so that bundlers keep only those).
 */
export function blake2Hash(kind, target, platform = 'unknown') {
  const name = kind.name;
  const I = new Instance(name, target);
  target = I.target;
  const S = I.region('state', STATE_BYTES).offset;
  const SB = target.regions.state.bytes;
  const BO = I.region('block', 2 * kind.blockLen).offset;
  const BB = target.regions.block.bytes;
  const B = kind.blockLen;
  const MAX = kind.outputLen;
  const SALT = kind.saltLen;
  if (BB % B !== 0) throw new TypeError(`${name}: the target's block region must be a multiple of ${B} bytes`);

  // The kernel functions, bound on first use.
  let mem = null;
  let init = null;
  let compress = null;
  let final = null;
  let digestView = null;
  function bind() {
    mem = I.mem;
    digestView = mem.subarray(S, S + MAX);
    init = I.fns[kind.init];
    compress = I.fns[kind.compress];
    final = I.fns[kind.final];
  }

  // ---- One kernel session: enter(); try { start; absorb*; finish } finally { leave(); }
  // Between enter and leave, the block region holds `filled` bytes at its start, none of them
  // compressed yet (the last block is always among them once anything was absorbed); `dirty` is
  // how many block bytes may be non-zero (the wipe bound).
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
    filled = 0;
    dirty = 0;
    I.leave();
  }
  // The initial state for an output of dkLen bytes, a key of keyLen bytes, and the salt and
  // personalization (or null): the parameter block XORed into the IV (RFC 7693 §2.5). The kernel
  // folds in the first word; salt and personalization are bytes 32..63 (BLAKE2b) or 16..31
  // (BLAKE2s) of the parameter block, that is of h read as little-endian bytes.
  function start(state, dkLen, keyLen, salt, pers) {
    if (state !== null) {
      mem.set(state, S);
      return;
    }
    init(dkLen, keyLen);
    const q = S + MAX / 2;
    if (salt !== null) for (let i = 0; i < SALT; i++) mem[q + i] ^= salt[i];
    if (pers !== null) for (let i = 0; i < SALT; i++) mem[q + SALT + i] ^= pers[i];
  }
  // The key block: the key, zero-padded to a whole block, as the first block of the message.
  function absorbKey(key) {
    mem.set(key, BO);
    mem.fill(0, BO + key.length, BO + B);
    filled = B;
    if (B > dirty) dirty = B;
  }
  // Append `msg`, compressing a full block region only when more bytes follow (so that the last
  // block stays behind, uncompressed).
  function absorb(msg) {
    const n = msg.length;
    if (filled + n <= BB) {
      mem.set(msg, BO + filled);
      filled += n;
      if (filled > dirty) dirty = filled;
      return;
    }
    for (let pos = 0; pos < n; ) {
      if (filled === BB) {
        compress(BB / B);
        filled = 0;
      }
      const take = Math.min(BB - filled, n - pos);
      mem.set(msg.subarray(pos, pos + take), BO + filled);
      filled += take;
      pos += take;
      if (filled > dirty) dirty = filled;
    }
  }
  // Append a stream's held-back bytes src[0 .. n) (at most one block) at the start of a session.
  function absorbPending(src, n) {
    for (let i = 0; i < n; i++) mem[BO + i] = src[i];
    filled = n;
    if (n > dirty) dirty = n;
  }
  // Compress every buffered block but the last (1..B bytes, or none when nothing was buffered),
  // move the last to the start of the region; returns its length.
  function compressAllButLast() {
    const whole = filled === 0 ? 0 : Math.floor((filled - 1) / B) * B;
    if (whole > 0) {
      compress(whole / B);
      mem.copyWithin(BO, BO + whole, BO + filled);
    }
    filled -= whole;
    return filled;
  }
  // The last block, zero-padded, with the last-block flag; the digest is then h's first bytes.
  function finish() {
    const r = compressAllButLast();
    // Bytes at or past `dirty` are already zero (every session leaves the region zeroed and the
    // kernels only read it): only bytes this session wrote behind the last block need clearing.
    const stale = Math.min(dirty, B);
    if (stale > r) mem.fill(0, BO + r, BO + stale);
    final(r);
  }
  // The digest: the first `len` bytes of h, to dst[pos ..]: one set() from a view made once for
  // the default length, else a byte loop (cheaper than a subarray() for at most 64 bytes; about
  // 2 ns a byte, so 60-130 ns of a one-shot of the default length before).
  function digestTo(dst, pos, len) {
    if (len === MAX) dst.set(digestView, pos);
    else for (let i = 0; i < len; i++) dst[pos + i] = mem[S + i];
  }

  // ---- Streams: the state (null until the first compression: the initial state is then made
  // from the parameters) and the held-back block live in JS between calls.
  class Blake2Stream extends Stream {
    constructor(params, dkLen) {
      super(spec, dkLen);
      this._state = null;
      this._buf = new Uint8Array(B); // held-back bytes: the last block so far (1..B bytes), or none
      this._bufLen = 0;
      this._keyLen = 0;
      this._salt = null;
      this._pers = null;
      if (params !== null) {
        if (params.salt !== null) this._salt = params.salt.slice();
        if (params.personalization !== null) this._pers = params.personalization.slice();
        if (params.key !== null) {
          // The key block is the first block; held back like any other until more data comes.
          this._buf.set(params.key);
          this._bufLen = B;
          this._keyLen = params.key.length;
        }
      }
    }
    _wipe() {
      if (this._state !== null) this._state.fill(0);
      this._buf.fill(0);
      this._bufLen = 0;
      if (this._salt !== null) this._salt.fill(0);
      if (this._pers !== null) this._pers.fill(0);
    }
    _start() {
      start(this._state, this.outputLen, this._keyLen, this._salt, this._pers);
    }
    _update(msg) {
      const n = msg.length;
      const have = this._bufLen;
      if (have + n <= B) {
        this._buf.set(msg, have);
        this._bufLen = have + n;
        return;
      }
      enter();
      try {
        this._start();
        absorbPending(this._buf, have);
        absorb(msg);
        const r = compressAllButLast();
        const buf = this._buf;
        for (let i = 0; i < r; i++) buf[i] = mem[BO + i];
        for (let i = r; i < B; i++) buf[i] = 0;
        this._bufLen = r;
        if (this._state === null) this._state = new Uint8Array(STATE_BYTES);
        this._state.set(mem.subarray(S, S + STATE_BYTES));
      } finally {
        leave();
      }
    }
    _finish(dst, pos, len) {
      enter();
      try {
        this._start();
        absorbPending(this._buf, this._bufLen);
        finish();
        digestTo(dst, pos, len);
      } finally {
        leave();
      }
    }
    // State export (runtime/state.js): h (MAX bytes) and the byte counter, computed from the
    // parameters before the first compression (so neither key length, salt nor personalization
    // is kept), then the held-back bytes.
    _saveState(w) {
      let s = this._state;
      const fresh = s === null;
      if (fresh) {
        enter();
        try {
          this._start();
          s = mem.slice(S, S + STATE_BYTES);
        } finally {
          leave();
        }
      }
      w.bytes(s.subarray(0, MAX), fresh).bytes(s.subarray(64, 72)).int(this._bufLen, 1).bytes(this._buf.subarray(0, this._bufLen));
    }
    _loadState(r) {
      const s = new Uint8Array(STATE_BYTES);
      s.set(r.bytes(MAX));
      const t = r.int(8, Number.MAX_SAFE_INTEGER, 'counter');
      const n = r.int(1, B, 'buffered bytes');
      if (t % B !== 0 || (t > 0 && n === 0)) r.fail(`counter ${t} with ${n} bytes held back`);
      new DataView(s.buffer).setUint32(64, t % 2 ** 32, true);
      new DataView(s.buffer).setUint32(68, t / 2 ** 32, true);
      this._state = s;
      this._buf.set(r.bytes((this._bufLen = n)));
    }
    // Only for _cloneInto, which copies everything into it: once absorbed, the key is known
    // only through the state, so a "same parameters" stream is this one's copy.
    _blank() {
      return new Blake2Stream(null, this.outputLen);
    }
    _copyTo(to) {
      to._state = copyOrNull(this._state, to._state);
      to._buf.set(this._buf);
      to._bufLen = this._bufLen;
      to._keyLen = this._keyLen;
      to._salt = copyOrNull(this._salt, to._salt);
      to._pers = copyOrNull(this._pers, to._pers);
    }
  }

  const spec = {
    name, module: kind.module, platform, blockLen: B, outputLen: MAX, canXOF: false, oid: null,
    dkLen: [1, MAX],
    options: blake2Options(kind),
    params: () => ({ key: null, salt: null, personalization: null }),
    run(msg, list, params, dkLen, dst, pos) {
      enter();
      try {
        if (params === null) start(null, dkLen, 0, null, null);
        else {
          start(null, dkLen, params.key === null ? 0 : params.key.length, params.salt, params.personalization);
          if (params.key !== null) absorbKey(params.key);
        }
        if (msg !== null) absorb(msg);
        else for (let i = 0; i < list.length; i++) absorb(list[i]);
        finish();
        digestTo(dst, pos, dkLen);
      } finally {
        leave();
      }
    },
    stream: (params, dkLen) => new Blake2Stream(params, dkLen),
    instance: I,
  };
  return makeHash(spec);
}

/**
 * The options of BLAKE2 `kind` (runtime/shell.js `options`): `key` (1..outputLen bytes),
 * `salt` and `personalization` (exactly saltLen bytes). Shared with other engines of the same
 * algorithm (noble.js), so that every entry checks them alike.
 */
export function blake2Options(kind) {
  const { name, outputLen: MAX, saltLen: SALT } = kind;
  // An option that must be exactly SALT bytes (salt, personalization).
  const exact = (key) => (v, params) => {
    if (!isBytes(v)) throw notBytes(`opts.${key}`, v);
    const b = bytesArg(v, `opts.${key}`);
    if (b.length !== SALT) throw new RangeError(`"opts.${key}" must be ${SALT} bytes for ${name}, got ${b.length}`);
    params[key] = b;
  };
  return {
    key(v, params) {
      if (!isBytes(v)) throw notBytes('opts.key', v);
      const b = bytesArg(v, 'opts.key');
      // As @noble/hashes: no key is `undefined`; a given key has 1..MAX bytes.
      if (b.length < 1 || b.length > MAX) throw new RangeError(`"opts.key" must be 1 to ${MAX} bytes for ${name}, got ${b.length}`);
      params.key = b;
    },
    salt: exact('salt'),
    personalization: exact('personalization'),
  };
}

/** blake2b and blake2s over one target (tests; entries build each hash on its own). */
export const blake2Hashes = (target, platform) => ({
  blake2b: blake2Hash(BLAKE2B, target, platform),
  blake2s: blake2Hash(BLAKE2S, target, platform),
});
