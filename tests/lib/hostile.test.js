// Hostile inputs (issue 6, part 4): arguments that lie about themselves, change while they are
// read, run code from getters, or are detached. Every backend must throw a TypeError naming the
// argument or hash exactly the bytes it was given, never write outside its regions (the SHA-512
// constants among them), leave nothing in memory, and give no way to reach that memory.
import assert from 'node:assert/strict';
import test from 'node:test';
import { memoryForTests } from '../../runtime/shell.js';
import { HASHES, firstSecretByte, forEachBackend, hex, loadBackends, loadTarget, makeRng, nodeHex, poolCheck } from './_helpers.js';

const backends = await loadBackends();
const rng = makeRng(777, 30);
const MSG = rng.bytes(300);

// A detached Uint8Array: its buffer was transferred away.
function detached(n) {
  const ab = new ArrayBuffer(n);
  const u = new Uint8Array(ab);
  structuredClone(ab, { transfer: [ab] });
  return u;
}

forEachBackend(test, backends, 'hostile inputs', (b) => {
  const H = b.hashes;
  const { sha256, sha384, sha512 } = H;
  const regions = (async () => (await loadTarget(b.name)).regions)();
  const clean = async (what) => assert.equal(firstSecretByte(memoryForTests(sha256), await regions), null, `${b.name}: ${what}`);
  // The SHA-512 results prove the constant K table was not overwritten.
  const intact = () => {
    assert.equal(hex(sha512(MSG)), nodeHex('sha512', MSG));
    assert.equal(hex(sha384(MSG)), nodeHex('sha384', MSG));
  };

  test(`${b.name}: a Proxy of a Uint8Array whose length changes between reads is refused`, async () => {
    let reads = 0;
    const liar = new Proxy(new Uint8Array(16), {
      get(target, key, recv) {
        if (key === 'length') return reads++ === 0 ? 16 : 1 << 20; // small for the check, huge for the copy
        return Reflect.get(target, key, recv);
      },
    });
    assert.ok(liar instanceof Uint8Array, 'the Proxy passes instanceof');
    for (const call of [
      () => sha512(liar),
      () => sha512.chunks([MSG, liar]),
      () => sha512.parallel([MSG, liar]),
      () => sha512.create().update(liar),
      () => sha512(MSG, { out: liar }),
    ])
      assert.throws(call, { name: 'TypeError', message: /must be Uint8Array, got/ });
    await assert.rejects(sha512.async(liar), { name: 'TypeError', message: /"msg" must be Uint8Array/ });
    intact();
    await clean('after refused proxies');
  });

  test(`${b.name}: a subclass whose length, subarray and set lie is hashed by its real bytes`, async () => {
    class Liar extends Uint8Array {
      get length() {
        return 1 << 20;
      }
      subarray() {
        return new Uint8Array(0);
      }
      set() {
        throw new Error('our code must not call set() on a caller object');
      }
    }
    for (const n of [0, 1, 55, 56, 64, 111, 112, 128, 300]) {
      const l = new Liar(n);
      Uint8Array.prototype.set.call(l, MSG.subarray(0, n));
      const want = nodeHex('sha512', MSG.subarray(0, n));
      assert.equal(hex(sha512(l)), want, `sha512 of a ${n}-byte liar`);
      assert.equal(hex(sha512.chunks([l])), want);
      assert.equal(hex(sha512.create().update(l).digest()), want);
      assert.equal(hex(sha512.parallel([l, l, l, l, l])[4]), want);
      assert.equal(hex(await sha512.async(l)), want);
      assert.equal(hex(sha256(l)), nodeHex('sha256', MSG.subarray(0, n)));
      assert.equal(hex(sha256.parallel([l, l, l, l])[3]), nodeHex('sha256', MSG.subarray(0, n)));
      // As an output buffer: the digest lands in its real bytes.
      const out = new Liar(64);
      sha512(l, { out });
      assert.equal(hex(new Uint8Array(out.buffer)), want);
    }
    // Own properties on a plain Uint8Array lie the same way.
    const own = MSG.slice(0, 100);
    Object.defineProperty(own, 'length', { get: () => 1 << 20 });
    Object.defineProperty(own, 'subarray', { value: () => new Uint8Array(0) });
    assert.equal(hex(sha512(own)), nodeHex('sha512', MSG.subarray(0, 100)));
    intact();
    await clean('after lying subclasses');
  });

  test(`${b.name}: an option getter that hashes again does not move this call's output`, async () => {
    const outer = new Uint8Array(32);
    const inner = new Uint8Array(32);
    let getterCalls = 0;
    // "out" is read first; the getter of "outPos" then hashes into another buffer.
    const opts = {
      out: outer,
      get outPos() {
        getterCalls++;
        sha256(MSG.subarray(0, 10), { out: inner });
        return 0;
      },
    };
    const res = sha256(MSG, opts);
    assert.equal(getterCalls, 1, 'each option is read once');
    assert.equal(hex(outer), nodeHex('sha256', MSG));
    assert.equal(hex(res), nodeHex('sha256', MSG));
    assert.equal(hex(inner), nodeHex('sha256', MSG.subarray(0, 10)));
    await clean('after a re-entering option getter');
  });

  test(`${b.name}: options are own properties only, each read once`, () => {
    const buf = new Uint8Array(64);
    const inherited = Object.create({ out: buf, dkLen: 5 });
    const d = sha256(MSG, inherited);
    assert.equal(hex(d), nodeHex('sha256', MSG));
    assert.ok(d !== buf && buf.every((x) => x === 0), 'an inherited "out" is not an option');
    assert.throws(() => sha256(MSG, { dkLen: 5 }), { name: 'RangeError', message: /"opts.dkLen"/ });
  });

  test(`${b.name}: parallel() and chunks() read every message once`, async () => {
    for (const [name, call] of [
      ['parallel', (a) => sha256.parallel(a)],
      ['chunks', (a) => sha256.chunks(a)],
      ['parallel.async', (a) => sha256.parallel.async(a)],
      ['chunks.async', (a) => sha256.chunks.async(a)],
    ]) {
      const reads = [0, 0, 0, 0, 0];
      const arr = [];
      for (let i = 0; i < 5; i++)
        Object.defineProperty(arr, i, {
          enumerable: true,
          get: () => (reads[i]++ === 0 ? MSG.subarray(0, 60 + i) : 'changed'),
        });
      const res = await call(arr);
      assert.deepEqual(reads, [1, 1, 1, 1, 1], `${name}: each message read once`);
      if (name.startsWith('parallel')) for (let i = 0; i < 5; i++) assert.equal(hex(res[i]), nodeHex('sha256', MSG.subarray(0, 60 + i)));
    }
    await clean('after parallel and chunks with getters');
  });

  test(`${b.name}: a detached buffer is a TypeError naming the argument, sync and async`, async () => {
    assert.throws(() => sha256(detached(8)), { name: 'TypeError', message: '"msg" is a view of a detached ArrayBuffer' });
    assert.throws(() => sha256.create().update(detached(8)), { name: 'TypeError', message: /"msg" is a view of a detached/ });
    assert.throws(() => sha256.chunks([MSG, detached(8)]), { name: 'TypeError', message: /"parts\[1\]" is a view of a detached/ });
    assert.throws(() => sha256(MSG, { out: detached(32) }), { name: 'TypeError', message: /"opts.out" is a view of a detached/ });
    await assert.rejects(sha256.async(detached(8)), { name: 'TypeError', message: /"msg" is a view of a detached/ });
    await assert.rejects(sha256.chunks.async([detached(8)]), { name: 'TypeError', message: /"parts\[0\]" is a view of a detached/ });
    // An empty array on a live buffer is still the empty message.
    assert.equal(hex(sha256(new Uint8Array(0))), nodeHex('sha256', new Uint8Array(0)));
  });

  test(`${b.name}: no property of a hash function leads to its memory`, () => {
    for (const name of HASHES) {
      const h = H[name];
      assert.deepEqual(Object.getOwnPropertySymbols(h), [], `${name} has no symbol-keyed properties`);
      for (const key of Reflect.ownKeys(h)) {
        const v = h[key];
        assert.ok(!(v instanceof Uint8Array) || v.length <= 16, `${name}.${String(key)} is not a memory view`);
      }
    }
  });
});

poolCheck(test);
