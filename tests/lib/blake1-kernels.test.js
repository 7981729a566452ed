// The BLAKE kernels (modules/blake1.js) driven directly through the target contract
// (docs/target-contract.md), on every backend, against @noble/hashes' blake224..blake512: every
// message length around the padding boundaries, salts, many blocks per call, and the memory left
// after the driver wipes what it wrote.
import assert from 'node:assert/strict';
import test from 'node:test';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { blake224, blake256, blake384, blake512 } from '@noble/hashes/blake1.js';
import { BACKENDS, firstSecretByte, hex, isSlow, makeRng, repoRoot, COMPARES_BACKENDS } from './_helpers.js';

const VARIANTS = {
  blake224: { fam: 'blake256', block: 64, lenBytes: 8, out: 28, marker: 0, salt: 16, noble: blake224 },
  blake256: { fam: 'blake256', block: 64, lenBytes: 8, out: 32, marker: 1, salt: 16, noble: blake256 },
  blake384: { fam: 'blake512', block: 128, lenBytes: 16, out: 48, marker: 0, salt: 32, noble: blake384 },
  blake512: { fam: 'blake512', block: 128, lenBytes: 16, out: 64, marker: 1, salt: 32, noble: blake512 },
};

/**
 * The whole hash on the raw kernels: init, the salt, whole blocks `perCall` at a time, the padded
 * tail through final(bits) (twice when the length field does not fit behind the message), output.
 */
function kernelHash(target, inst, name, msg, salt, perCall = 1 << 30) {
  const v = VARIANTS[name];
  const { mem, fns } = inst;
  const R = target.regions;
  const B = R.block.offset;
  const cap = Math.min(R.block.bytes / v.block, perCall);
  fns[`${name}_init`]();
  if (salt) mem.set(salt, R.salt.offset);
  const whole = Math.floor(msg.length / v.block);
  for (let done = 0; done < whole; ) {
    const n = Math.min(cap, whole - done);
    mem.set(msg.subarray(done * v.block, (done + n) * v.block), B);
    fns[`${v.fam}_compress`](n);
    done += n;
  }
  const r = msg.length - whole * v.block;
  const pad = new Uint8Array(2 * v.block);
  pad.set(msg.subarray(whole * v.block));
  pad[r] = 0x80;
  const end = r + 1 + v.lenBytes <= v.block ? v.block : 2 * v.block;
  pad[end - v.lenBytes - 1] |= v.marker;
  const bits = BigInt(msg.length) * 8n;
  for (let i = 0; i < 8; i++) pad[end - 1 - i] = Number((bits >> BigInt(8 * i)) & 0xffn);
  mem.set(pad.subarray(0, v.block), B);
  fns[`${v.fam}_final`](r * 8);
  if (end > v.block) {
    mem.set(pad.subarray(v.block), B);
    fns[`${v.fam}_final`](0);
  }
  fns[`${v.fam}_output`]();
  const out = mem.slice(R.out.offset, R.out.offset + v.out);
  for (const k of ['state', 'salt', 'block', 'out']) mem.fill(0, R[k].offset, R[k].offset + R[k].bytes);
  return out;
}

const targets = {};
for (const b of BACKENDS) targets[b] = await import(pathToFileURL(path.join(repoRoot, 'targets', b, 'blake1.js')).href);

for (const backend of BACKENDS) {
  const target = targets[backend];
  const rng = makeRng(undefined, 80);
  const slow = isSlow(backend);

  test(`${backend}: blake1 target exports the contract's regions and functions`, () => {
    for (const n of ['224', '256', '384', '512']) assert.ok(target.functions.includes(`blake${n}_init`));
    for (const f of ['compress', 'final', 'output']) for (const n of ['256', '512']) assert.ok(target.functions.includes(`blake${n}_${f}`));
    assert.ok(target.regions.state.bytes >= 80 && target.regions.salt.bytes >= 32 && target.regions.out.bytes >= 64);
  });

  for (const name of Object.keys(VARIANTS)) {
    const v = VARIANTS[name];
    test(`${backend}: ${name} kernels match @noble/hashes on lengths 0..${slow ? 2 : 3} blocks + 1, with and without salt`, () => {
      const inst = target.instantiate();
      const msg = rng.bytes(4 * v.block);
      for (let len = 0; len <= (slow ? 2 : 3) * v.block + 1; len++) {
        const m = msg.subarray(0, len);
        assert.equal(hex(kernelHash(target, inst, name, m)), hex(v.noble(m)), `${name} length ${len}`);
        const salt = rng.bytes(v.salt);
        assert.equal(hex(kernelHash(target, inst, name, m, salt)), hex(v.noble(m, { salt })), `${name} length ${len} salted`);
      }
      assert.equal(firstSecretByte(inst.mem, target.regions), null);
    });

    test(`${backend}: ${name} kernels on long messages, many blocks per call and one at a time`, () => {
      const inst = target.instantiate();
      const m = rng.bytes((slow ? 3000 : 50000) + rng.int(300));
      const want = hex(v.noble(m));
      assert.equal(hex(kernelHash(target, inst, name, m)), want, 'whole region per call');
      assert.equal(hex(kernelHash(target, inst, name, m, null, 1)), want, 'one block per call');
      assert.equal(hex(kernelHash(target, inst, name, m, null, 5)), want, 'five blocks per call');
    });
  }
}

test('blake1 kernels: every backend gives the same memory after the same calls', { skip: COMPARES_BACKENDS }, () => {
  const rng = makeRng(undefined, 81);
  const R = targets[BACKENDS[0]].regions;
  const seed = rng.bytes(R.out.offset + R.out.bytes);
  const insts = BACKENDS.map((b) => targets[b].instantiate());
  for (const fam of ['blake256', 'blake512']) {
    for (const inst of insts) {
      // Random state, counter, salt and blocks (not only states reachable from init).
      inst.mem.set(seed);
      inst.fns[`${fam}_compress`](3);
      inst.fns[`${fam}_final`](24);
      inst.fns[`${fam}_final`](0);
      inst.fns[`${fam}_output`]();
    }
    // The regions up to `out`, and `words` (the rolled builds' scratch copy of the message, which
    // they must leave zero, as the wasm build never writes it). Constant regions are left out:
    // each backend loads only the tables its functions read.
    const W = R.words;
    for (let i = 1; i < insts.length; i++) {
      const m = insts[i].mem;
      assert.ok(Buffer.from(m.subarray(0, seed.length)).equals(Buffer.from(insts[0].mem.subarray(0, seed.length))), `${fam}: ${BACKENDS[i]} vs ${BACKENDS[0]}`);
      assert.ok(m.subarray(W.offset, W.offset + W.bytes).every((x) => x === 0), `${fam}: ${BACKENDS[i]} left message words in 'words'`);
    }
  }
});
