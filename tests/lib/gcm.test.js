// GHASH and POLYVAL (modules/ghash.js, runtime/ghash.js) on every backend: RFC 8452 Appendix A
// (POLYVAL and GHASH of the worked example), @noble/ciphers on random keys and every length
// 0..1024 (fewer on runtime), random streaming splits, chunks, clones, errors that name the
// argument, a zero kernel memory after every call, and the backends against each other.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import test from 'node:test';
import { ghash as nobleGhash, polyval as noblePolyval } from '@noble/ciphers/_polyval.js';
import { memoryForTests } from '../../runtime/shell.js';
import { COMPARES_BACKENDS, firstSecretByte, forEachBackend, fromHex, hex, isSlow, loadBackends, makeRng, randomSplit } from './_helpers.js';

const backends = await loadBackends();
const VECTORS = '/work/shared/vectors';
const RFC = `${VECTORS}/spec/rfc-vectors.json`;
const noVectors = (f) => !existsSync(f) && `no ${f}`;
const NOBLE = { ghash: nobleGhash, polyval: noblePolyval };
const MACS = ['ghash', 'polyval'];

forEachBackend(test, backends, 'ghash/polyval', (b) => {
  const H = b.hashes;
  const slow = isSlow(b.name);

  test(`${b.name}: RFC 8452 Appendix A (POLYVAL, GHASH)`, { skip: noVectors(RFC) }, () => {
    const list = JSON.parse(readFileSync(RFC, 'utf8')).ghash_polyval;
    assert.ok(list.length >= 2);
    for (const v of list) {
      const f = H[v.fn];
      assert.equal(hex(f(fromHex(v.msg), fromHex(v.key))), v.out, `${v.source}`);
      assert.equal(hex(f(fromHex(v.msg), { key: fromHex(v.key) })), v.out);
      assert.equal(hex(f.create(fromHex(v.key)).update(fromHex(v.msg)).digest()), v.out);
    }
  });

  test(`${b.name}: random keys, lengths 0..1024 against @noble/ciphers`, () => {
    const rng = makeRng(undefined, 101);
    const step = slow ? 37 : 1;
    for (const name of MACS)
      for (let n = 0; n <= 1024; n += step) {
        const key = rng.bytes(16);
        const msg = rng.bytes(n);
        assert.equal(hex(H[name](msg, key)), hex(NOBLE[name](msg, key)), `${name} length ${n}`);
      }
  });

  test(`${b.name}: long messages (several data regions), special keys`, () => {
    const rng = makeRng(undefined, 102);
    const msg = rng.bytes(slow ? 40000 : 100000 + 7);
    for (const name of MACS) {
      for (const key of [new Uint8Array(16), new Uint8Array(16).fill(255), fromHex('80'.padEnd(32, '0')), fromHex('01'.padStart(32, '0')), rng.bytes(16)])
        assert.equal(hex(H[name](msg, key)), hex(NOBLE[name](msg, key)), `${name} key ${hex(key)}`);
    }
  });

  test(`${b.name}: streams, chunks, clones, async`, async () => {
    const rng = makeRng(undefined, 103);
    for (const name of MACS) {
      for (let round = 0; round < (slow ? 3 : 10); round++) {
        const key = rng.bytes(16);
        const msg = rng.bytes(rng.int(slow ? 3000 : 40000));
        const want = hex(NOBLE[name](msg, key));
        const parts = randomSplit(rng, msg, 100);
        const s = H[name].create(key);
        let half = null;
        parts.forEach((p, i) => {
          s.update(p);
          if (i === parts.length >> 1) half = s.clone();
        });
        assert.equal(hex(s.digest()), want, `${name} stream`);
        if (half !== null) half.destroy();
        assert.equal(hex(H[name].chunks(parts, { key })), want, `${name} chunks`);
        assert.equal(hex(await H[name].async(msg, { key })), want, `${name} async`);
      }
      // a clone continues independently
      const key = rng.bytes(16);
      const a = H[name].create({ key }).update(rng.bytes(40));
      const c = a.clone();
      const tail = rng.bytes(25);
      a.update(tail);
      c.update(tail);
      assert.equal(hex(a.digest()), hex(c.digest()));
    }
  });

  test(`${b.name}: errors name the argument`, () => {
    for (const name of MACS) {
      const f = H[name];
      assert.throws(() => f(new Uint8Array(4)), { name: 'TypeError', message: /key/ });
      assert.throws(() => f(new Uint8Array(4), new Uint8Array(15)), { name: 'RangeError', message: /"key" must be 16 bytes/ });
      assert.throws(() => f(new Uint8Array(4), { key: new Uint8Array(32) }), { name: 'RangeError', message: /"opts.key" must be 16 bytes/ });
      assert.throws(() => f('abc', new Uint8Array(16)), { name: 'TypeError', message: /"msg"/ });
      assert.throws(() => f(new Uint8Array(4), { key: 'k' }), { name: 'TypeError', message: /"opts.key"/ });
      assert.equal(f.outputLen, 16);
      assert.equal(f.blockLen, 16);
      assert.equal(f.getPlatform(), b.name);
    }
  });

  test(`${b.name}: the kernel memory is zero after every call`, () => {
    const rng = makeRng(undefined, 104);
    for (const name of MACS) {
      const f = H[name];
      const check = (what) => {
        const mem = memoryForTests(f);
        assert.equal(firstSecretByte(mem, null), null, `${name} after ${what}`);
      };
      f(rng.bytes(1000), rng.bytes(16));
      check('a one-shot call');
      const s = f.create(rng.bytes(16));
      s.update(rng.bytes(33));
      check('update');
      s.digest();
      check('digest');
      assert.throws(() => f(rng.bytes(10), rng.bytes(3)));
      check('an error');
    }
  });
});

test('ghash/polyval: every backend gives the same results', { skip: COMPARES_BACKENDS }, () => {
  const rng = makeRng(undefined, 105);
  const loaded = backends.filter((b) => b.hashes !== null);
  for (let round = 0; round < 20; round++) {
    const key = rng.bytes(16);
    const msg = rng.bytes(rng.int(600));
    for (const name of MACS) {
      const want = hex(loaded[0].hashes[name](msg, key));
      for (const b of loaded) assert.equal(hex(b.hashes[name](msg, key)), want, `${name} on ${b.name}`);
    }
  }
});
