// The GHASH and POLYVAL engines (runtime/shell.js describes engines): the MACs `ghash(msg, key)`
// and `polyval(msg, key)` with the hash shape (16-byte key, 16-byte result; a final partial block
// is padded with zeros, as @noble/ciphers does), over the kernels of modules/ghash.js
// (ghash_blocks, polyval_blocks: no table, no branch on a secret).
//
// ghashCore() is the part runtime/gcm.js shares: a session on the kernel memory that absorbs byte
// strings (each optionally zero-padded to a block: GCM's AAD and ciphertext) and reads the
// accumulator. The key and the accumulator live in `gh_key`/`gh_acc` only during a session; a
// stream keeps them (32 bytes) and its pending bytes (< 16) in JS between calls. Every region a
// session wrote is zeroed when it ends, errors included.
import { Instance, Stream, makeHash } from './shell.js';
import { bytesArg, isBytes, notBytes } from './checks.js';

const BLOCK = 16;

/**
 * A GHASH (kind 'ghash') or POLYVAL ('polyval') session factory over the Instance `I` of a
 * modules/ghash.js target: { enter(key, acc), absorb(bytes), pad(), finish(), accTo(dst, pos),
 * leave() }. Between enter and leave, `data` holds `filled` bytes not absorbed yet.
 */
export function ghashCore(I, kind) {
  const KEY = I.region('gh_key', 16).offset;
  const ACC = I.region('gh_acc', 16).offset;
  const DO = I.region('data', 1024).offset;
  const DB = I.target.regions.data.bytes - (I.target.regions.data.bytes % BLOCK);
  const prep = I.target.regions.gh_prep; // js: the key's prepared parts (linked only by the js kernels)
  const tmp = I.target.regions.gh_tmp; // js: a block's products (linked only by the js kernels)
  const fname = kind === 'ghash' ? 'ghash_blocks' : 'polyval_blocks';
  let mem = null, blocks = null;
  let filled = 0, dirty = 0;
  const core = {
    enter(key, acc) {
      I.enter();
      if (mem !== I.mem) {
        mem = I.mem;
        blocks = I.fns[fname];
      }
      filled = dirty = 0;
      mem.set(key, KEY);
      if (acc !== null) mem.set(acc, ACC);
    },
    leave() {
      I.zero(DO, (dirty + 15) & ~15);
      I.zero(KEY, 16);
      I.zero(ACC, 16);
      if (prep !== undefined) I.zero(prep.offset, prep.bytes);
      if (tmp !== undefined) I.zero(tmp.offset, tmp.bytes);
      filled = dirty = 0;
      I.leave();
    },
    // Appends bytes, absorbing each full region (whole blocks; nothing is held back).
    absorb(msg) {
      const n = msg.length;
      for (let pos = 0; pos < n; ) {
        if (filled === DB) {
          blocks(DB / BLOCK);
          filled = 0;
        }
        const take = Math.min(DB - filled, n - pos);
        mem.set(take === n ? msg : msg.subarray(pos, pos + take), DO + filled);
        filled += take;
        pos += take;
        if (filled > dirty) dirty = filled;
      }
    },
    // Zeros up to the next block boundary.
    pad() {
      const r = filled % BLOCK;
      if (r !== 0) {
        mem.fill(0, DO + filled, DO + filled + BLOCK - r);
        filled += BLOCK - r;
        if (filled > dirty) dirty = filled;
      }
    },
    // Absorbs the whole blocks in `data`; moves the rest (0..15 bytes) to its start, returns its length.
    absorbWhole() {
      const whole = filled - (filled % BLOCK);
      if (whole > 0) {
        blocks(whole / BLOCK);
        if (whole < filled) mem.copyWithin(DO, DO + whole, DO + filled);
      }
      filled -= whole;
      return filled;
    },
    // The pending bytes (< 16) after absorbWhole(), copied to `buf`.
    pendingTo(buf) {
      for (let i = 0; i < filled; i++) buf[i] = mem[DO + i];
    },
    finish() {
      core.pad();
      core.absorbWhole();
    },
    accTo(dst, pos) {
      for (let i = 0; i < BLOCK; i++) dst[pos + i] = mem[ACC + i];
    },
  };
  return core;
}

/**
 * `ghash` or `polyval` (`kind`) over `target`: a generated modules/ghash.js target, or the list of
 * the function descriptors it uses ($ghash_blocks or $polyval_blocks).
 */
export function ghashMac(kind, target, platform = 'unknown') {
  if (kind !== 'ghash' && kind !== 'polyval') throw new TypeError(`ghashMac: unknown kind "${kind}"`);
  const name = kind;
  const I = new Instance(name, target);
  const core = ghashCore(I, kind);

  class GhashStream extends Stream {
    constructor(params) {
      super(spec, BLOCK);
      this._key = params === null ? new Uint8Array(BLOCK) : params.key.slice();
      this._acc = new Uint8Array(BLOCK);
      this._buf = new Uint8Array(BLOCK);
      this._bufLen = 0;
    }
    _wipe() {
      this._key.fill(0);
      this._acc.fill(0);
      this._buf.fill(0);
      this._bufLen = 0;
    }
    _update(msg) {
      const have = this._bufLen;
      if (have + msg.length < BLOCK) {
        this._buf.set(msg, have);
        this._bufLen = have + msg.length;
        return;
      }
      core.enter(this._key, this._acc);
      try {
        core.absorb(this._buf.subarray(0, have));
        core.absorb(msg);
        const r = core.absorbWhole();
        this._buf.fill(0);
        core.pendingTo(this._buf);
        this._bufLen = r;
        core.accTo(this._acc, 0);
      } finally {
        core.leave();
      }
    }
    _finish(dst, pos) {
      core.enter(this._key, this._acc);
      try {
        core.absorb(this._buf.subarray(0, this._bufLen));
        core.finish();
        core.accTo(dst, pos);
      } finally {
        core.leave();
      }
    }
    // State export (runtime/state.js): the key, the accumulator, the pending bytes.
    _saveState(w) {
      w.bytes(this._key).bytes(this._acc).int(this._bufLen, 1).bytes(this._buf.subarray(0, this._bufLen));
    }
    _loadState(r) {
      this._key.set(r.bytes(BLOCK));
      this._acc.set(r.bytes(BLOCK));
      this._buf.set(r.bytes((this._bufLen = r.int(1, BLOCK - 1, 'pending bytes'))));
    }
    _blank() {
      return new GhashStream(null);
    }
    _copyTo(to) {
      to._key.set(this._key);
      to._acc.set(this._acc);
      to._buf.set(this._buf);
      to._bufLen = this._bufLen;
    }
  }

  const ZERO = new Uint8Array(BLOCK);
  const spec = {
    name, module: 'ghash', platform, blockLen: BLOCK, outputLen: BLOCK, canXOF: false, oid: null,
    dkLen: null,
    keyed: true,
    options: {
      key(v, params, arg = 'opts.key') {
        if (!isBytes(v)) throw notBytes(arg, v);
        const b = bytesArg(v, arg);
        if (b.length !== BLOCK) throw new RangeError(`"${arg}" must be ${BLOCK} bytes for ${name}, got ${b.length}`);
        params.key = b;
      },
    },
    params: () => ({ key: null }),
    run(msg, list, params, dkLen, dst, pos) {
      core.enter(params.key, ZERO);
      try {
        if (msg !== null) core.absorb(msg);
        else for (let i = 0; i < list.length; i++) core.absorb(list[i]);
        core.finish();
        core.accTo(dst, pos);
      } finally {
        core.leave();
      }
    },
    stream: (params) => new GhashStream(params),
    instance: I,
  };
  return makeHash(spec);
}
