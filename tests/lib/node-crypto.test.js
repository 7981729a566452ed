// Differential tests against node:crypto (OpenSSL): every short length, random long lengths
// including the edges of the kernel's 32 KiB block region, and streaming with random splits,
// on all four backends. The runtime backend (a bytecode interpreter) gets smaller inputs; the
// test names say so.
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  HASHES, SEED, forEachBackend, hex, isSlow, loadBackends, makeRng, nodeHex, randomSplit,
} from './_helpers.js';

const backends = await loadBackends();
const KiB = 1024;
const MiB = 1024 * 1024;
const limits = (b) =>
  isSlow(b)
    ? { every: 1024, randomMax: 256 * KiB, randomCount: 4, label: ' (runtime: sizes reduced, slow interpreter)' }
    : { every: 1024, randomMax: MiB, randomCount: 12, label: '' };
// Lengths at which the runtime's buffering changes behaviour: the 32 KiB block region fills.
const EDGES = [32751, 32760, 32767, 32768, 32769, 32768 + 55, 32768 + 56, 32768 + 111, 32768 + 112, 65535, 65536, 65537, MiB];

// One source of random bytes for every test, so a failure can be replayed with TEST_SEED.
const pool = makeRng(SEED, 1).bytes(MiB + 4096);

forEachBackend(test, backends, 'vs node:crypto', (b) => {
  const L = limits(b.name);

  test(`${b.name}: sha256 and sha512, every length 0..${L.every}${L.label}`, () => {
    for (const name of ['sha256', 'sha512']) {
      for (let len = 0; len <= L.every; len++) {
        const msg = pool.subarray(len & 255, (len & 255) + len);
        assert.equal(hex(b.hashes[name](msg)), nodeHex(name, msg), `${b.name} ${name} length ${len} TEST_SEED=${SEED}`);
      }
    }
  });

  test(`${b.name}: all six hashes, every length 0..300, one-shot and in two chunks`, () => {
    for (const name of HASHES) {
      const h = b.hashes[name];
      for (let len = 0; len <= 300; len++) {
        const msg = pool.subarray(7, 7 + len);
        const want = nodeHex(name, msg);
        assert.equal(hex(h(msg)), want, `${b.name} ${name} length ${len} TEST_SEED=${SEED}`);
        const cut = len >> 1;
        assert.equal(hex(h.chunks([msg.subarray(0, cut), msg.subarray(cut)])), want, `${b.name} ${name} chunks, length ${len}`);
      }
    }
  });

  test(`${b.name}: all six hashes, random lengths up to ${L.randomMax} bytes and block-region edges${L.label}`, () => {
    const rng = makeRng(SEED, 2);
    const lengths = EDGES.filter((n) => n <= L.randomMax);
    for (let i = 0; i < L.randomCount; i++) lengths.push(rng.int(L.randomMax + 1));
    for (const len of lengths) {
      const start = rng.int(4096);
      const msg = pool.subarray(start, start + len);
      for (const name of HASHES) {
        const want = nodeHex(name, msg);
        assert.equal(hex(b.hashes[name](msg)), want, `${b.name} ${name} length ${len} TEST_SEED=${SEED}`);
      }
    }
  });

  test(`${b.name}: all six hashes, streaming with random splits${L.label}`, () => {
    const rng = makeRng(SEED, 3);
    const rounds = isSlow(b.name) ? 12 : 60;
    for (let r = 0; r < rounds; r++) {
      // Mostly short messages cut into tiny pieces (buffering paths), some long with big pieces.
      const long = r % 4 === 3;
      const len = long ? rng.int(L.randomMax + 1) : rng.int(2049);
      const maxPiece = long ? 1 + rng.int(100 * KiB) : 1 + rng.int(200);
      const start = rng.int(4096);
      const msg = pool.subarray(start, start + len);
      const parts = randomSplit(rng, msg, maxPiece);
      for (const name of HASHES) {
        const want = nodeHex(name, msg);
        const s = b.hashes[name].create();
        for (const p of parts) s.update(p);
        assert.equal(hex(s.digest()), want, `${b.name} ${name} stream, length ${len}, ${parts.length} pieces, TEST_SEED=${SEED}`);
        assert.equal(hex(b.hashes[name].chunks(parts)), want, `${b.name} ${name} chunks, length ${len}, TEST_SEED=${SEED}`);
      }
    }
  });
});
