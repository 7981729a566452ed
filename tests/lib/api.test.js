// The public hash shape (docs/api.md) on every backend: argument and option errors, streams
// (chaining, digestInto, clone independence, use after digest/destroy), out/outPos, chunks,
// parallel and the async variants (equal to one-shot, progress, really yielding).
import assert from 'node:assert/strict';
import test from 'node:test';
import { BACKENDS, HASHES, OUTPUT_LEN, forEachBackend, hex, loadBackends, makeRng, nodeHex, poolCheck } from './_helpers.js';

const backends = await loadBackends();
const rng = makeRng(12345, 30);
const MSG = rng.bytes(1000);
const BIG = rng.bytes(300000);

const SPONGE = ['sha3_224', 'sha3_256', 'sha3_384', 'sha3_512', 'keccak_224', 'keccak_256', 'keccak_384', 'keccak_512',
  'shake128', 'shake256', 'shake128_32', 'shake256_64'];
const BLAKE = ['blake224', 'blake256', 'blake384', 'blake512', 'blake2b', 'blake2s'];
const KDFS = ['pbkdf2', 'scrypt', 'argon2d', 'argon2i', 'argon2id'];
const CIPHERS = ['salsa20', 'xsalsa20', 'chacha20', 'chacha20orig', 'xchacha20', 'chacha8', 'chacha12', // tests/lib/chacha.test.js
  'chacha20poly1305', 'xchacha20poly1305', 'xsalsa20poly1305', 'secretbox']; // tests/lib/aead.test.js
const MACS = ['poly1305']; // tests/lib/poly1305.test.js
const AES = ['ecb', 'cbc', 'ctr', 'cfb', 'ofb']; // tests/lib/aes.test.js
const GCM = ['ghash', 'polyval', 'gcm', 'gcmsiv']; // tests/lib/gcm.test.js
const AES_MODES = ['cmac', 'aessiv', 'aeskw', 'aeskwp']; // tests/lib/aes-modes.test.js

test('every entry point exports the same hashes and nothing else', async () => {
  const entries = ['index', ...BACKENDS];
  const failed = [];
  for (const e of entries) {
    try {
      const m = await import(`../../${e}.js`);
      const names = Object.keys(m).filter((k) => !(e === 'index' && k === 'backend')); // index.js: also backend() (docs/api.md)
      assert.deepEqual(names.sort(), [...HASHES, 'sha224_lanes', 'sha256_lanes', 'sha1', 'md5', 'ripemd160', ...SPONGE, ...BLAKE, 'blake3', ...KDFS, ...MACS, ...CIPHERS, ...AES, ...GCM, ...AES_MODES].sort(), `${e}.js exports`);
    } catch (err) {
      failed.push(`${e}.js: ${err.message}`);
    }
  }
  assert.deepEqual(failed, []);
});

forEachBackend(test, backends, 'API', (b) => {
  const H = b.hashes;
  const { sha256, sha512 } = H;

  test(`${b.name}: properties, getPlatform, getDefinition`, () => {
    for (const name of HASHES) {
      const h = H[name];
      assert.equal(typeof h, 'function');
      assert.equal(h.name, name);
      assert.equal(h.outputLen, OUTPUT_LEN[name]);
      assert.equal(h.canXOF, false);
      assert.ok(h.oid instanceof Uint8Array && h.oid.length === 11);
      assert.equal(h.getPlatform(), b.name);
      const def = h.getDefinition();
      assert.equal(def.name, name);
      assert.equal(def.outputLen, h.outputLen);
      assert.equal(def.blockLen, h.blockLen);
      // the definition names the algorithm, not the backend: identical everywhere
      for (const other of backends.filter((x) => x.hashes !== null))
        assert.deepEqual(other.hashes[name].getDefinition(), def, `${name} definition on ${other.name}`);
    }
  });

  test(`${b.name}: message arguments must be Uint8Array (TypeError naming the argument)`, async () => {
    const bad = [['abc', 'string'], [123, 'number'], [null, 'null'], [undefined, 'undefined'], [[1, 2], 'Array'],
      [new Uint16Array(2), 'Uint16Array'], [new ArrayBuffer(4), 'ArrayBuffer'], [new DataView(new ArrayBuffer(4)), 'DataView']];
    for (const [v, type] of bad) {
      const re = new RegExp(`^"msg" must be Uint8Array, got ${type}$`);
      assert.throws(() => sha256(v), { name: 'TypeError', message: re });
      assert.throws(() => sha256.create().update(v), { name: 'TypeError', message: re });
      await assert.rejects(sha256.async(v), { name: 'TypeError', message: re });
    }
    assert.throws(() => sha256.chunks('abc'), { name: 'TypeError', message: /"parts" must be an array/ });
    assert.throws(() => sha256.chunks([MSG, 'x']), { name: 'TypeError', message: /^"parts\[1\]" must be Uint8Array, got string$/ });
    assert.throws(() => sha256.parallel(MSG), { name: 'TypeError', message: /"msgs" must be an array/ });
    assert.throws(() => sha256.parallel([MSG, MSG, 5]), { name: 'TypeError', message: /^"msgs\[2\]" must be Uint8Array, got number$/ });
    await assert.rejects(sha256.chunks.async([MSG, {}]), { name: 'TypeError', message: /"parts\[1\]"/ });
    await assert.rejects(sha256.parallel.async([null]), { name: 'TypeError', message: /"msgs\[0\]"/ });
    // Uint8Array subclasses (Node's Buffer) are Uint8Array
    assert.equal(hex(sha256(Buffer.from('abc'))), nodeHex('sha256', Buffer.from('abc')));
  });

  test(`${b.name}: option errors name the option`, async () => {
    const cases = [
      [null, TypeError, /"opts" must be an object, got null/],
      ['x', TypeError, /"opts" must be an object, got string/],
      [[], TypeError, /"opts" must be an object, got Array/],
      [{ foo: 1 }, TypeError, /unknown option "foo" for sha256/],
      [{ asyncTick: 5 }, TypeError, /unknown option "asyncTick".*only the \.async/],
      [{ out: [] }, TypeError, /"opts.out" must be Uint8Array, got Array/],
      [{ out: new Uint8Array(31) }, RangeError, /"opts.out" is too small/],
      [{ out: new Uint8Array(40), outPos: 9 }, RangeError, /"opts.out" is too small/],
      [{ out: new Uint8Array(40), outPos: -1 }, RangeError, /"opts.outPos" must be a non-negative integer, got -1/],
      [{ out: new Uint8Array(40), outPos: 1.5 }, RangeError, /"opts.outPos"/],
      [{ out: new Uint8Array(40), outPos: '1' }, TypeError, /"opts.outPos" must be a non-negative integer, got string/],
      [{ outPos: 0 }, TypeError, /"opts.outPos" needs "opts.out"/],
      [{ dkLen: 16 }, RangeError, /"opts.dkLen" must be 32 for sha256/],
      [{ dkLen: 64 }, RangeError, /"opts.dkLen"/],
      [{ dkLen: '32' }, TypeError, /"opts.dkLen" must be a number/],
    ];
    for (const [opts, type, re] of cases) {
      assert.throws(() => sha256(MSG, opts), (e) => e instanceof type && re.test(e.message), `sha256(msg, ${JSON.stringify(opts)})`);
      assert.throws(() => sha256.chunks([MSG], opts), type, `chunks ${JSON.stringify(opts)}`);
    }
    await assert.rejects(sha256.async(MSG, { asyncTick: -1 }), { name: 'RangeError', message: /"opts.asyncTick"/ });
    await assert.rejects(sha256.async(MSG, { asyncTick: 'fast' }), { name: 'TypeError', message: /"opts.asyncTick"/ });
    await assert.rejects(sha256.async(MSG, { onProgress: 1 }), { name: 'TypeError', message: /"opts.onProgress"/ });
    await assert.rejects(sha256.async(MSG, { nextTick: 'soon' }), { name: 'TypeError', message: /"opts.nextTick"/ });
    await assert.rejects(sha256.async(MSG, { out: new Uint8Array(8) }), { name: 'RangeError', message: /"opts.out"/ });
    await assert.rejects(sha256.async(MSG, { bar: 1 }), { name: 'TypeError', message: /unknown option "bar" for sha256\.async/ });
    assert.throws(() => sha256.create({ dkLen: 31 }), { name: 'RangeError', message: /dkLen/ });
    assert.throws(() => sha256.create({ out: new Uint8Array(32) }), { name: 'TypeError', message: /unknown option "out" for sha256\.create/ });
    assert.throws(() => sha256.create(5), { name: 'TypeError', message: /"opts"/ });
    // undefined-valued options are absent; dkLen equal to outputLen is accepted
    assert.equal(hex(sha256(MSG, { out: undefined, outPos: undefined, dkLen: 32 })), nodeHex('sha256', MSG));
    assert.equal(hex(sha512(MSG, { dkLen: 64 })), nodeHex('sha512', MSG));
    assert.equal(hex(sha256.create({ dkLen: 32 }).update(MSG).digest()), nodeHex('sha256', MSG));
  });

  test(`${b.name}: out and outPos write into the caller's buffer`, () => {
    for (const name of HASHES) {
      const h = H[name];
      const n = h.outputLen;
      const want = nodeHex(name, MSG);
      const exact = new Uint8Array(n);
      assert.equal(h(MSG, { out: exact }), exact, `${name}: exact-size out is returned as is`);
      assert.equal(hex(exact), want);
      const big = new Uint8Array(n + 20).fill(0xee);
      const r = h(MSG, { out: big, outPos: 7 });
      assert.equal(r.buffer, big.buffer, `${name}: result is a view of out`);
      assert.equal(r.byteOffset, 7);
      assert.equal(r.length, n);
      assert.equal(hex(r), want);
      assert.ok(big.subarray(0, 7).every((x) => x === 0xee) && big.subarray(7 + n).every((x) => x === 0xee), `${name}: bytes around untouched`);
    }
  });

  test(`${b.name}: streams: chaining, digestInto, clone independence, use after digest/destroy`, () => {
    for (const name of HASHES) {
      const h = H[name];
      const s = h.create();
      assert.equal(s.update(MSG.subarray(0, 10)), s, 'update returns the stream');
      assert.equal(s.update(MSG.subarray(10, 500)).update(MSG.subarray(500)), s);
      assert.equal(hex(s.digest()), nodeHex(name, MSG), `${name} stream`);
      for (const m of ['update', 'digest', 'digestInto', 'clone'])
        assert.throws(() => s[m](new Uint8Array(64)), { name: 'Error', message: /after digest\(\)/ }, `${name} ${m} after digest`);

      // clone: both continue independently, and the original is not affected by the clone
      const base = h.create().update(MSG.subarray(0, 333));
      const c = base.clone();
      const c0 = base.clone();
      base.update(MSG.subarray(333));
      c.update(BIG.subarray(0, 5000));
      assert.equal(hex(base.digest()), nodeHex(name, MSG), `${name} original after clone`);
      assert.equal(hex(c.digest()), nodeHex(name, Buffer.concat([MSG.subarray(0, 333), BIG.subarray(0, 5000)])), `${name} clone`);
      assert.equal(hex(c0.digest()), nodeHex(name, MSG.subarray(0, 333)), `${name} untouched clone`);
      assert.equal(hex(h.create().clone().digest()), nodeHex(name, new Uint8Array(0)), `${name} clone of fresh stream`);

      // digestInto: writes the first outputLen bytes of a large enough buffer
      const buf = new Uint8Array(h.outputLen + 5).fill(0xaa);
      assert.equal(h.create().update(MSG).digestInto(buf), undefined);
      assert.equal(hex(buf.subarray(0, h.outputLen)), nodeHex(name, MSG));
      assert.ok(buf.subarray(h.outputLen).every((x) => x === 0xaa));
      assert.throws(() => h.create().digestInto(new Uint8Array(h.outputLen - 1)), { name: 'RangeError', message: /"buf"/ });
      assert.throws(() => h.create().digestInto([]), { name: 'TypeError', message: /"buf" must be Uint8Array/ });
      const d = h.create().update(MSG);
      d.digestInto(new Uint8Array(h.outputLen));
      assert.throws(() => d.digest(), /after digest\(\)/);

      // destroy: idempotent, then every use throws
      const x = h.create().update(MSG);
      x.destroy();
      x.destroy();
      for (const m of ['update', 'digest', 'digestInto', 'clone'])
        assert.throws(() => x[m](new Uint8Array(64)), { name: 'Error', message: /after destroy\(\)/ }, `${name} ${m} after destroy`);

      // a rejected argument does not spoil the stream
      const y = h.create().update(MSG.subarray(0, 100));
      assert.throws(() => y.update('oops'), TypeError);
      assert.equal(hex(y.update(MSG.subarray(100)).digest()), nodeHex(name, MSG));

      assert.throws(() => h.create().xof(32), /cannot XOF/);
      assert.throws(() => h.create().xofInto(new Uint8Array(32)), /cannot XOF/);
    }
  });

  test(`${b.name}: interleaved streams of different hashes stay independent`, () => {
    const streams = HASHES.map((name) => H[name].create());
    for (let pos = 0; pos < BIG.length; pos += 7777)
      for (const s of streams) s.update(BIG.subarray(pos, pos + 7777));
    HASHES.forEach((name, i) => assert.equal(hex(streams[i].digest()), nodeHex(name, BIG), name));
  });

  test(`${b.name}: chunks and parallel equal one-shot`, () => {
    const msgs = [new Uint8Array(0), MSG, BIG.subarray(0, 70000), MSG.subarray(0, 55), MSG.subarray(0, 64)];
    for (const name of HASHES) {
      const h = H[name];
      const n = h.outputLen;
      assert.equal(hex(h.chunks([])), nodeHex(name, new Uint8Array(0)), `${name} chunks([])`);
      assert.equal(hex(h.chunks([MSG.subarray(0, 1), new Uint8Array(0), MSG.subarray(1)])), nodeHex(name, MSG));
      const want = msgs.map((m) => nodeHex(name, m));
      assert.deepEqual(h.parallel(msgs).map(hex), want, `${name} parallel`);
      assert.deepEqual(h.parallel([]), []);
      // flat out buffer at outPos: digest i at outPos + i * outputLen
      const flat = new Uint8Array(3 + msgs.length * n + 2).fill(0xcc);
      const res = h.parallel(msgs, { out: flat, outPos: 3 });
      assert.deepEqual(res.map(hex), want);
      res.forEach((r, i) => assert.equal(r.byteOffset, 3 + i * n, `${name} flat result ${i} is a view`));
      assert.equal(hex(flat.subarray(3, 3 + msgs.length * n)), want.join(''));
      assert.ok(flat[0] === 0xcc && flat[flat.length - 1] === 0xcc);
      // array of buffers
      const bufs = msgs.map(() => new Uint8Array(n));
      const res2 = h.parallel(msgs, { out: bufs });
      res2.forEach((r, i) => assert.equal(r, bufs[i]));
      assert.deepEqual(bufs.map(hex), want);
      assert.throws(() => h.parallel(msgs, { out: new Uint8Array(msgs.length * n - 1) }), { name: 'RangeError', message: /"opts.out"/ });
      assert.throws(() => h.parallel(msgs, { out: bufs.slice(1) }), { name: 'RangeError', message: /one buffer per message/ });
      assert.throws(() => h.parallel(msgs, { out: [...bufs.slice(1), new Uint8Array(n - 1)] }), { name: 'RangeError', message: /"opts.out\[4\]"/ });
      assert.throws(() => h.parallel(msgs, { out: [...bufs.slice(1), 'x'] }), { name: 'TypeError', message: /"opts.out\[4\]"/ });
      assert.throws(() => h(MSG, { out: bufs }), { name: 'TypeError', message: /"opts.out" must be Uint8Array/ });
    }
  });

  test(`${b.name}: async variants equal sync, report progress and yield to the event loop`, async () => {
    for (const name of HASHES) {
      const h = H[name];
      const want = nodeHex(name, BIG);
      assert.equal(hex(await h.async(BIG)), want, `${name}.async`);
      const out = new Uint8Array(h.outputLen + 2);
      const r = await h.async(BIG, { out, outPos: 2, asyncTick: 0 });
      assert.equal(hex(r), want);
      assert.equal(r.byteOffset, 2);
      const parts = [BIG.subarray(0, 100), BIG.subarray(100, 200000), BIG.subarray(200000)];
      assert.equal(hex(await h.chunks.async(parts)), want, `${name}.chunks.async`);
      assert.deepEqual((await h.parallel.async([MSG, BIG])).map(hex), [nodeHex(name, MSG), want], `${name}.parallel.async`);
      const flat = new Uint8Array(2 * h.outputLen);
      await h.parallel.async([MSG, BIG], { out: flat });
      assert.equal(hex(flat), nodeHex(name, MSG) + want);
    }
    // progress: non-decreasing fractions ending at 1; other tasks run while hashing
    const seen = [];
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    let immediates = 0;
    const bump = () => {
      immediates++;
      if (immediates < 1e6) setImmediate(bump);
    };
    setImmediate(bump);
    try {
      const d = await sha256.async(BIG, { asyncTick: 0, onProgress: (p) => seen.push(p) });
      assert.equal(hex(d), nodeHex('sha256', BIG));
    } finally {
      clearInterval(timer);
      immediates = 1e6;
    }
    assert.ok(seen.length >= 2, `onProgress called ${seen.length} times`);
    assert.equal(seen[seen.length - 1], 1);
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i] >= seen[i - 1] && seen[i] >= 0 && seen[i] <= 1, `progress ${seen}`);
    assert.ok(immediates > 1, 'setImmediate callbacks ran during async hashing');
    // a custom nextTick is used; callbacks may hash (between slices, nothing is in flight)
    let custom = 0;
    const d2 = await sha512.chunks.async([BIG, BIG], {
      asyncTick: 0,
      nextTick: async () => {
        custom++;
      },
      onProgress: () => sha256(MSG),
    });
    assert.ok(custom > 0, 'custom nextTick called');
    assert.equal(hex(d2), nodeHex('sha512', Buffer.concat([BIG, BIG])));
    assert.equal(hex(await sha256.async(new Uint8Array(0), { onProgress: () => {} })), nodeHex('sha256', new Uint8Array(0)));
  });

  test(`${b.name}: a hash called while another reads its arguments disturbs neither`, () => {
    // Arguments are all read before any byte reaches the kernel, so no user code runs while a
    // call holds it (the re-entrancy guard stays as a second line of defence).
    const evil = new Proxy([MSG, MSG], {
      get(target, key, recv) {
        if (key === '1') sha256(MSG);
        return Reflect.get(target, key, recv);
      },
    });
    assert.equal(hex(sha512.chunks(evil)), nodeHex('sha512', Buffer.concat([MSG, MSG])));
    assert.equal(hex(sha512(MSG)), nodeHex('sha512', MSG));
    assert.equal(hex(sha256(MSG)), nodeHex('sha256', MSG));
  });
});

poolCheck(test);
