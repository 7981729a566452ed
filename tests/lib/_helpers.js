// Shared by the library tests (not a test file itself: node --test only runs *.test.js here).
// Loads the four backend entry points, a seeded PRNG for reproducible random inputs, and names.
//
// AWASMC_TEST_TARGET=/path/to/sha2.js runs every backend on that one target module instead of
// targets/<backend>/sha2.js (used to test runtime/ before the compiler emits real targets).
// TEST_SEED=<n> replays the random inputs of an earlier run (each run prints its seed).
// AWASMC_TEST_BACKENDS=wasm_threads (a comma-separated list) runs the per-backend tests on those
// backends only; with AWASMC_POOL_MIN set too (tools/test: 0, with AWASMC_THREADS=1, 2 and 4),
// loadBackends() starts the wasm_threads worker pool before any test runs, so that every
// parallel() batch and BLAKE3 message big enough for a split goes through the pool (sync calls
// do not wait for booting workers), and poolCheck() asserts that jobs went to workers.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sha2Hashes } from '../../runtime/md.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ALL_BACKENDS = ['wasm', 'wasm_threads', 'js', 'runtime'];
/** The backends the per-backend tests run on: all four, or those AWASMC_TEST_BACKENDS names. */
export const BACKENDS = backendsFromEnv(process.env.AWASMC_TEST_BACKENDS);
/** `skip` for a test that compares backends with each other, when the filter leaves one. */
export const COMPARES_BACKENDS = BACKENDS.length < 2 ? `compares backends, and AWASMC_TEST_BACKENDS=${BACKENDS.join(',')} leaves one` : false;
function backendsFromEnv(env) {
  if (env === undefined || env === '') return ALL_BACKENDS;
  const names = env.split(',').map((s) => s.trim());
  for (const n of names)
    if (!ALL_BACKENDS.includes(n)) throw new Error(`AWASMC_TEST_BACKENDS: unknown backend "${n}" (known: ${ALL_BACKENDS.join(', ')})`);
  return ALL_BACKENDS.filter((n) => names.includes(n));
}
export const HASHES = ['sha224', 'sha256', 'sha384', 'sha512', 'sha512_224', 'sha512_256'];
export const NODE_NAME = {
  sha224: 'sha224', sha256: 'sha256', sha384: 'sha384', sha512: 'sha512',
  sha512_224: 'sha512-224', sha512_256: 'sha512-256',
};
export const OUTPUT_LEN = { sha224: 28, sha256: 32, sha384: 48, sha512: 64, sha512_224: 28, sha512_256: 32 };
export const BLOCK_LEN = { sha224: 64, sha256: 64, sha384: 128, sha512: 128, sha512_224: 128, sha512_256: 128 };

/**
 * The regions of every kernel function linked into the memory of an Instance (runtime/shell.js):
 * on js, the library's hashes of one target file share one memory (runtime/link.js,
 * linkJs), which holds the constant regions of all of them; elsewhere the instance's own.
 */
export const linkedRegions = (I) => (I.guard.linked !== undefined ? I.guard.regions : I.target.regions);
/** A fresh memory as linking the same kernel functions makes it (what constant regions hold). */
export const freshMemory = (I) => (I.guard.linked !== undefined ? I.guard.layout.link([...I.guard.linked.keys()]) : I.target.instantiate()).mem;

/**
 * Where mem holds a non-zero byte outside the target's constant regions (memory.data tables,
 * `regions[name].constant`), as a description, or null when every other byte is zero.
 */
export function firstSecretByte(mem, regions) {
  const constant = Object.values(regions || {}).filter((r) => r.constant);
  let first = -1;
  let count = 0;
  for (let i = 0; i < mem.length; i++) {
    if (mem[i] === 0) continue;
    const c = constant.find((r) => i >= r.offset && i < r.offset + r.bytes);
    if (c) {
      i = c.offset + c.bytes - 1;
      continue;
    }
    if (first < 0) first = i;
    count++;
  }
  if (first < 0) return null;
  let where = 'outside every region';
  for (const [name, r] of Object.entries(regions || {}))
    if (first >= r.offset && first < r.offset + r.bytes) where = `in region ${name} (+${first - r.offset})`;
  return `${count} non-zero bytes, the first at offset ${first} ${where}`;
}

/** The `runtime` backend is a bytecode interpreter: tests give it smaller inputs (named in the test). */
export const isSlow = (backend) => backend === 'runtime';

const override = process.env.AWASMC_TEST_TARGET;

/** Target module of one backend (the raw contract), or throws with the reason. */
export async function loadTarget(backend) {
  const url = override
    ? pathToFileURL(path.resolve(override)).href
    : pathToFileURL(path.join(repoRoot, 'targets', backend, 'sha2.js')).href;
  return import(url);
}

/**
 * [{ name, hashes, error }] for every backend, in BACKENDS order: `hashes` is the entry point's
 * exports (wasm.js, js.js, ...), or null with `error` saying why it could not be loaded.
 */
export async function loadBackends() {
  const res = [];
  for (const name of BACKENDS) {
    try {
      const hashes = override
        ? sha2Hashes(await loadTarget(name), name)
        : await import(pathToFileURL(path.join(repoRoot, `${name}.js`)).href);
      res.push({ name, hashes, error: null });
    } catch (error) {
      res.push({ name, hashes: null, error });
    }
  }
  const threads = res.find((b) => b.name === 'wasm_threads' && b.hashes !== null);
  if (POOL_MODE && threads !== undefined && !override) await startPool(threads.hashes);
  return res;
}

// ---- The pool mode (AWASMC_POOL_MIN set, wasm_threads tested through its entry).
/** Whether the wasm_threads tests of this process run through the worker pool (tools/test). */
export const POOL_MODE = process.env.AWASMC_POOL_MIN !== undefined && BACKENDS.includes('wasm_threads') && !override;
let poolBaseline = null; // poolStatsForTests().jobs once the pool is up

// An async parallel() waits for the workers to boot (a sync one would not use them yet).
async function startPool(threads) {
  if (poolBaseline !== null) return;
  const { poolStatsForTests } = await import('../../runtime/workers.js');
  const before = poolStatsForTests().jobs;
  // Each try waits up to 2 s for booting workers (a loaded machine may need more).
  for (let tries = 0; tries < 5 && poolStatsForTests().jobs === before; tries++)
    await threads.sha256.parallel.async([new Uint8Array(64), new Uint8Array(64)]);
  poolBaseline = poolStatsForTests().jobs;
  if (poolBaseline === before) throw new Error('AWASMC_POOL_MIN is set but the wasm_threads pool took no job (is AWASMC_POOL_MIN a number?)');
}

/**
 * In the pool mode, a last test of the file: jobs went to the workers after the start-up job.
 * `sync`: the file's pool jobs come from sync calls only (parallel() without .async, BLAKE3's
 * large messages), which leave a pool of size 1 unused (it means the calling thread alone).
 */
export function poolCheck(test, { sync = false } = {}) {
  if (!POOL_MODE) return;
  test(`pool mode (AWASMC_THREADS=${process.env.AWASMC_THREADS ?? 'cores'}, AWASMC_POOL_MIN=${process.env.AWASMC_POOL_MIN}): jobs went to the workers`, async (t) => {
    const { WP, poolStatsForTests } = await import('../../runtime/workers.js');
    const jobs = poolStatsForTests().jobs - poolBaseline;
    t.diagnostic(`${jobs} jobs went to ${WP.size === 1 ? 'the worker' : `the ${WP.size - 1} or ${WP.size} workers`} after the start-up job`);
    if (sync && WP.size === 1) assert.equal(jobs, 0, 'a pool of size 1 takes no sync jobs');
    else assert.ok(jobs > 0, `no job went to a worker after the start-up job (pool size ${WP.size})`);
  });
}

/**
 * Calls `body(backend)` for each loaded backend; a backend that failed to load gets one failing
 * test instead, so a missing target never passes silently.
 */
export function forEachBackend(test, backends, title, body) {
  for (const b of backends) {
    if (b.hashes === null) {
      test(`${b.name}: ${title}`, () => {
        throw new Error(`backend ${b.name} did not load (targets/${b.name}/sha2.js generated?): ${b.error.message}`);
      });
    } else body(b);
  }
}

// ---- Seeded PRNG (sfc32: small, fast and good enough for test inputs; not for keys).
export const SEED = process.env.TEST_SEED !== undefined ? Number(process.env.TEST_SEED) >>> 0 : (Math.random() * 2 ** 32) >>> 0;

/** A deterministic random source: rng.u32(), rng.int(n) in [0, n), rng.bytes(n). */
export function makeRng(seed = SEED, stream = 0) {
  let a = seed >>> 0;
  let b = (0x9e3779b9 ^ stream) >>> 0;
  let c = 0x243f6a88;
  let d = 1;
  const u32 = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 16; i++) u32();
  return {
    u32,
    int: (n) => Math.floor((u32() / 2 ** 32) * n),
    bytes(n) {
      const out = new Uint8Array(n);
      let i = 0;
      for (; i + 4 <= n; i += 4) {
        const x = u32();
        out[i] = x;
        out[i + 1] = x >>> 8;
        out[i + 2] = x >>> 16;
        out[i + 3] = x >>> 24;
      }
      for (; i < n; i++) out[i] = u32();
      return out;
    },
  };
}

export const hex = (u8) => Buffer.from(u8.buffer, u8.byteOffset, u8.length).toString('hex');
export const fromHex = (s) => new Uint8Array(Buffer.from(s, 'hex'));

/** Reference digest from node:crypto (OpenSSL), as hex. */
export const nodeHex = (name, msg) => createHash(NODE_NAME[name]).update(msg).digest('hex');

/** Splits `msg` at random points into pieces (some empty), for streaming tests. */
export function randomSplit(rng, msg, maxPiece) {
  const parts = [];
  for (let pos = 0; pos < msg.length; ) {
    const r = rng.int(8);
    const len = r === 0 ? 0 : r === 1 ? 1 : rng.int(maxPiece) + 1;
    const end = Math.min(msg.length, pos + len);
    parts.push(msg.subarray(pos, end));
    pos = end;
  }
  if (rng.int(2) === 0) parts.push(msg.subarray(msg.length));
  return parts;
}
