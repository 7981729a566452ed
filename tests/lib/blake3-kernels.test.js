// The BLAKE3 kernels (modules/blake3.js, docs/target-contract.md) on every backend, through the raw
// target contract: a minimal tree driver written here on top of blake3_chunks / blake3_parents /
// blake3_compress hashes messages of every shape and must give @noble/hashes' blake3 digests (hash,
// keyed and derive-key modes, extended output), and the four-lane chunk kernel must agree with the
// scalar compress function on every chunk count and on counters whose low word wraps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { blake3 as nobleBlake3 } from '@noble/hashes/blake3.js';
import { BACKENDS, repoRoot, makeRng, SEED, hex, isSlow, COMPARES_BACKENDS } from './_helpers.js';

const IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const CHUNK_START = 1, CHUNK_END = 2, PARENT = 4, ROOT = 8, KEYED_HASH = 16, DERIVE_KEY_CONTEXT = 32, DERIVE_KEY_MATERIAL = 64;

const targets = {};
for (const b of BACKENDS) targets[b] = await import(pathToFileURL(path.join(repoRoot, 'targets', b, 'blake3.js')).href);

// The kernels of one instance, with word views of its regions.
function open(t) {
  const { mem, fns } = t.instantiate();
  const R = t.regions;
  const words = (r) => new Uint32Array(mem.buffer, mem.byteOffset + R[r].offset, R[r].bytes / 4);
  return {
    mem, fns, R,
    key: words('key'), cvs: words('cvs'), cv: words('cv'), out: words('out'),
    block: mem.subarray(R.block.offset, R.block.offset + R.block.bytes),
    chunksPerCall: R.block.bytes / 1024,
  };
}

// BLAKE3 of msg through the kernels: whole chunks in batches (keeping the last chunk back, it may
// be the root), chaining values merged on a stack, the last chunk block by block, then the root's
// output blocks. `batch` limits the chunks per blake3_chunks call (to exercise the lane remainder).
function kernelHash(k, msg, keyWords, flags, dkLen, batch = k.chunksPerCall) {
  k.key.set(keyWords);
  const stack = [];
  let chunks = 0;
  const push = (cv) => {
    let total = ++chunks;
    let cur = cv;
    while ((total & 1) === 0) {
      k.cvs.set(stack.pop(), 0);
      k.cvs.set(cur, 8);
      k.fns.blake3_parents(1, flags);
      cur = k.cvs.slice(0, 8);
      total >>>= 1;
    }
    stack.push(cur);
  };
  let pos = 0;
  const lastStart = msg.length === 0 ? 0 : Math.floor((msg.length - 1) / 1024) * 1024;
  while (pos < lastStart) {
    const n = Math.min(batch, (lastStart - pos) / 1024);
    k.block.set(msg.subarray(pos, pos + n * 1024), 0);
    k.fns.blake3_chunks(n, chunks >>> 0, Math.floor(chunks / 2 ** 32), flags);
    const cvs = k.cvs.slice(0, n * 8); // (push() reuses the cvs region)
    for (let i = 0; i < n; i++) push(cvs.subarray(i * 8, i * 8 + 8));
    pos += n * 1024;
  }
  // The last chunk: its blocks (at least one), all but the last chained here.
  const tail = msg.subarray(lastStart);
  const nBlocks = Math.max(1, Math.ceil(tail.length / 64));
  k.block.fill(0, 0, nBlocks * 64);
  k.block.set(tail, 0);
  k.cv.set(keyWords);
  for (let b = 0; b < nBlocks - 1; b++) {
    k.fns.blake3_compress(b, chunks >>> 0, Math.floor(chunks / 2 ** 32), 64, flags | (b === 0 ? CHUNK_START : 0));
    k.cv.set(k.out.subarray(0, 8));
  }
  // The root node: (cv, block index, counter, length, flags) of its last compression.
  let node = { cv: k.cv.slice(), words: new Uint32Array(k.block.buffer, k.block.byteOffset + (nBlocks - 1) * 64, 16).slice(),
    ctr: chunks, len: tail.length - (nBlocks - 1) * 64, flags: flags | CHUNK_END | (nBlocks === 1 ? CHUNK_START : 0) };
  for (let i = stack.length - 1; i >= 0; i--) {
    // The node so far becomes a chaining value (non-root), merged with the stack's top.
    new Uint32Array(k.block.buffer, k.block.byteOffset, 16).set(node.words);
    k.cv.set(node.cv);
    k.fns.blake3_compress(0, node.ctr >>> 0, Math.floor(node.ctr / 2 ** 32), node.len, node.flags);
    const words = new Uint32Array(16);
    words.set(stack[i], 0);
    words.set(k.out.subarray(0, 8), 8);
    node = { cv: Uint32Array.from(keyWords), words, ctr: 0, len: 64, flags: flags | PARENT };
  }
  const res = new Uint8Array(Math.ceil(dkLen / 64) * 64);
  new Uint32Array(k.block.buffer, k.block.byteOffset, 16).set(node.words);
  for (let t = 0; t * 64 < dkLen; t++) {
    k.cv.set(node.cv);
    k.fns.blake3_compress(0, t >>> 0, Math.floor(t / 2 ** 32), node.len, node.flags | ROOT);
    res.set(new Uint8Array(k.out.buffer, k.out.byteOffset, 64), t * 64);
  }
  return res.subarray(0, dkLen);
}
const wordsLE = (bytes) => Array.from({ length: 8 }, (_, i) => bytes[4 * i] | (bytes[4 * i + 1] << 8) | (bytes[4 * i + 2] << 16) | (bytes[4 * i + 3] << 24)).map((x) => x >>> 0);
const modes = {
  hash: (k, msg, dkLen) => kernelHash(k, msg, IV, 0, dkLen),
  keyed: (k, msg, dkLen, key) => kernelHash(k, msg, wordsLE(key), KEYED_HASH, dkLen),
  derive: (k, msg, dkLen, key, ctx) => {
    const ctxKey = kernelHash(k, ctx, IV, DERIVE_KEY_CONTEXT, 32);
    return kernelHash(k, msg, wordsLE(ctxKey), DERIVE_KEY_MATERIAL, dkLen);
  },
};
const noble = {
  hash: (msg, dkLen) => nobleBlake3(msg, { dkLen }),
  keyed: (msg, dkLen, key) => nobleBlake3(msg, { dkLen, key }),
  derive: (msg, dkLen, key, ctx) => nobleBlake3(msg, { dkLen, context: ctx }),
};

const rng = makeRng(SEED, 3);
test(`(seed ${SEED})`, () => {});

for (const b of BACKENDS) {
  const t = targets[b];
  test(`${b}: blake3 target has the contract's regions and functions`, () => {
    for (const f of ['blake3_chunks', 'blake3_parents', 'blake3_compress']) assert.ok(t.functions.includes(f), f);
    assert.equal(t.regions.key.bytes, 32);
    assert.equal(t.regions.cv.bytes, 32);
    assert.equal(t.regions.out.bytes, 64);
    assert.ok(t.regions.block.bytes >= 4096 && t.regions.block.bytes % 4096 === 0);
    assert.equal(t.regions.cvs.bytes, t.regions.block.bytes / 32);
  });

  test(`${b}: kernel tree driver equals @noble/hashes blake3 around chunk and tree boundaries`, () => {
    const k = open(t);
    const slow = isSlow(b);
    const lens = slow
      ? [0, 1, 63, 64, 65, 1023, 1024, 1025, 2048, 2049, 3072, 4097, 5121]
      : [0, 1, 2, 63, 64, 65, 127, 128, 129, 1000, 1023, 1024, 1025, 2047, 2048, 2049, 3072, 3073, 4095, 4096, 4097,
        5 * 1024, 7 * 1024 + 1, 8191, 8192, 8193, 16 * 1024 + 5, 31 * 1024, 32 * 1024, 32 * 1024 + 1, 33 * 1024 + 7, 65 * 1024 + 100];
    const key = rng.bytes(32);
    const ctx = rng.bytes(rng.int(100));
    let n = 0;
    for (const len of lens) {
      const msg = rng.bytes(len);
      for (const mode of ['hash', 'keyed', 'derive']) {
        const dkLen = mode === 'hash' ? 32 : [32, 1, 64, 65, 200][rng.int(5)];
        assert.equal(hex(modes[mode](k, msg, dkLen, key, ctx)), hex(noble[mode](msg, dkLen, key, ctx)), `${mode} len ${len} dkLen ${dkLen}`);
        n++;
      }
    }
    // Batches of every size 1..7 chunks (the lane remainder on wasm) give the same tree.
    const msg = rng.bytes((slow ? 9 : 21) * 1024 + 3);
    const want = hex(noble.hash(msg, 32));
    for (let batch = 1; batch <= 7; batch++) assert.equal(hex(kernelHash(k, msg, IV, 0, 32, batch)), want, `batch ${batch}`);
  });

  test(`${b}: blake3_chunks equals blake3_compress chained over each chunk, counters wrapping at 2^32`, () => {
    const k = open(t);
    const n = isSlow(b) ? 6 : k.chunksPerCall;
    const data = rng.bytes(n * 1024);
    const key = wordsLE(rng.bytes(32));
    for (const [ctrLo, ctrHi] of [[0, 0], [0xfffffffe, 7], [0xfffffffd, 0xffffffff], [rng.u32(), rng.u32()]]) {
      for (const count of isSlow(b) ? [1, 4, 6] : [1, 2, 3, 4, 5, 8, 13, n]) {
        const flags = [0, KEYED_HASH, DERIVE_KEY_MATERIAL][rng.int(3)];
        k.block.set(data);
        k.key.set(key);
        k.cvs.fill(0);
        k.fns.blake3_chunks(count, ctrLo, ctrHi, flags);
        const got = k.cvs.slice(0, count * 8);
        assert.ok(k.cvs.subarray(count * 8).every((x) => x === 0), 'no chaining value past n');
        const want = new Uint32Array(count * 8);
        for (let c = 0; c < count; c++) {
          const lo = (ctrLo + c) >>> 0;
          const hi = (ctrHi + (ctrLo + c >= 2 ** 32 ? 1 : 0)) >>> 0;
          k.cv.set(key);
          for (let blk = 0; blk < 16; blk++) {
            k.fns.blake3_compress(c * 16 + blk, lo, hi, 64, flags | (blk === 0 ? CHUNK_START : 0) | (blk === 15 ? CHUNK_END : 0));
            k.cv.set(k.out.subarray(0, 8));
          }
          want.set(k.cv, c * 8);
        }
        assert.deepEqual(got, want, `count ${count} ctr ${ctrHi}:${ctrLo}`);
        assert.ok(Buffer.from(k.block.subarray(0, data.length)).equals(Buffer.from(data)), 'the block region is only read');
      }
    }
  });

  test(`${b}: blake3_blocks (optional, wasm) equals blake3_compress chained block by block`, (t2) => {
    if (!t.functions.includes('blake3_blocks')) {
      assert.ok(!b.startsWith('wasm'), 'the wasm targets have blake3_blocks');
      return t2.skip('not on this target');
    }
    const k = open(t);
    for (const n of [0, 1, 2, 7, 15]) {
      const data = rng.bytes(n * 64);
      const start = wordsLE(rng.bytes(32));
      const [lo, hi] = [rng.u32(), rng.u32()];
      const flags = [0, KEYED_HASH, DERIVE_KEY_MATERIAL][rng.int(3)];
      k.block.set(data);
      k.cv.set(start);
      for (let blk = 0; blk < n; blk++) {
        k.fns.blake3_compress(blk, lo, hi, 64, flags | (blk === 0 ? CHUNK_START : 0));
        k.cv.set(k.out.subarray(0, 8));
      }
      const want = k.cv.slice();
      k.out.fill(0);
      const before = k.mem.slice();
      k.cv.set(start);
      k.fns.blake3_blocks(n, lo, hi, flags);
      assert.deepEqual(k.cv.slice(), want, `n ${n}`);
      k.mem.set(before.subarray(k.R.cv.offset, k.R.cv.offset + 32), k.R.cv.offset);
      assert.ok(Buffer.from(k.mem).equals(Buffer.from(before)), 'only cv changed');
    }
  });

  test(`${b}: blake3_parents merges pairs in place and touches nothing else`, () => {
    const k = open(t);
    const max = k.R.cvs.bytes / 64;
    for (const n of [1, 2, 3, 4, 5, 7, max - 1, max]) {
      const key = wordsLE(rng.bytes(32));
      const flags = [0, KEYED_HASH][rng.int(2)];
      const input = new Uint32Array(k.R.cvs.bytes / 4).map(() => rng.u32());
      k.key.set(key);
      const want = input.slice();
      for (let i = 0; i < n; i++) {
        new Uint32Array(k.block.buffer, k.block.byteOffset, 16).set(input.subarray(i * 16, i * 16 + 16));
        k.cv.set(key);
        k.fns.blake3_compress(0, 0, 0, 64, flags | PARENT);
        want.set(k.out.subarray(0, 8), i * 8);
      }
      const before = k.mem.slice();
      k.cvs.set(input);
      k.fns.blake3_parents(n, flags);
      assert.deepEqual(k.cvs.slice(), want, `n ${n}`);
      k.mem.set(before.subarray(k.R.cvs.offset, k.R.cvs.offset + k.R.cvs.bytes), k.R.cvs.offset);
      assert.ok(Buffer.from(k.mem).equals(Buffer.from(before)), 'only cvs changed');
    }
  });
}

test('every backend computes the same chaining values for the same random chunks', { skip: COMPARES_BACKENDS }, () => {
  const ks = BACKENDS.map((b) => open(targets[b]));
  const data = rng.bytes(6 * 1024);
  const ctrLo = rng.u32();
  const ctrHi = rng.u32();
  const res = ks.map((k) => {
    k.block.set(data);
    k.key.set(IV);
    k.fns.blake3_chunks(6, ctrLo, ctrHi, 0);
    return hex(new Uint8Array(k.cvs.buffer, k.cvs.byteOffset, 6 * 32));
  });
  for (let i = 1; i < res.length; i++) assert.equal(res[i], res[0], BACKENDS[i]);
});
