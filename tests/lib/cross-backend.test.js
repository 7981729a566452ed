// The four targets against each other: the same contract shape (docs/target-contract.md), the
// same kernel results on random states and blocks (states no message could reach, so this checks
// the compression function itself, not just padding), and identical digests through the library.
import assert from 'node:assert/strict';
import test from 'node:test';
import { BACKENDS, HASHES, SEED, firstSecretByte, hex, isSlow, loadBackends, loadTarget, makeRng, COMPARES_BACKENDS } from './_helpers.js';

const targets = [];
for (const name of BACKENDS) {
  try {
    targets.push({ name, t: await loadTarget(name), error: null });
  } catch (error) {
    targets.push({ name, t: null, error });
  }
}
const backends = await loadBackends();

test('every target loads', () => {
  const missing = targets.filter((x) => x.t === null);
  assert.deepEqual(missing.map((x) => `${x.name}: ${x.error.message}`), []);
});

const loaded = targets.filter((x) => x.t !== null);
const INITS = ['sha224_init', 'sha256_init', 'sha384_init', 'sha512_init', 'sha512_224_init', 'sha512_256_init'];

test('targets export the same memoryBytes, regions and sorted functions', () => {
  assert.ok(loaded.length > 0, 'no target loaded');
  const ref = loaded[0];
  for (const { name, t } of loaded) {
    assert.equal(t.memoryBytes % 65536, 0, `${name}: memoryBytes is a multiple of 65536`);
    for (const [r, want] of [['state', 64], ['block', 32768], ['out', 64]]) {
      assert.equal(t.regions[r].bytes, want, `${name}: regions.${r}.bytes`);
      assert.equal(t.regions[r].offset % 16, 0, `${name}: regions.${r}.offset is 16-aligned`);
      assert.ok(t.regions[r].offset + t.regions[r].bytes <= t.memoryBytes, `${name}: regions.${r} inside memory`);
    }
    assert.ok(Object.isFrozen(t.regions), `${name}: regions is frozen`);
    assert.deepEqual([...t.functions], [...t.functions].sort(), `${name}: functions sorted`);
    for (const f of [...INITS, 'sha256_compress', 'sha512_compress', 'sha256_output', 'sha512_output'])
      assert.ok(t.functions.includes(f), `${name}: exports ${f}`);
    assert.equal(t.memoryBytes, ref.t.memoryBytes, `${name} vs ${ref.name}: memoryBytes`);
    assert.deepEqual(JSON.parse(JSON.stringify(t.regions)), JSON.parse(JSON.stringify(ref.t.regions)), `${name} vs ${ref.name}: regions`);
    // Optional functions (docs/target-contract.md) exist only on targets with SIMD.
    const OPTIONAL = ['sha256_compress4'];
    const required = (fs) => [...fs].filter((f) => !OPTIONAL.includes(f));
    assert.deepEqual(required(t.functions), required(ref.t.functions), `${name} vs ${ref.name}: functions`);
    if (name.startsWith('wasm')) assert.ok(t.functions.includes('sha256_compress4'), `${name}: exports sha256_compress4`);
  }
});

test('instantiate() returns independent memories that start zeroed', () => {
  for (const { name, t } of loaded) {
    const a = t.instantiate();
    const b = t.instantiate();
    assert.ok(a.mem.length >= t.memoryBytes, `${name}: mem covers memoryBytes`);
    assert.equal(firstSecretByte(a.mem, t.regions), null, `${name}: a fresh memory is all zero but its constant regions`);
    a.mem[t.regions.state.offset] = 0x5a;
    assert.equal(b.mem[t.regions.state.offset], 0, `${name}: instances share memory`);
    assert.notEqual(a.fns.sha256_init, undefined, `${name}: fns.sha256_init`);
    if (name === 'wasm_threads' && !process.env.AWASMC_TEST_TARGET)
      assert.ok(a.mem.buffer instanceof SharedArrayBuffer, 'wasm_threads: the memory is shared');
  }
});

// Runs `steps` (each: fill state and block with given bytes, call fn(arg)) on every target and
// compares state and out afterwards.
function kernelRun(t, inst, op) {
  const { mem, fns } = inst;
  const { state, block, out } = t.regions;
  mem.fill(0, out.offset, out.offset + out.bytes);
  if (op.state) mem.set(op.state, state.offset);
  if (op.block) mem.set(op.block, block.offset);
  const r = fns[op.fn](...(op.args || []));
  return {
    state: hex(mem.subarray(state.offset, state.offset + 64)),
    out: hex(mem.subarray(out.offset, out.offset + 64)),
    ret: r,
  };
}

test('kernels agree across targets on random states and blocks', { skip: COMPARES_BACKENDS }, () => {
  assert.ok(loaded.length > 1, 'need two targets to compare');
  const rng = makeRng(SEED, 20);
  const ops = [];
  for (const fn of INITS) ops.push({ fn });
  for (let i = 0; i < 40; i++) {
    const wide = i % 2 === 1;
    const blockLen = wide ? 128 : 64;
    // 1..4 blocks usually, sometimes the whole 32 KiB region
    const n = i % 10 === 9 ? 32768 / blockLen : 1 + rng.int(4);
    ops.push({ fn: wide ? 'sha512_compress' : 'sha256_compress', args: [n], state: rng.bytes(64), block: rng.bytes(n * blockLen) });
    ops.push({ fn: wide ? 'sha512_output' : 'sha256_output', state: rng.bytes(64) });
  }
  const insts = loaded.map(({ t }) => t.instantiate());
  for (const [i, op] of ops.entries()) {
    const results = loaded.map((x, j) => kernelRun(x.t, insts[j], op));
    for (let j = 1; j < loaded.length; j++) {
      assert.deepEqual(results[j], results[0],
        `op ${i} ${op.fn}(${op.args || ''}): ${loaded[j].name} differs from ${loaded[0].name} (TEST_SEED=${SEED})`);
    }
  }
});

test('library digests identical across backends on random inputs', { skip: COMPARES_BACKENDS }, () => {
  const ok = backends.filter((b) => b.hashes !== null);
  assert.ok(ok.length > 1, 'need two backends to compare');
  const rng = makeRng(SEED, 21);
  for (let r = 0; r < 30; r++) {
    const len = rng.int(r % 3 === 0 ? 70000 : 600);
    const msg = rng.bytes(len);
    for (const name of HASHES) {
      const ref = hex(ok[0].hashes[name](msg));
      for (const b of ok.slice(1)) {
        if (isSlow(b.name) && len > 20000) continue; // runtime: short inputs only
        assert.equal(hex(b.hashes[name](msg)), ref, `${name} length ${len}: ${b.name} differs from ${ok[0].name} (TEST_SEED=${SEED})`);
      }
    }
  }
});
