// On js, the library's hashes of one target file share one linked memory and one closure per
// kernel function (runtime/link.js, linkJs; runtime/shell.js, subset): sha224 and sha256,
// the PBKDF2 kernels' instances, the four SHA-512 hashes, ... These tests interleave sessions of
// hashes that share a memory (streams, HMAC, PBKDF2 and its onProgress callback, async calls),
// check the per-memory re-entrancy guard, and that nothing stays in the shared memory after a
// call. Every backend runs them (elsewhere each instance has its memory: the same answers).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac, pbkdf2Sync } from 'node:crypto';
import { hmac } from '../../hmac.js';
import { specOf } from '../../runtime/shell.js';
import { BACKENDS, SEED, firstSecretByte, forEachBackend, freshMemory, hex, linkedRegions, loadBackends, makeRng } from './_helpers.js';

const backends = await loadBackends();
const node = (alg, ...parts) => {
  const h = createHash(alg);
  for (const p of parts) h.update(p);
  return h.digest('hex');
};
// Every byte of the memory behind `hash` is zero but for the constant regions of what is linked
// into it, and those hold what linking wrote.
function clean(hash, what) {
  const I = specOf(hash).instance;
  const mem = I.memory(), regions = linkedRegions(I), fresh = freshMemory(I);
  assert.equal(firstSecretByte(mem, regions), null, `${I.label}: memory not clean after ${what}`);
  for (const [name, r] of Object.entries(regions).filter(([, r]) => r.constant))
    assert.equal(hex(mem.subarray(r.offset, r.offset + r.bytes)), hex(fresh.subarray(r.offset, r.offset + r.bytes)), `${I.label}: constant region ${name} changed after ${what}`);
}

forEachBackend(test, backends, 'shared memory', (b) => {
  const h = b.hashes;
  const sharing = b.name === 'js'; // one memory per target file
  const I224 = () => specOf(h.sha224).instance;
  const I256 = () => specOf(h.sha256).instance;

  test(`${b.name}: which instances share a memory (js: one per target file; tests' instantiate(): fresh)`, () => {
    h.sha224(new Uint8Array(1));
    h.sha256(new Uint8Array(1));
    h.sha512(new Uint8Array(1));
    const a = I224(), c = I256(), s = specOf(h.sha512).instance;
    const same = a.mem.buffer === c.mem.buffer;
    assert.equal(same, sharing, 'sha224 and sha256 on one memory');
    assert.equal(s.mem.buffer === c.mem.buffer, sharing, 'sha512 and sha256 on one memory');
    assert.equal(specOf(h.sha3_256).instance.mem === null || specOf(h.sha3_256).instance.memory().buffer !== c.mem.buffer, true, 'another target file: another memory');
    if (sharing) {
      assert.equal(a.fns.sha256_compress, c.fns.sha256_compress, 'one function of sha256_compress');
      assert.equal(a.guard, c.guard, 'one re-entrancy guard');
      assert.ok(linkedRegions(c).k512 !== undefined, 'the shared memory lists the constant regions of sha512_compress too');
    }
    assert.notEqual(c.target.instantiate().mem.buffer, c.mem.buffer, "a target's instantiate() links a fresh memory");
  });

  test(`${b.name}: a session on a memory refuses another on the same memory (re-entrancy guard per memory)`, () => {
    const msg = new Uint8Array(300).fill(3);
    const want = node('sha256', msg);
    const a = I224();
    a.enter();
    try {
      assert.equal(I256().busy, sharing, 'sha256 sees the session of sha224');
      if (sharing) assert.throws(() => h.sha256(msg), /re-entrant/);
      else assert.equal(hex(h.sha256(msg)), want, 'another memory: sha256 runs');
    } finally {
      a.leave();
    }
    assert.equal(I256().busy, false);
    assert.equal(hex(h.sha256(msg)), want, 'after the session left');
    clean(h.sha256, 'the refused call');
  });

  test(`${b.name}: interleaved streams of sha224, sha256, sha384 and sha512 (seed ${SEED})`, () => {
    const rng = makeRng(SEED, 901);
    const names = ['sha224', 'sha256', 'sha384', 'sha512', 'sha512_224', 'sha512_256'];
    const algs = { sha224: 'sha224', sha256: 'sha256', sha384: 'sha384', sha512: 'sha512', sha512_224: 'sha512-224', sha512_256: 'sha512-256' };
    const streams = names.map((n) => ({ n, s: h[n].create(), parts: [] }));
    for (let i = 0; i < 60; i++) {
      const t = streams[rng.int(streams.length)];
      const part = rng.bytes(rng.int(i % 7 === 0 ? 3000 : 200));
      t.s.update(part);
      t.parts.push(part);
      // a one-shot of another hash of the file between the updates
      const o = names[rng.int(names.length)], m = rng.bytes(rng.int(300));
      assert.equal(hex(h[o](m)), node(algs[o], m), `${o} one-shot between stream updates`);
    }
    for (const t of streams) assert.equal(hex(t.s.digest()), node(algs[t.n], ...t.parts), `${t.n} stream`);
    for (const n of names) clean(h[n], 'interleaved streams');
  });

  test(`${b.name}: HMAC over sha256 while a sha256 stream is open, and a stream cloned across them`, () => {
    const rng = makeRng(SEED, 902);
    const key = rng.bytes(100), m1 = rng.bytes(77), m2 = rng.bytes(1000), mac = rng.bytes(500);
    const s = h.sha256.create().update(m1);
    const hm = hmac.create(h.sha256, key).update(mac.subarray(0, 10));
    assert.equal(hex(hmac(h.sha224, key, mac)), createHmac('sha224', key).update(mac).digest('hex'));
    const c = s.clone();
    hm.update(mac.subarray(10));
    s.update(m2);
    assert.equal(hex(hm.digest()), createHmac('sha256', key).update(mac).digest('hex'), 'hmac stream');
    assert.equal(hex(s.digest()), node('sha256', m1, m2), 'the stream around it');
    assert.equal(hex(c.update(m1).digest()), node('sha256', m1, m1), 'its clone');
    clean(h.sha256, 'hmac inside a stream');
  });

  test(`${b.name}: pbkdf2 with sha256 while a sha256 stream is mid-stream, hashing from onProgress`, () => {
    const rng = makeRng(SEED, 903);
    const pw = rng.bytes(20), salt = rng.bytes(16), m1 = rng.bytes(100), m2 = rng.bytes(50);
    const c = b.name === 'runtime' ? 300 : 3000;
    const s = h.sha256.create().update(m1);
    const s224 = h.sha224.create();
    const got = [], fed = [];
    let calls = 0;
    const key = h.pbkdf2(h.sha256)(pw, salt, {
      c, dkLen: 40,
      onProgress: () => {
        calls++;
        const m = rng.bytes(rng.int(200));
        got.push([hex(h.sha256(m)), node('sha256', m)]);
        s224.update(m);
        got.push([hex(h.sha224.create().update(m).digest()), node('sha224', m)]);
        fed.push(m);
      },
    });
    s.update(m2);
    assert.ok(calls > 0, 'onProgress ran');
    for (const [a, w] of got) assert.equal(a, w, 'a hash from onProgress');
    assert.equal(hex(key), pbkdf2Sync(pw, salt, c, 40, 'sha256').toString('hex'), 'pbkdf2');
    assert.equal(hex(s.digest()), node('sha256', m1, m2), 'the stream around it');
    assert.equal(hex(s224.digest()), node('sha224', ...fed), 'a stream fed from onProgress');
    clean(h.sha256, 'pbkdf2 with hashes from onProgress');
  });

  test(`${b.name}: async pbkdf2 with sha256 and async sha512 interleaved with sync calls on the same memory`, async () => {
    const rng = makeRng(SEED, 904);
    const pw = rng.bytes(10), salt = rng.bytes(12);
    const c = b.name === 'runtime' ? 400 : 20000;
    const big = rng.bytes(b.name === 'runtime' ? 20000 : 1 << 20);
    const p = h.pbkdf2(h.sha256).async(pw, salt, { c, dkLen: 32 });
    const q = h.sha512.async(big, { asyncTick: 0 });
    let done = false;
    const both = Promise.all([p, q]).finally(() => { done = true; });
    let ticks = 0;
    while (!done) {
      await new Promise((r) => setImmediate(r));
      const m = rng.bytes(rng.int(400));
      assert.equal(hex(h.sha256(m)), node('sha256', m));
      assert.equal(hex(h.sha384(m)), node('sha384', m));
      ticks++;
    }
    const [key, d] = await both;
    assert.ok(ticks > 0, "sync calls ran between the async calls' slices");
    assert.equal(hex(key), pbkdf2Sync(pw, salt, c, 32, 'sha256').toString('hex'), `pbkdf2.async (${ticks} ticks of sync calls between its slices)`);
    assert.equal(hex(d), node('sha512', big), 'sha512.async');
    clean(h.sha256, 'async calls');
  });

  test(`${b.name}: a failing call leaves the shared memory clean and unlocked`, () => {
    const msg = new Uint8Array(200).fill(9);
    const s = h.sha256.create().update(msg);
    // an output buffer too short: refused (after or before the kernel ran), the guard released
    assert.throws(() => h.sha512(msg, { out: new Uint8Array(10) }));
    assert.throws(() => s.digestInto(new Uint8Array(3)));
    assert.equal(I256().busy, false);
    assert.equal(hex(h.sha224(msg)), node('sha224', msg));
    clean(h.sha256, 'failed calls');
  });
});

test('BACKENDS listed', () => assert.ok(BACKENDS.length > 0));
