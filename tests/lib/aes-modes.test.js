// The AES modes of runtime/aesmodes.js on every backend entry: cmac (RFC 4493 through Crypto++'s
// cmac.txt, Wycheproof aes_cmac, random keys and lengths against @noble/ciphers, streams split at
// random points, chunks and async against one-shot calls, errors naming the argument, the kernel
// memory all zero after every call).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'node:test';
import * as nobleAes from '@noble/ciphers/aes.js';
import { memoryForTests } from '../../runtime/shell.js';
import { BACKENDS, COMPARES_BACKENDS, SEED, firstSecretByte, forEachBackend, fromHex, hex, isSlow, loadBackends, makeRng, randomSplit, repoRoot } from './_helpers.js';

const backends = await loadBackends();
const VECTORS = path.resolve(repoRoot, '../shared/vectors');
const SKIP = existsSync(VECTORS) ? false : 'vectors folder ../shared/vectors not found';
const KEYS = [16, 24, 32];
const REGIONS = Object.fromEntries(
  await Promise.all(BACKENDS.map(async (n) => [n, (await import(pathToFileURL(path.join(repoRoot, 'targets', n, 'aes.js')).href)).regions]))
);
const wycheproof = (name) => JSON.parse(readFileSync(path.join(VECTORS, 'wycheproof', `${name}_test.json`), 'utf8'));

// Crypto++'s test-vector files: blocks of `Field: value` lines, a value's hex split by spaces.
function cryptoppBlocks(file, algorithm) {
  const text = readFileSync(path.join(VECTORS, 'cryptopp', file), 'utf8');
  const out = [];
  let cur = {};
  let name = '';
  for (const line of text.split(/\r?\n/)) {
    const m = /^(\w+):\s*(.*)$/.exec(line);
    if (!m) continue;
    const [, field, value] = m;
    if (field === 'Name') name = value.trim();
    if (name !== algorithm || field === 'Name' || field === 'AlgorithmType' || field === 'Source') continue;
    if (field === 'Test') {
      out.push({ ...cur, test: value.trim() });
      continue;
    }
    cur[field] = value.replace(/\s+/g, '');
  }
  return out;
}

forEachBackend(test, backends, 'AES modes', (b) => {
  const E = b.hashes;
  const slow = isSlow(b.name);
  const isZero = (mem) => firstSecretByte(mem, REGIONS[b.name]);

  // ---- cmac ----
  test(`${b.name}: cmac: RFC 4493 (Crypto++ cmac.txt)`, { skip: SKIP }, () => {
    const list = cryptoppBlocks('cmac.txt', 'CMAC(AES)');
    assert.equal(list.length, 5);
    for (const v of list) {
      const tag = hex(E.cmac(fromHex(v.Message), fromHex(v.Key)));
      if (v.test === 'Verify') assert.equal(tag, v.MAC.toLowerCase(), v.Message);
      else assert.notEqual(tag, v.MAC.toLowerCase());
    }
  });

  test(`${b.name}: cmac: Wycheproof aes_cmac`, { skip: SKIP }, () => {
    let valid = 0, invalid = 0, badKey = 0;
    for (const g of wycheproof('aes_cmac').testGroups)
      for (const t of g.tests) {
        const key = fromHex(t.key), msg = fromHex(t.msg);
        if (!KEYS.includes(key.length)) {
          assert.throws(() => E.cmac(msg, key), { name: 'RangeError', message: /^"key" must have length 16, 24 or 32 for cmac/ });
          badKey++;
          continue;
        }
        const tag = hex(E.cmac(msg, key));
        if (t.result === 'valid') {
          assert.equal(tag, t.tag, `tcId ${t.tcId}`);
          valid++;
        } else {
          assert.notEqual(tag, t.tag, `tcId ${t.tcId}`);
          invalid++;
        }
      }
    assert.deepEqual([valid, invalid, badKey], [63, 243, 5]);
  });

  test(`${b.name}: cmac: random keys and lengths against @noble/ciphers; streams, chunks, async`, async () => {
    const rng = makeRng(SEED, 2001);
    const max = slow ? 300 : 1100;
    for (let len = 0; len < max; len += len < 70 ? 1 : 1 + rng.int(40)) {
      const key = rng.bytes(KEYS[rng.int(3)]);
      const msg = rng.bytes(len);
      const want = hex(nobleAes.cmac(msg, key));
      assert.equal(hex(E.cmac(msg, key)), want, `length ${len}`);
      const parts = randomSplit(rng, msg, 40);
      const s = E.cmac.create(key);
      for (const p of parts) s.update(p);
      assert.equal(hex(s.digest()), want, `stream, length ${len}`);
      assert.equal(hex(E.cmac.chunks(parts, { key })), want);
    }
    // Past one 16 KiB region of `data` (the chain continues across regions), and async.
    for (const len of slow ? [16384, 16400] : [16383, 16384, 16385, 32768, 50000]) {
      const key = rng.bytes(32), msg = rng.bytes(len);
      const want = hex(nobleAes.cmac(msg, key));
      assert.equal(hex(E.cmac(msg, key)), want, `length ${len}`);
      const s = E.cmac.create({ key });
      for (const p of randomSplit(rng, msg, 9000)) s.update(p);
      assert.equal(hex(s.digest()), want, `stream, length ${len}`);
      assert.equal(hex(await E.cmac.async(msg, { key, asyncTick: 0 })), want);
    }
    // clone: the copy goes on independently.
    const key = rng.bytes(16), a = rng.bytes(40), c = rng.bytes(23);
    const s = E.cmac.create(key).update(a);
    const t = s.clone();
    s.update(c);
    assert.equal(hex(t.digest()), hex(nobleAes.cmac(a, key)));
    assert.equal(hex(s.digest()), hex(nobleAes.cmac(new Uint8Array([...a, ...c]), key)));
    // out/outPos; the shape
    const out = new Uint8Array(20);
    E.cmac(a, { key, out, outPos: 3 });
    assert.equal(hex(out.subarray(3, 19)), hex(nobleAes.cmac(a, key)));
    assert.equal(E.cmac.outputLen, 16);
    assert.equal(E.cmac.blockLen, 16);
    assert.equal(E.cmac.getPlatform(), b.name);
  });

  test(`${b.name}: cmac: errors name the argument`, () => {
    const k = new Uint8Array(16);
    assert.throws(() => E.cmac(new Uint8Array(1)), { name: 'TypeError', message: /"key" must be Uint8Array \(a MAC needs a key\)/ });
    assert.throws(() => E.cmac('abc', k), { name: 'TypeError', message: /^"msg" must be Uint8Array, got string$/ });
    assert.throws(() => E.cmac(new Uint8Array(1), new Uint8Array(15)), { name: 'RangeError', message: /^"key" must have length 16, 24 or 32 for cmac, got 15$/ });
    assert.throws(() => E.cmac(new Uint8Array(1), { key: new Uint8Array(33) }), { name: 'RangeError', message: /^"opts.key" must have length 16, 24 or 32 for cmac, got 33$/ });
    assert.throws(() => E.cmac.create(new Uint8Array(8)), { name: 'RangeError', message: /"key"/ });
    assert.throws(() => E.cmac(new Uint8Array(1), { key: k, dkLen: 8 }), { name: 'RangeError', message: /"opts.dkLen"/ });
  });

  test(`${b.name}: cmac: the kernel memory is all zero after every call, errors included`, async () => {
    const rng = makeRng(SEED, 2002);
    const mem = () => isZero(memoryForTests(E.cmac));
    E.cmac(rng.bytes(slow ? 3000 : 40000), rng.bytes(32));
    assert.equal(mem(), null, 'one-shot');
    const s = E.cmac.create(rng.bytes(24));
    s.update(rng.bytes(100));
    assert.equal(mem(), null, 'stream update');
    s.digest();
    assert.equal(mem(), null, 'digest');
    await E.cmac.async(rng.bytes(5000), { key: rng.bytes(16), asyncTick: 0 });
    assert.equal(mem(), null, 'async');
    assert.throws(() => E.cmac(rng.bytes(100), { key: rng.bytes(16), out: new Uint8Array(3) }), RangeError);
    assert.equal(mem(), null, 'after a bad out');
  });
});

test('backends agree with each other (cmac)', { skip: COMPARES_BACKENDS }, () => {
  const rng = makeRng(SEED, 2900);
  const loaded = backends.filter((x) => x.hashes !== null);
  for (let i = 0; i < 20; i++) {
    const key = rng.bytes(KEYS[rng.int(3)]), msg = rng.bytes(rng.int(600));
    const tags = loaded.map((x) => hex(x.hashes.cmac(msg, key)));
    assert.equal(new Set(tags).size, 1, `cmac ${msg.length}`);
  }
});
