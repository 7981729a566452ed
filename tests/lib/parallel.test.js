// parallel() on every backend against node:crypto, with the message counts and lengths that
// exercise the SIMD-lanes path of the wasm backends (four SHA-224/256 messages per
// sha256_compress4 call, unequal lengths, lengths around block boundaries and around the
// per-lane part of 64 blocks), and the memory left all zero afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadBackends, loadTarget, forEachBackend, firstSecretByte, makeRng, SEED, hex, nodeHex, isSlow, HASHES, repoRoot, poolCheck } from './_helpers.js';
import { memoryForTests } from '../../runtime/shell.js';

const backends = await loadBackends();
const regions = {};
for (const b of backends) regions[b.name] = (await loadTarget(b.name)).regions;

forEachBackend(test, backends, 'parallel equals node:crypto for every message count and length mix', (b) => {
  test(`${b.name}: parallel equals node:crypto for 0..13 messages of mixed lengths (seed ${SEED})${isSlow(b.name) ? ' (runtime: fewer rounds)' : ''}`, () => {
    const rng = makeRng(SEED, 41);
    const rounds = isSlow(b.name) ? 6 : 60;
    const lengths = [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000, 4087, 4088, 4096, 4097, 8200];
    for (let r = 0; r < rounds; r++) {
      const count = r % 14;
      const msgs = [];
      for (let i = 0; i < count; i++) {
        const pick = rng.int(4);
        const len = pick === 0 ? lengths[rng.int(lengths.length)] : pick === 1 ? rng.int(200) : pick === 2 ? rng.int(5000) : rng.int(isSlow(b.name) ? 9000 : 70000);
        msgs.push(rng.bytes(len));
      }
      for (const name of [...HASHES, 'sha224_lanes', 'sha256_lanes']) {
        const h = b.hashes[name];
        const got = h.parallel(msgs).map(hex);
        const ref = name.replace(/_lanes$/, '');
        assert.deepEqual(got, msgs.map((m) => nodeHex(ref, m)), `${b.name} ${name} parallel of ${count} (lengths ${msgs.map((m) => m.length)})`);
        assert.equal(firstSecretByte(memoryForTests(h), regions[b.name]), null, `${b.name} ${name}: memory is zero after parallel`);
      }
    }
  });
});

test('wasm backends have the batched kernel that parallel uses, js and runtime do not', async () => {
  for (const b of backends) {
    const t = await import(`../../targets/${b.name}/sha2.js`);
    assert.equal(t.functions.includes('sha256_compress4'), b.name.startsWith('wasm'), b.name);
  }
});

test('the entries link sha256_compress4 only into sha224_lanes/sha256_lanes (a bundler drops it from a sha256 import)', async () => {
  const { build } = await import('esbuild');
  const bundle = async (name) => {
    const r = await build({
      stdin: { contents: `import { ${name} } from './wasm.js';\nglobalThis.k = ${name};\n`, resolveDir: repoRoot, loader: 'js' },
      bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent', platform: 'neutral',
    });
    return r.outputFiles[0].text;
  };
  // The descriptor (its name beside its wasm), not the target file's list of function names.
  assert.doesNotMatch(await bundle('sha256'), /name:"sha256_compress4"/);
  assert.match(await bundle('sha256_lanes'), /name:"sha256_compress4"/);
  const { sha256, sha256_lanes } = await import('../../wasm.js');
  assert.equal(sha256_lanes.name, sha256.name);
  assert.deepEqual(sha256_lanes.getDefinition(), sha256.getDefinition());
});

test('wasm parallel() really uses the batched kernel: one sha256_compress4 call per four short messages', async () => {
  const { sha2Hashes } = await import('../../runtime/md.js');
  const t = await loadTarget('wasm');
  let calls = 0;
  const counting = {
    ...t,
    instantiate() {
      const inst = t.instantiate();
      const f = inst.fns.sha256_compress4;
      inst.fns = { ...inst.fns, sha256_compress4: (n) => (calls++, f(n)) };
      return inst;
    },
  };
  const h = sha2Hashes(counting, 'wasm');
  const msgs = Array.from({ length: 9 }, (_, i) => new Uint8Array(100 + i));
  assert.deepEqual(h.sha256.parallel(msgs).map(hex), msgs.map((m) => nodeHex('sha256', m)));
  assert.equal(calls, 2, 'two groups of four in lanes, the ninth message alone');
});

poolCheck(test, { sync: true }); // its pool jobs come from sync parallel() calls
