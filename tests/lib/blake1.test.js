// blake224, blake256, blake384, blake512 (modules/blake1.js through runtime/md.js) on every backend:
// @noble/hashes (node:crypto has no BLAKE) on every length 0..300 and random lengths with random
// streaming splits, with and without `salt`, in one-shot, chunks, streams, clones, parallel and async
// calls; errors that name the argument, the API shape, a zero memory after every kind of call, and
// the backends against each other. Spec vectors (BLAKE-256): tests/lib/vectors-blake2.test.js.
import assert from 'node:assert/strict';
import test from 'node:test';
import * as noble from '@noble/hashes/blake1.js';
import { memoryForTests } from '../../runtime/shell.js';
import { firstSecretByte, forEachBackend, hex, isSlow, loadBackends, makeRng, randomSplit, repoRoot } from './_helpers.js';

const backends = await loadBackends();
const NAMES = ['blake224', 'blake256', 'blake384', 'blake512'];
const V = {
  blake224: { out: 28, block: 64, salt: 16 },
  blake256: { out: 32, block: 64, salt: 16 },
  blake384: { out: 48, block: 128, salt: 32 },
  blake512: { out: 64, block: 128, salt: 32 },
};
const ref = (name, msg, opts) => hex(noble[name](msg, opts));

forEachBackend(test, backends, 'blake1', (b) => {
  const H = b.hashes;
  const slow = isSlow(b.name);
  const rng = makeRng(undefined, 110 + b.name.length);

  test(`${b.name}: BLAKE matches @noble/hashes on every length 0..300, random lengths and streaming splits, salted or not`, () => {
    const msg = rng.bytes(300);
    for (const name of NAMES) {
      const v = V[name];
      for (let len = 0; len <= 300; len++) {
        const m = msg.subarray(0, len);
        assert.equal(hex(H[name](m)), ref(name, m), `${name} length ${len}`);
        if (!slow || len % 7 === 0) {
          const salt = rng.bytes(v.salt);
          assert.equal(hex(H[name](m, { salt })), ref(name, m, { salt }), `${name} length ${len}, salted`);
        }
      }
      for (let i = 0; i < (slow ? 3 : 12); i++) {
        const m = rng.bytes(rng.int(slow ? 3000 : 20000));
        const opts = rng.int(2) ? { salt: rng.bytes(v.salt) } : undefined;
        const want = ref(name, m, opts);
        assert.equal(hex(H[name](m, opts)), want, `${name} of ${m.length} bytes`);
        const s = H[name].create(opts);
        for (const piece of randomSplit(rng, m, 300)) s.update(piece);
        assert.equal(hex(s.digest()), want, `${name} streamed, ${m.length} bytes`);
        assert.equal(hex(H[name].chunks(randomSplit(rng, m, 700), opts)), want, `${name} chunks, ${m.length} bytes`);
      }
      // Around the block region's size (8 KiB), where the padding may not fit behind the message.
      for (const len of [8191, 8192, 8192 - 9, 8192 - 17, 8192 + 55, 8192 + 56]) {
        const m = rng.bytes(len);
        assert.equal(hex(H[name](m)), ref(name, m), `${name} of ${len} bytes`);
      }
    }
  });

  test(`${b.name}: BLAKE streams, clones, parallel, async with a salt; API shape and errors`, async () => {
    for (const name of NAMES) {
      const v = V[name];
      const h = H[name];
      const salt = rng.bytes(v.salt);
      const m = rng.bytes(3 * v.block + 9);
      const want = ref(name, m, { salt });
      const s = h.create({ salt }).update(m.subarray(0, v.block + 1));
      const c = s.clone();
      const into = h.create({ salt: rng.bytes(v.salt) });
      s._cloneInto(into);
      for (const x of [s, c, into]) x.update(m.subarray(v.block + 1));
      assert.equal(hex(s.digest()), want);
      assert.equal(hex(c.digest()), want);
      assert.equal(hex(into.digest()), want);
      // create() copies the salt.
      const salt2 = rng.bytes(v.salt);
      const s2 = h.create({ salt: salt2 });
      const want2 = ref(name, m, { salt: salt2 });
      salt2.fill(0);
      assert.equal(hex(s2.update(m).digest()), want2);
      const msgs = [rng.bytes(0), rng.bytes(v.block), rng.bytes(500)];
      assert.deepEqual(h.parallel(msgs, { salt }).map(hex), msgs.map((x) => ref(name, x, { salt })));
      assert.equal(hex(await h.async(m, { salt, asyncTick: 0 })), want);
      assert.equal(h.outputLen, v.out);
      assert.equal(h.outputLen, noble[name].outputLen);
      assert.equal(h.blockLen, v.block);
      assert.equal(h.blockLen, noble[name].blockLen);
      assert.equal(h.oid, undefined);
      assert.equal(h.getPlatform(), b.name);
      assert.deepEqual({ ...h.getDefinition() }, { module: 'blake1', name, blockLen: v.block, outputLen: v.out, canXOF: false });
      assert.throws(() => h(m, { salt: new Uint8Array(v.salt - 1) }), { name: 'RangeError', message: `"opts.salt" must be ${v.salt} bytes for ${name}, got ${v.salt - 1}` });
      assert.throws(() => h(m, { salt: 'x' }), { name: 'TypeError', message: '"opts.salt" must be Uint8Array, got string' });
      assert.throws(() => h(m, { key: salt }), { name: 'TypeError', message: /unknown option "key"/ });
      assert.throws(() => h(m, { dkLen: 5 }), { name: 'RangeError', message: new RegExp(`"opts.dkLen" must be ${v.out} for ${name}`) });
    }
    // The Merkle–Damgård hashes take no salt.
    assert.throws(() => H.sha256(new Uint8Array(1), { salt: new Uint8Array(16) }), { name: 'TypeError', message: /unknown option "salt"/ });
  });

  test(`${b.name}: the blake1 memory is zero after every kind of call, errors included`, async () => {
    const regions = (await import(`${repoRoot}/targets/${b.name}/blake1.js`)).regions;
    for (const name of NAMES) {
      const v = V[name];
      const h = H[name];
      h(rng.bytes(5000), { salt: rng.bytes(v.salt) });
      h.chunks([rng.bytes(100), rng.bytes(9000)]);
      h.parallel([rng.bytes(10), rng.bytes(200)], { salt: rng.bytes(v.salt) });
      const s = h.create({ salt: rng.bytes(v.salt) }).update(rng.bytes(150));
      s.clone().digest();
      s.digest();
      await h.async(rng.bytes(slow ? 3000 : 30000), { salt: rng.bytes(v.salt), asyncTick: 0 });
      assert.throws(() => h(rng.bytes(10), { salt: rng.bytes(v.salt), out: new Uint8Array(1) }), RangeError);
      assert.equal(firstSecretByte(memoryForTests(h), regions), null, `${b.name} ${name}`);
    }
  });
});

test('the backends agree on BLAKE, salted or not', () => {
  const rng = makeRng(undefined, 119);
  const loaded = backends.filter((b) => b.hashes !== null);
  for (const name of NAMES) {
    for (let i = 0; i < 12; i++) {
      const m = rng.bytes(rng.int(2000));
      const opts = i % 2 ? { salt: rng.bytes(V[name].salt) } : undefined;
      const all = loaded.map((b) => hex(b.hashes[name](m, opts)));
      assert.ok(all.every((x) => x === all[0]), `${name}: ${loaded.map((b) => b.name).join(', ')} agree`);
    }
  }
});
