// The BLAKE3 engine (runtime/shell.js describes engines): the hash, keyed hash (`key`) and
// derive-key (`context`) modes with any output length (`dkLen`, and `xof`/`xofInto` on streams).
// The kernels (modules/blake3.js, docs/target-contract.md) compress whole chunks (four at a time in
// SIMD lanes on wasm), parent nodes, and single blocks; this file keeps the tree:
//
// - the last chunk of what was absorbed (1..1024 bytes, or none yet) stays buffered, since it may
//   be the root; whole chunks before it go through blake3_chunks, up to the block region at a time;
// - each batch of chaining values is cut into complete, aligned subtrees (2^k chunks starting at a
//   multiple of 2^k), each reduced to one chaining value by blake3_parents, and pushed on the stack
//   with the paper's merge rule (§5.1.2: after a subtree of 2^k chunks, merge while the chunk count
//   divided by 2^k is even), so the stack holds one chaining value per 1-bit of the chunk count;
// - finishing compresses the last chunk, folds the stack into the root node, and the output is
//   the root node compressed with ROOT and the output block counter, 64 bytes at a time (§2.6).
//
// Memory model, as in runtime/md.js: no call leaves anything in the target memory (every region
// this file writes is zeroed in a `finally`); streams keep their tree (stack, buffered chunk,
// chunk count) and, once squeezing, the root node in JS-side arrays, wiped by digest()/destroy().
import { bytesArg, isBytes, typeName } from './checks.js';
import { Instance, Stream, copyOrNull, makeHash } from './shell.js';

// §2.2: the IV (SHA-256's); §2.1 Table 3: the flags.
const IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const CHUNK_START = 1;
const CHUNK_END = 2;
const PARENT = 4;
const ROOT = 8;
const KEYED_HASH = 16;
const DERIVE_KEY_CONTEXT = 32;
const DERIVE_KEY_MATERIAL = 64;
const CHUNK = 1024;
// Stack depth: one entry per 1-bit of the chunk count; 2^53 bytes of input are 2^43 chunks.
const MAX_DEPTH = 54;
const TWO32 = 2 ** 32;
// The low and high 32 bits of a counter (a safe integer). `%` and the division on a double cost
// V8 a call to fmod (about 4% of a 32-byte one-shot each): counters below 2^32 skip them.
const lo32 = (x) => (x < TWO32 ? x : x % TWO32);
const hi32 = (x) => (x < TWO32 ? 0 : Math.floor(x / TWO32));
const THREADS_MIN = 1 << 16; // whole chunks worth offering to the worker pool (it decides: spec.threads)
const utf8 = new TextEncoder();

// The options (runtime/shell.js: `options`): a 32-byte key, or a context (string, UTF-8 encoded, or
// bytes). Each is copied when read, so later changes to the caller's arrays do not matter.
export const BLAKE3_OPTIONS = {
  key(v, p) {
    if (!isBytes(v)) throw new TypeError(`"opts.key" must be Uint8Array, got ${typeName(v)}`);
    const k = bytesArg(v, 'opts.key');
    if (k.length !== 32) throw new RangeError(`"opts.key" must be 32 bytes, got ${k.length}`);
    const w = new Uint32Array(8);
    for (let i = 0; i < 8; i++) w[i] = k[4 * i] | (k[4 * i + 1] << 8) | (k[4 * i + 2] << 16) | (k[4 * i + 3] << 24);
    p.key = w;
  },
  context(v, p) {
    if (typeof v === 'string') p.context = utf8.encode(v);
    else if (isBytes(v)) p.context = bytesArg(v, 'opts.context').slice();
    else throw new TypeError(`"opts.context" must be a string or Uint8Array, got ${typeName(v)}`);
  },
};
export const blake3Check = (p) => {
  if (p !== null && p.key !== null && p.context !== null)
    throw new TypeError('"opts.key" and "opts.context" cannot be used together (keyed hash or key derivation, one of them)');
};

// The tree of one message in progress: a stack of chaining values (8 words each), the chunk count
// before the buffered chunk, and the buffered chunk itself.
// `base` is the chunk counter of the tree's first chunk: 0, except for a subtree hashed on its own
// (subtree(), for the worker pool), whose chunk counts and merges start from its first chunk.
const newTree = () => ({ stack: new Uint32Array(MAX_DEPTH * 8), depth: 0, chunks: 0, base: 0, buf: new Uint8Array(CHUNK), bufLen: 0 });
const wipeTree = (t) => {
  if (t.depth > 0) t.stack.fill(0, 0, t.depth * 8);
  if (t.bufLen > 0) t.buf.fill(0, 0, t.bufLen);
  t.depth = 0;
  t.chunks = 0;
  t.bufLen = 0;
};
const copyTree = (from, to) => {
  to.stack.fill(0);
  to.stack.set(from.stack.subarray(0, from.depth * 8));
  to.depth = from.depth;
  to.chunks = from.chunks;
  to.buf.fill(0);
  to.buf.set(from.buf.subarray(0, from.bufLen));
  to.bufLen = from.bufLen;
};

/**
 * The blake3 hash function over `target`: a generated modules/blake3.js target, or the list of its
 * function descriptors (what the entries pass, so that bundlers keep only those; the optional
 * `$blake3_blocks` where the target has it).
 */
export function blake3Hash(target, platform = 'unknown') {
  const I = new Instance('blake3', target);
  target = I.target;
  const KO = I.region('key', 32).offset;
  const BO = I.region('block', CHUNK).offset;
  const BB = target.regions.block.bytes - (target.regions.block.bytes % CHUNK);
  const CVO = I.region('cvs', 64).offset;
  const CO = I.region('cv', 32).offset;
  const OO = I.region('out', 64).offset;
  const BATCH = Math.min(BB / CHUNK, target.regions.cvs.bytes / 32); // chunks per blake3_chunks call
  // Whether key, cv and out lie side by side (in that order), as the targets lay them out: one
  // wipe then covers the three.
  const KCO = KO + 32 === CO && CO + 32 === OO;
  const K32 = KO >> 2;
  const B32 = BO >> 2;
  const CV32 = CVO >> 2;
  const C32 = CO >> 2;
  const O32 = OO >> 2;

  let mem = null;
  let m32 = null;
  let chunksFn = null;
  let parentsFn = null;
  let compress = null;
  let blocksFn = null; // optional (wasm): the first blocks of a chunk in one call
  let out64 = null;
  let out32 = null;
  function bind() {
    if (I.mem32 === null) throw new TypeError('blake3: the target memory must be 4-byte aligned');
    mem = I.mem;
    m32 = I.mem32;
    chunksFn = I.fns.blake3_chunks;
    parentsFn = I.fns.blake3_parents;
    compress = I.fns.blake3_compress;
    blocksFn = typeof I.fns.blake3_blocks === 'function' ? I.fns.blake3_blocks : null;
    out64 = mem.subarray(OO, OO + 64);
    out32 = mem.subarray(OO, OO + 32);
  }

  // ---- One kernel session: enter(); try { ... } finally { leave(); }. `dirtyBlock` and
  // `dirtyCvs` bound what this session wrote to `block` and `cvs` (key, cv, out are always wiped).
  let dirtyBlock = 0;
  let dirtyCvs = 0;
  let flags = 0; // the mode flags of the tree being hashed
  const scratch = newTree(); // the tree of one-shot calls (and of a derive-key context)
  function enter() {
    I.enter();
    if (mem !== I.mem) {
      try {
        bind();
      } catch (e) {
        I.leave();
        throw e;
      }
    }
    dirtyBlock = 0;
    dirtyCvs = 0;
  }
  function leave() {
    I.zero(BO, dirtyBlock);
    if (dirtyCvs > 0) I.zero(CVO, dirtyCvs);
    if (KCO) I.zero(KO, 128);
    else {
      I.zero(KO, 32);
      I.zero(CO, 32);
      I.zero(OO, 64);
    }
    wipeTree(scratch);
    dirtyBlock = 0;
    dirtyCvs = 0;
    I.leave();
  }
  const setKey = (w) => {
    for (let i = 0; i < 8; i++) m32[K32 + i] = w[i];
  };
  const keyToCv = () => {
    for (let i = 0; i < 8; i++) m32[C32 + i] = m32[K32 + i];
  };
  const touchBlock = (n) => {
    if (n > dirtyBlock) dirtyBlock = n;
  };
  const touchCvs = (n) => {
    if (n * 32 > dirtyCvs) dirtyCvs = n * 32;
  };

  // Push the chaining value in cvs[0], the root of 2^level chunks starting at chunk t.chunks (a
  // multiple of 2^level), on t's stack, merging with the paper's rule.
  function pushSubtree(t, size) {
    let total = t.chunks / size + 1;
    const s = t.stack;
    while (total % 2 === 0) {
      // cvs[0], cvs[1] = top of the stack, the new value; their parent goes to cvs[0].
      const top = (t.depth - 1) * 8;
      for (let i = 0; i < 8; i++) {
        m32[CV32 + 8 + i] = m32[CV32 + i];
        m32[CV32 + i] = s[top + i];
      }
      touchCvs(2);
      parentsFn(1, flags);
      s.fill(0, top, top + 8);
      t.depth--;
      total /= 2;
    }
    if (t.depth >= MAX_DEPTH) throw new RangeError('blake3: message too long');
    const at = t.depth * 8;
    for (let i = 0; i < 8; i++) s[at + i] = m32[CV32 + i];
    t.depth++;
    t.chunks += size;
  }
  // Reduce cvs[0 .. size) (size a power of two) to its subtree's chaining value in cvs[0].
  function reduce(size) {
    for (let n = size >> 1; n >= 1; n >>= 1) parentsFn(n, flags);
  }
  const pending = new Uint32Array(BATCH * 8); // chaining values waiting, when a batch is not one subtree
  // Chunks 0..n-1 of the block region, the next n chunks of tree t: their chaining values, cut
  // into complete aligned subtrees in order, go on the stack.
  function processChunks(t, n) {
    const c = t.chunks;
    const ctr = t.base + c;
    chunksFn(n, lo32(ctr), hi32(ctr), flags);
    touchCvs(n);
    // The largest aligned subtree at chunk c that fits in what is left.
    const subtree = (at, left) => {
      let size = 1;
      while (size * 2 <= left && at % (size * 2) === 0) size *= 2;
      return size;
    };
    const first = subtree(c, n);
    if (first === n) {
      reduce(n);
      pushSubtree(t, n);
      return;
    }
    for (let i = 0; i < n * 8; i++) pending[i] = m32[CV32 + i];
    try {
      for (let p = 0; p < n; ) {
        const size = subtree(t.chunks, n - p);
        for (let i = 0; i < size * 8; i++) m32[CV32 + i] = pending[p * 8 + i];
        reduce(size);
        pushSubtree(t, size);
        p += size;
      }
    } finally {
      pending.fill(0, 0, n * 8);
    }
  }
  // Writes data[from, from + len) to the block region at `at`, where data is t.buf[0 .. have)
  // followed by msg.
  function fillBlock(t, have, msg, from, len, at) {
    let k = 0;
    if (from < have) {
      k = Math.min(have - from, len);
      mem.set(t.buf.subarray(from, from + k), BO + at);
    }
    if (k < len) {
      const a = from + k - have;
      mem.set(msg.subarray(a, a + len - k), BO + at + k);
    }
    touchBlock(at + len);
  }
  // Bytes [0, end) of t.buf[0 .. have) followed by msg, whole chunks, into tree t: through the
  // worker pool where it takes them (spec.threads, wasm_threads), else a block region at a time.
  function wholeChunks(t, have, msg, end) {
    for (let off = 0; off < end; ) {
      if (spec.threads !== undefined && off >= have && end - off >= THREADS_MIN) {
        const done = spec.threads(threadApi, t, msg.subarray(off - have, end - have));
        if (done > 0) {
          off += done;
          continue;
        }
      }
      const len = Math.min(BATCH * CHUNK, end - off);
      fillBlock(t, have, msg, off, len, 0);
      processChunks(t, len / CHUNK);
      off += len;
    }
  }
  // Absorb msg into tree t: every whole chunk but the last goes through the kernels.
  function absorb(t, msg) {
    const have = t.bufLen;
    const total = have + msg.length;
    if (total <= CHUNK) {
      t.buf.set(msg, have);
      t.bufLen = total;
      return;
    }
    const lastStart = Math.floor((total - 1) / CHUNK) * CHUNK; // >= 1024 >= have
    wholeChunks(t, have, msg, lastStart);
    t.buf.fill(0, 0, have);
    t.buf.set(msg.subarray(lastStart - have), 0);
    t.bufLen = total - lastStart;
  }

  // ---- For the worker pool (runtime/workers.js installs spec.threads on wasm_threads): whole
  // chunks of one message hashed as aligned subtrees, on this thread or on workers.
  const sub = newTree();
  // In a session (key and flags set): the chaining value of the subtree of `size` chunks (a power
  // of two) starting at chunk counter `first` (a multiple of size), whose bytes are msg, as 8 words
  // into out[at ..].
  // (Its own loop, not wholeChunks: a subtree is part of a pool job and never goes to the pool.)
  function subtree(msg, first, size, out, at) {
    sub.base = first;
    try {
      for (let off = 0; off < size * CHUNK; ) {
        const len = Math.min(BATCH * CHUNK, size * CHUNK - off);
        fillBlock(sub, 0, msg, off, len, 0);
        processChunks(sub, len / CHUNK);
        off += len;
      }
      for (let i = 0; i < 8; i++) out[at + i] = sub.stack[i];
    } finally {
      wipeTree(sub);
      sub.base = 0;
    }
  }
  // In a session: push a subtree's chaining value (8 words of cv from at) on tree t's stack.
  function pushCV(t, cv, at, size) {
    for (let i = 0; i < 8; i++) m32[CV32 + i] = cv[at + i];
    touchCvs(1);
    pushSubtree(t, size);
  }
  const threadApi = { subtree, pushCV, key: () => Uint32Array.from(m32.subarray(K32, K32 + 8)), flags: () => flags, hash: null };

  // The root node after finishing tree t, left in the regions: chaining value in `cv`, block
  // number rootIndex of `block`, length rootLen, flags rootFlags (without ROOT). The last chunk is
  // t's buffered chunk, or msg (not yet in t) when given.
  let rootIndex = 0;
  let rootLen = 0;
  let rootFlags = 0;
  function finish(t, msg) {
    const src = msg === null ? t.buf : msg;
    const L = msg === null ? t.bufLen : msg.length;
    const nb = L === 0 ? 1 : Math.ceil(L / 64);
    mem.set(L === src.length ? src : src.subarray(0, L), BO);
    // Zero the padding of the last block: the bytes up to a word boundary, then whole words (a
    // byte loop or fill() cost more for the short messages where this matters).
    const end = nb * 64;
    let z = L;
    for (; (z & 3) !== 0 && z < end; z++) mem[BO + z] = 0;
    for (let w = (BO + z) >> 2, e = (BO + end) >> 2; w < e; w++) m32[w] = 0;
    touchBlock(end);
    keyToCv();
    const lo = lo32(t.chunks);
    const hi = hi32(t.chunks);
    if (blocksFn !== null && nb > 2) blocksFn(nb - 1, lo, hi, flags);
    else {
      for (let b = 0; b < nb - 1; b++) {
        compress(b, lo, hi, 64, flags | (b === 0 ? CHUNK_START : 0));
        for (let i = 0; i < 8; i++) m32[C32 + i] = m32[O32 + i];
      }
    }
    rootIndex = nb - 1;
    rootLen = L - (nb - 1) * 64;
    rootFlags = flags | CHUNK_END | (nb === 1 ? CHUNK_START : 0);
    if (t.depth === 0) return;
    // Not the root: the chunk's chaining value, merged with the stack from its top; the last merge
    // (with the bottom entry) is the root node.
    compress(rootIndex, lo, hi, rootLen, rootFlags);
    const s = t.stack;
    for (let i = 0; i < 8; i++) m32[CV32 + 8 + i] = m32[O32 + i];
    touchCvs(2);
    for (let d = t.depth - 1; d >= 1; d--) {
      for (let i = 0; i < 8; i++) m32[CV32 + i] = s[d * 8 + i];
      parentsFn(1, flags);
      for (let i = 0; i < 8; i++) m32[CV32 + 8 + i] = m32[CV32 + i];
    }
    for (let i = 0; i < 8; i++) {
      m32[B32 + i] = s[i];
      m32[B32 + 8 + i] = m32[CV32 + 8 + i];
    }
    keyToCv();
    rootIndex = 0;
    rootLen = 64;
    rootFlags = flags | PARENT;
  }
  // Output blocks of the root node in the regions, from block number `t` on, `len` bytes to
  // dst[pos ..), skipping the first `skip` bytes of block t.
  function output(t, skip, dst, pos, len) {
    while (len > 0) {
      compress(rootIndex, lo32(t), hi32(t), rootLen, rootFlags | ROOT);
      const k = Math.min(64 - skip, len);
      if (skip === 0 && k === 64) dst.set(out64, pos);
      else if (skip === 0 && k === 32) dst.set(out32, pos);
      else for (let i = 0; i < k; i++) dst[pos + i] = out64[skip + i];
      pos += k;
      len -= k;
      skip = 0;
      t++;
    }
  }

  // The key words and mode flags of params, into modeKey and modeFlags (in a session: a context
  // is hashed here, §6.3).
  const ivWords = Uint32Array.from(IV);
  const ctxKey = new Uint32Array(8);
  const ctxBytes = new Uint8Array(32);
  let modeKey = ivWords;
  let modeFlags = 0;
  function mode(p) {
    modeKey = ivWords;
    modeFlags = 0;
    if (p === null || (p.key === null && p.context === null)) return;
    if (p.key !== null) {
      modeKey = p.key;
      modeFlags = KEYED_HASH;
      return;
    }
    flags = DERIVE_KEY_CONTEXT;
    setKey(ivWords);
    absorb(scratch, p.context);
    finish(scratch, null);
    output(0, 0, ctxBytes, 0, 32);
    wipeTree(scratch);
    for (let i = 0; i < 8; i++) ctxKey[i] = ctxBytes[4 * i] | (ctxBytes[4 * i + 1] << 8) | (ctxBytes[4 * i + 2] << 16) | (ctxBytes[4 * i + 3] << 24);
    ctxBytes.fill(0);
    modeKey = ctxKey;
    modeFlags = DERIVE_KEY_MATERIAL;
  }

  // ---- Streams: the tree lives in JS between calls; after the first xof(), the root node.
  class Blake3Stream extends Stream {
    constructor(params, dkLen, init = true) {
      super(spec, dkLen);
      this._key = new Uint32Array(8);
      this._flags = 0;
      this._tree = newTree();
      this._root = null; // once squeezing: cv (8 words), block (16 words), length, flags
      this._outBlock = new Uint8Array(64); // the current output block, _outPos bytes of it used
      this._outPos = 64;
      this._outCtr = 0; // the number of the next output block
      if (!init) return;
      if (params === null || params.context === null) {
        // No kernel call needed: the IV or the key.
        mode(params);
        this._key.set(modeKey);
        this._flags = modeFlags;
        return;
      }
      enter();
      try {
        mode(params);
        this._key.set(modeKey);
        this._flags = modeFlags;
      } finally {
        ctxKey.fill(0);
        leave();
      }
    }
    _wipe() {
      this._key.fill(0);
      wipeTree(this._tree);
      if (this._root !== null) this._root.fill(0);
      this._outBlock.fill(0);
      this._outPos = 64;
    }
    _update(msg) {
      const t = this._tree;
      if (t.bufLen + msg.length <= CHUNK) {
        t.buf.set(msg, t.bufLen);
        t.bufLen += msg.length;
        return;
      }
      enter();
      try {
        setKey(this._key);
        flags = this._flags;
        absorb(t, msg);
      } finally {
        leave();
      }
    }
    _finish(dst, pos, len) {
      this._squeeze(dst, pos, len);
    }
    _squeeze(dst, pos, len) {
      // Bytes left in the current output block first.
      const ob = this._outBlock;
      while (len > 0 && this._outPos < 64) {
        dst[pos++] = ob[this._outPos++];
        len--;
      }
      if (len === 0) return;
      enter();
      try {
        setKey(this._key);
        flags = this._flags;
        const r = this._root;
        if (r === null) {
          finish(this._tree, null);
          // Keep the root node: cv, block, length, flags.
          const root = new Uint32Array(26);
          for (let i = 0; i < 8; i++) root[i] = m32[C32 + i];
          for (let i = 0; i < 16; i++) root[8 + i] = m32[B32 + rootIndex * 16 + i];
          root[24] = rootLen;
          root[25] = rootFlags;
          this._root = root;
          wipeTree(this._tree);
        } else {
          for (let i = 0; i < 8; i++) m32[C32 + i] = r[i];
          for (let i = 0; i < 16; i++) m32[B32 + i] = r[8 + i];
          touchBlock(64);
          rootIndex = 0;
          rootLen = r[24];
          rootFlags = r[25];
        }
        const whole = len - (len % 64);
        output(this._outCtr, 0, dst, pos, whole);
        this._outCtr += whole / 64;
        if (whole < len) {
          output(this._outCtr, 0, ob, 0, 64);
          this._outCtr++;
          const k = len - whole;
          for (let i = 0; i < k; i++) dst[pos + whole + i] = ob[i];
          this._outPos = k;
        }
      } finally {
        leave();
      }
    }
    // State export (runtime/state.js): key words and mode flags; then either the tree (chunk
    // count, the stack of chaining values, the buffered chunk) or, once squeezing, the root node
    // (cv, block, length, flags), the next output block's number and the current output block.
    _saveState(w) {
      w.words(this._key).int(this._flags, 1);
      const r = this._root;
      const t = this._tree;
      if (r === null) {
        w.int(0, 1).int(t.chunks, 8).int(t.depth, 1).words(t.stack.subarray(0, t.depth * 8));
        w.int(t.bufLen, 2).bytes(t.buf.subarray(0, t.bufLen));
      } else {
        w.int(1, 1).words(r).int(this._outCtr, 8).int(this._outPos, 1);
        w.bytes(this._outPos < 64 ? this._outBlock : new Uint8Array(64));
      }
    }
    _loadState(r, status) {
      const key = r.words(8);
      const f = r.int(1, DERIVE_KEY_MATERIAL, 'mode flags');
      this._key.set(key);
      key.fill(0);
      this._flags = f;
      if (f === 0 ? this._key.some((x, i) => x !== IV[i]) : f !== KEYED_HASH && f !== DERIVE_KEY_MATERIAL) r.fail('mode flags and key disagree');
      if (r.int(1, status, 'phase') === 0) {
        const t = this._tree;
        const chunks = r.int(8, 2 ** 43, 'chunk count');
        let ones = 0;
        for (let c = chunks; c > 0; c = Math.floor(c / 2)) ones += c % 2;
        const depth = r.int(1, MAX_DEPTH, 'stack depth');
        if (depth !== ones) r.fail(`a stack of ${depth} after ${chunks} chunks`);
        const stack = r.words(depth * 8);
        t.stack.set(stack);
        stack.fill(0);
        t.depth = depth;
        t.chunks = chunks;
        const n = r.int(2, CHUNK, 'buffered bytes');
        if (chunks > 0 && n === 0) r.fail('no buffered chunk after whole chunks');
        t.buf.set(r.bytes((t.bufLen = n)));
      } else {
        const root = (this._root = r.words(26));
        if (root[24] > 64 || (root[25] & ~(f | CHUNK_START | CHUNK_END | PARENT)) !== 0) r.fail('root node length or flags');
        this._outCtr = r.int(8, Number.MAX_SAFE_INTEGER, 'output block');
        this._outPos = r.int(1, 64, 'output position');
        this._outBlock.set(r.bytes(64));
      }
    }
    _blank() {
      const s = new Blake3Stream(null, this.outputLen, false);
      s._key.set(this._key);
      s._flags = this._flags;
      return s;
    }
    _copyTo(to) {
      to._key.set(this._key);
      to._flags = this._flags;
      copyTree(this._tree, to._tree);
      to._root = copyOrNull(this._root, to._root);
      to._outBlock.set(this._outBlock);
      to._outPos = this._outPos;
      to._outCtr = this._outCtr;
    }
  }

  const spec = {
    name: 'blake3', module: 'blake3', platform, blockLen: 64, outputLen: 32, canXOF: true, oid: null,
    dkLen: [0, Number.MAX_SAFE_INTEGER],
    options: BLAKE3_OPTIONS,
    params: () => ({ key: null, context: null }),
    check: blake3Check,
    run(msg, list, params, dkLen, dst, pos) {
      enter();
      try {
        mode(params);
        setKey(modeKey);
        flags = modeFlags;
        const t = scratch;
        if (msg !== null) {
          // Whole chunks straight from msg, then the last chunk from msg too (not through t.buf).
          const lastStart = msg.length === 0 ? 0 : Math.floor((msg.length - 1) / CHUNK) * CHUNK;
          wholeChunks(t, 0, msg, lastStart);
          finish(t, lastStart === 0 ? msg : msg.subarray(lastStart));
        } else {
          for (let i = 0; i < list.length; i++) absorb(t, list[i]);
          finish(t, null);
        }
        output(0, 0, dst, pos, dkLen);
      } finally {
        if (modeKey === ctxKey) ctxKey.fill(0);
        leave();
      }
    },
    stream: (params, dkLen) => new Blake3Stream(params, dkLen),
    instance: I,
    // A worker's job (runtime/worker.js): the chaining values of pieces [offset in msg, first
    // chunk, size in chunks] of msg, with key words `key` and mode flags `mode`, into out (words).
    subtrees(msg, pieces, key, mode, out) {
      enter();
      try {
        setKey(key);
        flags = mode;
        for (let i = 0; i < pieces.length; i += 3)
          subtree(msg.subarray(pieces[i], pieces[i] + pieces[i + 2] * CHUNK), pieces[i + 1], pieces[i + 2], out, (i / 3) * 8);
      } finally {
        leave();
      }
    },
    threads: undefined, // (runtime/workers.js)
  };
  const hash = makeHash(spec);
  threadApi.hash = hash;
  return hash;
}
