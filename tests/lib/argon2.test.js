// argon2d, argon2i and argon2id of every backend entry (runtime/argon2.js over modules/argon2.js):
// the PHC reference test vectors (= RFC 9106 §5 for version 0x13; also version 0x10) read from
// ../shared/vectors/argon2-phc, random parameters against @noble/hashes' argon2d/i/id, the
// backends against each other, option checks naming the option, maxmem refused before any
// memory is touched, onProgress increasing to 1 (sync and async), the async form's yields, and
// the kernel memory all zero after every call, successful or not.
//
// On wasm_threads, p > 1 fills the lanes across the worker pool when the memory is at least 256 KiB
// (tools/test's pool runs send every p > 1 there; tests/lib/workers.test.js checks the pool's
// share-out, failures and sizes).
//
// The runtime backend (a bytecode interpreter, about 0.2 ms a block) runs every set up to 1 MiB;
// larger ones (none today: the kernel's static region holds 1 MiB) would run on the others only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as noble from '@noble/hashes/argon2.js';
import { argon2MemoryForTests } from '../../runtime/argon2.js';
import { BACKENDS, COMPARES_BACKENDS, firstSecretByte, hex, isSlow, makeRng, repoRoot, SEED } from './_helpers.js';

const entries = {};
for (const b of BACKENDS) entries[b] = await import(join(repoRoot, `${b}.js`));
const VARIANTS = ['argon2d', 'argon2i', 'argon2id'];
const NOBLE = { argon2d: noble.argon2d, argon2i: noble.argon2i, argon2id: noble.argon2id };
const targetRegions = async (b) => (await import(join(repoRoot, 'targets', b, 'argon2.js'))).regions;

// ---- The PHC test vectors: one case per file, the inputs and the tag.
const PHC = join(repoRoot, '..', 'shared', 'vectors', 'argon2-phc');
function phcCase(file) {
  const raw = gunzipSync(readFileSync(join(PHC, `${file}.gz`)));
  // The .shasum files hold the SHA-256 of the un-gzipped file: we read what was verified.
  const want = readFileSync(join(PHC, `${file}.shasum`), 'utf8').split(/\s+/)[0];
  assert.equal(createHash('sha256').update(raw).digest('hex'), want, `${file}: checksum`);
  const text = raw.toString('latin1');
  const bytes = (label) => {
    const m = text.match(new RegExp(`^${label}\\[\\d+\\]: ([0-9a-f ]+)$`, 'm'));
    return Uint8Array.from(m[1].trim().split(' ').map((x) => parseInt(x, 16)));
  };
  const head = text.match(/^(Argon2(?:d|i|id)) version number (\d+)$/m);
  const params = text.match(/^Memory: (\d+) KiB, Iterations: (\d+), Parallelism: (\d+) lanes, Tag length: (\d+) bytes$/m);
  const tag = text.match(/^Tag: ([0-9a-f ]+)$/m)[1].trim().replace(/ /g, '');
  return {
    variant: head[1].toLowerCase(),
    opts: { version: Number(head[2]), m: Number(params[1]), t: Number(params[2]), p: Number(params[3]), dkLen: Number(params[4]), key: bytes('Secret'), personalization: bytes('Associated data') },
    password: bytes('Password'),
    salt: bytes('Salt'),
    tag,
  };
}

test('argon2: PHC reference vectors (RFC 9106 §5 for 0x13, and 0x10) on every backend', (t) => {
  if (!existsSync(PHC)) return t.skip(`${PHC} is absent`);
  let n = 0;
  for (const v of VARIANTS)
    for (const file of [v, `${v}_v16`]) {
      const c = phcCase(file);
      assert.equal(c.variant, v, `${file}: variant`);
      assert.equal(c.opts.version, file.endsWith('_v16') ? 0x10 : 0x13, `${file}: version`);
      assert.equal(hex(NOBLE[v](c.password, c.salt, c.opts)), c.tag, `${file}: @noble/hashes agrees`);
      for (const b of BACKENDS) {
        assert.equal(hex(entries[b][v](c.password, c.salt, c.opts)), c.tag, `${b} ${file}`);
        n++;
      }
    }
  t.diagnostic(`${n} vector runs`);
});

test('argon2: random parameters against @noble/hashes on every backend', (t) => {
  const rng = makeRng(SEED, 81);
  const bytes = (n) => Uint8Array.from({ length: n }, () => rng.int(256));
  const cases = [];
  for (let i = 0; i < 24; i++) {
    const p = 1 + rng.int(4);
    const o = { t: 1 + rng.int(3), p, m: 8 * p + rng.int(120), dkLen: 4 + rng.int(i % 3 ? 60 : 200) };
    if (rng.int(2)) o.version = 0x10;
    if (rng.int(2)) o.key = rng.int(2) ? bytes(rng.int(40)) : 'secret key';
    if (rng.int(2)) o.personalization = rng.int(2) ? bytes(rng.int(40)) : 'associated data';
    const password = rng.int(3) ? bytes(rng.int(80)) : 'pässwörd';
    const salt = rng.int(3) ? bytes(8 + rng.int(40)) : 'somesalt';
    cases.push([VARIANTS[i % 3], password, salt, o]);
  }
  // Bigger memory and more lanes than the runtime backend gets.
  cases.push(['argon2id', 'password', 'somesalt', { t: 2, m: 700, p: 3 }], ['argon2i', 'password', 'somesalt', { t: 1, m: 1024, p: 1, dkLen: 65 }]);
  cases.push(['argon2d', 'password', 'somesalt', { t: 1, m: 8 * 5, p: 5, dkLen: 1025 }]);
  for (const [v, password, salt, o] of cases) {
    const want = hex(NOBLE[v](password, salt, o));
    for (const b of BACKENDS) {
      if (isSlow(b) && o.m > 1024) continue;
      assert.equal(hex(entries[b][v](password, salt, o)), want, `${b} ${v} ${JSON.stringify(o)} (TEST_SEED=${SEED})`);
    }
  }
  t.diagnostic(`${cases.length} sets; runtime skips the ${cases.filter((c) => c[3].m > 1024).length} above 1 MiB`);
});

test('argon2: the backends agree with each other', { skip: COMPARES_BACKENDS }, () => {
  for (const v of VARIANTS) {
    const o = { t: 2, m: 48, p: 2, dkLen: 48, key: 'k', personalization: 'x' };
    const tags = BACKENDS.map((b) => hex(entries[b][v]('pw', 'saltsalt', o)));
    for (let i = 1; i < tags.length; i++) assert.equal(tags[i], tags[0], `${v}: ${BACKENDS[i]} vs ${BACKENDS[0]}`);
  }
});

// Issue 8's acceptance: after argon2id with m = 256 MiB, a following sha256 call leaves the
// process's resident memory within 64 MiB of where it was before (the heap is dropped after the
// call; runtime/heap.js). Not on the runtime backend (262,144 blocks at ~0.2 ms: a minute).
for (const b of BACKENDS.filter((x) => !isSlow(x))) {
  test(`argon2 ${b}: m = 256 MiB, then the memory is given back`, async () => {
    const { argon2id, sha256 } = entries[b];
    sha256(new Uint8Array(64));
    argon2id('password', 'somesalt', { t: 1, m: 16 }); // the instance and its code, loaded
    const before = process.memoryUsage().rss;
    const o = { t: 1, m: 256 * 1024, p: 1 };
    const tag = argon2id('password', 'somesalt', o);
    assert.equal(tag.length, 32);
    assert.ok(argon2MemoryForTests(argon2id) === null, 'the 256 MiB instance is dropped'); // (assert.ok: a failure must not print 256 MiB)
    // V8 frees a dropped memory at its next major GC; give it a moment, as an idle process would.
    let after = Infinity;
    for (let i = 0; i < 40 && after - before > 64 * 2 ** 20; i++) {
      sha256(new Uint8Array(64));
      await new Promise((r) => setTimeout(r, 50));
      after = process.memoryUsage().rss;
    }
    assert.ok(after - before <= 64 * 2 ** 20, `resident memory grew by ${((after - before) / 2 ** 20).toFixed(0)} MiB`);
  });
}

for (const b of BACKENDS) {
  const { argon2id, argon2i } = entries[b];
  const regionsOf = targetRegions(b);
  const zeroAfter = async (what) => {
    const mem = argon2MemoryForTests(argon2id);
    assert.ok(mem !== null, `${b}: the instance was loaded`);
    const where = firstSecretByte(mem, await regionsOf);
    assert.equal(where, null, `${b}: memory after ${what}: ${where}`);
  };

  test(`argon2 ${b}: options are checked, errors name them`, () => {
    const ok = { t: 1, m: 8, p: 1 };
    const bad = [
      [{ ...ok, t: 0 }, RangeError, /"opts\.t"/], [{ ...ok, t: 1.5 }, RangeError, /"opts\.t"/], [{ ...ok, t: '1' }, TypeError, /"opts\.t"/],
      [{ ...ok, m: 7 }, RangeError, /"opts\.m" must be at least 8 \* p/], [{ ...ok, p: 2, m: 15 }, RangeError, /"opts\.m"/],
      [{ ...ok, p: 0 }, RangeError, /"opts\.p"/], [{ ...ok, p: 2 ** 24 }, RangeError, /"opts\.p"/],
      [{ ...ok, dkLen: 3 }, RangeError, /"opts\.dkLen"/], [{ ...ok, dkLen: 2 ** 32 }, RangeError, /"opts\.dkLen"/],
      [{ ...ok, version: 0x12 }, RangeError, /"opts\.version" must be 0x10 or 0x13/], [{ ...ok, version: '19' }, TypeError, /"opts\.version"/],
      [{ ...ok, key: [1, 2] }, TypeError, /"opts\.key"/], [{ ...ok, personalization: 5 }, TypeError, /"opts\.personalization"/],
      [{ ...ok, maxmem: -1 }, RangeError, /"opts\.maxmem"/], [{ ...ok, onProgress: 1 }, TypeError, /"opts\.onProgress"/],
      [{ ...ok, asyncTick: 5 }, TypeError, /only the \.async form/], [{ ...ok, nextTick: () => null }, TypeError, /only the \.async form/], [{ ...ok, iterations: 3 }, TypeError, /unknown option "iterations"/],
      [null, TypeError, /"opts"/], [[1], TypeError, /"opts"/],
    ];
    for (const [o, E, re] of bad) assert.throws(() => argon2id('password', 'somesalt', o), (e) => e instanceof E && re.test(e.message), JSON.stringify(o));
    assert.throws(() => argon2id(5, 'somesalt', ok), (e) => e instanceof TypeError && /"password"/.test(e.message));
    assert.throws(() => argon2id('pw', new Uint16Array(8), ok), (e) => e instanceof TypeError && /"salt"/.test(e.message));
    assert.throws(() => argon2id('pw', 'short', ok), (e) => e instanceof RangeError && /"salt" must be at least 8 bytes/.test(e.message));
  });

  test(`argon2 ${b}: maxmem is checked before any memory is taken`, () => {
    // m = 2^32 - 1 KiB would be 4 TiB: refused at once by the default maxmem (1 GiB) or a given one.
    assert.throws(() => argon2i('password', 'somesalt', { t: 1, m: 2 ** 32 - 1 }), (e) => e instanceof RangeError && /"opts\.maxmem"/.test(e.message));
    assert.throws(() => argon2i('password', 'somesalt', { t: 1, m: 64, maxmem: 64 * 1024 - 1 }), (e) => e instanceof RangeError && /"opts\.maxmem"/.test(e.message));
    // Exactly enough is enough (m' = 64 blocks of 1 KiB).
    assert.equal(hex(argon2i('password', 'somesalt', { t: 1, m: 64, maxmem: 64 * 1024 })), hex(noble.argon2i('password', 'somesalt', { t: 1, m: 64 })));
  });

  test(`argon2 ${b}: onProgress rises to 1, sync and async; async yields with nextTick`, async () => {
    const o = { t: 2, m: 256, p: 2 };
    const want = hex(noble.argon2id('password', 'somesalt', o));
    for (const form of ['sync', 'async']) {
      const seen = [];
      const opts = { ...o, onProgress: (f) => seen.push(f) };
      if (form === 'async') Object.assign(opts, { asyncTick: 0, nextTick: () => new Promise((r) => setImmediate(r)) });
      const tag = form === 'sync' ? argon2id('password', 'somesalt', opts) : await argon2id.async('password', 'somesalt', opts);
      assert.equal(hex(tag), want, form);
      assert.ok(seen.length >= 2, `${form}: ${seen.length} progress calls`);
      for (let i = 1; i < seen.length; i++) assert.ok(seen[i] >= seen[i - 1], `${form}: progress goes down at ${i}: ${seen[i - 1]} -> ${seen[i]}`);
      assert.ok(seen[0] >= 0 && seen.at(-1) === 1, `${form}: ends at 1`);
    }
    // The async form yields with nextTick on the calling thread (p = 1: wasm_threads sends the
    // lanes of p > 1 to its pool, where nothing runs on the calling thread to yield from).
    let ticks = 0;
    const one = { t: 2, m: 256, p: 1 };
    const tag = await argon2id.async('password', 'somesalt', { ...one, asyncTick: 0, nextTick: () => (ticks++, new Promise((r) => setImmediate(r))) });
    assert.equal(hex(tag), hex(noble.argon2id('password', 'somesalt', one)));
    assert.ok(ticks >= 1, 'async yielded');
  });

  test(`argon2 ${b}: the kernel memory is zero after success and after errors`, async () => {
    argon2id('password', 'somesalt', { t: 2, m: 64, p: 2, key: 'secret' });
    await zeroAfter('a call');
    await argon2id.async('password', 'somesalt', { t: 1, m: 64, p: 1 });
    await zeroAfter('an async call');
    // An error from onProgress halfway: the blocks written so far are zeroed too.
    let calls = 0;
    const stop = (f) => {
      if (f > 0.4 && calls++ === 0) throw new Error('stop');
    };
    assert.throws(() => argon2id('password', 'somesalt', { t: 2, m: 64, p: 1, onProgress: stop }), /stop/);
    await zeroAfter('an error in onProgress');
    calls = 0;
    await assert.rejects(argon2id.async('password', 'somesalt', { t: 2, m: 64, p: 1, asyncTick: 0, onProgress: stop }), /stop/);
    await zeroAfter('an error in the async form');
    // A call from inside onProgress takes an instance of its own and gives the right tag.
    let inner = null;
    const outer = argon2id('password', 'somesalt', {
      t: 1, m: 32, onProgress: (f) => {
        if (inner === null && f > 0) inner = hex(argon2id('other', 'somesalt', { t: 1, m: 16 }));
      },
    });
    assert.equal(hex(outer), hex(noble.argon2id('password', 'somesalt', { t: 1, m: 32 })));
    assert.equal(inner, hex(noble.argon2id('other', 'somesalt', { t: 1, m: 16 })));
    await zeroAfter('a nested call');
    // Concurrent async calls: each its own instance, each right.
    const sets = [{ t: 1, m: 64 }, { t: 2, m: 32, p: 2 }, { t: 1, m: 48, version: 0x10 }];
    const tags = await Promise.all(sets.map((o) => argon2id.async('password', 'somesalt', { ...o, asyncTick: 0 })));
    sets.forEach((o, i) => assert.equal(hex(tags[i]), hex(noble.argon2id('password', 'somesalt', o)), JSON.stringify(o)));
    await zeroAfter('concurrent async calls');
  });
}
