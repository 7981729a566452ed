// The `webcrypto.js` entry: crypto.subtle behind our API, async only. Results equal node:crypto
// (createHash, createHmac, hkdfSync, pbkdf2Sync, createCipheriv) on random inputs; sync forms
// throw an Error naming the async way; bad arguments are rejected with the errors of js.js.
import assert from 'node:assert/strict';
import test from 'node:test';
import * as nc from 'node:crypto';
import * as WC from '../../webcrypto.js';
import * as J from '../../js.js';
import { hmac as ourHmac } from '../../hmac.js';
import { SEED, hex, makeRng, randomSplit } from './_helpers.js';

const rng = makeRng(SEED, 51);
const HASHES = { sha1: 'sha1', sha256: 'sha256', sha384: 'sha384', sha512: 'sha512' };

async function sameError(fa, fb, label) {
  const catchAll = async (f) => {
    try {
      await f();
      return null;
    } catch (e) {
      return e;
    }
  };
  const ea = await catchAll(fa), eb = await catchAll(fb);
  assert.ok(ea !== null, `${label}: js.js throws`);
  assert.ok(eb !== null, `${label}: webcrypto.js throws (js.js: ${ea.message})`);
  assert.equal(eb.constructor, ea.constructor, `${label}: ${eb.message}`);
  assert.equal(eb.message, ea.message, label);
}

test('isSupported() and the exports', () => {
  assert.equal(WC.isSupported(), true);
  assert.deepEqual(Object.keys(WC).sort(), ['cbc', 'ctr', 'gcm', 'hkdf', 'hmac', 'isSupported', 'pbkdf2', 'sha1', 'sha256', 'sha384', 'sha512']);
  for (const n of Object.keys(HASHES)) {
    assert.deepEqual(WC[n].getDefinition(), J[n].getDefinition(), n);
    for (const p of ['outputLen', 'blockLen', 'canXOF']) assert.equal(WC[n][p], J[n][p], `${n}.${p}`);
    assert.equal(WC[n].getPlatform(), 'webcrypto');
  }
  for (const n of ['cbc', 'ctr', 'gcm']) assert.deepEqual(WC[n].getDefinition(), J[n].getDefinition(), n);
});

test('sync forms throw an Error that names the async way', () => {
  const m = new Uint8Array(3);
  assert.throws(() => WC.sha256(m), { name: 'Error', message: /sha256\(\) is not available from webcrypto.js: crypto.subtle is async only; use await sha256.async/ });
  assert.throws(() => WC.sha1.create(), /sha1.create\(\) is not available .* async only/);
  assert.throws(() => WC.sha512.chunks([m]), /use await sha512.chunks.async/);
  assert.throws(() => WC.sha384.parallel([m]), /use await sha384.parallel.async/);
  assert.throws(() => WC.hmac(WC.sha256, m, m), /use await hmac.async/);
  assert.throws(() => WC.hkdf(WC.sha256, m), /use await hkdf.async/);
  assert.throws(() => WC.pbkdf2(WC.sha256)('p', 's', { c: 1 }), /use await pbkdf2\(hash\).async/);
  const k = new Uint8Array(16), iv = new Uint8Array(16);
  assert.throws(() => WC.cbc(k, iv).encrypt(m), /cbc\(\.\.\.\)\.encrypt\(\) is not available .* use await cbc\(key, nonce\)\.encrypt\.async/);
  assert.throws(() => WC.gcm(k, new Uint8Array(12)).decrypt.create(), /async only/);
});

test(`hashes, hmac, hkdf, pbkdf2 equal node:crypto on random inputs (TEST_SEED=${SEED})`, async () => {
  for (let r = 0; r < 12; r++) {
    const msg = rng.bytes(r < 2 ? r : rng.int(r % 2 ? 300 : 20000));
    for (const [n, node] of Object.entries(HASHES)) {
      const want = nc.createHash(node).update(msg).digest('hex');
      assert.equal(hex(await WC[n].async(msg)), want, `${n} length ${msg.length}`);
      const out = new Uint8Array(WC[n].outputLen + 9);
      assert.equal(hex(await WC[n].async(msg, { out, outPos: 9, asyncTick: 1 })), want, `${n} out/outPos`);
      assert.equal(hex(out.subarray(9)), want);
      assert.equal(hex(await WC[n].chunks.async(randomSplit(rng, msg, 1 + rng.int(500)))), want, `${n} chunks.async`);
      const other = rng.bytes(rng.int(100));
      const both = await WC[n].parallel.async([msg, other], { out: new Uint8Array(2 * WC[n].outputLen) });
      assert.deepEqual(both.map(hex), [want, nc.createHash(node).update(other).digest('hex')], `${n} parallel.async`);
      const key = rng.bytes(rng.int(200));
      assert.equal(hex(await WC.hmac.async(WC[n], key, msg)), nc.createHmac(node, key).update(msg).digest('hex'), `hmac(${n}) key ${key.length}`);
      assert.equal(hex(await WC.hmac.async(J[n], key, msg)), hex(ourHmac(J[n], key, msg)), `hmac over js.js's ${n}`);
      const salt = rng.bytes(rng.int(40)), info = rng.bytes(rng.int(40)), len = 1 + rng.int(200);
      assert.equal(hex(await WC.hkdf.async(WC[n], msg, salt, info, len)), hex(new Uint8Array(nc.hkdfSync(node, msg, salt, info, len))), `hkdf(${n})`);
      const c = 1 + rng.int(100), dkLen = 1 + rng.int(100);
      assert.equal(hex(await WC.pbkdf2(WC[n]).async(key, salt, { c, dkLen })), hex(nc.pbkdf2Sync(key, salt, c, dkLen, node)), `pbkdf2(${n})`);
    }
  }
  assert.equal(hex(await WC.hkdf.async(WC.sha256, new Uint8Array(5))), hex(new Uint8Array(nc.hkdfSync('sha256', new Uint8Array(5), new Uint8Array(32), new Uint8Array(0), 32))), 'hkdf defaults');
  assert.equal(hex(await WC.pbkdf2(WC.sha256).async('password', 'salt', { c: 2 })), hex(nc.pbkdf2Sync('password', 'salt', 2, 32, 'sha256')), 'pbkdf2 strings');
});

test(`AES-CBC, AES-CTR and AES-GCM equal node:crypto on random inputs (TEST_SEED=${SEED})`, async () => {
  const node = (algo, key, iv, data, aad, padding = true) => {
    const c = nc.createCipheriv(algo, key, iv);
    c.setAutoPadding(padding);
    if (aad) c.setAAD(aad);
    const out = Buffer.concat([c.update(data), c.final()]);
    return algo.endsWith('gcm') ? Buffer.concat([out, c.getAuthTag()]) : out;
  };
  for (let r = 0; r < 20; r++) {
    const keyLen = [16, 24, 32][rng.int(3)];
    const key = rng.bytes(keyLen);
    const disable = rng.int(3) === 0;
    let data = rng.bytes(r < 2 ? r * 16 : rng.int(r % 2 ? 100 : 5000));
    if (disable) data = data.subarray(0, data.length - (data.length % 16));
    const iv = rng.bytes(16), nonce = rng.bytes(12), aad = rng.int(2) ? rng.bytes(rng.int(60)) : undefined;
    const label = `key ${keyLen} length ${data.length} TEST_SEED=${SEED}`;
    const opts = disable ? { disablePadding: true } : undefined;
    const cbcCt = await WC.cbc(key, iv, opts).encrypt.async(data);
    assert.equal(hex(cbcCt), hex(node(`aes-${keyLen * 8}-cbc`, key, iv, data, undefined, !disable)), `cbc ${label}`);
    assert.equal(hex(await WC.cbc(key, iv, opts).decrypt.async(cbcCt)), hex(data), `cbc decrypt ${label}`);
    assert.equal(hex(cbcCt), hex(J.cbc(key, iv, opts).encrypt(data)), `cbc vs js.js ${label}`);
    const ctrCt = await WC.ctr(key, iv).encrypt.async(data);
    assert.equal(hex(ctrCt), hex(node(`aes-${keyLen * 8}-ctr`, key, iv, data)), `ctr ${label}`);
    assert.equal(hex(await WC.ctr(key, iv).decrypt.async(ctrCt)), hex(data), `ctr decrypt ${label}`);
    const gcmCt = await WC.gcm(key, nonce, aad).encrypt.async(data);
    assert.equal(hex(gcmCt), hex(node(`aes-${keyLen * 8}-gcm`, key, nonce, data, aad)), `gcm ${label}`);
    assert.equal(hex(await WC.gcm(key, nonce, aad).decrypt.async(gcmCt)), hex(data), `gcm decrypt ${label}`);
    // other nonce lengths and tag lengths: as js.js's gcm
    // (nonces from 12 bytes: Node's crypto.subtle refuses shorter ones, below)
    const nonce2 = rng.bytes(12 + rng.int(40)), tagLength = [4, 8, 12, 13, 14, 15, 16][rng.int(7)];
    const ct2 = await WC.gcm(key, nonce2, aad, { tagLength }).encrypt.async(data);
    assert.equal(hex(ct2), hex(J.gcm(key, nonce2, aad, { tagLength }).encrypt(data)), `gcm nonce ${nonce2.length} tagLength ${tagLength} ${label}`);
    assert.equal(hex(await WC.gcm(key, nonce2, aad, { tagLength }).decrypt.async(ct2)), hex(data), `gcm decrypt, tagLength ${tagLength}`);
    // output in place
    const buf = data.slice();
    await WC.ctr(key, iv).encrypt.async(buf, buf);
    assert.equal(hex(buf), hex(ctrCt), `ctr in place ${label}`);
  }
  // CTR's counter runs over 128 bits (carry out of the low 64).
  const key = rng.bytes(16), iv = new Uint8Array(16).fill(255);
  const data = rng.bytes(100);
  assert.equal(hex(await WC.ctr(key, iv).encrypt.async(data)), hex(node('aes-128-ctr', key, iv, data)));
});

test('views of a SharedArrayBuffer (which crypto.subtle refuses) are taken, as ours take them', async () => {
  const shared = (b) => {
    const v = new Uint8Array(new SharedArrayBuffer(b.length + 8), 4, b.length);
    v.set(b);
    return v;
  };
  const msg = rng.bytes(300), key = rng.bytes(20), salt = rng.bytes(16);
  assert.equal(hex(await WC.sha256.async(shared(msg))), hex(J.sha256(msg)));
  assert.equal(hex(await WC.sha512.parallel.async([shared(msg)]).then((r) => r[0])), hex(J.sha512(msg)));
  assert.equal(hex(await WC.hmac.async(WC.sha384, shared(key), shared(msg))), hex(ourHmac(J.sha384, key, msg)));
  assert.equal(hex(await WC.hkdf.async(WC.sha256, shared(key), shared(salt), shared(msg.subarray(0, 9)), 50)),
    hex(new Uint8Array(nc.hkdfSync('sha256', key, salt, msg.subarray(0, 9), 50))));
  assert.equal(hex(await WC.pbkdf2(WC.sha1).async(shared(key), shared(salt), { c: 5 })), hex(nc.pbkdf2Sync(key, salt, 5, 32, 'sha1')));
  const k = rng.bytes(16), iv = rng.bytes(16);
  const out = shared(new Uint8Array(msg.length));
  await WC.ctr(shared(k), shared(iv)).encrypt.async(shared(msg), out);
  assert.equal(hex(out), hex(J.ctr(k, iv).encrypt(msg)));
  assert.equal(hex(await WC.gcm(shared(k), shared(iv.subarray(0, 12)), shared(salt)).encrypt.async(shared(msg))), hex(J.gcm(k, iv.subarray(0, 12), salt).encrypt(msg)));
});

test('bad arguments: the errors of js.js (thrown by the constructor, rejected by .async)', async () => {
  const m = new Uint8Array(3);
  for (const n of Object.keys(HASHES)) {
    await sameError(() => J[n].async('x'), () => WC[n].async('x'), `${n}.async msg`);
    await sameError(() => J[n].async(m, { outpos: 1 }), () => WC[n].async(m, { outpos: 1 }), `${n}.async unknown option`);
    await sameError(() => J[n].async(m, { out: new Uint8Array(2) }), () => WC[n].async(m, { out: new Uint8Array(2) }), `${n}.async out too small`);
    await sameError(() => J[n].async(m, { dkLen: 5 }), () => WC[n].async(m, { dkLen: 5 }), `${n}.async dkLen`);
    await sameError(() => J[n].async(m, { asyncTick: -1 }), () => WC[n].async(m, { asyncTick: -1 }), `${n}.async asyncTick`);
    await sameError(() => J[n].chunks.async(m), () => WC[n].chunks.async(m), `${n}.chunks.async parts`);
    await sameError(() => J[n].parallel.async([m, 'x']), () => WC[n].parallel.async([m, 'x']), `${n}.parallel.async msgs[1]`);
    await sameError(() => J[n].parallel.async([m], { out: [] }), () => WC[n].parallel.async([m], { out: [] }), `${n}.parallel.async out`);
    await sameError(() => J.pbkdf2(J[n])('p', 's', { c: 0 }), () => WC.pbkdf2(WC[n]).async('p', 's', { c: 0 }), `pbkdf2(${n}) c`);
    await sameError(() => J.pbkdf2(J[n])('p', 's', {}), () => WC.pbkdf2(WC[n]).async('p', 's', {}), `pbkdf2(${n}) no c`);
  }
  await sameError(() => ourHmac(J.sha256, 'k', m), () => WC.hmac.async(WC.sha256, 'k', m), 'hmac key');
  await assert.rejects(WC.hmac.async(J.sha3_256, m, m), { name: 'TypeError', message: /"hash" must be sha1, sha256, sha384 or sha512 .* got sha3_256/ });
  await assert.rejects(WC.hkdf.async(WC.sha256, m, undefined, undefined, 255 * 32 + 1), { name: 'RangeError', message: /"length" must be <= 255 \* outputLen = 8160/ });
  const k = new Uint8Array(16), iv = new Uint8Array(16);
  await sameError(() => J.cbc(new Uint8Array(15), iv), () => WC.cbc(new Uint8Array(15), iv), 'cbc key length');
  await sameError(() => J.cbc(k, new Uint8Array(15)), () => WC.cbc(k, new Uint8Array(15)), 'cbc nonce length');
  await sameError(() => J.ctr(k, iv, { foo: 1 }), () => WC.ctr(k, iv, { foo: 1 }), 'ctr unknown option');
  await sameError(() => J.cbc(k, iv, { disablePadding: 1 }), () => WC.cbc(k, iv, { disablePadding: 1 }), 'cbc disablePadding type');
  await sameError(() => J.cbc(k, iv).decrypt.async(new Uint8Array(15)), () => WC.cbc(k, iv).decrypt.async(new Uint8Array(15)), 'cbc ragged ciphertext');
  await sameError(() => J.cbc(k, iv).decrypt.async(new Uint8Array(32)), () => WC.cbc(k, iv).decrypt.async(new Uint8Array(32)), 'cbc bad padding');
  await sameError(() => J.ctr(k, iv).encrypt.async(m, new Uint8Array(1)), () => WC.ctr(k, iv).encrypt.async(m, new Uint8Array(1)), 'output too small');
  await sameError(async () => {
    const c = J.ctr(k, iv);
    await c.encrypt.async(m);
    await c.encrypt.async(m);
  }, async () => {
    const c = WC.ctr(k, iv);
    await c.encrypt.async(m);
    await c.encrypt.async(m);
  }, 'nonce reuse');
  const n12 = new Uint8Array(12);
  await sameError(() => J.gcm(k, new Uint8Array(0)), () => WC.gcm(k, new Uint8Array(0)), 'gcm empty nonce');
  await sameError(() => J.gcm(k, n12, undefined, { tagLength: 5 }), () => WC.gcm(k, n12, undefined, { tagLength: 5 }), 'gcm tagLength');
  await sameError(() => J.gcm(k, n12, undefined, { tag: 16 }), () => WC.gcm(k, n12, undefined, { tag: 16 }), 'gcm unknown option');
  await sameError(() => J.gcm(k, n12, 'aad'), () => WC.gcm(k, n12, 'aad'), 'gcm AAD type');
  await sameError(() => J.gcm(k, n12).decrypt.async(new Uint8Array(15)), () => WC.gcm(k, n12).decrypt.async(new Uint8Array(15)), 'gcm short ciphertext');
  await sameError(() => J.gcm(k, n12).decrypt.async(new Uint8Array(40)), () => WC.gcm(k, n12).decrypt.async(new Uint8Array(40)), 'gcm wrong tag');
  // A nonce shorter than 12 bytes: Node's crypto.subtle refuses it; we say so (browsers take it).
  await assert.rejects(WC.gcm(k, new Uint8Array(8)).encrypt.async(m), { name: 'RangeError', message: /"nonce" must have length >= 12 for gcm on this platform's crypto.subtle, got 8/ });
  // GCM: a wrong tag rejects and writes nothing.
  const ct = await WC.gcm(k, new Uint8Array(12)).encrypt.async(new Uint8Array(40));
  ct[0] ^= 1;
  const out = new Uint8Array(40).fill(9);
  await assert.rejects(WC.gcm(k, new Uint8Array(12)).decrypt.async(ct, out), /gcm: invalid tag/);
  assert.ok(out.every((b) => b === 9));
});

test('stub.js installs webcrypto.js (its names), the rest from js.js with onlyMissing', async () => {
  const S = await import('../../stub.js');
  const got = S.install(WC);
  assert.deepEqual(got.sort(), ['cbc', 'ctr', 'gcm', 'pbkdf2', 'sha1', 'sha256', 'sha384', 'sha512']);
  S.install(J, { onlyMissing: true });
  assert.equal(S.installed().sha256, 'webcrypto');
  assert.equal(S.installed().sha3_256, 'js');
  const m = rng.bytes(50);
  assert.equal(hex(await S.sha256.async(m)), hex(J.sha256(m)));
  assert.throws(() => S.sha256(m), /async only/);
});
