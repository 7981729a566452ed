// poly1305 (modules/chacha.js section 2, modules/poly1305.js, runtime/poly1305.js) on every
// backend: RFC 8439 §2.5.2 and appendix A.3 (through BoringSSL's poly1305_test.txt, which carries
// them), StableLib's and Crypto++'s vectors (Verify and NotVerify), @noble/ciphers on random keys
// and every length 0..1024, keys and messages that put h next to 2^130 - 5, random streaming
// splits, chunks, clones, parallel and async calls, the kernels' AEAD contract (blocks at an offset
// of `data`, the length block), errors that name the argument, a zero memory after every kind of
// call (errors included), and the backends against each other. node:crypto has no Poly1305 MAC:
// noble is the reference.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import test from 'node:test';
import { poly1305 as noble } from '@noble/ciphers/_poly1305.js';
import { memoryForTests } from '../../runtime/shell.js';
import { COMPARES_BACKENDS, firstSecretByte, forEachBackend, fromHex, hex, isSlow, loadBackends, makeRng, randomSplit, repoRoot } from './_helpers.js';

const backends = await loadBackends();
const VECTORS = '/work/shared/vectors';
const BORING = `${VECTORS}/boringssl-via-ring/poly1305_test.txt`;
const STABLELIB = `${VECTORS}/noble-ciphers/stablelib_poly1305.json`;
const CRYPTOPP = `${VECTORS}/cryptopp/poly1305_tls.txt`;
const noVectors = (f) => !existsSync(f) && `no ${f}`;
const ref = (msg, key) => hex(noble(msg, key));

// BoringSSL's format: `Key = hex`, `Input = hex or "text"`, `MAC = hex`, blank-line separated.
function boringVectors() {
  const out = [];
  let cur = {};
  for (const raw of readFileSync(BORING, 'utf8').split('\n')) {
    const line = raw.trim();
    const m = /^(\w+) = (.*)$/.exec(line);
    if (!m) continue;
    const v = m[2].startsWith('"') ? new TextEncoder().encode(m[2].slice(1, -1)) : fromHex(m[2]);
    cur[m[1]] = v;
    if (m[1] === 'MAC') {
      out.push(cur);
      cur = {};
    }
  }
  return out;
}
// Crypto++'s format: `Key: hex words`, `Message: hex or ""`, `MAC: ...`, `Test: Verify|NotVerify`.
function cryptoppVectors() {
  const out = [];
  let cur = {};
  // A value may go on over lines that end in a backslash.
  const text = readFileSync(CRYPTOPP, 'utf8').replace(/\\\r?\n/g, ' ');
  for (const raw of text.split('\n')) {
    const m = /^(\w+): (.*)$/.exec(raw.trim());
    if (!m) continue;
    const [, k, v] = m;
    if (k === 'Test') {
      out.push({ ...cur, verify: v === 'Verify' });
      cur = {};
    } else if (k === 'Key' || k === 'Message' || k === 'MAC') cur[k] = v === '""' ? new Uint8Array(0) : fromHex(v.replace(/\s+/g, ''));
  }
  return out;
}

// Keys that stress the reduction: r = 0 (the tag is s), r with every bit the clamp allows, s of
// all ones (the final addition carries out of 2^128), and random ones.
function edgeKeys(rng) {
  const keys = [new Uint8Array(32), new Uint8Array(32).fill(0xff), rng.bytes(32)];
  const r0 = rng.bytes(32);
  r0.fill(0, 0, 16);
  keys.push(r0);
  const rmax = rng.bytes(32);
  rmax.fill(0xff, 0, 16);
  keys.push(rmax);
  const smax = rng.bytes(32);
  smax.fill(0xff, 16);
  keys.push(smax);
  const one = new Uint8Array(32);
  one[0] = 1;
  keys.push(one);
  return keys;
}

forEachBackend(test, backends, 'poly1305', (b) => {
  const mac = b.hashes.poly1305;
  const slow = isSlow(b.name);
  const rng = makeRng(undefined, 130 + b.name.length);

  test(`${b.name}: poly1305 is exported with the MAC shape`, () => {
    assert.equal(typeof mac, 'function');
    assert.equal(mac.outputLen, 16);
    assert.equal(mac.blockLen, 16);
    assert.equal(mac.canXOF, false);
    for (const f of ['create', 'chunks', 'parallel', 'async']) assert.equal(typeof mac[f], 'function', f);
    assert.equal(mac.getDefinition().name, 'poly1305');
  });

  test(`${b.name}: RFC 8439 §2.5.2 and A.3 and BoringSSL/OpenSSL vectors`, { skip: noVectors(BORING) }, () => {
    const vs = boringVectors();
    assert.ok(vs.length >= 30, `${vs.length} vectors`);
    const rfc = vs.find((v) => hex(v.Key) === '85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b');
    assert.ok(rfc !== undefined && hex(rfc.MAC) === 'a8061dc1305136c6c22b8baf0c0127a9', 'RFC 8439 §2.5.2 is among them');
    for (const [i, v] of vs.entries()) {
      assert.equal(hex(mac(v.Input, v.Key)), hex(v.MAC), `vector ${i} (${v.Input.length} bytes)`);
      assert.equal(hex(mac(v.Input, { key: v.Key })), hex(v.MAC), `vector ${i} with {key}`);
      const s = mac.create(v.Key);
      for (const p of randomSplit(rng, v.Input, 40)) s.update(p);
      assert.equal(hex(s.digest()), hex(v.MAC), `vector ${i} streamed`);
    }
  });

  test(`${b.name}: StableLib vectors (via @noble/ciphers)`, { skip: noVectors(STABLELIB) }, () => {
    const vs = JSON.parse(readFileSync(STABLELIB, 'utf8'));
    assert.equal(vs.length, 32);
    for (const [i, v] of vs.entries()) assert.equal(hex(mac(fromHex(v.data), fromHex(v.key))), v.mac, `vector ${i}`);
  });

  test(`${b.name}: Crypto++ poly1305_tls vectors (Verify and NotVerify)`, { skip: noVectors(CRYPTOPP) }, () => {
    const vs = cryptoppVectors();
    assert.ok(vs.length >= 150, `${vs.length} vectors`);
    let verify = 0;
    for (const [i, v] of vs.entries()) {
      const got = hex(mac(v.Message, v.Key));
      if (v.verify) {
        assert.equal(got, hex(v.MAC), `vector ${i}`);
        verify++;
      } else assert.notEqual(got, hex(v.MAC), `vector ${i} (NotVerify)`);
    }
    assert.ok(verify > 50 && verify < vs.length, `${verify} Verify, ${vs.length - verify} NotVerify`);
  });

  test(`${b.name}: @noble/ciphers on every length 0..1024 (random and edge keys, 0xff messages)`, () => {
    const keys = edgeKeys(rng);
    const ff = new Uint8Array(1024).fill(0xff);
    const max = slow ? 400 : 1024;
    for (let len = 0; len <= max; len++) {
      const key = len % 8 < keys.length ? keys[len % 8] : rng.bytes(32);
      const m = len % 3 === 0 ? ff.subarray(0, len) : rng.bytes(len);
      assert.equal(hex(mac(m, key)), ref(m, key), `length ${len}, key ${len % 8}`);
    }
    // All-0xff messages under every edge key: h stays next to 2^130 - 5 block after block.
    for (const [k, key] of keys.entries())
      for (const len of [16, 17, 32, 64, 100, 255, 256, 1024]) assert.equal(hex(mac(ff.subarray(0, len), key)), ref(ff.subarray(0, len), key), `0xff x ${len}, key ${k}`);
  });

  test(`${b.name}: long messages (around the 16 KiB data region) and random streaming splits`, () => {
    for (const len of slow ? [16383, 16384, 16385, 16399] : [16383, 16384, 16385, 16399, 32768, 32769, 100000]) {
      const m = rng.bytes(len);
      const key = rng.bytes(32);
      const want = ref(m, key);
      assert.equal(hex(mac(m, key)), want, `${len} bytes`);
      const s = mac.create(key);
      for (const p of randomSplit(rng, m, 3000)) s.update(p);
      assert.equal(hex(s.digest()), want, `${len} bytes streamed`);
      assert.equal(hex(mac.chunks(randomSplit(rng, m, 5000), key)), want, `${len} bytes in chunks`);
    }
    for (let i = 0; i < (slow ? 10 : 60); i++) {
      const m = rng.bytes(rng.int(slow ? 600 : 3000));
      const key = rng.bytes(32);
      const s = mac.create({ key });
      for (const p of randomSplit(rng, m, 40)) s.update(p);
      assert.equal(hex(s.digest()), ref(m, key), `${m.length} bytes streamed in small pieces`);
    }
  });

  test(`${b.name}: streams (clone, _cloneInto, digestInto), chunks, parallel, async, out/outPos`, async () => {
    const key = rng.bytes(32);
    const m = rng.bytes(200);
    const want = ref(m, key);
    const s = mac.create(key).update(m.subarray(0, 37));
    const c = s.clone();
    const into = mac.create(rng.bytes(32));
    s._cloneInto(into);
    for (const x of [s, c, into]) x.update(m.subarray(37));
    assert.equal(hex(s.digest()), want);
    assert.equal(hex(c.digest()), want);
    const buf = new Uint8Array(20);
    into.digestInto(buf);
    assert.equal(hex(buf.subarray(0, 16)), want);
    assert.throws(() => s.update(m), /after digest/);
    assert.equal(s.outputLen, 16);
    assert.equal(s.blockLen, 16);
    // A clone before anything was absorbed (the key not yet turned into r and s).
    const fresh = mac.create(key);
    const fc = fresh.clone();
    fresh.destroy();
    assert.equal(hex(fc.update(m).digest()), want);
    const msgs = [0, 1, 15, 16, 17, 1000].map((n) => rng.bytes(n));
    assert.deepEqual(mac.parallel(msgs, key).map(hex), msgs.map((x) => ref(x, key)));
    assert.deepEqual(mac.parallel(msgs, { key }).map(hex), msgs.map((x) => ref(x, key)));
    assert.equal(hex(mac.chunks([m.subarray(0, 10), m.subarray(10)], key)), want);
    assert.equal(hex(await mac.async(m, key)), want);
    assert.equal(hex(await mac.async(m, { key, asyncTick: 0 })), want);
    assert.equal(hex(await mac.chunks.async([m.subarray(0, 3), m.subarray(3)], { key })), want);
    assert.deepEqual((await mac.parallel.async(msgs, key)).map(hex), msgs.map((x) => ref(x, key)));
    const out = new Uint8Array(40);
    const r = mac(m, { key, out, outPos: 8 });
    assert.equal(hex(r), want);
    assert.equal(r.buffer, out.buffer);
    assert.equal(hex(mac(m, { key, dkLen: 16 })), want);
  });

  test(`${b.name}: the kernels' AEAD contract: blocks and bytes at an offset of data, the RFC 8439 length block`, async () => {
    const target = await import(`${repoRoot}/targets/${b.name}/chacha.js`);
    const { mem, fns } = target.instantiate();
    const P = target.regions.poly.offset;
    const D = target.regions.data.offset;
    for (const [aadLen, ctLen, off] of [[0, 0, 0], [12, 100, 48], [16, 16, 16], [3, 1000, 4096], [0, 16384 - 32, 16]]) {
      const key = rng.bytes(32);
      const pad = (n) => (16 - (n % 16)) % 16;
      const aad = rng.bytes(aadLen);
      const ct = rng.bytes(ctLen);
      const body = new Uint8Array(aadLen + pad(aadLen) + ctLen + pad(ctLen));
      body.set(aad);
      body.set(ct, aadLen + pad(aadLen));
      const lens = new Uint8Array(16);
      new DataView(lens.buffer).setBigUint64(0, BigInt(aadLen), true);
      new DataView(lens.buffer).setBigUint64(8, BigInt(ctLen), true);
      const whole = new Uint8Array(body.length + 16);
      whole.set(body);
      whole.set(lens, body.length);
      mem.set(key, P);
      fns.poly1305_init();
      mem.set(body, D + off);
      fns.poly1305_blocks(off, body.length / 16, 0);
      fns.poly1305_lengths(aadLen, ctLen);
      fns.poly1305_finish();
      assert.equal(hex(mem.subarray(P, P + 16)), ref(whole, key), `aad ${aadLen}, ct ${ctLen} at ${off}`);
      assert.ok(mem.subarray(P + 16, P + target.regions.poly.bytes).every((x) => x === 0), 'finish zeroes r, h, s and r^2');
      mem.fill(0);
    }
    // poly1305_bytes: the AAD and the ciphertext each zero-padded by the kernel, with garbage
    // (keystream) in `data` past them; every remainder 0..15, even and odd block counts.
    for (let i = 0; i < 40; i++) {
      const aadLen = i < 16 ? i : rng.int(300);
      const ctLen = i < 16 ? 40 + i : rng.int(3000);
      const key = rng.bytes(32);
      const aad = rng.bytes(aadLen);
      const ct = rng.bytes(ctLen);
      const pad = (n) => new Uint8Array((16 - (n % 16)) % 16);
      const lens = new Uint8Array(16);
      new DataView(lens.buffer).setBigUint64(0, BigInt(aadLen), true);
      new DataView(lens.buffer).setBigUint64(8, BigInt(ctLen), true);
      const want = ref(Buffer.concat([aad, pad(aadLen), ct, pad(ctLen), lens]), key);
      const offA = 16 * rng.int(8);
      const offC = 16 * (8 + rng.int(8));
      mem.set(rng.bytes(4096), D); // garbage around and past both
      mem.set(key, P);
      fns.poly1305_init();
      mem.set(aad, D + offA);
      fns.poly1305_bytes(offA, aadLen);
      mem.set(ct, D + offC);
      fns.poly1305_bytes(offC, ctLen);
      fns.poly1305_lengths(aadLen, ctLen);
      fns.poly1305_finish();
      assert.equal(hex(mem.subarray(P, P + 16)), want, `poly1305_bytes: aad ${aadLen} at ${offA}, ct ${ctLen} at ${offC}`);
      mem.fill(0);
    }
    // Lengths above 2^32 reach the high words of the length block.
    const key = rng.bytes(32);
    mem.set(key, P);
    fns.poly1305_init();
    fns.poly1305_lengths(2 ** 40 + 5, 2 ** 52 + 3);
    fns.poly1305_finish();
    const lens = new Uint8Array(16);
    new DataView(lens.buffer).setBigUint64(0, 2n ** 40n + 5n, true);
    new DataView(lens.buffer).setBigUint64(8, 2n ** 52n + 3n, true);
    assert.equal(hex(mem.subarray(P, P + 16)), ref(lens, key));
  });

  test(`${b.name}: bad arguments throw errors that name them`, () => {
    const key = rng.bytes(32);
    const m = rng.bytes(10);
    assert.throws(() => mac(m), { name: 'TypeError', message: /"key"/ });
    assert.throws(() => mac(m, rng.bytes(31)), { name: 'RangeError', message: /"key" must be 32 bytes/ });
    assert.throws(() => mac(m, rng.bytes(33)), { name: 'RangeError', message: /"key"/ });
    assert.throws(() => mac(m, new Uint8Array(0)), { name: 'RangeError', message: /"key"/ });
    assert.throws(() => mac(m, 'key'), { name: 'TypeError', message: /"key"/ });
    assert.throws(() => mac(m, null), { name: 'TypeError', message: /"key"/ });
    assert.throws(() => mac(m, [1, 2]), { name: 'TypeError', message: /"key"/ });
    assert.throws(() => mac(m, {}), { name: 'TypeError', message: /"key"/ });
    assert.throws(() => mac(m, { key: rng.bytes(16) }), { name: 'RangeError', message: /"opts\.key" must be 32 bytes/ });
    assert.throws(() => mac(m, { key: new Uint16Array(16) }), { name: 'TypeError', message: /"opts\.key"/ });
    assert.throws(() => mac(m, { key, dkLen: 32 }), { name: 'RangeError', message: /"opts\.dkLen"/ });
    assert.throws(() => mac(m, { key, salt: m }), { name: 'TypeError', message: /unknown option "salt"/ });
    assert.throws(() => mac('abc', key), { name: 'TypeError', message: /"msg"/ });
    assert.throws(() => mac(new Uint16Array(4), key), { name: 'TypeError', message: /"msg"/ });
    assert.throws(() => mac.create(), { name: 'TypeError', message: /"key"/ });
    assert.throws(() => mac.create(rng.bytes(5)), { name: 'RangeError', message: /"key"/ });
    assert.throws(() => mac.chunks([m]), { name: 'TypeError', message: /"key"/ });
    assert.throws(() => mac.chunks([m, 'x'], key), { name: 'TypeError', message: /"parts\[1\]"/ });
    assert.throws(() => mac.parallel([m], { key, out: new Uint8Array(8) }), { name: 'RangeError', message: /"opts\.out"/ });
    assert.rejects(() => mac.async(m), { name: 'TypeError', message: /"key"/ });
    const s = mac.create(key);
    assert.throws(() => s.update('x'), { name: 'TypeError', message: /"msg"/ });
    s.update(m); // still usable after a rejected update
    assert.equal(hex(s.digest()), ref(m, key));
    assert.throws(() => s.digestInto(new Uint8Array(8)), /after digest/);
    assert.throws(() => mac.create(key).digestInto(new Uint8Array(15)), { name: 'RangeError', message: /"buf"/ });
    // A detached buffer.
    const ab = new ArrayBuffer(32);
    const k2 = new Uint8Array(ab);
    structuredClone(ab, { transfer: [ab] });
    assert.throws(() => mac(m, k2), { name: 'TypeError', message: /"key" is a view of a detached ArrayBuffer/ });
  });

  test(`${b.name}: the poly1305 memory is zero after every kind of call, errors included`, async () => {
    const regions = (await import(`${repoRoot}/targets/${b.name}/chacha.js`)).regions;
    const key = rng.bytes(32);
    const check = (what) => assert.equal(firstSecretByte(memoryForTests(mac), regions), null, `${b.name} ${what}`);
    for (const len of [0, 5, 16, 33, 20000]) {
      mac(rng.bytes(len), key);
      check(`one-shot of ${len}`);
    }
    const s = mac.create(key);
    s.update(rng.bytes(7));
    s.update(rng.bytes(40));
    check('stream update');
    s.clone().digest();
    s.digest();
    check('stream digest');
    mac.chunks([rng.bytes(20), rng.bytes(30)], { key });
    mac.parallel([rng.bytes(20), rng.bytes(30)], key);
    await mac.async(rng.bytes(3000), key);
    check('chunks, parallel, async');
    assert.throws(() => mac(rng.bytes(40), { key, out: new Uint8Array(4) }));
    assert.throws(() => mac(rng.bytes(40), rng.bytes(31)));
    check('errors');
  });
});

test('poly1305: the backends agree on random keys, messages and splits', { skip: COMPARES_BACKENDS }, () => {
  const live = backends.filter((b) => b.hashes !== null);
  const rng = makeRng(undefined, 1305);
  for (let i = 0; i < 40; i++) {
    const m = rng.bytes(rng.int(i < 20 ? 200 : 5000));
    const key = rng.bytes(32);
    const tags = live.map((b) => hex(b.hashes.poly1305(m, key)));
    for (let k = 1; k < tags.length; k++) assert.equal(tags[k], tags[0], `${live[k].name} vs ${live[0].name}, ${m.length} bytes`);
  }
});
