// The Poly1305 engine (runtime/shell.js describes engines): the one-time authenticator of RFC 8439
// §2.5 as a MAC with the hash shape, `poly1305(msg, key | {key})`, over the kernels of
// modules/chacha.js section 2 (docs/target-contract.md): poly1305_init turns the 32-byte key in
// the `poly` region into r, s and h = 0, poly1305_blocks absorbs whole 16-byte blocks of `data`,
// poly1305_finish leaves the tag in the first 16 bytes of `poly`. This file copies messages into
// `data` a region at a time, pads the final partial block (0x01, then zeros; absorbed without the
// 2^128 bit) and keeps a stream's state (r, h, s, r^2: the 128 bytes of `poly`) and its pending bytes
// (fewer than 16) in JS between calls.
//
// Memory model as in runtime/md.js: each MAC loads its own target instance on first use, and no call
// leaves anything in that memory (the key, r, s, h and every message byte a call wrote are zeroed
// in a `finally`).
import { Instance, Stream, copyOrNull, makeHash } from './shell.js';
import { bytesArg, isBytes, notBytes } from './checks.js';

const BLOCK = 16;
const KEY_BYTES = 32;
const STATE_BYTES = 128; // the `poly` region: r (words 0..4), h (5..9), s (10..13), r^2 (16..20)

// RFC 8439's clamp of r, byte by byte (state import checks it).
const CLAMP = [255, 255, 255, 15, 252, 255, 255, 15, 252, 255, 255, 15, 252, 255, 255, 15];

/** The `key` option (or the key given directly: arg 'key'): 32 bytes. Shared with noble.js. */
export function poly1305KeyOption(v, params, arg = 'opts.key') {
  if (!isBytes(v)) throw notBytes(arg, v);
  const b = bytesArg(v, arg);
  if (b.length !== KEY_BYTES) throw new RangeError(`"${arg}" must be ${KEY_BYTES} bytes for poly1305, got ${b.length}`);
  params.key = b;
}

/**
 * `poly1305` over `target`: a generated modules/chacha.js target, or the list of the function
 * descriptors it uses ($poly1305_init, $poly1305_blocks, $poly1305_finish).
 */
export function poly1305Mac(target, platform = 'unknown') {
  const name = 'poly1305';
  const I = new Instance(name, target);
  target = I.target;
  const P = I.region('poly', STATE_BYTES).offset;
  const DO = I.region('data', 1024).offset;
  const DB = target.regions.data.bytes - (target.regions.data.bytes % BLOCK);

  let mem = null;
  let init = null;
  let blocks = null;
  let finish = null;
  function bind() {
    mem = I.mem;
    init = I.fns.poly1305_init;
    blocks = I.fns.poly1305_blocks;
    finish = I.fns.poly1305_finish;
  }

  // ---- One kernel session: enter(); try { start; absorb*; ... } finally { leave(); }
  // Between enter and leave `data` holds `filled` bytes at its start, not absorbed yet; `dirty`
  // bounds the bytes of `data` this session wrote (the wipe).
  let filled = 0;
  let dirty = 0;
  function enter() {
    I.enter();
    if (mem !== I.mem) bind();
    filled = 0;
    dirty = 0;
  }
  function leave() {
    I.zero(DO, dirty);
    I.zero(P, STATE_BYTES);
    filled = 0;
    dirty = 0;
    I.leave();
  }
  // A new MAC from the key, or a stream's saved state.
  function start(key, state) {
    if (state !== null) mem.set(state, P);
    else {
      mem.set(key, P);
      init();
    }
  }
  // Append `msg` to `data`, absorbing every whole block of a full region (none is held back: a
  // Poly1305 block is absorbed the same way whether or not it is the last).
  function absorb(msg) {
    const n = msg.length;
    for (let pos = 0; pos < n; ) {
      if (filled === DB) {
        blocks(0, DB / BLOCK, 0);
        filled = 0;
      }
      const take = Math.min(DB - filled, n - pos);
      mem.set(take === n ? msg : msg.subarray(pos, pos + take), DO + filled);
      filled += take;
      pos += take;
      if (filled > dirty) dirty = filled;
    }
  }
  // Absorb the whole blocks in `data`; the rest (0..15 bytes) moves to its start. Returns its length.
  function absorbWhole() {
    const whole = filled - (filled % BLOCK);
    if (whole > 0) {
      blocks(0, whole / BLOCK, 0);
      if (whole < filled) mem.copyWithin(DO, DO + whole, DO + filled);
    }
    filled -= whole;
    return filled;
  }
  // The final partial block (if any), padded with 0x01 and zeros; then the tag to dst[pos ..].
  function tagTo(dst, pos) {
    const r = absorbWhole();
    if (r > 0) {
      mem[DO + r] = 1;
      mem.fill(0, DO + r + 1, DO + BLOCK);
      if (BLOCK > dirty) dirty = BLOCK;
      blocks(0, 1, 1);
    }
    finish();
    for (let i = 0; i < BLOCK; i++) dst[pos + i] = mem[P + i];
  }

  // ---- Streams: the key until the first session, then the state; pending bytes (< 16).
  class Poly1305Stream extends Stream {
    constructor(params) {
      super(spec, BLOCK);
      this._key = params === null ? null : params.key.slice();
      this._state = null;
      this._buf = new Uint8Array(BLOCK);
      this._bufLen = 0;
    }
    _wipe() {
      if (this._key !== null) this._key.fill(0);
      if (this._state !== null) this._state.fill(0);
      this._buf.fill(0);
      this._bufLen = 0;
    }
    _update(msg) {
      const n = msg.length;
      const have = this._bufLen;
      if (have + n < BLOCK) {
        this._buf.set(msg, have);
        this._bufLen = have + n;
        return;
      }
      enter();
      try {
        start(this._key, this._state);
        this._pending();
        absorb(msg);
        const r = absorbWhole();
        const buf = this._buf;
        for (let i = 0; i < r; i++) buf[i] = mem[DO + i];
        for (let i = r; i < BLOCK; i++) buf[i] = 0;
        this._bufLen = r;
        if (this._state === null) {
          this._state = new Uint8Array(STATE_BYTES);
          this._key.fill(0);
          this._key = null;
        }
        this._state.set(mem.subarray(P, P + STATE_BYTES));
      } finally {
        leave();
      }
    }
    // The pending bytes into `data` at the start of a session.
    _pending() {
      const n = this._bufLen;
      for (let i = 0; i < n; i++) mem[DO + i] = this._buf[i];
      filled = n;
      if (n > dirty) dirty = n;
    }
    _finish(dst, pos) {
      enter();
      try {
        start(this._key, this._state);
        this._pending();
        tagTo(dst, pos);
      } finally {
        leave();
      }
    }
    // State export (runtime/state.js): r (clamped), s and h (mod p: the kernels' limbs and r^2
    // differ between targets, the numbers do not), then the pending bytes. Import goes through
    // poly1305_init (r's limbs, s, r^2 where the target uses it) and then sets h's limbs.
    _saveState(w) {
      let st = this._state;
      const fresh = st === null;
      if (fresh) {
        enter();
        try {
          start(this._key, null);
          st = mem.slice(P, P + 56);
        } finally {
          leave();
        }
      }
      w.limbs(st.subarray(0, 20), 16).bytes(st.subarray(40, 56), fresh).limbs(st.subarray(20, 40), 17);
      if (fresh) st.fill(0, 0, 40); // r and h are copied by now; s is wiped once copied
      w.int(this._bufLen, 1).bytes(this._buf.subarray(0, this._bufLen));
    }
    _loadState(r) {
      const rs = r.bytes(32);
      const h = r.limbs(17);
      const n = r.int(1, BLOCK - 1, 'pending bytes');
      if (CLAMP.some((m, i) => rs[i] & ~m)) r.fail('r is not clamped');
      enter();
      try {
        mem.set(rs, P);
        init();
        for (let i = 0; i < 20; i++) mem[P + 20 + i] = h[i >> 2] >>> (8 * (i & 3));
        this._state = mem.slice(P, P + STATE_BYTES);
      } finally {
        leave();
        h.fill(0);
      }
      this._buf.set(r.bytes((this._bufLen = n)));
    }
    _blank() {
      return new Poly1305Stream(null);
    }
    _copyTo(to) {
      to._key = copyOrNull(this._key, to._key);
      to._state = copyOrNull(this._state, to._state);
      to._buf.set(this._buf);
      to._bufLen = this._bufLen;
    }
  }

  const spec = {
    name, module: 'chacha', platform, blockLen: BLOCK, outputLen: BLOCK, canXOF: false, oid: null,
    dkLen: null,
    keyed: true,
    options: { key: poly1305KeyOption },
    params: () => ({ key: null }),
    run(msg, list, params, dkLen, dst, pos) {
      enter();
      try {
        start(params.key, null);
        if (msg !== null) absorb(msg);
        else for (let i = 0; i < list.length; i++) absorb(list[i]);
        tagTo(dst, pos);
      } finally {
        leave();
      }
    },
    stream: (params) => new Poly1305Stream(params),
    instance: I,
  };
  return makeHash(spec);
}
