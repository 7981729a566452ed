// The wasm_threads worker pool (runtime/workers.js): parallel() and parallel.async() across
// threads for every hash, against the wasm entry, with pool sizes 1, 2 and 4; jobs really reach
// the workers; a worker that throws or dies mid-job fails that call with a clear error and the
// pool recovers; bad input throws before any job starts; memory is zero after every job, failed
// ones included; sync and async callers interleaved; Node exits by itself after using the pool;
// scrypt's lanes (p > 1) across the pool: lanes at once bounded by maxmem, worker heaps and
// staging zero after every call, a worker that throws mid-lane or dies; Argon2's lanes (p > 1)
// filling one shared memory slice by slice across the pool (pool sizes 1, 2 and 4, random
// parameters with p = 2..8 against @noble/hashes and the wasm entry, progress, maxmem counted
// once, the memory zero after every call, a worker that throws mid-segment or dies).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as T from '../../wasm_threads.js';
import * as W from '../../wasm.js';
import { WP } from '../../workers.js';
import { poisonForTests, poolStatsForTests, stagingForTests, workerKdfMemoryForTests } from '../../runtime/workers.js';
import { scryptSync } from 'node:crypto';
import { memoryForTests } from '../../runtime/shell.js';
import { argon2MemoryForTests } from '../../runtime/argon2.js';
import * as nobleArgon2 from '@noble/hashes/argon2.js';
import { firstSecretByte, linkedRegions, makeRng, SEED, hex, repoRoot } from './_helpers.js';

const regions = {};
for (const m of ['sha2', 'legacy', 'sha3', 'blake1', 'blake2', 'blake3']) regions[m] = (await import(`../../targets/wasm_threads/${m}.js`)).regions;
const MODULE = {
  sha224: 'sha2', sha256: 'sha2', sha224_lanes: 'sha2', sha256_lanes: 'sha2', sha384: 'sha2', sha512: 'sha2', sha512_224: 'sha2', sha512_256: 'sha2',
  sha1: 'legacy', md5: 'legacy', ripemd160: 'legacy', blake224: 'blake1', blake256: 'blake1', blake384: 'blake1', blake512: 'blake1',
  blake2b: 'blake2', blake2s: 'blake2', blake3: 'blake3',
  sha3_224: 'sha3', sha3_256: 'sha3', sha3_384: 'sha3', sha3_512: 'sha3', keccak_224: 'sha3', keccak_256: 'sha3', keccak_384: 'sha3',
  keccak_512: 'sha3', shake128: 'sha3', shake256: 'sha3', shake128_32: 'sha3', shake256_64: 'sha3',
};
const NAMES = Object.keys(MODULE);
// Null when the hash's memory (all copies) and every staging buffer kept for reuse are zero.
const clean = (name) => firstSecretByte(memoryForTests(T[name]), regions[MODULE[name]]) ?? stagingLeft();
function stagingLeft() {
  for (const [i, buf] of stagingForTests().entries()) {
    const words = new Int32Array(buf);
    for (let k = 0; k < words.length; k++)
      if (words[k] !== 0) return `staging buffer ${i} (${buf.byteLength} bytes) holds a non-zero byte near ${4 * k}`;
  }
  return null;
}

// A batch big enough to go to the pool (at least 256 KiB in all), of mixed lengths.
function batch(rng, count = 2 + rng.int(9)) {
  const msgs = [];
  for (let i = 0; i < count; i++) msgs.push(rng.bytes(i === 0 ? 300000 : rng.int(70000)));
  return msgs;
}
const hexes = (list) => list.map(hex);

for (const n of [1, 2, 4]) {
  test(`pool size ${n}: parallel and parallel.async of every hash equal the wasm entry (seed ${SEED})`, async () => {
    WP.setSize(n);
    const rng = makeRng(SEED, 70 + n);
    const before = poolStatsForTests().jobs;
    for (const name of NAMES) {
      const msgs = batch(rng);
      const opts = name === 'blake2b' ? { key: rng.bytes(1 + rng.int(64)), dkLen: 1 + rng.int(64) } : name === 'blake3' ? { dkLen: 1 + rng.int(100) } : undefined;
      const want = hexes(W[name].parallel(msgs, opts));
      assert.deepEqual(hexes(T[name].parallel(msgs, opts)), want, `${name} parallel`);
      assert.deepEqual(hexes(await T[name].parallel.async(msgs, opts)), want, `${name} parallel.async`);
      assert.equal(clean(name), null, `${name}: memory zero after the jobs`);
    }
    assert.ok(stagingForTests().length > 0, 'staging buffers were kept for reuse (and checked)');
    const jobs = poolStatsForTests().jobs - before;
    // Sync calls use n - 1 workers beside the calling thread, async ones n workers.
    if (n === 1) assert.ok(jobs >= NAMES.length, `async jobs went to the one worker (${jobs})`);
    else assert.ok(jobs >= NAMES.length * n, `every async call used every worker (${jobs} jobs)`);
  });
}

test('blake3 of one large message (one-shot, keyed, derive-key, XOF, streaming) splits into subtrees across the pool', async () => {
  WP.setSize(2);
  const rng = makeRng(SEED, 86);
  const big = rng.bytes((9 << 20) + rng.int(5000));
  await T.blake3.parallel.async([big.subarray(0, 300000)]); // the pool is up
  const key = rng.bytes(32);
  for (const len of [big.length, (1 << 20) + 1024, (2 << 20) + 1 + rng.int(100000), 4 << 20]) {
    const m = big.subarray(0, len);
    const before = poolStatsForTests().jobs;
    assert.equal(hex(T.blake3(m)), hex(W.blake3(m)), `blake3 of ${len} bytes`);
    assert.ok(poolStatsForTests().jobs > before, `a worker took part in the blake3 of ${len} bytes`);
    assert.equal(hex(T.blake3(m, { key, dkLen: 131 })), hex(W.blake3(m, { key, dkLen: 131 })), `keyed, ${len}`);
    assert.equal(hex(T.blake3(m, { context: 'awasmc 2026-12-01 workers test' })), hex(W.blake3(m, { context: 'awasmc 2026-12-01 workers test' })), `derive-key, ${len}`);
  }
  // Streaming, with pieces that leave the tree at chunk counts of every alignment.
  const s = T.blake3.create({ key });
  let at = 0;
  while (at < big.length) {
    const n = Math.min(big.length - at, rng.int(3) === 0 ? rng.int(3000) : rng.int(3 << 20));
    s.update(big.subarray(at, at + n));
    at += n;
  }
  assert.equal(hex(s.digest()), hex(W.blake3(big, { key })), 'streamed');
  assert.equal(clean('blake3'), null, 'memory zero after the jobs');
  poisonForTests(0, 'throw');
  assert.throws(() => T.blake3(big), /wasm_threads worker 0: poisoned job/);
  assert.equal(clean('blake3'), null, 'memory zero after a failed job');
  assert.equal(hex(T.blake3(big)), hex(W.blake3(big)));
});

test('parallel writes into opts.out (flat and per message) across the pool', () => {
  WP.setSize(2);
  const rng = makeRng(SEED, 80);
  const msgs = batch(rng, 6);
  const flat = new Uint8Array(3 + 6 * 32);
  const res = T.sha256.parallel(msgs, { out: flat, outPos: 3 });
  assert.deepEqual(hexes(res), hexes(W.sha256.parallel(msgs)));
  assert.ok(res.every((r) => r.buffer === flat.buffer));
  const outs = msgs.map(() => new Uint8Array(40));
  const res2 = T.blake2s.parallel(msgs, { out: outs, outPos: 8 });
  assert.deepEqual(hexes(res2), hexes(W.blake2s.parallel(msgs)));
  assert.ok(res2.every((r, i) => r.buffer === outs[i].buffer && r.byteOffset === 8));
});

test('bad input in one message of a batch throws before any job starts', async () => {
  WP.setSize(2);
  const rng = makeRng(SEED, 81);
  const msgs = batch(rng, 5);
  await T.sha256.parallel.async(msgs); // the pool is up
  const before = poolStatsForTests().jobs;
  assert.throws(() => T.sha256.parallel([...msgs, 'text']), { name: 'TypeError', message: /msgs\[5\]/ });
  await assert.rejects(T.sha256.parallel.async([msgs[0], 7, ...msgs]), { name: 'TypeError', message: /msgs\[1\]/ });
  assert.equal(poolStatsForTests().jobs, before, 'no job was sent');
});

test('a worker that throws fails that call with a clear error; the pool and later calls stay correct', async () => {
  WP.setSize(2);
  const rng = makeRng(SEED, 82);
  const msgs = batch(rng, 6);
  const want = hexes(W.sha512.parallel(msgs));
  await T.sha512.parallel.async(msgs); // the async form waits for the workers to boot
  poisonForTests(0, 'throw');
  assert.throws(() => T.sha512.parallel(msgs), /wasm_threads worker 0: poisoned job/);
  assert.equal(clean('sha512'), null, 'memory zero after the failed job');
  assert.deepEqual(hexes(T.sha512.parallel(msgs)), want);
  poisonForTests(0, 'throw');
  await assert.rejects(T.sha512.parallel.async(msgs), /wasm_threads worker 0: poisoned job/);
  assert.equal(clean('sha512'), null);
  assert.deepEqual(hexes(await T.sha512.parallel.async(msgs)), want);
});

test('a worker that dies mid-job fails that call; its copy of the memory is wiped and the pool recovers', async () => {
  WP.setSize(2);
  const rng = makeRng(SEED, 83);
  const msgs = batch(rng, 6);
  const want = hexes(W.blake2b.parallel(msgs));
  await T.blake2b.parallel.async(msgs); // the async form waits for the workers to boot
  poisonForTests(0, 'exit');
  assert.throws(() => T.blake2b.parallel(msgs), /wasm_threads worker 0: the worker thread exited during the job/);
  assert.equal(clean('blake2b'), null, 'the dead worker left bytes that the caller wiped');
  assert.deepEqual(hexes(T.blake2b.parallel(msgs)), want, 'a later sync call (runs on the calling thread while a new worker boots)');
  // The batch splits in two shares (the first message is most of it): one job per worker.
  let before = poolStatsForTests().jobs;
  assert.deepEqual(hexes(await T.blake2b.parallel.async(msgs)), want, 'a later async call waits for the new worker');
  assert.equal(poolStatsForTests().jobs - before, 2, 'the later async call used two workers: the dead one was replaced');
  assert.ok(poolStatsForTests().workers >= 2, 'the dead worker was replaced');
  poisonForTests(1, 'exit');
  await assert.rejects(T.blake2b.parallel.async(msgs), /wasm_threads worker 1 exited|worker thread exited/);
  assert.equal(clean('blake2b'), null);
  before = poolStatsForTests().jobs;
  assert.deepEqual(hexes(await T.blake2b.parallel.async(msgs)), want);
  assert.equal(poolStatsForTests().jobs - before, 2, 'the next async call used two workers again');
});

test('ciphers: a worker that throws or dies fails the split call (output zeroed, memories clean); later calls are correct', async () => {
  WP.setSize(2);
  const { cipherMemoryForTests, cipherSpecOf } = await import('../../runtime/cipher.js');
  const rng = makeRng(SEED, 85);
  const key = rng.bytes(32), nonce = rng.bytes(12), msg = rng.bytes(1 << 20);
  const want = hex(W.chacha20(key, nonce).decrypt(msg));
  await T.sha256.parallel.async([rng.bytes(300000), rng.bytes(300000)]); // the workers booted
  const cleanCipher = () => firstSecretByte(cipherMemoryForTests(T.chacha20), linkedRegions(cipherSpecOf(T.chacha20).instance)) ?? stagingLeft();
  const before = poolStatsForTests().jobs;
  assert.equal(hex(T.chacha20(key, nonce).decrypt(msg)), want);
  assert.ok(poolStatsForTests().jobs > before, 'the call went to a worker');
  for (const how of ['throw', 'exit']) {
    poisonForTests(0, how);
    const out = new Uint8Array(msg.length).fill(7);
    assert.throws(() => T.chacha20(key, nonce).decrypt(msg, out), how === 'throw' ? /wasm_threads worker 0: poisoned job/ : /wasm_threads worker 0: the worker thread exited during the job/);
    assert.ok(out.every((x) => x === 0), `${how}: the output zeroed`);
    assert.equal(cleanCipher(), null, `${how}: every copy of the memory and the staging buffers zero`);
    assert.equal(hex(T.chacha20(key, nonce).decrypt(msg)), want, `${how}: a later call`);
    await T.sha256.parallel.async([rng.bytes(300000), rng.bytes(300000)]); // (a dead worker replaced)
  }
  const out = msg.slice();
  const cbcKey = rng.bytes(16), iv = rng.bytes(16);
  const ct = W.cbc(cbcKey, iv, { disablePadding: true }).encrypt(out);
  poisonForTests(0, 'throw');
  assert.throws(() => T.cbc(cbcKey, iv, { disablePadding: true }).decrypt(ct), /wasm_threads worker 0: poisoned job/);
  assert.equal(hex(T.cbc(cbcKey, iv, { disablePadding: true }).decrypt(ct)), hex(msg), 'cbc: a later call');
});

test('WP.stop() ends every worker; a later call starts them again', async () => {
  WP.setSize(2);
  const rng = makeRng(SEED, 84);
  const msgs = batch(rng, 4);
  const want = hexes(W.md5.parallel(msgs));
  assert.deepEqual(hexes(await T.md5.parallel.async(msgs)), want);
  WP.stop();
  assert.equal(poolStatsForTests().workers, 0);
  const before = poolStatsForTests().jobs;
  assert.deepEqual(hexes(await T.md5.parallel.async(msgs)), want);
  assert.ok(poolStatsForTests().jobs > before, 'the restarted pool took the job');
});

test('sync and async callers interleaved get correct results', async () => {
  WP.setSize(2);
  const rng = makeRng(SEED, 85);
  const batches = [batch(rng, 5), batch(rng, 7), batch(rng, 3)];
  await T.sha3_256.parallel.async(batches[0]);
  const want = batches.map((b) => hexes(W.sha3_256.parallel(b)));
  const pending = batches.map((b) => T.sha3_256.parallel.async(b));
  for (let i = 0; i < 3; i++) assert.deepEqual(hexes(T.sha3_256.parallel(batches[i])), want[i]);
  assert.deepEqual((await Promise.all(pending)).map(hexes), want);
  assert.equal(clean('sha3_256'), null);
});

test('a worker hashes its share alone: BLAKE3 messages of 1 MiB or more in a parallel job (no pool inside a pool)', async () => {
  // A pool worker that started its own pool gave its workers the caller's copies of the layout:
  // from the second call on (its workers booted), those messages came back wrong.
  WP.setSize(2);
  const rng = makeRng(SEED, 87);
  const msgs = [rng.bytes((1 << 20) + 4096 + rng.int(1 << 20)), rng.bytes((1 << 20) + rng.int(1 << 20))];
  const want = hexes(W.blake3.parallel(msgs));
  for (let round = 0; round < 4; round++) {
    assert.deepEqual(hexes(await T.blake3.parallel.async(msgs)), want, `parallel.async, round ${round}`);
    assert.deepEqual(hexes(T.blake3.parallel(msgs)), want, `parallel, round ${round}`);
    await new Promise((resolve) => setTimeout(resolve, 150)); // time for workers a worker started to boot
  }
  assert.equal(clean('blake3'), null);
});

test('WP.setSize checks its argument; WP.threads() says how many threads a call may use', () => {
  assert.throws(() => WP.setSize('2'), { name: 'TypeError', message: /"n" must be a number/ });
  assert.throws(() => WP.setSize(0), { name: 'RangeError', message: /"n" must be an integer from 1 to 64/ });
  assert.throws(() => WP.setSize(1.5), RangeError);
  WP.setSize(3);
  assert.equal(WP.size, 3);
  assert.equal(WP.threads(), 3);
  WP.setSize(2);
});

test('a sync parallel() of BLAKE3 messages long enough to split finishes (no pool call inside a pool call)', () => {
  // The calling thread's own units would offer their BLAKE3 chunks to the workers, behind units
  // that wait for this thread's copies: a deadlock (the child process is killed after 60 s).
  const script = `
    import { blake3 } from './wasm_threads.js';
    import * as W from './wasm.js';
    import { WP } from './workers.js';
    import { poolStatsForTests } from './runtime/workers.js';
    WP.setSize(2);
    const list = Array.from({ length: 12 }, (_, i) => new Uint8Array(2 << 20).fill(i));
    await blake3.parallel.async(list); // the pool is up
    const before = poolStatsForTests().jobs;
    for (let r = 0; r < 3; r++) {
      const a = blake3.parallel(list);
      const b = W.blake3.parallel(list);
      if (!a.every((x, i) => x.every((y, k) => y === b[i][k]))) throw new Error('digests differ');
    }
    if (poolStatsForTests().jobs === before) throw new Error('no job went to a worker');
    WP.stop();
    console.log('done');
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, timeout: 60000, encoding: 'utf8' });
  assert.equal(r.error, undefined, 'the script did not finish within 60 s');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'done');
});

test('Node exits by itself after a script that used the pool', () => {
  const script = `
    import { sha256 } from './wasm_threads.js';
    import { poolStatsForTests } from './runtime/workers.js';
    const msgs = Array.from({ length: 8 }, (_, i) => new Uint8Array(1 << 17).fill(i));
    sha256.parallel(msgs);
    await sha256.parallel.async(msgs);
    sha256.parallel(msgs);
    if (poolStatsForTests().jobs === 0) throw new Error('no job went to a worker');
    console.log('done');
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, timeout: 30000, encoding: 'utf8' });
  assert.equal(r.error, undefined, `the script did not exit within 30 s`);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'done');
});

// ---- scrypt lanes (p > 1) on the pool: 'kdf_lanes' jobs, one lane a unit.
const SCRYPT = { N: 1024, r: 8, p: 4, dkLen: 48 }; // lanes of 1 MiB (V), over the pool's threshold
const scryptWant = (P, S, o = SCRYPT) => scryptSync(P, S, o.dkLen, { ...o, maxmem: 2 ** 30 }).toString('hex');
// Null when every worker's scrypt heap (layout and heap, a copy from the worker) and every kept
// staging buffer are zero.
async function lanesClean() {
  for (let k = 0; k < WP.size; k++) {
    const mem = await workerKdfMemoryForTests(k);
    if (mem === null) continue;
    const i = mem.findIndex((b) => b !== 0);
    if (i >= 0) return `worker ${k}'s scrypt memory holds a non-zero byte at ${i} of ${mem.length}`;
  }
  return stagingLeft();
}
const jobsOf = async (f) => {
  const before = poolStatsForTests().jobs;
  const out = await f();
  return [out, poolStatsForTests().jobs - before];
};

test('scrypt p > 1: lanes on the workers and the calling thread, at most (maxmem - 256 r p) / (128 r (N + 2)) at once; worker heaps and staging zero', async () => {
  WP.setSize(4);
  const rng = makeRng(SEED, 88);
  const P = rng.bytes(20), S = rng.bytes(16);
  const want = scryptWant(P, S);
  await T.sha256.parallel.async([new Uint8Array(300000), new Uint8Array(300000)]); // the pool is up
  // Every lane can run at once: 3 workers beside a sync caller, 4 for an async one.
  let [dk, jobs] = await jobsOf(() => T.scrypt(P, S, SCRYPT));
  assert.equal(hex(dk), want, 'sync');
  assert.equal(jobs, 3, 'a sync call used p - 1 workers');
  [dk, jobs] = await jobsOf(() => T.scrypt.async(P, S, SCRYPT));
  assert.equal(hex(dk), want, 'async');
  assert.equal(jobs, 4, 'an async call used p workers');
  // maxmem for two heaps beside B and its copy in the staging buffer: two lanes at once.
  const heap = 128 * SCRYPT.r * (SCRYPT.N + 2);
  const twoB = 256 * SCRYPT.r * SCRYPT.p;
  [dk, jobs] = await jobsOf(() => T.scrypt(P, S, { ...SCRYPT, maxmem: twoB + 3 * heap - 1 }));
  assert.equal(hex(dk), want);
  assert.equal(jobs, 1, 'sync, maxmem for two lanes: one worker beside the calling thread');
  [dk, jobs] = await jobsOf(() => T.scrypt.async(P, S, { ...SCRYPT, maxmem: twoB + 3 * heap - 1 }));
  assert.equal(hex(dk), want);
  assert.equal(jobs, 2, 'async, maxmem for two lanes: two workers');
  // maxmem for one lane (noble's measure 128 r (N + p) passes): one lane at a time.
  const one = 128 * SCRYPT.r * (SCRYPT.N + SCRYPT.p);
  [dk, jobs] = await jobsOf(() => T.scrypt(P, S, { ...SCRYPT, maxmem: one }));
  assert.equal(hex(dk), want);
  assert.equal(jobs, 0, 'sync, maxmem for one lane: the calling thread alone');
  [dk, jobs] = await jobsOf(() => T.scrypt.async(P, S, { ...SCRYPT, maxmem: one }));
  assert.equal(hex(dk), want);
  assert.equal(jobs, 1, 'async, maxmem for one lane: one worker');
  // Lanes below the pool's threshold (128 r N < 256 KiB) stay on the calling thread.
  if (process.env.AWASMC_POOL_MIN === undefined) {
    const small = { N: 256, r: 4, p: 3, dkLen: 32 };
    [dk, jobs] = await jobsOf(() => T.scrypt.async(P, S, small));
    assert.equal(hex(dk), scryptWant(P, S, small));
    assert.equal(jobs, 0, 'small lanes stay on the calling thread');
  }
  assert.equal(await lanesClean(), null, 'worker heaps and staging zero after the calls');
  let used = 0;
  for (let k = 0; k < 4; k++) if ((await workerKdfMemoryForTests(k)) !== null) used++;
  assert.equal(used, 4, 'every worker ran lanes (and its heap was checked)');
});

test('scrypt p > 1: a worker that throws mid-lane or dies fails the call with a clear error; memory zero; later calls correct', async () => {
  WP.setSize(2);
  const rng = makeRng(SEED, 89);
  const P = rng.bytes(32), S = rng.bytes(8);
  const want = scryptWant(P, S);
  await T.sha256.parallel.async([new Uint8Array(300000), new Uint8Array(300000)]); // the pool is up
  // Thrown halfway through a lane (V filled): the worker's heap is zeroed all the same.
  poisonForTests(0, 'lane');
  assert.throws(() => T.scrypt(P, S, SCRYPT), /wasm_threads worker 0: poisoned lane/);
  assert.equal(await lanesClean(), null, 'zero after a lane that threw (sync)');
  assert.equal(hex(T.scrypt(P, S, SCRYPT)), want);
  poisonForTests(1, 'lane');
  await assert.rejects(T.scrypt.async(P, S, SCRYPT), /wasm_threads worker 1: poisoned lane/);
  assert.equal(await lanesClean(), null, 'zero after a lane that threw (async)');
  assert.equal(hex(await T.scrypt.async(P, S, SCRYPT)), want);
  // A job that throws at its start.
  poisonForTests(0, 'throw');
  assert.throws(() => T.scrypt(P, S, SCRYPT), /wasm_threads worker 0: poisoned job/);
  assert.equal(stagingLeft(), null);
  assert.equal(hex(T.scrypt(P, S, SCRYPT)), want);
  // A worker thread that exits with its lane: the call fails, the worker is replaced.
  poisonForTests(0, 'exit');
  assert.throws(() => T.scrypt(P, S, SCRYPT), /wasm_threads worker 0: the worker thread exited during the job/);
  assert.equal(stagingLeft(), null);
  assert.equal(hex(T.scrypt(P, S, SCRYPT)), want, 'a later sync call (on the calling thread while a new worker boots)');
  let [dk, jobs] = await jobsOf(() => T.scrypt.async(P, S, SCRYPT));
  assert.equal(hex(dk), want, 'a later async call waits for the new worker');
  assert.equal(jobs, 2, 'the dead worker was replaced');
  poisonForTests(1, 'exit');
  await assert.rejects(T.scrypt.async(P, S, SCRYPT), /wasm_threads worker 1 exited|worker thread exited/);
  assert.equal(stagingLeft(), null);
  [dk, jobs] = await jobsOf(() => T.scrypt.async(P, S, SCRYPT));
  assert.equal(hex(dk), want);
  assert.equal(jobs, 2);
  assert.equal(await lanesClean(), null);
  // An error thrown from onProgress while the workers have lanes: they end, memory is zero.
  assert.throws(() => T.scrypt(P, S, { ...SCRYPT, onProgress: () => {
    throw new Error('stop');
  } }), /stop/);
  assert.equal(await lanesClean(), null, 'zero after an onProgress error');
  assert.equal(hex(T.scrypt(P, S, SCRYPT)), want);
});

// ---- Argon2 lanes. Memories of at least 256 KiB (the pool's threshold unless AWASMC_POOL_MIN).
const A2 = ['argon2d', 'argon2i', 'argon2id'];
const argon2Regions = (await import('../../targets/wasm_threads/argon2.js')).regions;
// Null when the memory of each of the entry's Argon2 functions (the caller's heap: every thread's
// blocks) is zero.
function argon2Clean() {
  for (const v of A2) {
    const mem = argon2MemoryForTests(T[v]);
    const left = mem === null ? null : firstSecretByte(mem, argon2Regions);
    if (left !== null) return `${v}: ${left}`;
  }
  return stagingLeft();
}

for (const n of [1, 2, 4]) {
  test(`argon2 p > 1, pool size ${n}: lanes across the pool equal @noble/hashes and the wasm entry; memory zero (seed ${SEED})`, async (t) => {
    WP.setSize(n);
    const rng = makeRng(SEED, 90 + n);
    await T.sha256.parallel.async([new Uint8Array(300000), new Uint8Array(300000)]); // the pool is up
    const sets = [];
    for (let i = 0; i < 6; i++) {
      const p = 2 + rng.int(7); // 2..8
      const o = { t: 1 + rng.int(3), p, m: 256 + 8 * p + rng.int(768), dkLen: 4 + rng.int(80) };
      if (rng.int(2)) o.version = 0x10;
      if (rng.int(3) === 0) o.key = rng.bytes(rng.int(33));
      if (rng.int(3) === 0) o.personalization = rng.bytes(rng.int(33));
      sets.push([A2[i % 3], rng.bytes(rng.int(40)), rng.bytes(8 + rng.int(24)), o]);
    }
    for (const [v, pw, salt, o] of sets) {
      const what = `${v} ${JSON.stringify({ ...o, key: undefined, personalization: undefined })}`;
      const want = hex(nobleArgon2[v](pw, salt, o));
      assert.equal(hex(W[v](pw, salt, o)), want, `wasm ${what}`);
      let [tag, jobs] = await jobsOf(() => T[v](pw, salt, o));
      assert.equal(hex(tag), want, `sync ${what}`);
      assert.equal(jobs, Math.min(n - 1, o.p - 1), `sync ${what}: workers beside the calling thread`);
      [tag, jobs] = await jobsOf(() => T[v].async(pw, salt, o));
      assert.equal(hex(tag), want, `async ${what}`);
      assert.equal(jobs, Math.min(n, o.p), `async ${what}: workers`);
      assert.equal(argon2Clean(), null, `memory after ${what}`);
    }
    // onProgress rises to 1 on both forms; maxmem is the memory m' counted once (not per thread).
    const o = { t: 2, m: 1024, p: 4 };
    const want = hex(nobleArgon2.argon2id('password', 'somesalt', o));
    for (const form of ['sync', 'async']) {
      const seen = [];
      const opts = { ...o, maxmem: 1024 * 1024, onProgress: (f) => seen.push(f) };
      const [tag, jobs] = await jobsOf(() => (form === 'sync' ? T.argon2id('password', 'somesalt', opts) : T.argon2id.async('password', 'somesalt', opts)));
      assert.equal(hex(tag), want, form);
      assert.equal(jobs, form === 'sync' ? Math.min(n - 1, 3) : Math.min(n, 4), `${form}: jobs with maxmem = m'`);
      assert.ok(seen.length >= 2, `${form}: ${seen.length} progress calls`);
      for (let i = 1; i < seen.length; i++) assert.ok(seen[i] > seen[i - 1], `${form}: progress does not rise at ${i}: ${seen[i - 1]} -> ${seen[i]}`);
      assert.ok(seen[0] >= 0 && seen.at(-1) === 1, `${form}: ends at 1`);
    }
    // A call from inside onProgress of a call on the pool stays on its thread, and is right.
    let inner = null;
    const tag = T.argon2id('password', 'somesalt', { ...o, onProgress: (f) => {
      if (inner === null && f > 0.3) inner = hex(T.argon2id('other', 'somesalt', o));
    } });
    assert.equal(hex(tag), want);
    assert.equal(inner, hex(nobleArgon2.argon2id('other', 'somesalt', o)));
    // Small memories stay on the calling thread (below the pool's threshold).
    if (process.env.AWASMC_POOL_MIN === undefined) {
      const small = { t: 1, m: 128, p: 4 };
      const [tag2, jobs] = await jobsOf(() => T.argon2id.async('password', 'somesalt', small));
      assert.equal(hex(tag2), hex(nobleArgon2.argon2id('password', 'somesalt', small)));
      assert.equal(jobs, 0, 'a memory under 256 KiB stays on the calling thread');
    }
    assert.equal(argon2Clean(), null);
    t.diagnostic(`${sets.length} random sets, sync and async`);
  });
}

test('argon2 p > 1: a worker that throws mid-segment or dies fails the call with a clear error; memory zero; later calls correct', async () => {
  WP.setSize(2);
  // Long enough (64k block fills) that both threads take segments before the call could end.
  const o = { t: 4, m: 16384, p: 2 };
  const want = hex(nobleArgon2.argon2id('password', 'somesalt', o));
  const call = () => T.argon2id('password', 'somesalt', o);
  const callAsync = () => T.argon2id.async('password', 'somesalt', o);
  await T.sha256.parallel.async([new Uint8Array(300000), new Uint8Array(300000)]); // the pool is up
  // Thrown halfway through a segment (blocks written into the shared memory): zeroed all the same.
  poisonForTests(0, 'lane');
  assert.throws(call, /wasm_threads worker 0: poisoned lane/);
  assert.equal(argon2Clean(), null, 'zero after a segment that threw (sync)');
  assert.equal(hex(call()), want);
  poisonForTests(1, 'lane');
  await assert.rejects(callAsync(), /wasm_threads worker 1: poisoned lane/);
  assert.equal(argon2Clean(), null, 'zero after a segment that threw (async)');
  assert.equal(hex(await callAsync()), want);
  // A job that throws at its start.
  poisonForTests(0, 'throw');
  assert.throws(call, /wasm_threads worker 0: poisoned job/);
  assert.equal(argon2Clean(), null);
  assert.equal(hex(call()), want);
  // A worker thread that exits (its working blocks scribbled on first): the call fails, the
  // worker is replaced.
  poisonForTests(0, 'exit');
  assert.throws(call, /wasm_threads worker 0: the worker thread exited during the job/);
  assert.equal(argon2Clean(), null, 'zero after a worker died (sync)');
  assert.equal(hex(call()), want, 'a later sync call (on the calling thread while a new worker boots)');
  let [tag, jobs] = await jobsOf(callAsync);
  assert.equal(hex(tag), want, 'a later async call waits for the new worker');
  assert.equal(jobs, 2, 'the dead worker was replaced');
  poisonForTests(1, 'exit');
  await assert.rejects(callAsync(), /wasm_threads worker 1 exited|worker thread exited/);
  assert.equal(argon2Clean(), null, 'zero after a worker died (async)');
  [tag, jobs] = await jobsOf(callAsync);
  assert.equal(hex(tag), want);
  assert.equal(jobs, 2);
  // An error thrown from onProgress while the workers fill: they stop, memory is zero.
  const stop = (f) => {
    if (f > 0.3) throw new Error('stop');
  };
  assert.throws(() => T.argon2id('password', 'somesalt', { ...o, onProgress: stop }), /stop/);
  assert.equal(argon2Clean(), null, 'zero after an onProgress error (sync)');
  await assert.rejects(T.argon2id.async('password', 'somesalt', { ...o, onProgress: stop }), /stop/);
  assert.equal(argon2Clean(), null, 'zero after an onProgress error (async)');
  [tag, jobs] = await jobsOf(call);
  assert.equal(hex(tag), want);
  assert.equal(jobs, 1, 'the pool still takes lanes');
});

test.after(() => WP.stop());
