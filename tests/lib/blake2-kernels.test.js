// The BLAKE2 kernels (modules/blake2.js) driven directly through the target contract
// (docs/target-contract.md), on every backend, against @noble/hashes' blake2b/blake2s: every
// message length around the block boundaries, keys, salts, personalizations and every dkLen, many
// blocks per compress call, and the memory left after the driver wipes what it wrote.
import assert from 'node:assert/strict';
import test from 'node:test';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { blake2b as nobleB, blake2s as nobleS } from '@noble/hashes/blake2.js';
import { BACKENDS, firstSecretByte, hex, isSlow, makeRng, repoRoot, COMPARES_BACKENDS } from './_helpers.js';

const VARIANTS = {
  blake2b: { block: 128, max: 64, saltLen: 16, noble: nobleB },
  blake2s: { block: 64, max: 32, saltLen: 8, noble: nobleS },
};

/**
 * The whole hash on the raw kernels: init, salt/personalization XORed into h[4..7], the key block,
 * whole blocks compressed `perCall` at a time (the last block held back), final(len), a prefix
 * of the state. Wipes the block region and state it used.
 */
export function kernelHash(target, inst, name, msg, { key, salt, personalization, dkLen } = {}, perCall = 1 << 30) {
  const v = VARIANTS[name];
  const { mem, fns } = inst;
  const S = target.regions.state.offset;
  const B = target.regions.block.offset;
  const cap = Math.min(target.regions.block.bytes / v.block, perCall);
  const outLen = dkLen ?? v.max;
  fns[`${name}_init`](outLen, key ? key.length : 0);
  const W = v.max / 2; // bytes of h[4..5] and h[6..7]
  if (salt) for (let i = 0; i < v.saltLen; i++) mem[S + W + i] ^= salt[i];
  if (personalization) for (let i = 0; i < v.saltLen; i++) mem[S + W + v.saltLen + i] ^= personalization[i];
  let data = msg;
  if (key) {
    data = new Uint8Array(v.block + msg.length);
    data.set(key);
    data.set(msg, v.block);
  }
  // Every block but the last through compress, `cap` at a time.
  const blocks = data.length === 0 ? 0 : Math.ceil(data.length / v.block) - 1;
  for (let done = 0; done < blocks; ) {
    const n = Math.min(cap, blocks - done);
    mem.set(data.subarray(done * v.block, (done + n) * v.block), B);
    fns[`${name}_compress`](n);
    done += n;
  }
  const tail = data.subarray(blocks * v.block);
  mem.fill(0, B, B + v.block);
  mem.set(tail, B);
  fns[`${name}_final`](tail.length);
  const out = mem.slice(S, S + outLen);
  mem.fill(0, B, B + target.regions.block.bytes);
  mem.fill(0, S, S + target.regions.state.bytes);
  return out;
}

const targets = {};
for (const b of BACKENDS) targets[b] = await import(pathToFileURL(path.join(repoRoot, 'targets', b, 'blake2.js')).href);

for (const backend of BACKENDS) {
  const target = targets[backend];
  const rng = makeRng(undefined, 70);
  const slow = isSlow(backend);

  test(`${backend}: blake2 target exports the contract's regions and functions`, () => {
    for (const f of ['blake2b_init', 'blake2b_compress', 'blake2b_final', 'blake2s_init', 'blake2s_compress', 'blake2s_final'])
      assert.ok(target.functions.includes(f), f);
    assert.ok(target.regions.state.bytes >= 80);
    assert.ok(target.regions.block.bytes >= 128 && target.regions.block.bytes % 128 === 0);
  });

  for (const name of Object.keys(VARIANTS)) {
    const v = VARIANTS[name];
    test(`${backend}: ${name} kernels match @noble/hashes on lengths 0..${slow ? 2 : 4} blocks + 1`, () => {
      const inst = target.instantiate();
      const msg = rng.bytes(5 * v.block);
      for (let len = 0; len <= (slow ? 2 : 4) * v.block + 1; len++) {
        const m = msg.subarray(0, len);
        assert.equal(hex(kernelHash(target, inst, name, m)), hex(v.noble(m)), `${name} length ${len}`);
      }
      assert.equal(firstSecretByte(inst.mem, target.regions), null);
    });

    test(`${backend}: ${name} kernels with key, salt, personalization and every dkLen`, () => {
      const inst = target.instantiate();
      for (let dkLen = 1; dkLen <= v.max; dkLen++) {
        const opts = { dkLen };
        if (dkLen % 2 === 1) opts.key = rng.bytes(1 + rng.int(v.max));
        if (dkLen % 3 !== 0) opts.salt = rng.bytes(v.saltLen);
        if (dkLen % 4 !== 1) opts.personalization = rng.bytes(v.saltLen);
        const m = rng.bytes(rng.int(3 * v.block));
        assert.equal(hex(kernelHash(target, inst, name, m, opts)), hex(v.noble(m, opts)), `${name} ${JSON.stringify({ len: m.length, dkLen, key: opts.key?.length })}`);
      }
      // The full-length key, the empty message (the key block is the last block).
      const key = rng.bytes(v.max);
      assert.equal(hex(kernelHash(target, inst, name, new Uint8Array(0), { key })), hex(v.noble(new Uint8Array(0), { key })));
      assert.equal(firstSecretByte(inst.mem, target.regions), null);
    });

    test(`${backend}: ${name} kernels on long messages, many blocks per call and one at a time`, () => {
      const inst = target.instantiate();
      const len = slow ? 3000 : 70000;
      const m = rng.bytes(len + rng.int(300));
      const want = hex(v.noble(m));
      assert.equal(hex(kernelHash(target, inst, name, m)), want, 'whole region per call');
      assert.equal(hex(kernelHash(target, inst, name, m, {}, 1)), want, 'one block per call');
      assert.equal(hex(kernelHash(target, inst, name, m, {}, 3)), want, 'three blocks per call');
    });
  }
}

test('blake2 kernels: every backend gives the same memory after the same calls', { skip: COMPARES_BACKENDS }, () => {
  const rng = makeRng(undefined, 71);
  const seedMem = rng.bytes(targets[BACKENDS[0]].memoryBytes);
  const insts = BACKENDS.map((b) => targets[b].instantiate());
  const S = targets[BACKENDS[0]].regions.state.offset;
  for (const name of ['blake2b', 'blake2s']) {
    for (const [i, inst] of insts.entries()) {
      // Random state, counter and blocks (not only states reachable from init).
      const sig = targets[BACKENDS[i]].regions.sigma;
      inst.mem.set(seedMem.subarray(0, sig.offset));
      inst.fns[`${name}_compress`](3);
      inst.fns[`${name}_final`](17);
    }
    for (let i = 1; i < insts.length; i++)
      assert.equal(hex(insts[i].mem.subarray(S, S + 80)), hex(insts[0].mem.subarray(S, S + 80)), `${name}: ${BACKENDS[i]} vs ${BACKENDS[0]}`);
  }
});
