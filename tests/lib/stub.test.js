// The `stub.js` entry: every name of index.js as a stub that throws until install(impl) puts a
// backend behind it; only implementations of the same algorithm are accepted (getDefinition());
// onlyMissing fills the gaps of a partial backend (noble.js has no ofb) without replacing.
import assert from 'node:assert/strict';
import test from 'node:test';
import * as S from '../../stub.js';
import * as W from '../../index.js';
import * as J from '../../js.js';
import * as N from '../../noble.js';
import { sha256 as rawNobleSha256 } from '@noble/hashes/sha2.js';
import { SEED, hex, makeRng } from './_helpers.js';

const rng = makeRng(SEED, 41);
const NAMES = Object.keys(W).filter((n) => n !== 'backend').sort(); // backend(): index.js's own, not an algorithm
const captured = { ...S }; // the stubs themselves, before anything is installed

test('stub.js exports every algorithm of index.js, plus install and installed', () => {
  assert.deepEqual(Object.keys(S).filter((n) => n !== 'install' && n !== 'installed').sort(), NAMES);
  for (const n of NAMES) assert.equal(S[n].getPlatform(), 'stub', n);
});

test('before install(), every stub throws a clear "not installed" error (async forms reject)', async () => {
  for (const n of NAMES) {
    assert.throws(() => S[n](new Uint8Array(1)), { message: new RegExp(`^${n} is not installed: call install\\(impl\\)`) }, n);
    if (W[n].create) assert.throws(() => S[n].create(), /is not installed/, `${n}.create`);
    if (W[n].chunks) assert.throws(() => S[n].chunks([]), /is not installed/, `${n}.chunks`);
    if (W[n].parallel) assert.throws(() => S[n].parallel([]), /is not installed/, `${n}.parallel`);
    if (W[n].async) await assert.rejects(S[n].async(new Uint8Array(1)), /is not installed/, `${n}.async`);
    assert.equal(S[n].outputLen, undefined);
  }
  assert.deepEqual(S.installed(), {});
});

test('install() refuses another algorithm, foreign functions and bad arguments, installing nothing', () => {
  assert.throws(() => S.install({ sha1: J.sha1, sha256: J.sha512 }), { name: 'TypeError', message: /"impl.sha256" is not an implementation of sha256: its definition is sha2 sha512/ });
  assert.throws(() => S.install({ chacha20: J.chacha12 }), /"impl.chacha20" is not an implementation of chacha20/);
  assert.throws(() => S.install({ scrypt: J.pbkdf2 }), /"impl.scrypt" is not an implementation of scrypt/);
  assert.throws(() => S.install({ sha224_lanes: J.sha256_lanes }), /"impl.sha224_lanes" is not an implementation of sha224/);
  assert.throws(() => S.install({ sha256: rawNobleSha256 }), /"impl.sha256" is not an implementation of sha256: it has no getDefinition/);
  assert.throws(() => S.install({ sha256: () => new Uint8Array(32) }), /not an implementation of sha256/);
  assert.throws(() => S.install({}), /none of the names/);
  assert.throws(() => S.install(null), { name: 'TypeError', message: /"impl" must be/ });
  assert.throws(() => S.install(J, { onlymissing: true }), { name: 'TypeError', message: /unknown option "onlymissing"/ });
  assert.throws(() => S.install(J, { onlyMissing: 1 }), { name: 'TypeError', message: /"opts.onlyMissing" must be a boolean/ });
  assert.deepEqual(S.installed(), {}, 'a refused install installs nothing (sha1 neither)');
  assert.throws(() => S.sha1(new Uint8Array(1)), /not installed/);
});

test('install(noble), then install(js, { onlyMissing }) fills the gap; stubs and bindings give the same results', async () => {
  const got = S.install(N);
  const missing = NAMES.filter((n) => !(n in N)); // what noble lacks: ofb (and names with no adapter yet)
  assert.ok(missing.includes('ofb'));
  assert.deepEqual(got.sort(), NAMES.filter((n) => n in N));
  assert.throws(() => S.ofb(new Uint8Array(16), new Uint8Array(16)), /ofb is not installed/);
  assert.deepEqual(S.install(J, { onlyMissing: true }).sort(), missing);
  const platforms = S.installed();
  assert.equal(platforms.ofb, 'js');
  assert.equal(platforms.sha256, 'noble');
  assert.equal(S.sha256, N.sha256, 'the exported binding is the installed function');
  assert.equal(S.ofb, J.ofb);
  // A stub captured before install() forwards to what was installed.
  const msg = rng.bytes(rng.int(3000));
  for (const n of NAMES.filter((x) => W[x].create && !W[x].getDefinition().module.match(/^(chacha|ghash|aes|cipher|kdf)$/))) {
    const want = hex(W[n](msg));
    assert.equal(hex(captured[n](msg)), want, `${n} via the captured stub (TEST_SEED=${SEED})`);
    assert.equal(hex(captured[n].create().update(msg).digest()), want, `${n}.create via the stub`);
    assert.equal(hex(captured[n].chunks([msg])), want, `${n}.chunks via the stub`);
    assert.equal(hex((await captured[n].parallel.async([msg]))[0]), want, `${n}.parallel.async via the stub`);
    assert.equal(hex(await captured[n].async(msg)), want, `${n}.async via the stub`);
    assert.equal(captured[n].outputLen, W[n].outputLen);
  }
  const key = rng.bytes(32), nonce = rng.bytes(12);
  assert.equal(hex(captured.chacha20poly1305(key, nonce).encrypt(msg)), hex(W.chacha20poly1305(key, nonce).encrypt(msg)));
  const iv = rng.bytes(16);
  assert.equal(hex(captured.ofb(rng.bytes(16).fill(1), iv).encrypt(msg)), hex(W.ofb(new Uint8Array(16).fill(1), iv).encrypt(msg)));
  assert.equal(hex(await captured.scrypt.async('pw', 'salt', { N: 16, r: 1, p: 1 })), hex(W.scrypt('pw', 'salt', { N: 16, r: 1, p: 1 })));
  assert.equal(hex(captured.pbkdf2(captured.sha256)('pw', 'salt', { c: 3 })), hex(W.pbkdf2(W.sha256)('pw', 'salt', { c: 3 })));
  // Errors are the installed backend's.
  assert.throws(() => captured.sha256('abc'), { name: 'TypeError', message: '"msg" must be Uint8Array, got string' });
});

test('install() without onlyMissing replaces what was installed', () => {
  const got = S.install(W);
  assert.deepEqual(got.sort(), NAMES);
  // (pbkdf2 takes any hash and has no platform of its own: 'unknown')
  for (const [n, p] of Object.entries(S.installed())) assert.equal(p, n === 'pbkdf2' ? 'unknown' : 'wasm', n);
  assert.equal(captured.sha256.getPlatform(), 'wasm');
  assert.deepEqual(S.install(N, { onlyMissing: true }), [], 'nothing missing: nothing replaced');
});
