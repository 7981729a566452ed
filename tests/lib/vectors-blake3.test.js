// The official BLAKE3 test vectors (the BLAKE3 team's test_vectors.json, read from
// /work/shared/vectors/blake3, never copied here) on every backend: for each input length, the
// hash, keyed_hash and derive_key outputs, as extended output (dkLen = the vector's length), as the
// default 32-byte output (its prefix), and through a stream squeezed with xof() in two pieces.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import test from 'node:test';
import { forEachBackend, hex, loadBackends } from './_helpers.js';

const FILE = '/work/shared/vectors/blake3/test_vectors.json';
const backends = await loadBackends();
const data = existsSync(FILE) ? JSON.parse(readFileSync(FILE, 'utf8')) : null;

test('the BLAKE3 vector file is there', () => {
  assert.ok(data !== null, `${FILE} is missing`);
  assert.ok(data.cases.length >= 30, 'cases');
  assert.equal(data.key.length, 32);
});

forEachBackend(test, backends, 'BLAKE3 test vectors', (b) => {
  test(`${b.name}: every case of test_vectors.json (hash, keyed_hash, derive_key; extended and default length)`, (t) => {
    if (data === null) return t.skip('no vector file');
    const h = b.hashes.blake3;
    const key = new TextEncoder().encode(data.key);
    const modes = { hash: {}, keyed_hash: { key }, derive_key: { context: data.context_string } };
    let n = 0;
    for (const c of data.cases) {
      const msg = new Uint8Array(c.input_len);
      for (let i = 0; i < msg.length; i++) msg[i] = i % 251;
      for (const [field, opts] of Object.entries(modes)) {
        const want = c[field];
        const len = want.length / 2;
        const what = `${field}, input_len ${c.input_len}`;
        assert.equal(hex(h(msg, { ...opts, dkLen: len })), want, `${what}, dkLen ${len}`);
        assert.equal(hex(h(msg, opts)), want.slice(0, 64), `${what}, default length`);
        const s = h.create(opts);
        const cut = Math.floor(msg.length / 3);
        s.update(msg.subarray(0, cut)).update(msg.subarray(cut));
        assert.equal(hex(s.xof(40)) + hex(s.xof(len - 40)), want, `${what}, stream and xof`);
        n++;
      }
    }
    t.diagnostic(`${n} vectors (${data.cases.length} inputs x 3 modes), each checked 3 ways`);
  });
});
