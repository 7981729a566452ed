// The Keccak kernels (modules/sha3.js) through the raw target contract on every backend: a tiny
// sponge driver here (pad, absorb whole blocks with keccak_absorb, squeeze by reading `state`,
// keccak_absorb(1, 0) between output blocks) must give what @noble/hashes' sha3.js gives for
// every SHA-3, Keccak and SHAKE function, and keccak_absorb(n, 0) must be n of noble's keccakP.
// The driver is test-only; the library's sponge engine is runtime/sponge.js.
import assert from 'node:assert/strict';
import test from 'node:test';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import * as noble from '@noble/hashes/sha3.js';
import { BACKENDS, SEED, makeRng, repoRoot, isSlow, hex, COMPARES_BACKENDS } from './_helpers.js';

// name, rate in bytes, domain byte (SHA-3 0x06, Keccak 0x01, SHAKE 0x1f), output length (a long
// one for the XOFs, so squeezing crosses permutations).
const KINDS = [
  ['sha3_224', 144, 0x06, 28], ['sha3_256', 136, 0x06, 32], ['sha3_384', 104, 0x06, 48], ['sha3_512', 72, 0x06, 64],
  ['keccak_224', 144, 0x01, 28], ['keccak_256', 136, 0x01, 32], ['keccak_384', 104, 0x01, 48], ['keccak_512', 72, 0x01, 64],
  ['shake128', 168, 0x1f, 400], ['shake256', 136, 0x1f, 300],
];
const reference = (name, msg, outLen) => (name.startsWith('shake') ? noble[name](msg, { dkLen: outLen }) : noble[name](msg));

const targets = {};
for (const b of BACKENDS) targets[b] = await import(pathToFileURL(path.join(repoRoot, 'targets', b, 'sha3.js')).href);

/** Sponge over the kernels: absorbs `msg` split into calls of at most `maxBlocks` blocks. */
function sponge(t, inst, rate, domain, msg, outLen, maxBlocks) {
  const { mem, fns } = inst;
  const st = t.regions.state;
  const bl = t.regions.block;
  mem.fill(0, st.offset, st.offset + st.bytes);
  const padded = new Uint8Array(Math.floor(msg.length / rate) * rate + rate);
  padded.set(msg);
  padded[msg.length] ^= domain;
  padded[padded.length - 1] ^= 0x80;
  const per = Math.min(maxBlocks, Math.floor(bl.bytes / rate));
  for (let p = 0; p < padded.length; ) {
    const n = Math.min(per, (padded.length - p) / rate);
    mem.set(padded.subarray(p, p + n * rate), bl.offset);
    fns.keccak_absorb(n, rate / 8);
    p += n * rate;
  }
  const out = new Uint8Array(outLen);
  for (let o = 0; o < outLen; ) {
    const k = Math.min(rate, outLen - o);
    out.set(mem.subarray(st.offset, st.offset + k), o);
    o += k;
    if (o < outLen) fns.keccak_absorb(1, 0);
  }
  return out;
}

test('the sha3 target has the contract of docs/target-contract.md on every backend', () => {
  for (const b of BACKENDS) {
    const t = targets[b];
    assert.deepEqual([...t.functions], ['keccak_absorb', 'keccak_pbkdf2'], b);
    assert.ok(t.regions.state.bytes >= 200 && t.regions.state.bytes % 16 === 0, b);
    assert.ok(t.regions.block.bytes >= 8192, b);
    assert.equal(t.regions.keccak_rc.constant, true, b);
  }
});

for (const b of BACKENDS) {
  test(`${b}: a sponge over keccak_absorb is noble's sha3, keccak and shake`, (tc) => {
    const t = targets[b];
    const inst = t.instantiate();
    const rng = makeRng(SEED, 31);
    const slow = isSlow(b);
    let count = 0;
    for (const [name, rate, domain, outLen] of KINDS) {
      // Every length around the first blocks (rate - 1, rate, rate + 1 and twice), then random ones
      // up to several calls' worth of blocks (the block region holds bytes / rate of them).
      const lengths = [];
      for (let n = 0; n <= (slow ? 2 * rate + 2 : 3 * rate + 2); n++) lengths.push(n);
      for (let i = 0; i < (slow ? 3 : 12); i++) lengths.push(rng.int(slow ? 4000 : 40000));
      for (const len of lengths) {
        const msg = rng.bytes(len);
        const maxBlocks = 1 + rng.int(200);
        const got = sponge(t, inst, rate, domain, msg, outLen, maxBlocks);
        assert.equal(hex(got), hex(reference(name, msg, outLen)), `${name} of ${len} bytes (seed ${SEED}, blocks per call ${maxBlocks})`);
        count++;
      }
    }
    tc.diagnostic(`${count} messages`);
  });

  test(`${b}: keccak_absorb(n, 0) is n times Keccak-f[1600] (noble's keccakP) on random states`, () => {
    const t = targets[b];
    const { mem, fns } = t.instantiate();
    const rng = makeRng(SEED, 32);
    const off = t.regions.state.offset;
    for (let i = 0; i < 20; i++) {
      const s = rng.bytes(200);
      const ref = new Uint32Array(s.buffer.slice(0));
      const n = 1 + (i % 3);
      for (let k = 0; k < n; k++) noble.keccakP(ref);
      mem.set(s, off);
      mem.set(rng.bytes(200), t.regions.block.offset); // not read with rateWords 0
      fns.keccak_absorb(n, 0);
      assert.equal(hex(mem.subarray(off, off + 200)), hex(new Uint8Array(ref.buffer)), `state ${i} (seed ${SEED})`);
      assert.equal(mem[off + 200 + rng.int(8)], 0, 'the pad after the 25 lanes stays zero');
    }
  });

  test(`${b}: keccak_absorb XORs exactly rateWords lanes per block`, () => {
    const t = targets[b];
    const { mem, fns } = t.instantiate();
    const rng = makeRng(SEED, 33);
    const st = t.regions.state.offset;
    const bl = t.regions.block.offset;
    for (const rateWords of [0, 9, 13, 17, 18, 21]) {
      const s = rng.bytes(200);
      const blocks = 1 + rng.int(3);
      // Fill the whole block region: words past each block's rate must not reach the state.
      const data = rng.bytes(t.regions.block.bytes);
      const ref = new Uint32Array(s.buffer.slice(0));
      const ref8 = new Uint8Array(ref.buffer);
      for (let n = 0; n < blocks; n++) {
        for (let j = 0; j < rateWords * 8; j++) ref8[j] ^= data[n * rateWords * 8 + j];
        noble.keccakP(ref);
      }
      mem.set(s, st);
      mem.set(data, bl);
      fns.keccak_absorb(blocks, rateWords);
      assert.equal(hex(mem.subarray(st, st + 200)), hex(ref8), `rateWords ${rateWords}, ${blocks} blocks (seed ${SEED})`);
      assert.equal(hex(mem.subarray(bl, bl + data.length)), hex(data), 'the block region is only read');
    }
    // No blocks: the state is unchanged.
    const s = rng.bytes(200);
    mem.set(s, st);
    fns.keccak_absorb(0, 17);
    assert.equal(hex(mem.subarray(st, st + 200)), hex(s));
  });
}

test('the backends leave identical memory after the same calls', { skip: COMPARES_BACKENDS }, () => {
  const rng = makeRng(SEED, 34);
  const seedMem = rng.bytes(targets[BACKENDS[0]].memoryBytes);
  const insts = BACKENDS.map((b) => targets[b].instantiate());
  const snapshot = [];
  for (const [i, inst] of insts.entries()) {
    const t = targets[BACKENDS[i]];
    // Random bytes everywhere except the constant tables (a target's own) and the runtime
    // kernel's scratch lanes (zero between calls, as every call leaves them; the other targets
    // never touch them).
    const keep = inst.mem.slice();
    inst.mem.set(seedMem);
    for (const r of Object.values(t.regions)) if (r.constant) inst.mem.set(keep.subarray(r.offset, r.offset + r.bytes), r.offset);
    for (const name of ['keccak_c', 'keccak_b']) inst.mem.fill(0, t.regions[name].offset, t.regions[name].offset + t.regions[name].bytes);
    inst.fns.keccak_absorb(5, 17);
    inst.fns.keccak_absorb(1, 0);
    inst.fns.keccak_absorb(2, 21);
    // Constant regions compared as zero: a target fills only the tables its kernels read.
    const after = inst.mem.slice();
    for (const r of Object.values(t.regions)) if (r.constant) after.fill(0, r.offset, r.offset + r.bytes);
    snapshot.push(hex(after));
  }
  for (let i = 1; i < BACKENDS.length; i++) assert.ok(snapshot[i] === snapshot[0], `${BACKENDS[i]} differs from ${BACKENDS[0]}`);
});
