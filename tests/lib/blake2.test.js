// blake2b and blake2s (modules/blake2.js, runtime/blake2.js) on every backend: node:crypto on every
// length 0..300 and random lengths with random streaming splits, @noble/hashes for every option
// (key, salt, personalization, every dkLen) in one-shot, chunks, streams, clones, parallel and
// async calls, errors that name the argument, the API shape, a zero memory after every kind of
// call (errors included), and the backends against each other. Spec vectors:
// tests/lib/vectors-blake2.test.js.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import test from 'node:test';
import { blake2b as nobleB, blake2s as nobleS } from '@noble/hashes/blake2.js';
import { memoryForTests } from '../../runtime/shell.js';
import { firstSecretByte, forEachBackend, hex, isSlow, loadBackends, makeRng, randomSplit, repoRoot, poolCheck } from './_helpers.js';

const backends = await loadBackends();
const NAMES = ['blake2b', 'blake2s'];
const V = {
  blake2b: { node: 'blake2b512', max: 64, block: 128, salt: 16, noble: nobleB },
  blake2s: { node: 'blake2s256', max: 32, block: 64, salt: 8, noble: nobleS },
};
const node = (name, msg) => createHash(V[name].node).update(msg).digest('hex');

/** Random options: a key (1..max bytes) or none, salt, personalization, dkLen, each present or not. */
function randomOpts(rng, name, dkLen) {
  const v = V[name];
  const o = {};
  if (dkLen !== undefined) o.dkLen = dkLen;
  if (rng.int(2)) o.key = rng.bytes(1 + rng.int(v.max));
  if (rng.int(2)) o.salt = rng.bytes(v.salt);
  if (rng.int(2)) o.personalization = rng.bytes(v.salt);
  return o;
}
const describe = (o) => JSON.stringify({ dkLen: o.dkLen, key: o.key?.length, salt: !!o.salt, pers: !!o.personalization });

forEachBackend(test, backends, 'blake2', (b) => {
  const H = b.hashes;
  const slow = isSlow(b.name);
  const rng = makeRng(undefined, 90 + b.name.length);

  test(`${b.name}: blake2b, blake2s match node:crypto on every length 0..300, random lengths and streaming splits`, () => {
    const msg = rng.bytes(300);
    for (const name of NAMES) {
      for (let len = 0; len <= 300; len++) assert.equal(hex(H[name](msg.subarray(0, len))), node(name, msg.subarray(0, len)), `${name} length ${len}`);
      for (let i = 0; i < (slow ? 4 : 20); i++) {
        const m = rng.bytes(rng.int(slow ? 3000 : 40000));
        const want = node(name, m);
        assert.equal(hex(H[name](m)), want, `${name} of ${m.length} bytes`);
        const s = H[name].create();
        for (const piece of randomSplit(rng, m, 300)) s.update(piece);
        assert.equal(hex(s.digest()), want, `${name} streamed, ${m.length} bytes`);
        assert.equal(hex(H[name].chunks(randomSplit(rng, m, 500))), want, `${name} chunks, ${m.length} bytes`);
      }
      // Lengths on and around the block region's size (16 KiB: a full region is held back).
      for (const len of [16383, 16384, 16385, 32768, 32769]) {
        if (slow && len > 16385) continue;
        const m = rng.bytes(len);
        assert.equal(hex(H[name](m)), node(name, m), `${name} of ${len} bytes`);
      }
    }
  });

  test(`${b.name}: every option against @noble/hashes: key, salt, personalization, every dkLen`, () => {
    for (const name of NAMES) {
      const v = V[name];
      for (let dkLen = 1; dkLen <= v.max; dkLen++) {
        for (let i = 0; i < (slow ? 1 : 3); i++) {
          const o = randomOpts(rng, name, dkLen);
          const m = rng.bytes(rng.int(4 * v.block));
          const want = hex(v.noble(m, o));
          assert.equal(hex(H[name](m, o)), want, `${name} ${describe(o)} of ${m.length} bytes`);
          const { dkLen: _, ...streamOpts } = o;
          const s = H[name].create({ ...streamOpts, dkLen });
          for (const piece of randomSplit(rng, m, 2 * v.block)) s.update(piece);
          assert.equal(hex(s.digest()), want, `${name} ${describe(o)} streamed`);
        }
      }
      // Edge cases of the key block: the empty message with a key of every length, a message of
      // exactly one block with a full key, keys of the largest length.
      for (let k = 1; k <= v.max; k += slow ? 7 : 1) {
        const key = rng.bytes(k);
        assert.equal(hex(H[name](new Uint8Array(0), { key })), hex(v.noble(new Uint8Array(0), { key })), `${name} empty message, key of ${k}`);
        assert.equal(hex(H[name].create({ key }).digest()), hex(v.noble(new Uint8Array(0), { key })), `${name} empty stream, key of ${k}`);
      }
      const key = rng.bytes(v.max);
      for (const len of [v.block - 1, v.block, v.block + 1, 2 * v.block]) {
        const m = rng.bytes(len);
        assert.equal(hex(H[name](m, { key })), hex(v.noble(m, { key })), `${name} key, ${len} bytes`);
      }
      // The options are not kept by reference: changing them after create() changes nothing.
      const o = randomOpts(rng, name, v.max);
      o.key = rng.bytes(5);
      o.salt = rng.bytes(v.salt);
      const want = hex(v.noble(rng.bytes(0), o));
      const s = H[name].create(o);
      o.key.fill(1);
      o.salt.fill(2);
      assert.equal(hex(s.digest()), want, `${name}: create() copies its options`);
    }
  });

  test(`${b.name}: streams: clone mid-stream, _cloneInto, destroy, digestInto; parallel, chunks and async with options`, async () => {
    for (const name of NAMES) {
      const v = V[name];
      const h = H[name];
      const o = { key: rng.bytes(7), salt: rng.bytes(v.salt), personalization: rng.bytes(v.salt), dkLen: 20 };
      const m = rng.bytes(3 * v.block + 5);
      const want = hex(v.noble(m, o));
      const s = h.create(o).update(m.subarray(0, v.block + 3));
      const c = s.clone();
      const into = h.create(o);
      s._cloneInto(into);
      s.update(m.subarray(v.block + 3));
      c.update(m.subarray(v.block + 3));
      into.update(m.subarray(v.block + 3));
      assert.equal(hex(s.digest()), want);
      assert.equal(hex(c.digest()), want);
      const buf = new Uint8Array(25);
      into.digestInto(buf);
      assert.equal(hex(buf.subarray(0, 20)), want);
      assert.throws(() => s.update(m), /after digest/);
      assert.equal(s.outputLen, 20);
      assert.equal(s.blockLen, v.block);
      const msgs = [rng.bytes(0), rng.bytes(1), rng.bytes(v.block), rng.bytes(1000), rng.bytes(v.block * 2)];
      assert.deepEqual(h.parallel(msgs, o).map(hex), msgs.map((x) => hex(v.noble(x, o))));
      assert.equal(hex(h.chunks([m.subarray(0, 10), m.subarray(10)], o)), want);
      assert.equal(hex(await h.async(m, { ...o, asyncTick: 0 })), want);
      assert.equal(hex(await h.chunks.async([m.subarray(0, 100), m.subarray(100)], o)), want);
      const out = new Uint8Array(23);
      assert.equal(hex(h(m, { ...o, out, outPos: 3 })), want);
      assert.equal(hex(out.subarray(3)), want);
    }
  });

  test(`${b.name}: the API shape; errors name the argument`, () => {
    for (const name of NAMES) {
      const v = V[name];
      const h = H[name];
      assert.equal(h.outputLen, v.max);
      assert.equal(h.outputLen, v.noble.outputLen);
      assert.equal(h.blockLen, v.block);
      assert.equal(h.blockLen, v.noble.blockLen);
      assert.equal(h.canXOF, false);
      assert.equal(h.oid, undefined);
      assert.equal(h.getPlatform(), b.name);
      assert.deepEqual({ ...h.getDefinition() }, { module: 'blake2', name, blockLen: v.block, outputLen: v.max, canXOF: false });
      const m = new Uint8Array(3);
      assert.throws(() => h(m, { dkLen: 0 }), { name: 'RangeError', message: new RegExp(`"opts.dkLen" must be an integer from 1 to ${v.max} for ${name}, got 0`) });
      assert.throws(() => h(m, { dkLen: v.max + 1 }), { name: 'RangeError', message: /"opts.dkLen"/ });
      assert.throws(() => h(m, { dkLen: 1.5 }), { name: 'RangeError', message: /"opts.dkLen"/ });
      assert.throws(() => h(m, { key: new Uint8Array(0) }), { name: 'RangeError', message: `"opts.key" must be 1 to ${v.max} bytes for ${name}, got 0` });
      assert.throws(() => h(m, { key: new Uint8Array(v.max + 1) }), { name: 'RangeError', message: /"opts.key" must be 1 to/ });
      assert.throws(() => h(m, { key: 'secret' }), { name: 'TypeError', message: '"opts.key" must be Uint8Array, got string' });
      assert.throws(() => h(m, { salt: new Uint8Array(v.salt - 1) }), { name: 'RangeError', message: `"opts.salt" must be ${v.salt} bytes for ${name}, got ${v.salt - 1}` });
      assert.throws(() => h(m, { salt: [1, 2] }), { name: 'TypeError', message: '"opts.salt" must be Uint8Array, got Array' });
      assert.throws(() => h(m, { personalization: new Uint8Array(v.salt + 1) }), { name: 'RangeError', message: /"opts.personalization" must be/ });
      assert.throws(() => h.create({ personalization: new Uint8Array(1) }), { name: 'RangeError', message: /"opts.personalization"/ });
      assert.throws(() => h(m, { person: new Uint8Array(v.salt) }), { name: 'TypeError', message: /unknown option "person"/ });
      assert.throws(() => h('abc'), { name: 'TypeError', message: '"msg" must be Uint8Array, got string' });
      assert.throws(() => h.create().xof(3), /cannot XOF/);
      // An option given as undefined counts as absent.
      assert.equal(hex(h(m, { key: undefined, salt: undefined })), node(name, m));
    }
  });

  test(`${b.name}: the blake2 memory is zero after every kind of call, errors included`, async () => {
    const regions = (await import(`${repoRoot}/targets/${b.name}/blake2.js`)).regions;
    for (const name of NAMES) {
      const v = V[name];
      const h = H[name];
      const o = () => ({ key: rng.bytes(v.max), salt: rng.bytes(v.salt), personalization: rng.bytes(v.salt) });
      h(rng.bytes(5000), o());
      h(rng.bytes(20000));
      h.chunks([rng.bytes(100), rng.bytes(9000)], o());
      h.parallel([rng.bytes(10), rng.bytes(200)], o());
      const s = h.create(o()).update(rng.bytes(150));
      s.clone().digest();
      s.update(rng.bytes(3 * v.block)).digest();
      await h.async(rng.bytes(slow ? 3000 : 40000), { ...o(), asyncTick: 0 });
      assert.throws(() => h(rng.bytes(10), { ...o(), out: new Uint8Array(1) }), RangeError);
      assert.equal(firstSecretByte(memoryForTests(h), regions), null, `${b.name} ${name}`);
    }
  });
});

test('the backends agree on blake2b and blake2s, with options', () => {
  const rng = makeRng(undefined, 99);
  const loaded = backends.filter((b) => b.hashes !== null);
  for (const name of NAMES) {
    for (let i = 0; i < 20; i++) {
      const m = rng.bytes(rng.int(3000));
      const o = randomOpts(rng, name, 1 + rng.int(V[name].max));
      const all = loaded.map((b) => hex(b.hashes[name](m, o)));
      assert.ok(all.every((x) => x === all[0]), `${name} ${describe(o)}: ${loaded.map((b) => b.name).join(', ')} agree`);
    }
  }
});

poolCheck(test, { sync: true }); // its pool jobs come from sync parallel() calls
