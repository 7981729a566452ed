// The AES modes of runtime/aesmodes.js on every backend entry:
// - cmac: RFC 4493 (Crypto++'s cmac.txt), Wycheproof aes_cmac, random keys and lengths against
//   @noble/ciphers, streams split at random points, chunks, clone and async against one-shot calls;
// - aessiv: RFC 5297 A.2 (several AD strings), Wycheproof aes_siv_cmac (A.1 is its tcId 1) and
//   aead_aes_siv_cmac, random keys, AD lists and lengths against @noble/ciphers, in place, streams;
// - aeskw, aeskwp: RFC 3394 and RFC 5649 examples, Wycheproof aes_wrap and aes_kwp, random keys
//   and lengths against node:crypto (id-aes*-wrap, id-aes*-wrap-pad) and @noble/ciphers, forged
//   length fields and padding;
// and for each: errors naming the argument (identical on every backend), failed tag or integrity
// checks that throw and write nothing, the kernel memory all zero after every call, the backends
// against each other.
import assert from 'node:assert/strict';
import { createCipheriv } from 'node:crypto';
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

test('cmac: stream states move between backends (state.js), and bad ones are refused', async () => {
  const { exportState, importState } = await import('../../state.js');
  const rng = makeRng(SEED, 2903);
  const loaded = backends.filter((x) => x.hashes !== null);
  for (const from of loaded)
    for (const to of loaded)
      for (const len of [0, 5, 16, 17, 100]) {
        const key = rng.bytes(KEYS[rng.int(3)]), a = rng.bytes(len), c = rng.bytes(rng.int(50));
        const st = exportState(from.hashes.cmac.create(key).update(a));
        const tag = importState(to.hashes.cmac, st).update(c).digest();
        assert.equal(hex(tag), hex(nobleAes.cmac(new Uint8Array([...a, ...c]), key)), `${from.name} -> ${to.name}, ${len} bytes`);
        assert.equal(hex(st), hex(exportState(to.hashes.cmac.create(key).update(a))), 'the same bytes on every backend');
      }
  const h = loaded[0].hashes;
  const st = exportState(h.cmac.create(new Uint8Array(16)));
  const at = 19 + 4; // the fields: key length, key, chaining value, pending bytes
  const reseal = (edit) => {
    const b = st.slice();
    edit(b);
    let c = -1;
    for (let i = 0; i < b.length - 4; i++) {
      c ^= b[i];
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    new DataView(b.buffer).setUint32(b.length - 4, ~c >>> 0, true);
    return b;
  };
  importState(h.cmac, reseal(() => {})).digest();
  assert.throws(() => importState(h.cmac, reseal((b) => { b[at] = 15; })), { name: 'RangeError', message: /"state" is corrupt/ });
  assert.throws(() => importState(h.cmac, reseal((b) => { b[at + 17] = 1; })), { name: 'RangeError', message: /a chaining value before any message block/ });
  assert.throws(() => importState(h.cmac, reseal((b) => { b[at + 33] = 17; })), { name: 'RangeError', message: /pending bytes 17 is out of range/ });
  assert.throws(() => importState(h.poly1305, st), { name: 'TypeError', message: /"state" is a state of "cmac"/ });
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

// ---- aessiv ----
const SIV_KEYS = [32, 48, 64];
// RFC 5297 appendix A.2 (nonce-based, two AD strings and the nonce): the vector with several ADs.
const RFC5297_A2 = {
  key: '7f7e7d7c7b7a79787776757473727170404142434445464748494a4b4c4d4e4f',
  ad: ['00112233445566778899aabbccddeeffdeaddadadeaddadaffeeddccbbaa99887766554433221100', '102030405060708090a0', '09f911029d74e35bd84156c5635688c0'],
  pt: '7468697320697320736f6d6520706c61696e7465787420746f20656e6372797074207573696e67205349562d414553',
  out: '7bdb6e3b432667eb06f4d14bff2fbd0fcb900f2fddbe404326601965c889bf17dba77ceb094fa663b7a3f748ba8af829ea64ad544a272e9c485b62a3fd5c0d',
};

forEachBackend(test, backends, 'AES-SIV', (b) => {
  const E = b.hashes;
  const slow = isSlow(b.name);
  const isZero = (mem) => firstSecretByte(mem, REGIONS[b.name]);
  const invalidTag = { name: 'Error', message: /^aessiv: invalid tag/ };

  test(`${b.name}: aessiv: RFC 5297 A.2 (several AD strings)`, () => {
    const v = RFC5297_A2;
    const c = E.aessiv(fromHex(v.key), ...v.ad.map(fromHex));
    assert.equal(hex(c.encrypt(fromHex(v.pt))), v.out);
    assert.equal(hex(c.decrypt(fromHex(v.out))), v.pt);
    assert.throws(() => E.aessiv(fromHex(v.key), ...v.ad.slice(1).map(fromHex)).decrypt(fromHex(v.out)), invalidTag);
  });

  test(`${b.name}: aessiv: Wycheproof aes_siv_cmac (RFC 5297 A.1 is its tcId 1) and aead_aes_siv_cmac`, { skip: SKIP }, () => {
    let valid = 0, invalid = 0;
    for (const g of wycheproof('aes_siv_cmac').testGroups)
      for (const t of g.tests) {
        const key = fromHex(t.key), aad = fromHex(t.aad), msg = fromHex(t.msg), ct = fromHex(t.ct);
        if (t.result === 'valid') {
          assert.equal(hex(E.aessiv(key, aad).encrypt(msg)), t.ct, `tcId ${t.tcId}`);
          assert.equal(hex(E.aessiv(key, aad).decrypt(ct)), t.msg, `tcId ${t.tcId}`);
          valid++;
        } else {
          const out = new Uint8Array(Math.max(0, ct.length - 16)).fill(0xee);
          assert.throws(() => E.aessiv(key, aad).decrypt(ct, out), ct.length < 16 ? RangeError : invalidTag, `tcId ${t.tcId}`);
          assert.ok(out.every((x) => x === 0xee), 'nothing written');
          invalid++;
        }
      }
    assert.deepEqual([valid, invalid], [118, 324]);
    valid = invalid = 0;
    for (const g of wycheproof('aead_aes_siv_cmac').testGroups)
      for (const t of g.tests) {
        const key = fromHex(t.key), ad = [fromHex(t.aad), fromHex(t.iv)], msg = fromHex(t.msg), sealed = fromHex(t.tag + t.ct);
        if (t.result === 'valid') {
          assert.equal(hex(E.aessiv(key, ...ad).encrypt(msg)), t.tag + t.ct, `tcId ${t.tcId}`);
          assert.equal(hex(E.aessiv(key, ...ad).decrypt(sealed)), t.msg, `tcId ${t.tcId}`);
          valid++;
        } else {
          assert.throws(() => E.aessiv(key, ...ad).decrypt(sealed), invalidTag, `tcId ${t.tcId}`);
          invalid++;
        }
      }
    assert.deepEqual([valid, invalid], [252, 648]);
  });

  test(`${b.name}: aessiv: random keys, AD lists and lengths against @noble/ciphers; in place, streams, async`, async () => {
    const rng = makeRng(SEED, 2101);
    const max = slow ? 200 : 700;
    for (let len = 0; len < max; len += len < 40 ? 1 : 1 + rng.int(50)) {
      const key = rng.bytes(SIV_KEYS[rng.int(3)]);
      const ad = Array.from({ length: rng.int(5) }, () => rng.bytes(rng.int(3) === 0 ? 16 * rng.int(3) : rng.int(60)));
      const msg = rng.bytes(len);
      const want = hex(nobleAes.aessiv(key, ...ad).encrypt(msg));
      const sealed = E.aessiv(key, ...ad).encrypt(msg);
      assert.equal(hex(sealed), want, `length ${len}, ${ad.length} ADs`);
      assert.equal(hex(E.aessiv(key, ...ad).decrypt(sealed)), hex(msg));
      // In place (the output starts where the input does), and in a bigger buffer.
      const buf = new Uint8Array(len + 16);
      buf.set(msg);
      E.aessiv(key, ...ad).encrypt(buf.subarray(0, len), buf);
      assert.equal(hex(buf), want, 'in place');
      assert.equal(hex(E.aessiv(key, ...ad).decrypt(buf, buf)), hex(msg), 'in place decrypt');
      // Streams: encryption gives { data: C, tag: V }; decryption takes V in finish.
      const parts = randomSplit(rng, msg, 30);
      const s = E.aessiv(key, ...ad).encrypt.create();
      for (const p of parts) assert.equal(s.update(p).length, 0);
      const fin = s.finish();
      assert.equal(hex(fin.tag) + hex(fin.data), want, 'stream');
      const d = E.aessiv(key, ...ad).decrypt.create();
      for (const p of randomSplit(rng, fin.data, 30)) d.update(p);
      assert.equal(hex(d.finish(fin.tag).data), hex(msg), 'decryption stream');
      // Every tag bit matters, and an AD string more or less.
      const bad = sealed.slice();
      bad[rng.int(16)] ^= 1 << rng.int(8);
      assert.throws(() => E.aessiv(key, ...ad).decrypt(bad), invalidTag);
      assert.throws(() => E.aessiv(key, ...ad, new Uint8Array(0)).decrypt(sealed), invalidTag);
    }
    for (const len of slow ? [16400] : [16384, 16401, 40000]) {
      const key = rng.bytes(64), ad = [rng.bytes(20)], msg = rng.bytes(len);
      const want = hex(nobleAes.aessiv(key, ...ad).encrypt(msg));
      assert.equal(hex(await E.aessiv(key, ...ad).encrypt.async(msg, undefined, { asyncTick: 0 })), want, `async ${len}`);
      assert.equal(hex(await E.aessiv(key, ...ad).decrypt.async(fromHex(want))), hex(msg));
    }
    // Deterministic: one instance encrypts again (no nonce-reuse guard), and the same input gives the same output.
    const c = E.aessiv(rng.bytes(32));
    assert.equal(hex(c.encrypt(new Uint8Array(5))), hex(c.encrypt(new Uint8Array(5))));
    assert.equal(E.aessiv.tagLength, 16);
    assert.equal(E.aessiv.getPlatform(), b.name);
  });

  test(`${b.name}: aessiv: errors name the argument; a bad tag writes nothing`, () => {
    const k = new Uint8Array(32);
    assert.throws(() => E.aessiv(new Uint8Array(16)), { name: 'RangeError', message: /^"key" must have length 32 or 48 or 64 for aessiv, got 16$/ });
    assert.throws(() => E.aessiv('k'), { name: 'TypeError', message: /^"key" must be Uint8Array, got string$/ });
    assert.throws(() => E.aessiv(k, new Uint8Array(1), 'x'), { name: 'TypeError', message: /^"AAD\[1\]" must be Uint8Array, got string$/ });
    assert.throws(() => E.aessiv(k, ...Array.from({ length: 127 }, () => new Uint8Array(1))), { name: 'RangeError', message: /^"AAD" must have at most 126 items/ });
    E.aessiv(k, ...Array.from({ length: 126 }, () => new Uint8Array(1))).encrypt(new Uint8Array(3));
    assert.throws(() => E.aessiv(k).decrypt(new Uint8Array(15)), { name: 'RangeError', message: /^"data" must be at least 16 bytes/ });
    assert.throws(() => E.aessiv(k).encrypt(new Uint8Array(10), new Uint8Array(25)), { name: 'RangeError', message: /"output" is too small/ });
    assert.throws(() => E.aessiv(k).decrypt.create().finish(), { name: 'TypeError', message: /"tag" must be Uint8Array of length 16/ });
    assert.throws(() => E.aessiv(k).encrypt.create().finish(new Uint8Array(16)), { name: 'TypeError', message: /"tag" must be undefined/ });
    // A wrong tag: in place, the caller's ciphertext is left as it was.
    const sealed = E.aessiv(k).encrypt(new Uint8Array(40).fill(7));
    sealed[3] ^= 1;
    const copy = sealed.slice();
    assert.throws(() => E.aessiv(k).decrypt(sealed, sealed), invalidTag);
    assert.equal(hex(sealed), hex(copy));
  });

  test(`${b.name}: aessiv: the kernel memory is all zero after every call, errors included`, async () => {
    const rng = makeRng(SEED, 2102);
    const { cipherMemoryForTests } = await import('../../runtime/cipher.js');
    const mem = () => isZero(cipherMemoryForTests(E.aessiv));
    const key = rng.bytes(48);
    const sealed = E.aessiv(key, rng.bytes(30)).encrypt(rng.bytes(slow ? 3000 : 30000));
    assert.equal(mem(), null, 'encrypt');
    assert.throws(() => E.aessiv(key).decrypt(sealed), invalidTag);
    assert.equal(mem(), null, 'after a bad tag');
    await E.aessiv(key).encrypt.async(rng.bytes(5000), undefined, { asyncTick: 0 });
    assert.equal(mem(), null, 'async');
  });
});

test('backends agree with each other (aessiv)', { skip: COMPARES_BACKENDS }, () => {
  const rng = makeRng(SEED, 2901);
  const loaded = backends.filter((x) => x.hashes !== null);
  for (let i = 0; i < 20; i++) {
    const key = rng.bytes(SIV_KEYS[rng.int(3)]), ad = [rng.bytes(rng.int(40))], msg = rng.bytes(rng.int(600));
    const outs = loaded.map((x) => hex(x.hashes.aessiv(key, ...ad).encrypt(msg)));
    assert.equal(new Set(outs).size, 1, `aessiv ${msg.length}`);
  }
});

// ---- aeskw, aeskwp ----
// RFC 3394 §4.1 and §4.6, RFC 5649 §6 (the two examples).
const RFC_WRAPS = [
  ['aeskw', '000102030405060708090a0b0c0d0e0f', '00112233445566778899aabbccddeeff', '1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5'],
  ['aeskw', '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', '00112233445566778899aabbccddeeff000102030405060708090a0b0c0d0e0f',
    '28c9f404c4b810f4cbccb35cfb87f8263f5786e2d80ed326cbc7f0e71a99f43bfb988b9b7a02dd21'],
  ['aeskwp', '5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8', 'c37b7e6492584340bed12207808941155068f738', '138bdeaa9b8fa7fc61f97742e72248ee5ae6ae5360d1ae6a5f54f373fa543b6a'],
  ['aeskwp', '5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8', '466f7250617369', 'afbeb0f07dfbf5419200f2ccb50bb24f'],
];
const nodeWrap = (padded, key, data) => {
  const c = createCipheriv(`id-aes${key.length * 8}-wrap${padded ? '-pad' : ''}`, key, padded ? Buffer.from('a65959a6', 'hex') : Buffer.alloc(8, 0xa6));
  return hex(Buffer.concat([c.update(data), c.final()]));
};

forEachBackend(test, backends, 'AES key wrap', (b) => {
  const E = b.hashes;
  const slow = isSlow(b.name);
  const isZero = (mem) => firstSecretByte(mem, REGIONS[b.name]);
  const integrity = (name) => ({ name: 'Error', message: new RegExp(`^${name}: integrity check failed`) });

  test(`${b.name}: aeskw, aeskwp: RFC 3394 and RFC 5649 examples`, () => {
    for (const [name, kek, key, wrapped] of RFC_WRAPS) {
      assert.equal(hex(E[name](fromHex(kek)).encrypt(fromHex(key))), wrapped, `${name} ${key}`);
      assert.equal(hex(E[name](fromHex(kek)).decrypt(fromHex(wrapped))), key);
    }
  });

  for (const [name, file, total] of [['aeskw', 'aes_wrap', [36, 129]], ['aeskwp', 'aes_kwp', [77, 177]]])
    test(`${b.name}: ${name}: Wycheproof ${file}`, { skip: SKIP }, () => {
      let valid = 0, invalid = 0;
      for (const g of wycheproof(file).testGroups)
        for (const t of g.tests) {
          const key = fromHex(t.key), msg = fromHex(t.msg), ct = fromHex(t.ct);
          if (t.result === 'valid') {
            assert.equal(hex(E[name](key).encrypt(msg)), t.ct, `tcId ${t.tcId}`);
            assert.equal(hex(E[name](key).decrypt(ct)), t.msg, `tcId ${t.tcId}`);
            valid++;
            continue;
          }
          // Invalid, or "acceptable" (RFC 3394 wrapping 8 bytes as one block: we follow NIST SP
          // 800-38F, which allows KW only from 16 bytes; aeskwp wraps 8 bytes).
          if (t.ct !== '') {
            const out = new Uint8Array(Math.max(0, ct.length - 8)).fill(0xee);
            assert.throws(() => E[name](key).decrypt(ct, out), (e) => e instanceof RangeError || /integrity check failed/.test(e.message), `tcId ${t.tcId}`);
            assert.ok(out.every((x) => x === 0xee), 'nothing written');
          }
          if (t.ct === '' || t.result === 'acceptable') assert.throws(() => E[name](key).encrypt(msg), RangeError, `tcId ${t.tcId}`);
          invalid++;
        }
      assert.deepEqual([valid, invalid], total);
    });

  test(`${b.name}: aeskw, aeskwp: random keys and lengths against node:crypto (id-aes*-wrap, -wrap-pad) and @noble/ciphers; in place, streams, async`, async () => {
    const rng = makeRng(SEED, 2201);
    const max = slow ? 100 : 400;
    for (let len = 1; len < max; len += len < 40 ? 1 : 1 + rng.int(30)) {
      const kek = rng.bytes(KEYS[rng.int(3)]), data = rng.bytes(len);
      for (const name of ['aeskw', 'aeskwp']) {
        const padded = name === 'aeskwp';
        if (!padded && (len % 8 !== 0 || len < 16)) {
          assert.throws(() => E.aeskw(kek).encrypt(data), { name: 'RangeError', message: /^"data" must be a multiple of 8 bytes, at least 16, for aeskw/ });
          continue;
        }
        const want = nodeWrap(padded, kek, data);
        assert.equal(hex(nobleAes[name](kek).encrypt(data)), want, 'noble agrees with node');
        const wrapped = E[name](kek).encrypt(data);
        assert.equal(hex(wrapped), want, `${name} length ${len}`);
        assert.equal(hex(E[name](kek).decrypt(wrapped)), hex(data));
        // In place: the output starts where the input does (a buffer 8..15 bytes longer).
        const buf = new Uint8Array(wrapped.length);
        buf.set(data);
        E[name](kek).encrypt(buf.subarray(0, len), buf);
        assert.equal(hex(buf), want, 'in place');
        assert.equal(hex(E[name](kek).decrypt(buf, buf)), hex(data), 'in place decrypt');
        // Streams and async give the same.
        const s = E[name](kek).encrypt.create();
        for (const p of randomSplit(rng, data, 9)) assert.equal(s.update(p).length, 0);
        assert.equal(hex(s.finish().data), want, 'stream');
        const d = E[name](kek).decrypt.create();
        for (const p of randomSplit(rng, wrapped, 9)) d.update(p);
        assert.equal(hex(d.finish().data), hex(data), 'decryption stream');
        assert.equal(hex(await E[name](kek).encrypt.async(data)), want);
        assert.equal(hex(await E[name](kek).decrypt.async(wrapped)), hex(data));
        // A flipped bit anywhere fails the integrity check.
        const bad = wrapped.slice();
        bad[rng.int(bad.length)] ^= 1 << rng.int(8);
        assert.throws(() => E[name](kek).decrypt(bad), integrity(name));
      }
    }
    assert.equal(E.aeskw.blockSize, 8);
    assert.equal(E.aeskwp.getPlatform(), b.name);
  });

  test(`${b.name}: aeskw, aeskwp: errors name the argument; a failed check writes nothing`, () => {
    const k = new Uint8Array(16);
    assert.throws(() => E.aeskw(new Uint8Array(20)), { name: 'RangeError', message: /^"key" must have length 16 or 24 or 32 for aeskw, got 20$/ });
    assert.throws(() => E.aeskwp(null), { name: 'TypeError', message: /^"key" must be Uint8Array, got null$/ });
    assert.throws(() => E.aeskw(k).encrypt(new Uint8Array(8)), { name: 'RangeError', message: /"data" must be a multiple of 8 bytes, at least 16, for aeskw \(RFC 3394; aeskwp wraps other lengths\), got length 8/ });
    assert.throws(() => E.aeskw(k).decrypt(new Uint8Array(16)), { name: 'RangeError', message: /^"data" must be a multiple of 8 bytes, at least 24, for aeskw decryption, got length 16$/ });
    assert.throws(() => E.aeskwp(k).encrypt(new Uint8Array(0)), { name: 'RangeError', message: /^"data" must have length 1 to 2\^32 - 1 for aeskwp, got 0$/ });
    assert.throws(() => E.aeskwp(k).decrypt(new Uint8Array(20)), { name: 'RangeError', message: /^"data" must be a multiple of 8 bytes, at least 16, for aeskwp decryption/ });
    assert.throws(() => E.aeskw(k).encrypt(new Uint8Array(16), new Uint8Array(16)), { name: 'RangeError', message: /"output" is too small/ });
    assert.throws(() => E.aeskw(k).encrypt.create().finish(new Uint8Array(1)), { name: 'TypeError', message: /"tag" must be undefined/ });
    // aeskwp: a wrong length field or non-zero padding fails like a wrong key (a valid-looking
    // wrap of 5 bytes re-wrapped with its length field changed).
    for (const m of [0, 4, 9, 1000]) {
      const w = new Uint8Array(16);
      w.set([0xa6, 0x59, 0x59, 0xa6, 0, 0, m >> 8, m & 255, 1, 2, 3, 4, 5]);
      const forged = E.ecb(k, { disablePadding: true }).encrypt(w);
      assert.throws(() => E.aeskwp(k).decrypt(forged), integrity('aeskwp'), `length field ${m}`);
    }
    const w = new Uint8Array(16);
    w.set([0xa6, 0x59, 0x59, 0xa6, 0, 0, 0, 5, 1, 2, 3, 4, 5, 0, 0, 1]); // a padding byte not zero
    assert.throws(() => E.aeskwp(k).decrypt(E.ecb(k, { disablePadding: true }).encrypt(w)), integrity('aeskwp'));
    w[15] = 0;
    assert.equal(hex(E.aeskwp(k).decrypt(E.ecb(k, { disablePadding: true }).encrypt(w))), '0102030405');
    // In place, a failed check leaves the caller's buffer as it was.
    const wrapped = E.aeskw(k).encrypt(new Uint8Array(32).fill(9));
    wrapped[0] ^= 0x80;
    const copy = wrapped.slice();
    assert.throws(() => E.aeskw(k).decrypt(wrapped, wrapped), integrity('aeskw'));
    assert.equal(hex(wrapped), hex(copy));
  });

  test(`${b.name}: aeskw, aeskwp: the kernel memory is all zero after every call, errors included`, async () => {
    const rng = makeRng(SEED, 2202);
    const { cipherMemoryForTests } = await import('../../runtime/cipher.js');
    for (const name of ['aeskw', 'aeskwp']) {
      const mem = () => isZero(cipherMemoryForTests(E[name]));
      const kek = rng.bytes(32);
      const wrapped = E[name](kek).encrypt(rng.bytes(40));
      assert.equal(mem(), null, `${name} encrypt`);
      E[name](kek).decrypt(wrapped);
      assert.equal(mem(), null, `${name} decrypt`);
      wrapped[5] ^= 1;
      assert.throws(() => E[name](kek).decrypt(wrapped), integrity(name));
      assert.equal(mem(), null, `${name} after a failed check`);
      await E[name](kek).encrypt.async(rng.bytes(24), undefined, { asyncTick: 0 });
      assert.equal(mem(), null, `${name} async`);
    }
  });
});

test('backends agree with each other (aeskw, aeskwp)', { skip: COMPARES_BACKENDS }, () => {
  const rng = makeRng(SEED, 2902);
  const loaded = backends.filter((x) => x.hashes !== null);
  for (let i = 0; i < 20; i++) {
    const kek = rng.bytes(KEYS[rng.int(3)]), data = rng.bytes(8 * (2 + rng.int(10)) + (i & 1) * rng.int(8));
    const name = data.length % 8 === 0 ? 'aeskw' : 'aeskwp';
    const outs = loaded.map((x) => hex(x.hashes[name](kek).encrypt(data)));
    assert.equal(new Set(outs).size, 1, `${name} ${data.length}`);
  }
});
