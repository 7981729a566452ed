// The Salsa20/ChaCha stream ciphers on every backend entry: published vectors read from
// ../shared/vectors (Crypto++'s ChaCha (8/12/20 rounds, 64-bit nonce), ChaChaTLS (RFC 8439 /
// RFC 7539 appendix A, counters near 2^32), XChaCha20 (draft-arciszewski-xchacha) and Salsa20 /
// XSalsa20 (eSTREAM, NaCl, 8/12/20 rounds) files; StableLib's chacha20 and salsa20 files of
// @noble/ciphers); random keys, nonces, counters and every length 0..1024 against node:crypto
// (chacha20: its 16-byte IV is the 4-byte little-endian counter, then the 12-byte nonce) and
// @noble/ciphers; random streaming splits and .async against one-shot calls; backends against
// each other; the cipher shape (properties, nonce-reuse guard, output in place or separate);
// counter limits (refused, never wrapped); hostile arguments (errors naming the argument,
// identical on every backend); the kernel memory all zero after every call, errors included.
import assert from 'node:assert/strict';
import { createCipheriv } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'node:test';
import * as nobleChacha from '@noble/ciphers/chacha.js';
import * as nobleSalsa from '@noble/ciphers/salsa.js';
import { arxCipher } from '../../runtime/arx.js';
import { cipherMemoryForTests } from '../../runtime/cipher.js';
import { readCryptopp } from './_cryptopp.js';
import { ALL_BACKENDS, BACKENDS, COMPARES_BACKENDS, POOL_MODE, SEED, firstSecretByte, forEachBackend, fromHex, hex, isSlow, loadBackends, makeRng, poolCheck, randomSplit, repoRoot } from './_helpers.js';

const backends = await loadBackends();
const VECTORS = path.resolve(repoRoot, '../shared/vectors');
const SKIP = existsSync(VECTORS) ? false : 'vectors folder ../shared/vectors not found';
const NAMES = ['salsa20', 'xsalsa20', 'chacha20', 'chacha20orig', 'xchacha20', 'chacha8', 'chacha12'];
const NONCE = { salsa20: 8, xsalsa20: 24, chacha20: 12, chacha20orig: 8, xchacha20: 24, chacha8: 12, chacha12: 12 };
const KEYS = { salsa20: [16, 32], chacha20orig: [16, 32] }; // the others: 32 only
const noble = { ...nobleChacha, ...nobleSalsa };
const targets = Object.fromEntries(
  await Promise.all(BACKENDS.map(async (b) => [b, await import(pathToFileURL(path.join(repoRoot, 'targets', b, 'chacha.js')).href)]))
);

// XOR of the 64-byte blocks of `bytes` (Crypto++'s CiphertextXorDigest, StableLib's digest).
function xorDigest(bytes) {
  const d = new Uint8Array(64);
  for (let i = 0; i < bytes.length; i++) d[i & 63] ^= bytes[i];
  return d;
}
// A cipher of the family with any round count and nonce layout, over backend b's target (the
// vectors have Salsa20/8, Salsa20/12 and ChaCha with 8 and 12 rounds over the 64-bit nonce).
const custom = (b, core, rounds, nonceLength, extended = false) =>
  arxCipher({ name: `${core}${rounds}`, core, doubleRounds: rounds / 2, nonceLength, counterBits: nonceLength === 12 ? 32 : 64, extended, keyLengths: [16, 32] }, targets[b], b);

// The ciphertext of `plaintext` at keystream byte `seek`: the counter of its block (`make(opts)`
// makes the cipher), then a stream that skips the rest.
function encryptAt(make, plaintext, seek) {
  const s = make({ counter: Math.floor(seek / 64) }).encrypt.create();
  s.update(new Uint8Array(seek % 64));
  return s.update(plaintext);
}

// The kernel memory after a call: zero but for the constant regions of modules/chacha.js (the
// rotation mask of the wasm ChaCha kernel; the same layout on every target).
const REGIONS = Object.assign({}, ...(await Promise.all(ALL_BACKENDS.map(async (n) => (await import(pathToFileURL(path.join(repoRoot, 'targets', n, 'chacha.js')).href)).regions))));
const isZero = (mem) => firstSecretByte(mem, REGIONS);

test('the vector files have what the tests expect', { skip: SKIP }, () => {
  assert.equal(readCryptopp('chacha.txt').length, 40);
  assert.equal(readCryptopp('chacha_tls.txt').length, 14);
  assert.equal(readCryptopp('xchacha.txt').length, 2);
  assert.equal(readCryptopp('salsa.txt').length, 110);
  const sl = JSON.parse(readFileSync(path.join(VECTORS, 'noble-ciphers/stablelib_chacha20.json'), 'utf8'));
  assert.equal(sl.length, 5);
});

forEachBackend(test, backends, 'stream ciphers', (b) => {
  const E = b.hashes;
  const slow = isSlow(b.name);

  test(`${b.name}: Crypto++ ChaCha (8, 12, 20 rounds; 64-bit nonce), XChaCha20, ChaChaTLS (RFC 8439 appendix A)`, { skip: SKIP }, () => {
    let n = 0;
    for (const v of readCryptopp('chacha.txt')) {
      const make = (o) => (v.rounds === 20 ? E.chacha20orig(v.key, v.iv, o) : custom(b.name, 'chacha', v.rounds, 8)(v.key, v.iv, o));
      assert.equal(hex(encryptAt(make, v.plaintext, v.seek)), hex(v.ciphertext), `${v.comment} (${v.rounds} rounds)`);
      n++;
    }
    for (const v of readCryptopp('xchacha.txt')) {
      // The draft's XChaCha20 example (§A.3.2 of later drafts) encrypts from block counter 1.
      assert.equal(hex(E.xchacha20(v.key, v.iv, { counter: 1 }).encrypt(v.plaintext)), hex(v.ciphertext), v.comment);
      n++;
    }
    for (const v of readCryptopp('chacha_tls.txt')) {
      // Crypto++ wraps the 32-bit counter past 2^32 - 1; RFC 8439 stops there and so do we: the
      // blocks up to the limit must match, and asking for one more is a RangeError.
      const room = (2 ** 32 - v.block) * 64;
      const c = E.chacha20(v.key, v.iv, { counter: v.block });
      if (v.plaintext.length <= room) assert.equal(hex(c.encrypt(v.plaintext)), hex(v.ciphertext), v.comment);
      else {
        assert.equal(hex(c.encrypt(v.plaintext.subarray(0, room))), hex(v.ciphertext.subarray(0, room)), v.comment);
        assert.throws(() => E.chacha20(v.key, v.iv, { counter: v.block }).encrypt(v.plaintext), RangeError);
      }
      n++;
    }
    assert.equal(n, 56);
  });

  test(`${b.name}: Crypto++ Salsa20 (8, 12, 20 rounds) and XSalsa20`, { skip: SKIP }, () => {
    let n = 0;
    for (const v of readCryptopp('salsa.txt')) {
      if (slow && v.plaintext.length > 4096) continue; // (1 of 110: 128 KiB; StableLib's below covers runtime)
      const ext = v.name === 'XSalsa20';
      const make = (o) => (ext ? E.xsalsa20(v.key, v.iv, o) : v.rounds === 20 ? E.salsa20(v.key, v.iv, o) : custom(b.name, 'salsa', v.rounds, 8)(v.key, v.iv, o));
      const ct = encryptAt(make, v.plaintext, v.seek);
      if (v.xorDigest !== null) assert.equal(hex(xorDigest(ct)), hex(v.xorDigest), v.comment);
      else assert.equal(hex(ct), hex(v.ciphertext), `${v.comment} seek ${v.seek}`);
      n++;
    }
    assert.equal(n, slow ? 109 : 110);
  });

  test(`${b.name}: StableLib chacha20 (64-bit nonce) and salsa20 (128 KiB XOR digests)`, { skip: SKIP }, () => {
    for (const v of JSON.parse(readFileSync(path.join(VECTORS, 'noble-ciphers/stablelib_chacha20.json'), 'utf8'))) {
      const stream = fromHex(v.stream);
      assert.equal(hex(E.chacha20orig(fromHex(v.key), fromHex(v.nonce)).encrypt(new Uint8Array(stream.length))), v.stream);
    }
    for (const v of JSON.parse(readFileSync(path.join(VECTORS, 'noble-ciphers/stablelib_salsa20.json'), 'utf8')))
      assert.equal(hex(xorDigest(E.salsa20(fromHex(v.key), fromHex(v.nonce)).encrypt(new Uint8Array(v.length)))), v.digest);
  });

  test(`${b.name}: chacha20 against node:crypto, every length 0..1024 (random key, nonce, counter; seed ${SEED})`, () => {
    const rng = makeRng(SEED, 901);
    for (let len = 0; len <= 1024; len += slow ? 1 + rng.int(13) : 1) {
      const key = rng.bytes(32), nonce = rng.bytes(12), msg = rng.bytes(len);
      const counter = rng.int(4) === 0 ? 2 ** 32 - 1 - (len >> 6) - rng.int(3) : rng.u32() >>> rng.int(32);
      const iv = new Uint8Array(16);
      new DataView(iv.buffer).setUint32(0, counter, true);
      iv.set(nonce, 4);
      const want = createCipheriv('chacha20', key, iv).update(msg);
      assert.equal(hex(E.chacha20(key, nonce, { counter }).encrypt(msg)), hex(want), `len ${len} counter ${counter}`);
    }
  });

  test(`${b.name}: every cipher against @noble/ciphers, lengths 0..1024 and up to 40000 (seed ${SEED})`, () => {
    const rng = makeRng(SEED, 902);
    for (const name of NAMES) {
      const lens = [];
      for (let len = 0; len <= 1024; len += slow ? 1 + rng.int(29) : 1 + (name === 'chacha20' ? 0 : rng.int(3))) lens.push(len);
      for (let i = 0; i < 6; i++) lens.push(1024 + rng.int(40000));
      lens.push(16383, 16384, 16385, 32768 + 64 * 3 + 1);
      for (const len of lens) {
        const keyLen = (KEYS[name] || [32])[rng.int((KEYS[name] || [32]).length)];
        const key = rng.bytes(keyLen), nonce = rng.bytes(NONCE[name]), msg = rng.bytes(len);
        const counter = rng.int(3) === 0 ? 0 : rng.int(2 ** 20);
        const want = noble[name](key, nonce, msg, undefined, counter);
        const got = E[name](key, nonce, counter === 0 && rng.int(2) ? undefined : { counter }).encrypt(msg);
        assert.equal(hex(got), hex(want), `${name} len ${len} key ${keyLen} counter ${counter}`);
      }
    }
  });

  test(`${b.name}: streams with random splits, .async and decrypt give the one-shot result (seed ${SEED})`, async () => {
    const rng = makeRng(SEED, 903);
    for (const name of NAMES) {
      for (let round = 0; round < (slow ? 3 : 10); round++) {
        const key = rng.bytes(32), nonce = rng.bytes(NONCE[name]), msg = rng.bytes(rng.int(slow ? 3000 : 40000));
        const opts = { counter: rng.int(1000) };
        const want = E[name](key, nonce, opts).encrypt(msg);
        const s = E[name](key, nonce, opts).encrypt.create();
        const parts = randomSplit(rng, msg, rng.int(2) ? 100 : 20000).map((p) => s.update(p));
        const fin = s.finish();
        assert.equal(fin.data.length, 0);
        assert.equal(hex(Buffer.concat(parts)), hex(want), `${name} stream`);
        const d = E[name](key, nonce, opts).decrypt.create();
        assert.equal(hex(Buffer.concat(randomSplit(rng, want, 5000).map((p) => d.update(p)))), hex(msg), `${name} decrypt stream`);
        let progress = 0, ticks = 0;
        const got = await E[name](key, nonce, opts).encrypt.async(msg, undefined, {
          asyncTick: 0, onProgress: (x) => { assert.ok(x >= progress); progress = x; }, nextTick: async () => { ticks++; },
        });
        assert.equal(hex(got), hex(want), `${name} async`);
        assert.equal(progress, 1);
        if (msg.length > 40000) assert.ok(ticks > 0);
        assert.equal(hex(E[name](key, nonce, opts).decrypt(want)), hex(msg), `${name} decrypt`);
      }
    }
  });

  test(`${b.name}: output: separate, in place, longer than needed; partial overlap refused`, async () => {
    const rng = makeRng(SEED, 904);
    const key = rng.bytes(32), nonce = rng.bytes(12), msg = rng.bytes(1000);
    const want = E.chacha20(key, nonce).encrypt(msg);
    const out = new Uint8Array(1000);
    assert.equal(E.chacha20(key, nonce).encrypt(msg, out), out);
    assert.equal(hex(out), hex(want));
    const buf = msg.slice();
    assert.equal(E.chacha20(key, nonce).encrypt(buf, buf), buf);
    assert.equal(hex(buf), hex(want));
    const long = new Uint8Array(1500);
    const r = E.chacha20(key, nonce).encrypt(msg, long);
    assert.equal(r.length, 1000);
    assert.equal(r.buffer, long.buffer);
    assert.equal(hex(long.subarray(0, 1000)), hex(want));
    assert.ok(long.subarray(1000).every((x) => x === 0));
    const big = new Uint8Array(2000);
    big.set(msg, 0);
    for (const [src, dst] of [[big.subarray(0, 1000), big.subarray(1, 1001)], [big.subarray(10, 1010), big.subarray(0, 1000)]]) {
      assert.throws(() => E.chacha20(key, nonce).encrypt(src, dst), { name: 'RangeError', message: /"output" overlaps "data"/ });
      await assert.rejects(E.chacha20(key, nonce).encrypt.async(src, dst), { name: 'RangeError', message: /"output" overlaps/ });
      assert.throws(() => E.chacha20(key, nonce).decrypt.create().update(src, dst), { name: 'RangeError', message: /"output" overlaps/ });
    }
    // A separate range of the same buffer is fine.
    const sep = E.chacha20(key, nonce).encrypt(big.subarray(0, 1000), big.subarray(1000, 2000));
    assert.equal(hex(sep), hex(want));
    assert.throws(() => E.chacha20(key, nonce).encrypt(msg, new Uint8Array(999)), { name: 'RangeError', message: /"output" is too small/ });
  });

  test(`${b.name}: the shape: properties, nonce reuse refused, decrypt repeatable`, () => {
    for (const name of NAMES) {
      const c = E[name](new Uint8Array(32), new Uint8Array(NONCE[name]));
      assert.equal(c.blockSize, 64);
      assert.equal(c.nonceLength, NONCE[name]);
      assert.equal(c.tagLength, 0);
      assert.equal(c.varSizeNonce, false);
      assert.equal(E[name].nonceLength, NONCE[name]);
      assert.equal(E[name].getPlatform(), b.name);
      c.encrypt(new Uint8Array(10));
      assert.throws(() => c.encrypt(new Uint8Array(10)), /already called/);
      assert.throws(() => c.encrypt.create(), /already called/);
      assert.equal(hex(c.decrypt(c.decrypt(new Uint8Array(5)))), '0000000000');
      const s = E[name](new Uint8Array(32), new Uint8Array(NONCE[name])).encrypt.create();
      s.update(new Uint8Array(3));
      s.finish();
      assert.throws(() => s.update(new Uint8Array(1)), /update\(\) after finish\(\)/);
      assert.throws(() => s.finish(), /finish\(\) after finish\(\)/);
    }
  });

  test(`${b.name}: counter limits: 2^32 blocks for the RFC 8439 layout, 2^64 for the 64-bit counters`, () => {
    const key = new Uint8Array(32).fill(7), n12 = new Uint8Array(12).fill(1), n8 = new Uint8Array(8).fill(1);
    // The last block of chacha20's keystream: node:crypto agrees.
    const iv = new Uint8Array(16).fill(0xff, 0, 4);
    iv.set(n12, 4);
    assert.equal(hex(E.chacha20(key, n12, { counter: 2 ** 32 - 1 }).encrypt(new Uint8Array(64))), hex(createCipheriv('chacha20', key, iv).update(new Uint8Array(64))));
    assert.throws(() => E.chacha20(key, n12, { counter: 2 ** 32 - 1 }).encrypt(new Uint8Array(65)), { name: 'RangeError', message: /counter overflow/ });
    assert.throws(() => E.chacha8(key, n12, { counter: 2 ** 32 - 2 }).encrypt(new Uint8Array(129)), RangeError);
    assert.throws(() => E.chacha20(key, n12, { counter: 2 ** 32 }), { name: 'RangeError', message: /"opts.counter"/ });
    assert.throws(() => E.chacha20(key, n12, { counter: 1n }), { name: 'TypeError', message: /"opts.counter"/ });
    // A stream crossing the limit: refused at the update that would cross it, nothing written.
    const s = E.chacha20(key, n12, { counter: 2 ** 32 - 2 }).encrypt.create();
    s.update(new Uint8Array(100));
    const out = new Uint8Array(29);
    assert.throws(() => s.update(new Uint8Array(29), out), RangeError);
    assert.ok(out.every((x) => x === 0));
    assert.throws(() => s.update(new Uint8Array(1)), /after an error/);
    // 64-bit counters: bigints up to 2^64 - 1; the high word carries (counter 2^32 - 1 then 2^32).
    const lo = E.chacha20orig(key, n8, { counter: 2 ** 32 - 1 }).encrypt(new Uint8Array(128));
    const hi = E.chacha20orig(key, n8, { counter: 2 ** 32 }).encrypt(new Uint8Array(64));
    assert.equal(hex(lo.subarray(64)), hex(hi));
    assert.equal(hex(hi), hex(E.chacha20orig(key, n8, { counter: 1n << 32n }).encrypt(new Uint8Array(64))));
    const last = E.salsa20(key, n8, { counter: (1n << 64n) - 1n }).encrypt(new Uint8Array(64));
    assert.equal(last.length, 64);
    assert.throws(() => E.salsa20(key, n8, { counter: (1n << 64n) - 1n }).encrypt(new Uint8Array(65)), { name: 'RangeError', message: /counter overflow/ });
    assert.throws(() => E.xchacha20(key, new Uint8Array(24), { counter: 1n << 64n }), { name: 'RangeError', message: /"opts.counter"/ });
    assert.throws(() => E.salsa20(key, n8, { counter: -1 }), { name: 'RangeError', message: /"opts.counter"/ });
    assert.throws(() => E.salsa20(key, n8, { counter: 1.5 }), { name: 'RangeError', message: /"opts.counter"/ });
    assert.throws(() => E.salsa20(key, n8, { counter: '1' }), { name: 'TypeError', message: /"opts.counter"/ });
    assert.throws(() => E.salsa20(key, n8, { count: 1 }), { name: 'TypeError', message: /unknown option "count"/ });
  });

  test(`${b.name}: hostile arguments get errors naming them`, async () => {
    const k = new Uint8Array(32), n = new Uint8Array(12);
    assert.throws(() => E.chacha20(new Uint8Array(16), n), { name: 'RangeError', message: /"key" must have length 32 for chacha20, got 16/ });
    assert.throws(() => E.xsalsa20(new Uint8Array(16), new Uint8Array(24)), { name: 'RangeError', message: /"key"/ });
    assert.throws(() => E.salsa20(new Uint8Array(31), new Uint8Array(8)), { name: 'RangeError', message: /"key" must have length 16 or 32/ });
    assert.throws(() => E.chacha20(k, new Uint8Array(8)), { name: 'RangeError', message: /"nonce" must have length 12/ });
    assert.throws(() => E.chacha20([...k], n), { name: 'TypeError', message: /"key"/ });
    assert.throws(() => E.chacha20(k, 'nonce'), { name: 'TypeError', message: /"nonce"/ });
    assert.throws(() => E.chacha20(k, n, 5), { name: 'TypeError', message: /"opts"/ });
    assert.throws(() => E.chacha20(k, n).encrypt('hello'), { name: 'TypeError', message: /"data"/ });
    assert.throws(() => E.chacha20(k, n).encrypt(new Uint16Array(4)), { name: 'TypeError', message: /"data"/ });
    assert.throws(() => E.chacha20(k, n).encrypt(new Uint8Array(4), []), { name: 'TypeError', message: /"output"/ });
    assert.throws(() => E.chacha20(k, n).encrypt.create().update(null), { name: 'TypeError', message: /"data"/ });
    await assert.rejects(E.chacha20(k, n).encrypt.async(new Uint8Array(4), undefined, { asyncTick: -1 }), { name: 'RangeError', message: /"opts.asyncTick"/ });
    await assert.rejects(E.chacha20(k, n).encrypt.async(new Uint8Array(4), undefined, { tick: 1 }), { name: 'TypeError', message: /unknown option "tick"/ });
    // Detached buffers: the key, the nonce, the data and the output.
    const detached = () => {
      const a = new Uint8Array(32);
      structuredClone(a.buffer, { transfer: [a.buffer] });
      return a;
    };
    assert.throws(() => E.chacha20(detached(), n), { name: 'TypeError', message: /"key" is a view of a detached ArrayBuffer/ });
    assert.throws(() => E.chacha20(k, detached()), { name: 'TypeError', message: /"nonce" is a view of a detached/ });
    assert.throws(() => E.chacha20(k, n).encrypt(detached()), { name: 'TypeError', message: /"data" is a view of a detached/ });
    assert.throws(() => E.chacha20(k, n).encrypt(new Uint8Array(4), detached()), { name: 'TypeError', message: /"output" is a view of a detached/ });
    // Detached during an async call: refused at the next slice.
    const big = new Uint8Array(1 << 20);
    const p = E.chacha20(k, n).encrypt.async(big, undefined, { asyncTick: 0, nextTick: async () => structuredClone(big.buffer, { transfer: [big.buffer] }) });
    await assert.rejects(p, { name: 'TypeError', message: /"data" was detached/ });
    // The key and nonce are copied: changing them after the call changes nothing.
    const key = new Uint8Array(32).fill(1), nonce = new Uint8Array(12).fill(2);
    const c = E.chacha20(key, nonce);
    key.fill(0);
    nonce.fill(0);
    assert.equal(hex(c.encrypt(new Uint8Array(64))), hex(noble.chacha20(new Uint8Array(32).fill(1), new Uint8Array(12).fill(2), new Uint8Array(64))));
  });

  test(`${b.name}: the kernel memory is all zero after every call, errors included`, async () => {
    const rng = makeRng(SEED, 905);
    for (const name of NAMES) {
      const f = E[name];
      f(rng.bytes(32), rng.bytes(NONCE[name])).encrypt(rng.bytes(20000));
      assert.equal(isZero(cipherMemoryForTests(f)), null, `${name} one-shot`);
      const s = f(rng.bytes(32), rng.bytes(NONCE[name])).encrypt.create();
      s.update(rng.bytes(77));
      assert.equal(isZero(cipherMemoryForTests(f)), null, `${name} stream`);
      await f(rng.bytes(32), rng.bytes(NONCE[name])).decrypt.async(rng.bytes(5000), undefined, { asyncTick: 0 });
      assert.equal(isZero(cipherMemoryForTests(f)), null, `${name} async`);
    }
    assert.throws(() => E.chacha20(rng.bytes(32), rng.bytes(12), { counter: 2 ** 32 - 1 }).encrypt(rng.bytes(100)), RangeError);
    assert.equal(isZero(cipherMemoryForTests(E.chacha20)), null, 'after a counter overflow');
    assert.throws(() => E.chacha20(rng.bytes(32), rng.bytes(12)).encrypt(rng.bytes(100), new Uint8Array(3)), RangeError);
    assert.equal(isZero(cipherMemoryForTests(E.chacha20)), null, 'after a bad output');
  });
});

test('backends agree with each other (random ciphers, lengths and splits)', { skip: COMPARES_BACKENDS }, () => {
  const rng = makeRng(SEED, 906);
  const loaded = backends.filter((b) => b.hashes !== null);
  for (let i = 0; i < 40; i++) {
    const name = NAMES[i % NAMES.length];
    const key = rng.bytes(32), nonce = rng.bytes(NONCE[name]), msg = rng.bytes(rng.int(70000));
    const counter = rng.int(1 << 30);
    const res = loaded.map((b) => hex(b.hashes[name](key, nonce, { counter }).encrypt(msg)));
    for (let j = 1; j < res.length; j++) assert.equal(res[j], res[0], `${loaded[j].name} vs ${loaded[0].name}: ${name} len ${msg.length}`);
  }
  // The same hostile call gives the same error everywhere.
  const errs = loaded.map((b) => {
    try {
      b.hashes.chacha20(new Uint8Array(32), new Uint8Array(12)).encrypt(new Uint8Array(8), new Uint8Array(4));
    } catch (e) {
      return `${e.name}: ${e.message}`;
    }
    return 'no error';
  });
  for (const e of errs) assert.equal(e, errs[0]);
});

// ---- wasm_threads: long calls split across the worker pool (runtime/workers.js cipherCall), in
// ranges of whole blocks, each at its own counter. tools/test's pool runs (AWASMC_POOL_MIN=0,
// pool sizes 1, 2 and 4) send every call of two blocks or more through the split; otherwise only
// calls of 256 KiB or more go, once the pool has booted. Compared with the wasm entry (one thread)
// and node:crypto; the counter limit checked before any job; every worker's copy of the kernel
// memory and the staging buffers all zero after each call.
const threadsLoaded = backends.find((b) => b.name === 'wasm_threads' && b.hashes !== null);
test('wasm_threads: calls split across the pool equal the wasm entry and node:crypto', { skip: threadsLoaded === undefined ? 'wasm_threads not tested' : false }, async () => {
  const T = threadsLoaded.hashes;
  const W = await import(pathToFileURL(path.join(repoRoot, 'wasm.js')).href);
  const { WP, poolStatsForTests, stagingForTests } = await import('../../runtime/workers.js');
  const rng = makeRng(SEED, 907);
  const jobs0 = poolStatsForTests().jobs;
  const clean = (what, name = 'chacha20') => {
    assert.equal(isZero(cipherMemoryForTests(T.chacha20)), null, `${what}: every copy of the kernel memory`);
    // (with the staging area of the in-place units past the copies: runtime/workers.js cipherInPlace)
    assert.equal(isZero(cipherMemoryForTests(T[name])), null, `${what}: ${name}'s memory`);
    for (const b of stagingForTests()) assert.equal(isZero(new Uint8Array(b)), null, `${what}: a staging buffer`);
  };
  const lengths = [2 * 64, 64 * 33 + 5, 300000, (1 << 18) + 64 * rng.int(64) + rng.int(64)];
  for (let i = 0; i < 10; i++) lengths.push(rng.int(POOL_MODE ? 70000 : 600000));
  for (const [i, len] of lengths.entries()) {
    const name = NAMES[i % NAMES.length];
    const key = rng.bytes(name === 'salsa20' || name === 'chacha20orig' ? KEYS[name][i & 1] : 32);
    const nonce = rng.bytes(NONCE[name]);
    const msg = rng.bytes(len);
    const blocks = Math.ceil(len / 64);
    // Counters near the limit: 2^32 blocks for the RFC 8439 layout, else across a low-word carry
    // (2^32 - k) and up to the end of the 64-bit counter.
    const wide = NONCE[name] !== 12;
    const counters = [0, 2 ** 32 - blocks - rng.int(4)];
    if (wide) counters.push(2 ** 32 - 1 - rng.int(Math.max(1, blocks - 1)), (1n << 64n) - BigInt(blocks));
    for (const counter of counters) {
      const what = `${name} len ${len} counter ${counter}`;
      const want = W[name](key, nonce, { counter }).encrypt(msg);
      assert.equal(hex(T[name](key, nonce, { counter }).encrypt(msg)), hex(want), what);
      if (name === 'chacha20') {
        const iv = new Uint8Array(16);
        new DataView(iv.buffer).setUint32(0, counter, true);
        iv.set(nonce, 4);
        const c = createCipheriv('chacha20', key, iv);
        assert.equal(hex(T.chacha20(key, nonce, { counter }).decrypt(msg)), hex(Buffer.concat([c.update(msg), c.final()])), `${what} vs node:crypto`);
      }
      const inPlace = msg.slice();
      assert.equal(T[name](key, nonce, { counter }).encrypt(inPlace, inPlace), inPlace);
      assert.equal(hex(inPlace), hex(want), `${what} in place`);
      clean(what, name);
    }
    // One block past the limit: refused before any work (no job sent, output untouched).
    const over = wide ? (1n << 64n) - BigInt(blocks) + 1n : 2 ** 32 - blocks + 1;
    const before = poolStatsForTests().jobs;
    const out = new Uint8Array(len).fill(7);
    // (one block past 2^64 - 1 is 2^64 itself, which the counter option refuses before the call)
    const refused = wide && over === 1n << 64n ? /"opts\.counter" must be an integer from 0 to 2\^64 - 1/ : /counter overflow/;
    assert.throws(() => T[name](key, nonce, { counter: over }).encrypt(msg, out), { name: 'RangeError', message: refused });
    assert.throws(() => W[name](key, nonce, { counter: over }).encrypt(msg, out), { name: 'RangeError', message: refused });
    assert.equal(poolStatsForTests().jobs, before, `${name}: no job after a refused counter`);
    assert.ok(out.every((x) => x === 7), `${name}: output untouched after a refused counter`);
  }
  // A stream at a block boundary splits its long updates too.
  const key = rng.bytes(32), nonce = rng.bytes(12), msg = rng.bytes(200000);
  const s = T.chacha20(key, nonce).encrypt.create();
  const got = Buffer.concat([s.update(msg.subarray(0, 128)), s.update(msg.subarray(128, 150000)), s.update(msg.subarray(150000))]);
  assert.equal(hex(got), hex(W.chacha20(key, nonce).encrypt(msg)), 'stream');
  clean('stream');
  if (POOL_MODE && WP.size > 1) assert.ok(poolStatsForTests().jobs > jobs0, 'no call went to the workers');
  // The workers' units went in place (chacha_xor_at over the staging area past the 65 copies).
  if (POOL_MODE && WP.size > 1) assert.ok(cipherMemoryForTests(T.chacha20).length > 65 * 65536, 'no in-place call');
  // A call of more than 64 MiB goes as three pool calls in turn (32 MiB each at most): the first
  // two leave their workers' units in the staging area for the next to overwrite, the last zeroes
  // what is left (runtime/workers.js cipherInPlace, carry).
  if (WP.size > 1) {
    const big = new Uint8Array((1 << 26) + 4101);
    for (let i = 0; i < big.length; i += 997) big[i] = i & 255;
    const k = rng.bytes(32), n = rng.bytes(24);
    const want = W.xchacha20(k, n).encrypt(big);
    const got = T.xchacha20(k, n).encrypt(big);
    assert.ok(Buffer.from(got).equals(Buffer.from(want)), 'xchacha20 of 64 MiB + 4101 bytes');
    clean('xchacha20 of 64 MiB + 4101 bytes', 'xchacha20');
  }
});

poolCheck(test, { sync: true }); // the ciphers' pool jobs come from sync calls
