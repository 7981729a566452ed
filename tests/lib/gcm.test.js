// GHASH and POLYVAL (modules/ghash.js, runtime/ghash.js) and AES-GCM / AES-GCM-SIV
// (runtime/gcm.js) on every backend. The MACs: RFC 8452 Appendix A (POLYVAL and GHASH of the
// worked example), @noble/ciphers on random keys and every length 0..1024 (fewer on runtime),
// random streaming splits, chunks, clones, errors that name the argument, a zero kernel memory
// after every call, and the backends against each other. The AEADs: Wycheproof aes_gcm,
// aes_gcm_siv and aes_gmac, RFC 8452 Appendix C (through @noble/ciphers' siv.json), node:crypto's
// aes-*-gcm on random keys, nonce lengths, tag lengths and AAD, @noble/ciphers' gcmsiv, streams
// and async, `output` refused, a wrong tag throwing and leaving the memory zero.
import assert from 'node:assert/strict';
import { createCipheriv } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'node:test';
import { ghash as nobleGhash, polyval as noblePolyval } from '@noble/ciphers/_polyval.js';
import { gcmsiv as nobleGcmsiv } from '@noble/ciphers/aes.js';
import { cipherMemoryForTests } from '../../runtime/cipher.js';
import { memoryForTests } from '../../runtime/shell.js';
import { BACKENDS, COMPARES_BACKENDS, POOL_MODE, firstSecretByte, forEachBackend, fromHex, hex, isSlow, loadBackends, makeRng, poolCheck, randomSplit, repoRoot } from './_helpers.js';

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

// ---- AES-GCM and AES-GCM-SIV ----
const WYCHE = `${VECTORS}/wycheproof`;
const SIV_JSON = `${VECTORS}/noble-ciphers/siv.json`;
const wycheproof = (file) => JSON.parse(readFileSync(`${WYCHE}/${file}`, 'utf8')).testGroups.flatMap((g) => g.tests.map((t) => ({ ...t, group: g })));
const REGIONS = Object.fromEntries(
  await Promise.all(BACKENDS.map(async (n) => [n, (await import(pathToFileURL(path.join(repoRoot, 'targets', n, 'aes.js')).href)).regions])),
);
const nodeGcm = (key, nonce, aad, pt, tagLength = 16) => {
  const c = createCipheriv(`aes-${key.length * 8}-gcm`, key, nonce, { authTagLength: tagLength });
  c.setAAD(aad);
  return hex(Buffer.concat([c.update(pt), c.final(), c.getAuthTag()]));
};

forEachBackend(test, backends, 'gcm/gcmsiv', (b) => {
  const E = b.hashes;
  const slow = isSlow(b.name);
  const isZero = (f) => firstSecretByte(cipherMemoryForTests(f), REGIONS[b.name]);

  test(`${b.name}: Wycheproof aes_gcm`, { skip: noVectors(`${WYCHE}/aes_gcm_test.json`) }, () => {
    let valid = 0, invalid = 0;
    for (const t of wycheproof('aes_gcm_test.json')) {
      const [key, iv, aad, msg, ct, tag] = [t.key, t.iv, t.aad, t.msg, t.ct, t.tag].map(fromHex);
      const tagLength = t.group.tagSize / 8;
      const what = `tcId ${t.tcId} (${t.comment})`;
      if (t.result === 'valid') {
        assert.equal(hex(E.gcm(key, iv, aad, { tagLength }).encrypt(msg)), hex(ct) + hex(tag), what);
        assert.equal(hex(E.gcm(key, iv, aad, { tagLength }).decrypt(Uint8Array.from([...ct, ...tag]))), hex(msg), what);
        valid++;
      } else {
        assert.throws(() => E.gcm(key, iv, aad, { tagLength }).decrypt(Uint8Array.from([...ct, ...tag])), /invalid tag|"nonce"/, what);
        invalid++;
      }
    }
    assert.ok(valid > 100 && invalid > 50);
  });

  test(`${b.name}: Wycheproof aes_gmac (GCM with the message as AAD)`, { skip: noVectors(`${WYCHE}/aes_gmac_test.json`) }, () => {
    let n = 0;
    for (const t of wycheproof('aes_gmac_test.json')) {
      const [key, iv, msg, tag] = [t.key, t.iv, t.msg, t.tag].map(fromHex);
      const what = `tcId ${t.tcId} (${t.comment})`;
      if (t.result === 'valid') {
        assert.equal(hex(E.gcm(key, iv, msg).encrypt(new Uint8Array(0))), hex(tag), what);
        assert.equal(E.gcm(key, iv, msg).decrypt(tag).length, 0, what);
      } else assert.throws(() => E.gcm(key, iv, msg).decrypt(tag), /invalid tag|"nonce"|"data"/, what);
      n++;
    }
    assert.ok(n > 300);
  });

  test(`${b.name}: Wycheproof aes_gcm_siv`, { skip: noVectors(`${WYCHE}/aes_gcm_siv_test.json`) }, () => {
    let valid = 0, invalid = 0;
    for (const t of wycheproof('aes_gcm_siv_test.json')) {
      const [key, iv, aad, msg, ct, tag] = [t.key, t.iv, t.aad, t.msg, t.ct, t.tag].map(fromHex);
      const what = `tcId ${t.tcId} (${t.comment})`;
      if (t.result === 'valid') {
        assert.equal(hex(E.gcmsiv(key, iv, aad).encrypt(msg)), hex(ct) + hex(tag), what);
        assert.equal(hex(E.gcmsiv(key, iv, aad).decrypt(Uint8Array.from([...ct, ...tag]))), hex(msg), what);
        valid++;
      } else {
        assert.throws(() => E.gcmsiv(key, iv, aad).decrypt(Uint8Array.from([...ct, ...tag])), /invalid tag/, what);
        assert.equal(isZero(E.gcmsiv), null, `${what}: memory after a wrong tag`);
        invalid++;
      }
    }
    assert.ok(valid > 100 && invalid > 50);
  });

  test(`${b.name}: RFC 8452 Appendix C (AES-GCM-SIV)`, { skip: noVectors(SIV_JSON) }, () => {
    const all = JSON.parse(readFileSync(SIV_JSON, 'utf8'));
    let n = 0;
    for (const group of ['aes128', 'aes256', 'counterWrap'])
      for (const v of all[group]) {
        const [key, nonce, aad, pt] = [v.key, v.nonce, v.AAD, v.plaintext].map(fromHex);
        assert.equal(hex(E.gcmsiv(key, nonce, aad).encrypt(pt)), v.result, `${group} ${v.plaintext}`);
        assert.equal(hex(E.gcmsiv(key, nonce, aad).decrypt(fromHex(v.result))), v.plaintext);
        n++;
      }
    assert.ok(n > 30);
  });

  test(`${b.name}: gcm against node:crypto (key sizes, nonce lengths, tag lengths, AAD, lengths)`, () => {
    const rng = makeRng(undefined, 201);
    const rounds = slow ? 12 : 80;
    for (let r = 0; r < rounds; r++) {
      const key = rng.bytes([16, 24, 32][r % 3]);
      const nonce = rng.bytes(r % 4 === 0 ? 1 + rng.int(40) : 12);
      const tagLength = [16, 16, 12, 13, 14, 15, 8, 4][r % 8];
      const aad = rng.bytes(rng.int(3) === 0 ? 0 : rng.int(70));
      const pt = rng.bytes(rng.int(slow ? 300 : 3000));
      const want = nodeGcm(key, nonce, aad, pt, tagLength);
      const opts = tagLength === 16 && r % 2 === 0 ? undefined : { tagLength };
      const ct = E.gcm(key, nonce, aad, opts).encrypt(pt);
      assert.equal(hex(ct), want, `round ${r}`);
      assert.equal(hex(E.gcm(key, nonce, aad, opts).decrypt(ct)), hex(pt));
      // any flipped bit (ciphertext, tag) is refused
      const bad = ct.slice();
      bad[rng.int(bad.length)] ^= 1 << rng.int(8);
      assert.throws(() => E.gcm(key, nonce, aad, opts).decrypt(bad), { message: /gcm: invalid tag/ });
      assert.equal(isZero(E.gcm), null, 'memory after a wrong tag');
    }
    // several 16 KiB chunks
    const key = rng.bytes(32), nonce = rng.bytes(12), aad = rng.bytes(33);
    const pt = rng.bytes(slow ? 20000 : 100000 + 5);
    const ct = E.gcm(key, nonce, aad).encrypt(pt);
    assert.equal(hex(ct), nodeGcm(key, nonce, aad, pt));
    assert.equal(hex(E.gcm(key, nonce, aad).decrypt(ct)), hex(pt));
  });

  test(`${b.name}: gcmsiv against @noble/ciphers`, () => {
    const rng = makeRng(undefined, 202);
    for (let r = 0; r < (slow ? 10 : 60); r++) {
      const key = rng.bytes(r % 2 === 0 ? 16 : 32);
      const nonce = rng.bytes(12);
      const aad = rng.bytes(rng.int(3) === 0 ? 0 : rng.int(70));
      const pt = rng.bytes(rng.int(slow ? 300 : 3000));
      const ct = E.gcmsiv(key, nonce, aad).encrypt(pt);
      assert.equal(hex(ct), hex(nobleGcmsiv(key, nonce, aad).encrypt(pt)), `round ${r}`);
      assert.equal(hex(E.gcmsiv(key, nonce, aad).decrypt(ct)), hex(pt));
      const bad = ct.slice();
      bad[rng.int(bad.length)] ^= 1 << rng.int(8);
      assert.throws(() => E.gcmsiv(key, nonce, aad).decrypt(bad), { message: /gcmsiv: invalid tag/ });
    }
    const key = rng.bytes(32), nonce = rng.bytes(12);
    const pt = rng.bytes(slow ? 20000 : 70000 + 3);
    assert.equal(hex(E.gcmsiv(key, nonce).encrypt(pt)), hex(nobleGcmsiv(key, nonce).encrypt(pt)));
  });

  test(`${b.name}: gcm/gcmsiv streams, async, nonce reuse, output refused, errors`, async () => {
    const rng = makeRng(undefined, 203);
    for (const name of ['gcm', 'gcmsiv']) {
      const f = E[name];
      const key = rng.bytes(16), nonce = rng.bytes(12), aad = rng.bytes(20), pt = rng.bytes(1000);
      const ct = f(key, nonce, aad).encrypt(pt);
      // streams
      // (gcm encryption streams return the ciphertext of each update, the others all from finish)
      for (let round = 0; round < 5; round++) {
        const s = f(key, nonce, aad).encrypt.create();
        let got = '';
        for (const p of randomSplit(rng, pt, [300, 40, 16, 1, 2000][round])) {
          const out = s.update(p);
          assert.equal(out.length, name === 'gcm' ? p.length : 0);
          assert.equal(isZero(f), null, `${name}: memory between stream updates`);
          got += hex(out);
        }
        const fin = s.finish();
        assert.equal(got + hex(fin.data) + hex(fin.tag), hex(ct), `${name} stream`);
        assert.throws(() => s.update(pt), /after finish/);
      }
      const empty = f(key, nonce, aad).encrypt.create().finish();
      assert.equal(hex(empty.data) + hex(empty.tag), hex(f(key, nonce, aad).encrypt(new Uint8Array(0))), `${name} empty stream`);
      const many = rng.bytes(slow ? 20000 : 50000);
      const sm = f(key, nonce, aad).encrypt.create();
      let gotMany = hex(sm.update(many.subarray(0, 7))) + hex(sm.update(many.subarray(7)));
      const finMany = sm.finish();
      assert.equal(gotMany + hex(finMany.data) + hex(finMany.tag), hex(f(key, nonce, aad).encrypt(many)), `${name} stream across chunks`);
      let progress = 0;
      assert.equal(hex(await f(key, nonce, aad).encrypt.async(many, undefined, { asyncTick: 0, onProgress: (x) => { progress = x; } })), hex(f(key, nonce, aad).encrypt(many)));
      assert.equal(progress, 1);
      const d = f(key, nonce, aad).decrypt.create();
      d.update(ct.subarray(0, 500));
      d.update(ct.subarray(500, ct.length - 16));
      assert.equal(hex(d.finish(ct.subarray(ct.length - 16)).data), hex(pt), `${name} decrypt stream`);
      const d2 = f(key, nonce, aad).decrypt.create();
      d2.update(ct.subarray(0, ct.length - 16));
      const wrong = ct.slice(ct.length - 16);
      wrong[0] ^= 1;
      assert.throws(() => d2.finish(wrong), /invalid tag/);
      // the tag's errors, as every whole-message stream gives them (runtime/cipher.js WholeStream)
      assert.throws(() => f(key, nonce, aad).decrypt.create().finish(), { name: 'TypeError', message: /"tag" must be Uint8Array of length 16/ });
      assert.throws(() => f(key, nonce, aad).decrypt.create().finish(new Uint8Array(15)), { name: 'RangeError', message: /"tag" must have length 16, got 15/ });
      if (name === 'gcmsiv') assert.throws(() => f(key, nonce, aad).encrypt.create().finish(new Uint8Array(16)), { name: 'TypeError', message: /"tag" must be undefined for gcmsiv encryption streams/ });
      // async
      assert.equal(hex(await f(key, nonce, aad).encrypt.async(pt)), hex(ct));
      assert.equal(hex(await f(key, nonce, aad).decrypt.async(ct)), hex(pt));
      // nonce reuse guard
      const c = f(key, nonce, aad);
      c.encrypt(pt);
      assert.throws(() => c.encrypt(pt), /already called/);
      // output refused, clearly, in every form
      const out = new Uint8Array(2000);
      assert.throws(() => f(key, nonce).encrypt(pt, out), { name: 'TypeError', message: /"output" is not supported by/ });
      assert.throws(() => f(key, nonce).decrypt(ct, out), { name: 'TypeError', message: /"output" is not supported by/ });
      await assert.rejects(f(key, nonce).encrypt.async(pt, out), { name: 'TypeError', message: /"output" is not supported/ });
      assert.throws(() => f(key, nonce).encrypt.create().update(pt, out), { name: 'TypeError', message: /"output" is not supported/ });
      // errors name the argument
      assert.throws(() => f(rng.bytes(15), nonce), { name: 'RangeError', message: /"key"/ });
      assert.throws(() => f(key, nonce, 'aad'), { name: 'TypeError', message: /"AAD"/ });
      assert.throws(() => f(key, nonce).decrypt(new Uint8Array(15)), { name: 'RangeError', message: /"data" must be at least 16 bytes/ });
      assert.throws(() => f(key, 'nonce'), { name: 'TypeError', message: /"nonce"/ });
      assert.equal(f.tagLength, 16);
      assert.equal(f.getPlatform(), b.name);
      assert.equal(isZero(f), null, `${name}: memory after the calls`);
    }
    assert.throws(() => E.gcmsiv(rng.bytes(24), rng.bytes(12)), { name: 'RangeError', message: /"key" must have length 16 or 32/ });
    assert.throws(() => E.gcmsiv(rng.bytes(16), rng.bytes(16)), { name: 'RangeError', message: /"nonce"/ });
    assert.throws(() => E.gcm(rng.bytes(16), new Uint8Array(0)), { name: 'RangeError', message: /"nonce" must have length >= 1/ });
    assert.throws(() => E.gcm(rng.bytes(16), rng.bytes(12), undefined, { tagLength: 11 }), { name: 'RangeError', message: /"opts.tagLength"/ });
    assert.throws(() => E.gcm(rng.bytes(16), rng.bytes(12), undefined, { tagLen: 12 }), { name: 'TypeError', message: /unknown option "tagLen"/ });
    assert.throws(() => E.gcmsiv(rng.bytes(16), rng.bytes(12), undefined, { tagLength: 12 }), { name: 'TypeError', message: /unknown option/ });
    const short = E.gcm(rng.bytes(16), rng.bytes(12), undefined, { tagLength: 12 });
    assert.equal(short.encrypt(new Uint8Array(5)).length, 17);
  });
});

test('gcm/gcmsiv: every backend gives the same results', { skip: COMPARES_BACKENDS }, () => {
  const rng = makeRng(undefined, 204);
  const loaded = backends.filter((b) => b.hashes !== null);
  for (let round = 0; round < 10; round++) {
    const key = rng.bytes(32), nonce = rng.bytes(12), aad = rng.bytes(rng.int(40));
    const pt = rng.bytes(rng.int(500));
    for (const name of ['gcm', 'gcmsiv']) {
      const want = hex(loaded[0].hashes[name](key, nonce, aad).encrypt(pt));
      for (const b of loaded) assert.equal(hex(b.hashes[name](key, nonce, aad).encrypt(pt)), want, `${name} on ${b.name}`);
    }
  }
});

// The counter kernels at the wrap of their 32-bit counters (GCM's inc32 never carries into the
// nonce bytes; GCM-SIV's little-endian counter neither), against AES-ECB of the expected blocks.
for (const name of BACKENDS)
  test(`${name}: aes_ctr32 and aes_ctr32le wrap their 32-bit counters`, async () => {
    const { createCipheriv } = await import('node:crypto');
    const t = await import(pathToFileURL(path.join(repoRoot, 'targets', name, 'aes.js')).href);
    const { mem, fns } = t.instantiate();
    const R = t.regions;
    const rng = makeRng(undefined, 205);
    const key = rng.bytes(16);
    const ecb = (blocks) => {
      const c = createCipheriv('aes-128-ecb', key, null);
      c.setAutoPadding(false);
      return Buffer.concat([c.update(blocks), c.final()]);
    };
    for (const [kernel, at, le] of [['aes_ctr32', 12, false], ['aes_ctr32le', 0, true]]) {
      const iv = rng.bytes(16);
      const start = 0xfffffffe;
      const counters = new Uint8Array(16 * 6);
      for (let i = 0; i < 6; i++) {
        counters.set(iv, 16 * i);
        const c = (start + i) >>> 0;
        for (let j = 0; j < 4; j++) counters[16 * i + at + (le ? j : 3 - j)] = c >>> (8 * j);
      }
      mem.set(key, R.aes_key.offset);
      fns.aes_expand(4);
      mem.set(counters.subarray(0, 16), R.aes_iv.offset);
      mem.fill(0, R.data.offset, R.data.offset + 96);
      fns[kernel](10, 6);
      assert.equal(hex(mem.subarray(R.data.offset, R.data.offset + 96)), hex(ecb(counters)), `${kernel} on ${name}`);
    }
  });
// ---- wasm_threads: the CTR side split across the worker pool (runtime/workers.js cipherCall):
// GCM's decryption (after the tag check), GCM-SIV's encryption (after the tag) and decryption
// (before the tag over the plaintext); GCM's encryption stays one pass (GHASH chunk by chunk as
// the ciphertext leaves the kernel). tools/test's pool runs (AWASMC_POOL_MIN=0) split every text
// of two blocks or more. Compared with the wasm entry, node:crypto (gcm) and @noble/ciphers
// (gcmsiv); wrong tags write nothing; every copy of the kernel memory and the staging buffers
// zero after each call.
const threadsLoaded = backends.find((b) => b.name === 'wasm_threads' && b.hashes !== null);
test('wasm_threads: gcm and gcmsiv with the CTR side split across the pool equal the wasm entry, node:crypto and noble', { skip: threadsLoaded === undefined ? 'wasm_threads not tested' : false }, async () => {
  const T = threadsLoaded.hashes;
  const W = await import(pathToFileURL(path.join(repoRoot, 'wasm.js')).href);
  const { WP, poolStatsForTests, stagingForTests } = await import('../../runtime/workers.js');
  const rng = makeRng(undefined, 921);
  const jobs0 = poolStatsForTests().jobs;
  const clean = (f, what) => {
    assert.equal(firstSecretByte(cipherMemoryForTests(f), REGIONS.wasm_threads), null, `${what}: every copy of the kernel memory`);
    for (const b of stagingForTests()) assert.ok(new Uint8Array(b).every((x) => x === 0), `${what}: a staging buffer`);
  };
  const lengths = [32, 16 * 33 + 3, 300001, (1 << 18) + rng.int(1024)];
  for (let i = 0; i < 6; i++) lengths.push(rng.int(POOL_MODE ? 80000 : 700000));
  for (const [i, len] of lengths.entries()) {
    const key = rng.bytes(i & 1 ? 16 : 32), aad = rng.bytes(rng.int(40)), msg = rng.bytes(len);
    const nonce = rng.bytes(i % 3 === 0 ? 1 + rng.int(64) : 12); // (other lengths: a counter block from GHASH, any low word)
    const what = `len ${len} key ${key.length} nonce ${nonce.length}`;
    const ct = nodeGcm(key, nonce, aad, msg);
    assert.equal(hex(T.gcm(key, nonce, aad).encrypt(msg)), ct, `gcm ${what} encrypt`);
    assert.equal(hex(T.gcm(key, nonce, aad).decrypt(fromHex(ct))), hex(msg), `gcm ${what} decrypt`);
    clean(T.gcm, `gcm ${what}`);
    const bad = fromHex(ct);
    bad[bad.length - 1] ^= 1;
    assert.throws(() => T.gcm(key, nonce, aad).decrypt(bad), /invalid tag/);
    clean(T.gcm, `gcm ${what} wrong tag`);
    const n12 = nonce.length === 12 ? nonce : rng.bytes(12);
    const sct = T.gcmsiv(key, n12, aad).encrypt(msg);
    assert.equal(hex(sct), hex(W.gcmsiv(key, n12, aad).encrypt(msg)), `gcmsiv ${what} encrypt vs wasm`);
    if (len < 100000) assert.equal(hex(sct), hex(nobleGcmsiv(key, n12, aad).encrypt(msg)), `gcmsiv ${what} encrypt vs noble`);
    assert.equal(hex(T.gcmsiv(key, n12, aad).decrypt(sct)), hex(msg), `gcmsiv ${what} decrypt`);
    clean(T.gcmsiv, `gcmsiv ${what}`);
    sct[rng.int(sct.length)] ^= 4;
    assert.throws(() => T.gcmsiv(key, n12, aad).decrypt(sct), /invalid tag/);
    clean(T.gcmsiv, `gcmsiv ${what} wrong tag`);
  }
  if (POOL_MODE && WP.size > 1) assert.ok(poolStatsForTests().jobs > jobs0, 'no call went to the workers');
});

poolCheck(test, { sync: true }); // the ciphers' pool jobs come from sync calls
