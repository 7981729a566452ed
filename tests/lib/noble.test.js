// Differential tests against @noble/hashes 2.x (the API this library mirrors): the same digests
// on random inputs, one-shot and streamed, and the same metadata (outputLen, blockLen, oid).
import assert from 'node:assert/strict';
import test from 'node:test';
import * as noble from '@noble/hashes/sha2.js';
import { HASHES, SEED, forEachBackend, hex, isSlow, loadBackends, makeRng, randomSplit } from './_helpers.js';

const backends = await loadBackends();

forEachBackend(test, backends, 'vs @noble/hashes', (b) => {
  test(`${b.name}: outputLen, blockLen, canXOF and oid equal @noble/hashes`, () => {
    for (const name of HASHES) {
      const ours = b.hashes[name];
      const theirs = noble[name];
      assert.equal(ours.outputLen, theirs.outputLen, `${name}.outputLen`);
      assert.equal(ours.blockLen, theirs.blockLen, `${name}.blockLen`);
      assert.equal(ours.canXOF, false, `${name}.canXOF`);
      assert.equal(hex(ours.oid), hex(theirs.oid), `${name}.oid`);
      const s = ours.create();
      assert.equal(s.outputLen, theirs.outputLen, `${name}.create().outputLen`);
      assert.equal(s.blockLen, theirs.blockLen, `${name}.create().blockLen`);
    }
  });

  const max = isSlow(b.name) ? 8192 : 200000;
  const rounds = isSlow(b.name) ? 10 : 40;
  test(`${b.name}: random inputs up to ${max} bytes, one-shot and streamed, equal @noble/hashes${isSlow(b.name) ? ' (runtime: sizes reduced)' : ''}`, () => {
    const rng = makeRng(SEED, 10);
    for (let r = 0; r < rounds; r++) {
      const len = r < 4 ? r : rng.int(r % 2 ? 300 : max);
      const msg = rng.bytes(len);
      const parts = randomSplit(rng, msg, 1 + rng.int(3000));
      for (const name of HASHES) {
        const want = hex(noble[name](msg));
        assert.equal(hex(b.hashes[name](msg)), want, `${b.name} ${name} length ${len} TEST_SEED=${SEED}`);
        const ours = b.hashes[name].create();
        const theirs = noble[name].create();
        for (const p of parts) {
          ours.update(p);
          theirs.update(p);
        }
        assert.equal(hex(ours.digest()), hex(theirs.digest()), `${b.name} ${name} streamed, length ${len}`);
      }
    }
  });
});
