// scrypt (RFC 7914) on every backend entry: the vectors of RFC 7914 §12 as the scrypt reference
// distribution's test file has them (/work/shared/vectors/scrypt-tarsnap/test_scrypt.good, read
// from there), random parameters against node:crypto's scryptSync and @noble/hashes' scrypt, the
// option checks (errors naming the option, maxmem refused before any allocation), memory zeroed
// after success and after errors, onProgress rising to 1, .async yielding to the event loop, and
// that a large call's memory is given back (a child process's resident memory); on wasm_threads,
// p = 2..5 with the lanes across the worker pool (sync and async, staging zero after).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { scryptSync } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import test from 'node:test';
import { scrypt as nobleScrypt } from '@noble/hashes/scrypt.js';
import { scryptMemoryForTests } from '../../runtime/scrypt.js';
import { LINGER_MS } from '../../runtime/heap.js';
import { POOL_MODE, SEED, forEachBackend, hex, isSlow, loadBackends, makeRng, poolCheck, repoRoot } from './_helpers.js';

const backends = await loadBackends();
const VECTORS = '/work/shared/vectors/scrypt-tarsnap/test_scrypt.good';

// `scrypt("P", "S", N, r, p, dkLen) =` followed by lines of hex bytes.
function readVectors() {
  const out = [];
  let cur = null;
  for (const line of readFileSync(VECTORS, 'utf8').split('\n')) {
    const m = /^scrypt\("(.*)", "(.*)", (\d+), (\d+), (\d+), (\d+)\) =$/.exec(line);
    if (m) {
      cur = { P: m[1], S: m[2], N: +m[3], r: +m[4], p: +m[5], dkLen: +m[6], dk: '' };
      out.push(cur);
    } else if (cur && line.trim()) cur.dk += line.replace(/\s+/g, '');
  }
  return out;
}

const isZero = (mem) => {
  const w = new Uint32Array(mem.buffer, mem.byteOffset, mem.length >> 2);
  for (let i = 0; i < w.length; i++) if (w[i] !== 0) return `a non-zero word at byte ${4 * i} of ${mem.length}`;
  return null;
};

test('the RFC 7914 vectors file is where SOURCES.md says', { skip: !existsSync(VECTORS) && 'no /work/shared/vectors' }, () => {
  const v = readVectors();
  assert.equal(v.length, 4);
  assert.deepEqual(v.map((x) => x.N), [16, 1024, 16384, 1048576]);
  for (const x of v) assert.equal(x.dk.length, 2 * x.dkLen);
});

forEachBackend(test, backends, 'scrypt', (b) => {
  const { scrypt } = b.hashes;

  test(`${b.name}: RFC 7914 §12 vectors`, { skip: !existsSync(VECTORS) && 'no /work/shared/vectors' }, (t) => {
    for (const v of readVectors()) {
      // N = 2^20 (1 GiB) takes minutes in the interpreter: not run on the runtime backend.
      if (v.N > 16384 && isSlow(b.name)) {
        t.diagnostic(`runtime: skipped N = ${v.N} (1 GiB; minutes in the interpreter)`);
        continue;
      }
      assert.equal(hex(scrypt(v.P, v.S, { N: v.N, r: v.r, p: v.p, dkLen: v.dkLen })), v.dk, `${b.name} N=${v.N} r=${v.r} p=${v.p}`);
    }
  });

  test(`${b.name}: random parameters against node:crypto and @noble/hashes (seed ${SEED})`, () => {
    const rng = makeRng(SEED, 71);
    const rounds = isSlow(b.name) ? 6 : 24;
    for (let i = 0; i < rounds; i++) {
      const N = 2 ** (1 + rng.int(isSlow(b.name) ? 7 : 10));
      const r = 1 + rng.int(4);
      const p = 1 + rng.int(3);
      const dkLen = 1 + rng.int(100);
      const P = rng.bytes(rng.int(80)); // longer than a SHA-256 block: the key is hashed first
      const S = rng.bytes(rng.int(40));
      const want = scryptSync(P, S, dkLen, { N, r, p, maxmem: 2 ** 30 }).toString('hex');
      assert.equal(hex(scrypt(P, S, { N, r, p, dkLen })), want, `N=${N} r=${r} p=${p} dkLen=${dkLen}`);
      if (i < 4) assert.equal(hex(nobleScrypt(P, S, { N, r, p, dkLen })), want);
    }
    // Strings are UTF-8, as noble encodes them.
    const pw = 'pässwörd ✓';
    assert.equal(hex(scrypt(pw, 'sält', { N: 16, r: 2, p: 1 })), hex(nobleScrypt(pw, 'sält', { N: 16, r: 2, p: 1 })));
  });

  test(`${b.name}: option errors name the option, before any allocation`, () => {
    const P = new Uint8Array(4);
    const ok = { N: 16, r: 1, p: 1 };
    const cases = [
      [{ ...ok, N: 3 }, RangeError, /opts\.N/],
      [{ ...ok, N: 1 }, RangeError, /opts\.N/],
      [{ ...ok, N: 2 ** 33 }, RangeError, /opts\.N/],
      [{ ...ok, N: '16' }, TypeError, /opts\.N/],
      [{ r: 1, p: 1 }, TypeError, /opts\.N/],
      [{ ...ok, r: 0 }, RangeError, /opts\.r/],
      [{ ...ok, r: 1.5 }, RangeError, /opts\.r/],
      [{ ...ok, p: 0 }, RangeError, /opts\.p/],
      [{ ...ok, r: 2 ** 15, p: 2 ** 15 }, RangeError, /opts\.r.*opts\.p/],
      [{ ...ok, dkLen: 0 }, RangeError, /opts\.dkLen/],
      [{ ...ok, dkLen: 2 ** 40 }, RangeError, /opts\.dkLen/],
      [{ ...ok, maxmem: -1 }, RangeError, /opts\.maxmem/],
      [{ ...ok, onProgress: 1 }, TypeError, /opts\.onProgress/],
      [{ ...ok, asyncTick: 5 }, TypeError, /only the \.async form/],
      [{ ...ok, bogus: 1 }, TypeError, /unknown option "bogus"/],
      [null, TypeError, /opts/],
    ];
    for (const [opts, E, re] of cases) assert.throws(() => scrypt(P, P, opts), (e) => e instanceof E && re.test(e.message), JSON.stringify(opts));
    assert.throws(() => scrypt(1, P, ok), (e) => e instanceof TypeError && /"password"/.test(e.message));
    assert.throws(() => scrypt(P, [1], ok), (e) => e instanceof TypeError && /"salt"/.test(e.message));
    // maxmem: noble's 128 * r * (N + p), checked before anything is allocated. N = 2^24, r = 8
    // (16 GiB) would fail to allocate; the default maxmem (1 GiB + 1 KiB) refuses it first.
    assert.throws(() => scrypt(P, P, { N: 2 ** 24, r: 8, p: 1 }), (e) => e instanceof RangeError && /opts\.maxmem/.test(e.message));
    assert.throws(() => scrypt(P, P, { N: 1024, r: 8, p: 1, maxmem: 128 * 8 * 1025 - 1 }), /opts\.maxmem/);
    assert.equal(scrypt(P, P, { N: 1024, r: 8, p: 1, maxmem: 128 * 8 * 1025 }).length, 32);
    // More than the backend addresses (wasm 4 GiB, js and runtime 2 GiB), with maxmem raised: a
    // RangeError, not an allocation failure.
    assert.throws(() => scrypt(P, P, { N: 2 ** 23, r: 8, p: 1, maxmem: 2 ** 40 }), RangeError);
    // A getter runs once; options are read before the password bytes are used.
    let reads = 0;
    const o = { r: 1, p: 1, get N() {
      reads++;
      return 16;
    } };
    scrypt(P, P, o);
    assert.equal(reads, 1);
  });

  test(`${b.name}: memory is zero after a call, after an error thrown from onProgress, and the heap is dropped when large`, async () => {
    const P = new Uint8Array([1, 2, 3]);
    // A small heap stays linked and is zero after the call.
    let during = null;
    const dk = scrypt(P, P, { N: 64, r: 2, p: 2, onProgress: () => {
      during ??= scryptMemoryForTests(scrypt);
    } });
    assert.equal(dk.length, 32);
    assert.ok(during !== null && during.length > 0);
    assert.equal(isZero(during), null);
    assert.ok(scryptMemoryForTests(scrypt) === during, 'a small heap is kept');
    // An error from inside the call: everything it wrote is zeroed.
    let seen = null;
    assert.throws(() => scrypt(P, P, { N: 256, r: 4, p: 1, onProgress: (f) => {
      seen = scryptMemoryForTests(scrypt);
      if (f > 0.6) throw new Error('stop');
    } }), /stop/);
    assert.equal(isZero(seen), null, 'zero after an error');
    // A large heap (over runtime/heap.js KEEP_HEAP, 32 MiB) is zeroed, and dropped LINGER_MS later.
    if (!isSlow(b.name)) {
      let big = null;
      scrypt(P, P, { N: 2 ** 15, r: 8, p: 1, onProgress: () => {
        big ??= scryptMemoryForTests(scrypt);
      } });
      assert.ok(big.length > 32 << 20);
      assert.equal(isZero(big), null, 'a large heap is zero');
      await new Promise((resolve) => setTimeout(resolve, LINGER_MS + 200));
      assert.ok(scryptMemoryForTests(scrypt) !== big, 'and dropped'); // (not notEqual: a failure would print the 32 MiB array)
    }
    // A call made from onProgress (another instance) works and leaves both zero.
    let inner = null;
    const outer = scrypt(P, P, { N: 16, r: 1, p: 1, onProgress: (f) => {
      if (inner === null && f < 1) inner = scrypt(P, P, { N: 16, r: 1, p: 1 });
    } });
    assert.equal(hex(inner), hex(outer));
  });

  test(`${b.name}: onProgress rises to 1; .async matches and lets the event loop run`, async () => {
    const P = new Uint8Array([9]);
    const N = isSlow(b.name) ? 256 : 4096;
    const want = scryptSync(P, P, 32, { N, r: 8, p: 2 }).toString('hex');
    const seen = [];
    assert.equal(hex(scrypt(P, P, { N, r: 8, p: 2, onProgress: (f) => seen.push(f) })), want);
    assert.ok(seen.length >= 2, `${seen.length} progress calls`); // one per slice of about 10 ms, then 1
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i] > seen[i - 1], 'monotonic');
    assert.equal(seen.at(-1), 1);
    assert.ok(seen.every((f) => f > 0 && f <= 1));
    // async: timers run while it works (asyncTick 1 ms).
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const progress = [];
    try {
      const dk = await scrypt.async(P, P, { N, r: 8, p: 2, asyncTick: 1, onProgress: (f) => progress.push(f) });
      assert.equal(hex(dk), want);
    } finally {
      clearInterval(timer);
    }
    assert.ok(ticks > 0, 'the event loop ran during scrypt.async');
    assert.equal(progress.at(-1), 1);
    for (let i = 1; i < progress.length; i++) assert.ok(progress[i] > progress[i - 1]);
    // Two async calls at once (each its own instance), and a custom nextTick (p = 1: on
    // wasm_threads, an async call's lanes of p > 1 run on the pool's workers, and the calling
    // thread, which only waits for their messages, has no slices to yield between).
    let custom = 0;
    const want1 = scryptSync(P, P, 32, { N, r: 8, p: 1 }).toString('hex');
    const [x, y, z] = await Promise.all([
      scrypt.async(P, P, { N, r: 8, p: 2, asyncTick: 0 }),
      scrypt.async(P, P, { N, r: 8, p: 2, asyncTick: 0 }),
      scrypt.async(P, P, { N, r: 8, p: 1, asyncTick: 0, nextTick: () => (custom++, Promise.resolve()) }),
    ]);
    assert.equal(hex(x), want);
    assert.equal(hex(y), want);
    assert.equal(hex(z), want1);
    assert.ok(custom > 0);
    // An error from nextTick rejects, and the call's memory is zero.
    let mem = null;
    await assert.rejects(
      scrypt.async(P, P, { N, r: 8, p: 1, asyncTick: 0, onProgress: () => {
        mem ??= scryptMemoryForTests(scrypt);
      }, nextTick: () => Promise.reject(new Error('tick failed')) }),
      /tick failed/,
    );
    assert.equal(isZero(mem), null);
  });
});

test('a 256 MiB scrypt call gives its memory back: resident memory after a following sha256 stays within 64 MiB of before', (t) => {
  // In a child process, for a clean measure; the wasm entry (a WebAssembly.Memory, which V8 frees
  // only at a major GC: runtime/heap.js) and the js entry (an ArrayBuffer).
  for (const entry of ['wasm', 'js']) {
    const script = `
      const m = await import(${JSON.stringify(`${repoRoot}/${entry}.js`)});
      const rss = () => process.memoryUsage().rss / 2 ** 20;
      m.sha256(new Uint8Array(64));
      const before = rss();
      m.scrypt('pw', 'salt', { N: 2 ** 18, r: 8, p: 1 });
      const peak = rss();
      await new Promise((r) => setTimeout(r, 300));
      m.sha256(new Uint8Array(64));
      console.log(JSON.stringify({ before, peak, after: rss() }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
    t.diagnostic(`${entry}: RSS ${out.before.toFixed(0)} MiB before, ${out.peak.toFixed(0)} after the call, ${out.after.toFixed(0)} after sha256`);
    assert.ok(out.peak - out.before > 200, `${entry}: the call did use its 256 MiB`);
    assert.ok(out.after - out.before < 64, `${entry}: ${out.after - out.before} MiB still resident`);
  }
});

// wasm_threads: p > 1 runs the lanes on the pool's workers (runtime/workers.js, 'kdf_lanes' jobs)
// and, for a sync call, the calling thread. With the pool of tools/test's pool mode
// (AWASMC_THREADS=1, 2, 4; AWASMC_POOL_MIN=0), or the machine's cores otherwise: lanes of at least
// 256 KiB (128 * r * N; the pool's threshold outside the pool mode) go to the pool.
const threads = backends.find((b) => b.name === 'wasm_threads' && b.hashes !== null);
test('wasm_threads: scrypt p = 2..5 across the worker pool equals node:crypto, sync and async; staging zero after', { skip: threads === undefined && 'no wasm_threads backend' }, async (t) => {
  const { scrypt } = threads.hashes;
  const { WP, poolStatsForTests, stagingForTests } = await import('../../runtime/workers.js');
  await threads.hashes.sha256.parallel.async([new Uint8Array(300000), new Uint8Array(300000)]); // the pool is up
  const rng = makeRng(SEED, 72);
  let syncJobs = 0, asyncJobs = 0;
  for (let p = 2; p <= 5; p++) {
    const N = 2 ** (10 + rng.int(2));
    const r = 2 + rng.int(3);
    const P = rng.bytes(rng.int(80));
    const S = rng.bytes(rng.int(40));
    const dkLen = 1 + rng.int(80);
    const want = scryptSync(P, S, dkLen, { N, r, p, maxmem: 2 ** 30 }).toString('hex');
    const what = `N=${N} r=${r} p=${p} dkLen=${dkLen}`;
    let before = poolStatsForTests().jobs;
    const seen = [];
    assert.equal(hex(scrypt(P, S, { N, r, p, dkLen, onProgress: (f) => seen.push(f) })), want, `sync ${what}`);
    syncJobs += poolStatsForTests().jobs - before;
    assert.equal(seen.at(-1), 1);
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i] > seen[i - 1], 'monotonic');
    before = poolStatsForTests().jobs;
    const progress = [];
    assert.equal(hex(await scrypt.async(P, S, { N, r, p, dkLen, onProgress: (f) => progress.push(f) })), want, `async ${what}`);
    asyncJobs += poolStatsForTests().jobs - before;
    assert.equal(progress.at(-1), 1);
    for (let i = 1; i < progress.length; i++) assert.ok(progress[i] > progress[i - 1], 'monotonic');
    for (const [i, buf] of stagingForTests().entries()) assert.ok(new Int32Array(buf).every((w) => w === 0), `staging buffer ${i} is zero after ${what}`);
  }
  t.diagnostic(`pool size ${WP.size}: ${syncJobs} jobs from sync calls, ${asyncJobs} from async ones`);
  if (WP.threads() > 1 || POOL_MODE) {
    assert.ok(asyncJobs >= 4, 'every async call sent its lanes to the workers');
    if (WP.size > 1) assert.ok(syncJobs >= 4, 'every sync call shared its lanes with the workers');
    else assert.equal(syncJobs, 0, 'a pool of size 1 runs sync lanes on the calling thread');
  }
});

poolCheck(test);
