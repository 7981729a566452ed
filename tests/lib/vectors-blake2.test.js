// Published vectors for BLAKE2 and BLAKE on every backend, read from ../shared/vectors (never copied
// into this repository; see SOURCES.md there):
//   blake2/blake2-kat.json            the BLAKE2 team's KATs: blake2b and blake2s, unkeyed and keyed
//                                     (64-byte / 32-byte key 00 01 02 ...), messages 00 01 02 ... of
//                                     every length 0..255 (the blake2bp/sp/xb/xs entries are other
//                                     hashes and are skipped)
//   noble-hashes/blake2-python.json   CPython hashlib.blake2b/blake2s of the message "data" with
//                                     every dkLen, with and without key, salt and personalization
//   monero/tests-extra-blake.txt      BLAKE-256 (final round) of the byte-aligned Keccak ShortMsgKAT
//                                     messages ("x" stands for the empty message)
// Without the ../shared/vectors folder the tests are skipped, as in tests/lib/vectors.test.js; with
// it, a missing or changed file fails them.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { forEachBackend, fromHex, hex, loadBackends, repoRoot } from './_helpers.js';

const backends = await loadBackends();
const VECTORS = path.resolve(repoRoot, '../shared/vectors');
const SKIP = existsSync(VECTORS) ? false : 'vectors folder ../shared/vectors not found';
const read = (file) => (SKIP ? '[]' : readFileSync(path.join(VECTORS, file), 'utf8'));

const kat = JSON.parse(read('blake2/blake2-kat.json')).filter((v) => v.hash === 'blake2b' || v.hash === 'blake2s');
const python = JSON.parse(read('noble-hashes/blake2-python.json'));
const monero = (SKIP ? '' : read('monero/tests-extra-blake.txt'))
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => {
    const [digest, msg] = l.trim().split(/\s+/);
    return { digest, msg: msg === 'x' ? '' : msg };
  });

test('the vector files hold what this test expects', { skip: SKIP }, () => {
  const count = (f) => kat.filter(f).length;
  assert.equal(count((v) => v.hash === 'blake2b' && v.key === ''), 256);
  assert.equal(count((v) => v.hash === 'blake2b' && v.key !== ''), 256);
  assert.equal(count((v) => v.hash === 'blake2s' && v.key === ''), 256);
  assert.equal(count((v) => v.hash === 'blake2s' && v.key !== ''), 256);
  assert.equal(python.length, 2592);
  assert.ok(monero.length >= 256, `${monero.length} BLAKE-256 vectors`);
  assert.ok(monero.every((v) => /^[0-9a-f]{64}$/.test(v.digest) && /^([0-9a-f]{2})*$/.test(v.msg)));
});

forEachBackend(test, backends, 'BLAKE2 and BLAKE vectors', (b) => {
  const H = b.hashes;

  test(`${b.name}: the BLAKE2 KATs (blake2b and blake2s, unkeyed and keyed)`, { skip: SKIP }, (t) => {
    for (const v of kat) {
      const opts = v.key === '' ? undefined : { key: fromHex(v.key) };
      assert.equal(hex(H[v.hash](fromHex(v.in), opts)), v.out, `${v.hash} of ${v.in.length / 2} bytes${opts ? ', keyed' : ''}`);
    }
    t.diagnostic(`${kat.length} vectors`);
  });

  test(`${b.name}: CPython's blake2b/blake2s with every dkLen, key, salt and personalization`, { skip: SKIP }, (t) => {
    const data = new TextEncoder().encode('data');
    for (const v of python) {
      const opts = { dkLen: v.dkLen };
      if (v.key !== undefined) opts.key = fromHex(v.key);
      if (v.salt !== undefined) opts.salt = fromHex(v.salt);
      if (v.person !== undefined) opts.personalization = fromHex(v.person);
      assert.equal(hex(H[v.hash](data, opts)), v.digest, `${v.hash} ${JSON.stringify(v)}`);
    }
    t.diagnostic(`${python.length} vectors`);
  });

  test(`${b.name}: BLAKE-256 of the Keccak ShortMsgKAT messages (Monero's list)`, { skip: SKIP }, (t) => {
    for (const v of monero) assert.equal(hex(H.blake256(fromHex(v.msg))), v.digest, `blake256 of ${v.msg.length / 2} bytes`);
    t.diagnostic(`${monero.length} vectors`);
  });
});
