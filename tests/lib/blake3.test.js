// blake3 through the library (runtime/blake3.js over every backend's target), against
// @noble/hashes' blake3: every length around chunk and tree boundaries, random lengths with random
// streaming splits, the three modes (hash, keyed `key`, derive-key `context`), every dkLen shape and
// XOF streaming, the hash shape (chunks, parallel, async, out/outPos, clone), errors that name the
// argument, memory wiped after every call, and the four backends against each other.
import assert from 'node:assert/strict';
import test from 'node:test';
import { blake3 as nobleBlake3 } from '@noble/hashes/blake3.js';
import { memoryForTests } from '../../runtime/shell.js';
import { BACKENDS, SEED, firstSecretByte, forEachBackend, hex, isSlow, loadBackends, makeRng, randomSplit, repoRoot, COMPARES_BACKENDS, poolCheck } from './_helpers.js';

const backends = await loadBackends();
const rng = makeRng(SEED, 60);
test(`blake3 tests (seed ${SEED}; TEST_SEED=${SEED} replays)`, () => {});

const utf8 = (s) => new TextEncoder().encode(s);
const KEY = makeRng(SEED, 61).bytes(32);
const CONTEXT = 'awasmc 2026-11-30 blake3 tests';
// Our options and noble's for one mode (noble takes the context as bytes).
const MODES = {
  hash: [{}, {}],
  keyed: [{ key: KEY }, { key: KEY }],
  derive: [{ context: CONTEXT }, { context: utf8(CONTEXT) }],
};
const noble = (msg, mode, dkLen) => hex(nobleBlake3(msg, { ...MODES[mode][1], ...(dkLen === undefined ? {} : { dkLen }) }));
const ours = (h, msg, mode, dkLen) => hex(h(msg, { ...MODES[mode][0], ...(dkLen === undefined ? {} : { dkLen }) }));

// Lengths where the tree changes shape: chunk (1024) and block (64) boundaries, powers of two of
// chunks, and the block region's batch of 32 chunks (32768) and its neighbours.
const BOUNDARIES = [1023, 1024, 1025, 2047, 2048, 2049, 3071, 3072, 3073, 4095, 4096, 4097, 5119, 5120, 5121,
  8191, 8192, 8193, 16383, 16384, 16385, 31743, 31744, 31745, 32767, 32768, 32769, 33792, 33793, 65535, 65536, 65537,
  66560, 98304, 99329];
const MSG = makeRng(SEED, 62).bytes(140000);

forEachBackend(test, backends, 'blake3', (b) => {
  const h = b.hashes.blake3;
  const slow = isSlow(b.name);

  test(`${b.name}: properties`, () => {
    assert.equal(typeof h, 'function');
    assert.equal(h.name, 'blake3');
    assert.equal(h.outputLen, 32);
    assert.equal(h.blockLen, 64);
    assert.equal(h.canXOF, true);
    assert.equal(h.oid, undefined);
    assert.equal(h.getPlatform(), b.name);
    assert.deepEqual({ ...h.getDefinition() }, { module: 'blake3', name: 'blake3', blockLen: 64, outputLen: 32, canXOF: true });
    const s = h.create({ dkLen: 50 });
    assert.equal(s.outputLen, 50);
    assert.equal(s.canXOF, true);
  });

  test(`${b.name}: every length 0..${slow ? 1100 : 2100} and around chunk and tree boundaries equals @noble/hashes`, () => {
    const lens = [];
    for (let i = 0; i <= (slow ? 1100 : 2100); i++) lens.push(i);
    lens.push(...BOUNDARIES.filter((n) => !slow || n <= 34000));
    if (!slow) for (let n = 31744; n <= 32769; n += 13) lens.push(n); // samples across the batch boundary
    for (const len of lens) {
      const msg = MSG.subarray(0, len);
      assert.equal(ours(h, msg, 'hash'), noble(msg, 'hash'), `hash, ${len} bytes`);
    }
    // The other modes on every boundary and a sample of short lengths.
    for (const len of [0, 1, 63, 64, 65, 127, 128, 129, 1000, ...BOUNDARIES.filter((n) => !slow || n <= 34000)]) {
      const msg = MSG.subarray(0, len);
      for (const mode of ['keyed', 'derive']) assert.equal(ours(h, msg, mode), noble(msg, mode), `${mode}, ${len} bytes`);
    }
  });

  test(`${b.name}: random lengths, random streaming splits, every mode and dkLen`, () => {
    const r = makeRng(SEED, 63 + BACKENDS.indexOf(b.name));
    for (let i = 0; i < (slow ? 12 : 60); i++) {
      const len = r.int(4) === 0 ? r.int(slow ? 40000 : 140000) : r.int(5000);
      const msg = MSG.subarray(0, len);
      const mode = ['hash', 'keyed', 'derive'][r.int(3)];
      const dkLen = [undefined, 32, 0, 1, 31, 33, 64, 65, 127, 128, 129, 1000][r.int(12)];
      const want = noble(msg, mode, dkLen);
      const what = `${mode}, ${len} bytes, dkLen ${dkLen}`;
      assert.equal(ours(h, msg, mode, dkLen), want, `one-shot: ${what}`);
      const parts = randomSplit(r, msg, r.int(2) === 0 ? 100 : 5000);
      const s = h.create({ ...MODES[mode][0], ...(dkLen === undefined ? {} : { dkLen }) });
      for (const p of parts) s.update(p);
      assert.equal(hex(s.digest()), want, `stream of ${parts.length} parts: ${what}`);
      assert.equal(hex(h.chunks(parts, { ...MODES[mode][0], ...(dkLen === undefined ? {} : { dkLen }) })), want, `chunks: ${what}`);
    }
  });

  test(`${b.name}: XOF: xof()/xofInto() in random pieces equal one long output`, () => {
    const r = makeRng(SEED, 70);
    for (const len of [0, 5, 1024, 1025, 5000, slow ? 33000 : 70000]) {
      const msg = MSG.subarray(0, len);
      for (const mode of ['hash', 'keyed', 'derive']) {
        const total = 64 * 5 + r.int(400);
        const want = noble(msg, mode, total);
        const s = h.create(MODES[mode][0]);
        for (const p of randomSplit(r, msg, 3000)) s.update(p);
        const got = new Uint8Array(total);
        for (let pos = 0; pos < total; ) {
          const n = Math.min(total - pos, [0, 1, 7, 63, 64, 65, 128, 200][r.int(8)]);
          if (r.int(2) === 0) got.set(s.xof(n), pos);
          else assert.equal(s.xofInto(got.subarray(pos, pos + n)).length, n);
          pos += n;
        }
        assert.equal(hex(got), want, `${mode}, ${len} bytes`);
        assert.throws(() => s.update(msg), /update\(\) after xof\(\)/);
        assert.throws(() => s.digest(), /digest\(\) after xof\(\)/);
      }
    }
    // Large dkLen in one call, and a clone in the middle of squeezing.
    const big = slow ? 3000 : 100000;
    assert.equal(hex(h(MSG.subarray(0, 3000), { dkLen: big })), noble(MSG.subarray(0, 3000), 'hash', big));
    const s = h.create().update(MSG.subarray(0, 2000));
    const a = s.xof(100);
    const c = s.clone();
    const x = s.xof(77);
    assert.equal(hex(c.xof(77)), hex(x), 'a clone continues from the same output position');
    assert.equal(hex(a) + hex(x), noble(MSG.subarray(0, 2000), 'hash', 177));
  });

  test(`${b.name}: options: key, context (string or bytes), dkLen, and errors naming them`, () => {
    const msg = MSG.subarray(0, 3000);
    assert.equal(hex(h(msg, { context: utf8(CONTEXT) })), hex(h(msg, { context: CONTEXT })), 'a string context is UTF-8');
    assert.equal(hex(h(msg, { context: 'héllo ✓' })), hex(nobleBlake3(msg, { context: utf8('héllo ✓') })), 'non-ASCII context');
    assert.equal(hex(h(msg, { context: '' })), hex(nobleBlake3(msg, { context: new Uint8Array(0) })), 'empty context');
    assert.equal(h(msg, { dkLen: 0 }).length, 0);
    assert.equal(hex(h(msg, { key: KEY, dkLen: 7 })), noble(msg, 'keyed', 7));
    // The key and context are copied when read.
    const key = KEY.slice();
    const s = h.create({ key });
    key.fill(0);
    assert.equal(hex(s.update(msg).digest()), noble(msg, 'keyed'));
    const ctx = utf8(CONTEXT);
    const s2 = h.create({ context: ctx });
    ctx.fill(0);
    assert.equal(hex(s2.update(msg).digest()), noble(msg, 'derive'));
    // A long context (more than one chunk) is hashed through the tree too.
    const longCtx = MSG.subarray(5000, 8000);
    assert.equal(hex(h(msg, { context: longCtx })), hex(nobleBlake3(msg, { context: longCtx })));
    // Errors.
    assert.throws(() => h(msg, { key: new Uint8Array(31) }), (e) => e instanceof RangeError && /"opts\.key" must be 32 bytes, got 31/.test(e.message));
    assert.throws(() => h(msg, { key: new Uint8Array(33) }), RangeError);
    assert.throws(() => h(msg, { key: 'k'.repeat(32) }), (e) => e instanceof TypeError && /"opts\.key"/.test(e.message));
    assert.throws(() => h(msg, { key: [...KEY] }), (e) => e instanceof TypeError && /"opts\.key"/.test(e.message));
    assert.throws(() => h(msg, { context: 5 }), (e) => e instanceof TypeError && /"opts\.context" must be a string or Uint8Array/.test(e.message));
    assert.throws(() => h(msg, { key: KEY, context: 'x' }), (e) => e instanceof TypeError && /"opts\.key" and "opts\.context"/.test(e.message));
    assert.throws(() => h.create({ key: KEY, context: 'x' }), TypeError);
    assert.throws(() => h(msg, { dkLen: -1 }), (e) => e instanceof RangeError && /"opts\.dkLen"/.test(e.message));
    assert.throws(() => h(msg, { dkLen: 1.5 }), RangeError);
    assert.throws(() => h(msg, { dkLen: '32' }), (e) => e instanceof TypeError && /"opts\.dkLen"/.test(e.message));
    assert.throws(() => h(msg, { salt: KEY }), /unknown option "salt" for blake3/);
    assert.throws(() => h('abc'), /"msg" must be Uint8Array/);
    assert.throws(() => h.create().xof(-1), RangeError);
    assert.throws(() => h.create().xofInto('x'), /"buf" must be Uint8Array/);
    // undefined options count as absent
    assert.equal(hex(h(msg, { key: undefined, context: undefined, dkLen: undefined })), noble(msg, 'hash'));
  });

  test(`${b.name}: out/outPos, parallel, async, digestInto, clone`, async () => {
    const msg = MSG.subarray(0, 40000);
    const want = noble(msg, 'keyed', 70);
    const out = new Uint8Array(100).fill(0xee);
    const res = h(msg, { key: KEY, dkLen: 70, out, outPos: 10 });
    assert.equal(hex(res), want);
    assert.equal(res.buffer, out.buffer);
    assert.ok(out.subarray(0, 10).every((x) => x === 0xee) && out.subarray(80).every((x) => x === 0xee));
    assert.throws(() => h(msg, { dkLen: 70, out: new Uint8Array(69) }), /"opts\.out" is too small/);
    const msgs = [0, 1, 1024, 1025, 5000].map((n) => MSG.subarray(0, n));
    assert.deepEqual(h.parallel(msgs, { context: CONTEXT }).map(hex), msgs.map((m) => noble(m, 'derive')));
    assert.equal(hex(await h.async(msg, { key: KEY, dkLen: 70, asyncTick: 0 })), want);
    assert.equal(hex(await h.chunks.async([msg.subarray(0, 333), msg.subarray(333)], { key: KEY, dkLen: 70 })), want);
    const s = h.create({ key: KEY, dkLen: 70 }).update(msg.subarray(0, 20000));
    const c = s.clone();
    s.update(msg.subarray(20000));
    c.update(msg.subarray(20000));
    const buf = new Uint8Array(75);
    assert.equal(s.digestInto(buf), undefined);
    assert.equal(hex(buf.subarray(0, 70)), want);
    assert.equal(hex(c.digest()), want);
    assert.throws(() => c.digest(), /after digest\(\)/);
    assert.throws(() => c.xof(1), /after digest\(\)/);
    // _cloneInto a used stream (the hmac protocol)
    const d = h.create({ key: KEY, dkLen: 70 }).update(msg.subarray(0, 5));
    d.digest();
    const e = h.create({ key: KEY, dkLen: 70 }).update(msg);
    e._cloneInto(d);
    assert.equal(hex(d.digest()), want);
  });

  test(`${b.name}: the memory is zero after every call`, async () => {
    const mem = () => memoryForTests(h);
    // Zero but the constant regions (the wasm kernels' rotation masks).
    const regions = (await import(`${repoRoot}/targets/${b.name}/blake3.js`)).regions;
    const clean = (what) => assert.equal(firstSecretByte(mem(), regions), null, `${b.name}: blake3 memory not zero after ${what}`);
    const size = slow ? 40000 : 140000;
    for (const len of [0, 3, 64, 1024, 1025, 32768, 32769, 33793, size]) {
      for (const mode of ['hash', 'keyed', 'derive']) {
        h(MSG.subarray(0, len), { ...MODES[mode][0], dkLen: 100 });
        clean(`${mode}(${len} bytes)`);
      }
    }
    const s = h.create({ key: KEY });
    s.update(MSG.subarray(0, 5));
    clean('small update');
    s.update(MSG.subarray(5, 3000));
    clean('update');
    s.update(MSG.subarray(3000, size));
    clean('large update');
    const c = s.clone();
    s.xof(10);
    clean('xof');
    s.xof(200);
    clean('second xof');
    c.digest();
    clean('digest');
    h.create({ context: CONTEXT });
    clean('create with a context');
    await h.async(MSG.subarray(0, size), { key: KEY, asyncTick: 0, onProgress: () => clean('an async slice') });
    clean('async');
    assert.throws(() => h.chunks([MSG.subarray(0, 5000), 'bad']), TypeError);
    clean('a failed chunks call');
    assert.throws(() => h(MSG, { key: KEY, out: new Uint8Array(5) }), RangeError);
    clean('a failed call');
  });
});

test('every backend gives the same blake3 output on random inputs, modes and splits', { skip: COMPARES_BACKENDS }, () => {
  const loaded = backends.filter((b) => b.hashes !== null);
  assert.equal(loaded.length, BACKENDS.length);
  const r = makeRng(SEED, 80);
  for (let i = 0; i < 12; i++) {
    const len = r.int(i < 4 ? 40000 : 3000);
    const msg = MSG.subarray(0, len);
    const mode = ['hash', 'keyed', 'derive'][i % 3];
    const dkLen = 1 + r.int(300);
    const parts = randomSplit(r, msg, 2000);
    const xs = [1 + r.int(100), 1 + r.int(100)];
    const results = loaded.map((b) => {
      const s = b.hashes.blake3.create(MODES[mode][0]);
      for (const p of parts) s.update(p);
      return [hex(b.hashes.blake3(msg, { ...MODES[mode][0], dkLen })), hex(s.xof(xs[0])) + hex(s.xof(xs[1]))];
    });
    for (let k = 1; k < results.length; k++) assert.deepEqual(results[k], results[0], `${loaded[k].name} vs ${loaded[0].name}: ${mode}, ${len} bytes`);
  }
});

poolCheck(test, { sync: true }); // its pool jobs: sync parallel() calls and large messages
