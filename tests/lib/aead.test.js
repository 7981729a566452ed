// The AEADs on every backend entry: chacha20poly1305, xchacha20poly1305, xsalsa20poly1305 and
// secretbox. Published vectors read from ../shared/vectors: Crypto++'s ChaCha20/Poly1305 and
// XChaCha20/Poly1305 file (RFC 8439 §2.8 and A.5, the XChaCha draft's A.1, Botan's), Wycheproof's
// chacha20_poly1305 and xchacha20_poly1305 (every invalid case rejected), StableLib's files and
// tweetnacl-js's secretbox file of @noble/ciphers. Random keys, nonces, AAD and every length
// 0..1024 against node:crypto (chacha20-poly1305) and @noble/ciphers (the rest); streams with
// random splits and .async against one-shot calls; backends against each other; a wrong tag
// (any flipped bit of ciphertext, tag, AAD, nonce or key) throws, writes nothing to the output
// and leaves the kernel memory zero; hostile arguments; managedNonce.
import assert from 'node:assert/strict';
import { createCipheriv } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import * as nobleChacha from '@noble/ciphers/chacha.js';
import * as nobleSalsa from '@noble/ciphers/salsa.js';
import { cipherMemoryForTests } from '../../runtime/cipher.js';
import { managedNonce } from '../../utils.js';
import { VECTORS, cryptoppValue, readCryptoppRaw } from './_cryptopp.js';
import { ALL_BACKENDS, COMPARES_BACKENDS, POOL_MODE, SEED, firstSecretByte, forEachBackend, fromHex, hex, isSlow, loadBackends, makeRng, poolCheck, randomSplit, repoRoot } from './_helpers.js';

const backends = await loadBackends();
const SKIP = existsSync(VECTORS) ? false : 'vectors folder ../shared/vectors not found';
const AEADS = ['chacha20poly1305', 'xchacha20poly1305', 'xsalsa20poly1305'];
const NONCE = { chacha20poly1305: 12, xchacha20poly1305: 24, xsalsa20poly1305: 24 };
const RFC = { chacha20poly1305: true, xchacha20poly1305: true, xsalsa20poly1305: false };
const noble = { ...nobleChacha, ...nobleSalsa };
const json = (f) => JSON.parse(readFileSync(path.join(VECTORS, f), 'utf8'));
const b64 = (s) => new Uint8Array(Buffer.from(s, 'base64'));
// The kernel memory after a call: zero but for the constant regions of modules/chacha.js (the
// rotation mask of the wasm ChaCha kernel; the same layout on every target).
const REGIONS = Object.assign({}, ...(await Promise.all(ALL_BACKENDS.map(async (n) => (await import(pathToFileURL(path.join(repoRoot, 'targets', n, 'chacha.js')).href)).regions))));
const isZero = (mem) => firstSecretByte(mem, REGIONS);
// The AEAD's output for a message: ct ‖ tag (RFC 8439), tag ‖ ct (NaCl).
const args = (name, aad) => (RFC[name] && aad !== undefined ? [aad] : []);

function wycheproof(file) {
  const w = json(`wycheproof/${file}`);
  return w.testGroups.flatMap((g) => g.tests.map((t) => ({ ...t, ivSize: g.ivSize })));
}

test('the vector files have what the tests expect', { skip: SKIP }, () => {
  const cpp = readCryptoppRaw('chacha20poly1305.txt');
  assert.equal(cpp.length, 1172);
  assert.equal(wycheproof('chacha20_poly1305_test.json').length, 325);
  assert.equal(wycheproof('xchacha20_poly1305_test.json').length, 315);
  assert.equal(json('noble-ciphers/stablelib_chacha20poly1305.json').length, 67);
  assert.equal(json('noble-ciphers/tweetnacl_secretbox.json').length, 768);
});

forEachBackend(test, backends, 'AEADs', (b) => {
  const E = b.hashes;
  const slow = isSlow(b.name);

  test(`${b.name}: Crypto++ ChaCha20/Poly1305 and XChaCha20/Poly1305 (RFC 8439 §2.8, A.5; XChaCha draft A.1; Botan)`, { skip: SKIP }, () => {
    let n = 0;
    for (const t of readCryptoppRaw('chacha20poly1305.txt')) {
      const name = t.Name === 'ChaCha20/Poly1305' ? 'chacha20poly1305' : 'xchacha20poly1305';
      const key = cryptoppValue(t.Key), iv = cryptoppValue(t.IV), aad = cryptoppValue(t.Header);
      const pt = cryptoppValue(t.Plaintext), ct = cryptoppValue(t.Ciphertext), mac = cryptoppValue(t.MAC);
      if (slow && n % 4 !== 0 && pt.length > 256) {
        n++;
        continue; // (the interpreter: every fourth long record)
      }
      const sealed = E[name](key, iv, aad).encrypt(pt);
      assert.equal(hex(sealed), hex(ct) + hex(mac), `${name} record ${n}`);
      assert.equal(hex(E[name](key, iv, aad).decrypt(sealed)), hex(pt), `${name} record ${n} decrypt`);
      n++;
    }
    assert.equal(n, 1172);
  });

  test(`${b.name}: Wycheproof chacha20_poly1305 and xchacha20_poly1305 (every invalid case rejected)`, { skip: SKIP }, () => {
    for (const [file, name] of [['chacha20_poly1305_test.json', 'chacha20poly1305'], ['xchacha20_poly1305_test.json', 'xchacha20poly1305']]) {
      let valid = 0, invalid = 0;
      for (const t of wycheproof(file)) {
        const key = fromHex(t.key), iv = fromHex(t.iv), aad = fromHex(t.aad), msg = fromHex(t.msg);
        const sealed = fromHex(t.ct + t.tag);
        if (t.result === 'valid') {
          assert.equal(hex(E[name](key, iv, aad).encrypt(msg)), hex(sealed), `${name} tcId ${t.tcId}`);
          assert.equal(hex(E[name](key, iv, aad).decrypt(sealed)), t.msg, `${name} tcId ${t.tcId} decrypt`);
          valid++;
        } else {
          const out = new Uint8Array(Math.max(0, sealed.length - 16)).fill(0xa5);
          assert.throws(() => E[name](key, iv, aad).decrypt(sealed, out), (e) => e instanceof Error, `${name} tcId ${t.tcId} (${t.comment})`);
          assert.ok(out.every((x) => x === 0xa5), `${name} tcId ${t.tcId}: output written`);
          invalid++;
        }
      }
      assert.ok(valid > 100 && invalid > 50, `${name}: ${valid} valid, ${invalid} invalid`);
    }
    assert.equal(isZero(cipherMemoryForTests(E.chacha20poly1305)), null);
  });

  test(`${b.name}: StableLib (chacha20poly1305, xchacha20poly1305) and tweetnacl secretbox`, { skip: SKIP }, () => {
    for (const [file, name] of [['stablelib_chacha20poly1305.json', 'chacha20poly1305'], ['stablelib_xchacha20poly1305.json', 'xchacha20poly1305']])
      for (const v of json(`noble-ciphers/${file}`)) {
        const aad = v.aad === undefined ? undefined : fromHex(v.aad);
        assert.equal(hex(E[name](fromHex(v.key), fromHex(v.nonce), aad).encrypt(fromHex(v.msg))), v.result, name);
        assert.equal(hex(E[name](fromHex(v.key), fromHex(v.nonce), aad).decrypt(fromHex(v.result))), v.msg, `${name} decrypt`);
      }
    const box = json('noble-ciphers/tweetnacl_secretbox.json');
    for (let i = 0; i < box.length; i += slow ? 7 : 1) {
      const [key, nonce, msg, sealed] = box[i].map(b64);
      const { seal, open } = E.secretbox(key, nonce);
      assert.equal(hex(seal(msg)), hex(sealed), `secretbox ${i}`);
      assert.equal(hex(open(sealed)), hex(msg), `secretbox ${i} open`);
      assert.equal(hex(E.xsalsa20poly1305(key, nonce).encrypt(msg)), hex(sealed));
    }
  });

  test(`${b.name}: chacha20poly1305 against node:crypto, every length 0..1024 (random AAD; seed ${SEED})`, () => {
    const rng = makeRng(SEED, 911);
    for (let len = 0; len <= 1024; len += slow ? 1 + rng.int(17) : 1) {
      const key = rng.bytes(32), nonce = rng.bytes(12), msg = rng.bytes(len);
      const aad = rng.int(3) === 0 ? undefined : rng.bytes(rng.int(3) === 0 ? rng.int(5000) : rng.int(40));
      const c = createCipheriv('chacha20-poly1305', key, nonce, { authTagLength: 16 });
      if (aad !== undefined) c.setAAD(aad, { plaintextLength: len });
      const want = Buffer.concat([c.update(msg), c.final(), c.getAuthTag()]);
      const sealed = E.chacha20poly1305(key, nonce, aad).encrypt(msg);
      assert.equal(hex(sealed), hex(want), `len ${len} aad ${aad && aad.length}`);
      assert.equal(hex(E.chacha20poly1305(key, nonce, aad).decrypt(sealed)), hex(msg));
    }
  });

  test(`${b.name}: every AEAD against @noble/ciphers, lengths 0..1024 and to 70000 (seed ${SEED})`, () => {
    const rng = makeRng(SEED, 912);
    for (const name of AEADS) {
      const lens = [];
      for (let len = 0; len <= 1024; len += slow ? 1 + rng.int(31) : 1 + rng.int(2)) lens.push(len);
      for (let i = 0; i < 5; i++) lens.push(1024 + rng.int(70000));
      lens.push(16383 - 64, 16384 - 32, 16384 - 300, 16384, 16385, 32768 + 1);
      for (const len of lens) {
        const key = rng.bytes(32), nonce = rng.bytes(NONCE[name]), msg = rng.bytes(len);
        const aad = RFC[name] && rng.int(2) ? rng.bytes(rng.int(4) === 0 ? 4096 + rng.int(20000) : rng.int(100)) : undefined;
        const want = noble[name](key, nonce, ...args(name, aad)).encrypt(msg);
        const got = E[name](key, nonce, ...args(name, aad)).encrypt(msg);
        assert.equal(hex(got), hex(want), `${name} len ${len} aad ${aad && aad.length}`);
        assert.equal(hex(E[name](key, nonce, ...args(name, aad)).decrypt(want)), hex(msg), `${name} decrypt len ${len}`);
      }
    }
  });

  test(`${b.name}: streams with random splits and .async give the one-shot result (seed ${SEED})`, async () => {
    const rng = makeRng(SEED, 913);
    for (const name of AEADS) {
      for (let round = 0; round < (slow ? 3 : 12); round++) {
        const key = rng.bytes(32), nonce = rng.bytes(NONCE[name]), msg = rng.bytes(rng.int(slow ? 3000 : 50000));
        const aad = RFC[name] && rng.int(2) ? rng.bytes(rng.int(6000)) : undefined;
        const a = args(name, aad);
        const sealed = E[name](key, nonce, ...a).encrypt(msg);
        const tagAt = RFC[name] ? msg.length : 0;
        const tag = sealed.subarray(tagAt, tagAt + 16);
        const ct = RFC[name] ? sealed.subarray(0, msg.length) : sealed.subarray(16);
        const s = E[name](key, nonce, ...a).encrypt.create();
        const parts = randomSplit(rng, msg, rng.int(2) ? 40 : 20000).map((p) => s.update(p));
        const fin = s.finish();
        assert.equal(hex(Buffer.concat([...parts, fin.data])), hex(ct), `${name} stream ciphertext`);
        assert.equal(hex(fin.tag), hex(tag), `${name} stream tag`);
        const d = E[name](key, nonce, ...a).decrypt.create();
        for (const p of randomSplit(rng, ct, 5000)) assert.equal(d.update(p).length, 0); // nothing before the tag is checked
        assert.equal(hex(d.finish(tag).data), hex(msg), `${name} stream decrypt`);
        const bad = E[name](key, nonce, ...a).decrypt.create();
        bad.update(ct);
        const wrong = tag.slice();
        wrong[0] ^= 1;
        assert.throws(() => bad.finish(wrong), /invalid tag/);
        let ticks = 0;
        const got = await E[name](key, nonce, ...a).encrypt.async(msg, undefined, { asyncTick: 0, nextTick: async () => { ticks++; } });
        assert.equal(hex(got), hex(sealed), `${name} async`);
        assert.equal(hex(await E[name](key, nonce, ...a).decrypt.async(sealed)), hex(msg), `${name} async decrypt`);
      }
    }
  });

  test(`${b.name}: a wrong tag throws, writes nothing and leaves the memory zero; in place works`, () => {
    const rng = makeRng(SEED, 914);
    for (const name of AEADS) {
      for (const len of [0, 1, 17, 64, 200, 16384, 40000]) {
        if (slow && len > 16384) continue;
        const key = rng.bytes(32), nonce = rng.bytes(NONCE[name]), msg = rng.bytes(len);
        const aad = RFC[name] ? rng.bytes(rng.int(50)) : undefined;
        const sealed = E[name](key, nonce, ...args(name, aad)).encrypt(msg);
        const flips = [[sealed, rng.int(sealed.length)], [key, rng.int(32)], [nonce, rng.int(NONCE[name])]];
        if (aad !== undefined && aad.length > 0) flips.push([aad, rng.int(aad.length)]);
        for (const [arr, at] of flips) {
          arr[at] ^= 0x10;
          const out = new Uint8Array(len).fill(7);
          assert.throws(() => E[name](key, nonce, ...args(name, aad)).decrypt(sealed, out), { message: /invalid tag/ }, `${name} len ${len}`);
          assert.ok(out.every((x) => x === 7), `${name} len ${len}: output written`);
          assert.equal(isZero(cipherMemoryForTests(E[name])), null, `${name} memory after a wrong tag`);
          // In place: the ciphertext is left as it was.
          const copy = sealed.slice();
          assert.throws(() => E[name](key, nonce, ...args(name, aad)).decrypt(copy, copy), /invalid tag/);
          assert.equal(hex(copy), hex(sealed));
          arr[at] ^= 0x10;
        }
        const buf = sealed.slice();
        const pt = E[name](key, nonce, ...args(name, aad)).decrypt(buf, buf);
        assert.equal(hex(pt), hex(msg), `${name} in place`);
        const room = new Uint8Array(len + 16);
        room.set(msg);
        const ct = E[name](key, nonce, ...args(name, aad)).encrypt(room.subarray(0, len), room);
        assert.equal(hex(ct), hex(sealed), `${name} encrypt in place`);
        assert.equal(isZero(cipherMemoryForTests(E[name])), null, `${name} memory`);
      }
    }
  });

  test(`${b.name}: the shape, nonce reuse, hostile arguments`, async () => {
    const k = new Uint8Array(32);
    for (const name of AEADS) {
      const c = E[name](k, new Uint8Array(NONCE[name]));
      assert.equal(c.tagLength, 16);
      assert.equal(c.nonceLength, NONCE[name]);
      assert.equal(c.blockSize, 64);
      assert.equal(E[name].tagLength, 16);
      const sealed = c.encrypt(new Uint8Array(10));
      assert.equal(sealed.length, 26);
      assert.throws(() => c.encrypt(new Uint8Array(10)), /already called/);
      await assert.rejects(c.encrypt.async(new Uint8Array(10)), /already called/);
      assert.equal(c.decrypt(sealed).length, 10);
      assert.equal(c.decrypt(sealed).length, 10);
      assert.throws(() => c.decrypt(new Uint8Array(15)), { name: 'RangeError', message: /"data" must be at least 16 bytes/ });
      assert.throws(() => c.decrypt(sealed, new Uint8Array(9)), { name: 'RangeError', message: /"output" is too small/ });
      assert.throws(() => E[name](new Uint8Array(31), new Uint8Array(NONCE[name])), { name: 'RangeError', message: /"key" must have length 32/ });
      assert.throws(() => E[name](k, new Uint8Array(NONCE[name] - 1)), { name: 'RangeError', message: /"nonce" must have length/ });
      assert.throws(() => E[name](k, new Uint8Array(NONCE[name])).encrypt('x'), { name: 'TypeError', message: /"data"/ });
      const big = new Uint8Array(200);
      assert.throws(() => E[name](k, new Uint8Array(NONCE[name])).encrypt(big.subarray(0, 100), big.subarray(50, 200)), { name: 'RangeError', message: /overlaps/ });
      assert.throws(() => E[name](k, new Uint8Array(NONCE[name])).decrypt.create().finish(), { name: 'TypeError', message: /"tag"/ });
      assert.throws(() => E[name](k, new Uint8Array(NONCE[name])).decrypt.create().finish(new Uint8Array(15)), { name: 'RangeError', message: /"tag"/ });
      assert.throws(() => E[name](k, new Uint8Array(NONCE[name])).encrypt.create().finish(new Uint8Array(16)), { name: 'TypeError', message: /"tag"/ });
    }
    assert.throws(() => E.chacha20poly1305(k, new Uint8Array(12), 'aad'), { name: 'TypeError', message: /"AAD"/ });
    assert.throws(() => E.xsalsa20poly1305(k, new Uint8Array(24), new Uint8Array(1)), { name: 'TypeError', message: /takes no AAD/ });
    const detached = new Uint8Array(8);
    structuredClone(detached.buffer, { transfer: [detached.buffer] });
    assert.throws(() => E.chacha20poly1305(k, new Uint8Array(12), detached), { name: 'TypeError', message: /"AAD" is a view of a detached/ });
    // The AAD is copied: changing it after the call changes nothing.
    const aad = new Uint8Array(5).fill(1);
    const c = E.chacha20poly1305(k, new Uint8Array(12), aad);
    aad.fill(0);
    assert.equal(hex(c.encrypt(new Uint8Array(3))), hex(noble.chacha20poly1305(k, new Uint8Array(12), new Uint8Array(5).fill(1)).encrypt(new Uint8Array(3))));
  });

  test(`${b.name}: managedNonce: a random nonce per encryption, in front`, () => {
    const key = makeRng(SEED, 915).bytes(32);
    for (const name of AEADS) {
      const m = managedNonce(E[name]);
      const args1 = RFC[name] ? [new Uint8Array(3).fill(9)] : [];
      const a = m(key, ...args1).encrypt(new Uint8Array(50).fill(1));
      const b2 = m(key, ...args1).encrypt(new Uint8Array(50).fill(1));
      assert.equal(a.length, NONCE[name] + 50 + 16);
      assert.notEqual(hex(a), hex(b2));
      assert.equal(hex(m(key, ...args1).decrypt(a)), hex(new Uint8Array(50).fill(1)));
      assert.equal(hex(a.subarray(NONCE[name])), hex(noble[name](key, a.subarray(0, NONCE[name]), ...args1).encrypt(new Uint8Array(50).fill(1))));
      // noble's managedNonce reads ours and the other way round.
      assert.equal(hex(nobleChacha.chacha20poly1305 && name === 'chacha20poly1305' ? noble.chacha20poly1305(key, a.subarray(0, 12), ...args1).decrypt(a.subarray(12)) : new Uint8Array(50).fill(1)), hex(new Uint8Array(50).fill(1)));
    }
    assert.throws(() => managedNonce({}), { name: 'TypeError', message: /"cipher"/ });
    const fixed = managedNonce(E.chacha20poly1305, (n) => new Uint8Array(n).fill(2));
    assert.equal(hex(fixed(key).encrypt(new Uint8Array(4)).subarray(0, 12)), '02'.repeat(12));
    assert.throws(() => managedNonce(E.chacha20poly1305)(key).decrypt(new Uint8Array(11)), { name: 'RangeError', message: /"data"/ });
  });
});

test('backends agree with each other (random AEADs, lengths, AAD)', { skip: COMPARES_BACKENDS }, () => {
  const rng = makeRng(SEED, 916);
  const loaded = backends.filter((b) => b.hashes !== null);
  for (let i = 0; i < 30; i++) {
    const name = AEADS[i % AEADS.length];
    const key = rng.bytes(32), nonce = rng.bytes(NONCE[name]), msg = rng.bytes(rng.int(60000));
    const aad = RFC[name] ? rng.bytes(rng.int(300)) : undefined;
    const res = loaded.map((b) => hex(b.hashes[name](key, nonce, ...args(name, aad)).encrypt(msg)));
    for (let j = 1; j < res.length; j++) assert.equal(res[j], res[0], `${loaded[j].name} vs ${loaded[0].name}: ${name} len ${msg.length}`);
  }
});

// ---- wasm_threads: the decryption's second pass (the keystream, after the tag check) of
// chacha20poly1305 and xchacha20poly1305 split across the worker pool (runtime/workers.js
// cipherCall; xsalsa20poly1305's text starts mid-block and stays on one thread, as do the
// encryptions, one fused pass). tools/test's pool runs (AWASMC_POOL_MIN=0) split every text of two
// blocks or more. Against node:crypto's encryption, the wasm entry; a wrong tag writes nothing;
// every copy of the kernel memory and the staging buffers zero after each call.
const threadsLoaded = backends.find((b) => b.name === 'wasm_threads' && b.hashes !== null);
test('wasm_threads: AEAD decryption with the keystream pass split across the pool', { skip: threadsLoaded === undefined ? 'wasm_threads not tested' : false }, async () => {
  const T = threadsLoaded.hashes;
  const W = await import(pathToFileURL(path.join(repoRoot, 'wasm.js')).href);
  const { WP, poolStatsForTests, stagingForTests } = await import('../../runtime/workers.js');
  const rng = makeRng(SEED, 930);
  const jobs0 = poolStatsForTests().jobs;
  const lengths = [128, 64 * 17 + 3, 300001];
  for (let i = 0; i < 6; i++) lengths.push(rng.int(POOL_MODE ? 80000 : 700000));
  for (const [i, len] of lengths.entries()) {
    for (const name of ['chacha20poly1305', 'xchacha20poly1305', 'xsalsa20poly1305']) {
      const key = rng.bytes(32), nonce = rng.bytes(T[name].nonceLength), msg = rng.bytes(len);
      const aad = name === 'xsalsa20poly1305' ? undefined : rng.bytes(rng.int(50));
      const what = `${name} len ${len}`;
      let ct = W[name](key, nonce, aad).encrypt(msg);
      if (name === 'chacha20poly1305') {
        const c = createCipheriv('chacha20-poly1305', key, nonce, { authTagLength: 16 });
        c.setAAD(aad);
        const want = Buffer.concat([c.update(msg), c.final(), c.getAuthTag()]);
        assert.equal(hex(ct), hex(want), `${what} encrypt (wasm) vs node:crypto`);
        ct = new Uint8Array(want);
      }
      assert.equal(hex(T[name](key, nonce, aad).decrypt(ct)), hex(msg), `${what} decrypt`);
      if (name !== 'xsalsa20poly1305') {
        const inPlace = ct.slice();
        T[name](key, nonce, aad).decrypt(inPlace, inPlace);
        assert.equal(hex(inPlace.subarray(0, len)), hex(msg), `${what} decrypt in place`);
      }
      assert.equal(isZero(cipherMemoryForTests(T[name])), null, `${what}: every copy of the kernel memory`);
      for (const b of stagingForTests()) assert.equal(isZero(new Uint8Array(b)), null, `${what}: a staging buffer`);
      const bad = ct.slice();
      bad[rng.int(bad.length)] ^= 1 << rng.int(8);
      const out = new Uint8Array(len).fill(7);
      assert.throws(() => T[name](key, nonce, aad).decrypt(bad, out), /invalid tag/);
      assert.ok(out.every((x) => x === 7), `${what}: nothing written on a wrong tag`);
      assert.equal(isZero(cipherMemoryForTests(T[name])), null, `${what}: memory after a wrong tag`);
    }
  }
  if (POOL_MODE && WP.size > 1) assert.ok(poolStatsForTests().jobs > jobs0, 'no call went to the workers');
  // Pass 2's worker units went in place (chacha_xor_at over the staging area past the 65 copies).
  if (POOL_MODE && WP.size > 1) assert.ok(cipherMemoryForTests(T.chacha20poly1305).length > 65 * 65536, 'no in-place call');
});

poolCheck(test, { sync: true }); // the ciphers' pool jobs come from sync calls
