// SHA-3, Keccak and SHAKE (runtime/sponge.js over modules/sha3.js) through the public API on every
// backend: node:crypto (sha3-*, shake* with outputLength) on every length 0..300 and random
// lengths with random streaming splits, @noble/hashes for Keccak and the API shape, XOF streams
// (xof/xofInto continue the output across permutations, in any sizes), dkLen, out/outPos, chunks,
// parallel, async, clone/_cloneInto with noble's hmac and hkdf, status rules, errors naming the
// argument, a zero memory after every kind of call, and the backends against each other.
// Known-answer vectors are in vectors-sha3.test.js.
import assert from 'node:assert/strict';
import { createHash, createHmac, hkdfSync } from 'node:crypto';
import test from 'node:test';
import { hkdf } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import * as noble from '@noble/hashes/sha3.js';
import { memoryForTests } from '../../runtime/shell.js';
import { BACKENDS, SEED, firstSecretByte, forEachBackend, hex, isSlow, loadBackends, makeRng, randomSplit, repoRoot, COMPARES_BACKENDS, poolCheck } from './_helpers.js';

const backends = await loadBackends();

// name: [rate (blockLen), default output length, XOF?, last OID arc or null, node:crypto name or null]
const SPONGE = {
  sha3_224: [144, 28, false, 7, 'sha3-224'], sha3_256: [136, 32, false, 8, 'sha3-256'],
  sha3_384: [104, 48, false, 9, 'sha3-384'], sha3_512: [72, 64, false, 10, 'sha3-512'],
  keccak_224: [144, 28, false, null, null], keccak_256: [136, 32, false, null, null],
  keccak_384: [104, 48, false, null, null], keccak_512: [72, 64, false, null, null],
  shake128: [168, 16, true, 11, 'shake128'], shake256: [136, 32, true, 12, 'shake256'],
  shake128_32: [168, 32, true, 11, 'shake128'], shake256_64: [136, 64, true, 12, 'shake256'],
};
const NAMES = Object.keys(SPONGE);
const FIXED = NAMES.filter((n) => !SPONGE[n][2]);
const XOFS = NAMES.filter((n) => SPONGE[n][2]);

/** The reference output: node:crypto where it has the function, @noble/hashes for Keccak. */
function ref(name, msg, dkLen = SPONGE[name][1]) {
  const node = SPONGE[name][4];
  if (node === null) return hex(noble[name](msg));
  return createHash(node, SPONGE[name][2] ? { outputLength: dkLen } : undefined).update(msg).digest('hex');
}

forEachBackend(test, backends, 'sha3', (b) => {
  const H = b.hashes;
  const slow = isSlow(b.name);

  test(`${b.name}: properties, OIDs and definitions match @noble/hashes`, () => {
    for (const name of NAMES) {
      const [rate, outputLen, xof, oid] = SPONGE[name];
      const h = H[name];
      assert.equal(h.name, name);
      assert.equal(h.blockLen, rate, name);
      assert.equal(h.outputLen, outputLen, name);
      assert.equal(h.canXOF, xof, name);
      assert.equal(h.blockLen, noble[name].blockLen, `${name} blockLen vs noble`);
      assert.equal(h.outputLen, noble[name].outputLen, `${name} outputLen vs noble`);
      assert.equal(h.canXOF, noble[name].canXOF, `${name} canXOF vs noble`);
      if (oid === null) assert.equal(h.oid, undefined, name);
      else {
        assert.equal(hex(h.oid), `0609608648016503040${2}${oid.toString(16).padStart(2, '0')}`, name);
        assert.equal(hex(h.oid), hex(noble[name].oid), `${name} oid vs noble`);
      }
      assert.equal(h.getPlatform(), b.name);
      assert.deepEqual(h.getDefinition(), { module: 'sha3', name, blockLen: rate, outputLen, canXOF: xof });
      const s = h.create();
      assert.equal(s.blockLen, rate);
      assert.equal(s.outputLen, outputLen);
      assert.equal(s.canXOF, xof);
    }
  });

  test(`${b.name}: node:crypto / noble on every length 0..300, random lengths and streaming splits`, () => {
    const rng = makeRng(SEED, 60);
    const msg = rng.bytes(300);
    for (const name of NAMES) {
      for (let len = 0; len <= 300; len += slow ? 7 : 1)
        assert.equal(hex(H[name](msg.subarray(0, len))), ref(name, msg.subarray(0, len)), `${name} length ${len} (seed ${SEED})`);
      for (let i = 0; i < (slow ? 3 : 12); i++) {
        const m = rng.bytes(rng.int(slow ? 3000 : 70000));
        const want = ref(name, m);
        assert.equal(hex(H[name](m)), want, `${name} of ${m.length} bytes (seed ${SEED})`);
        const s = H[name].create();
        for (const piece of randomSplit(rng, m, 300)) s.update(piece);
        assert.equal(hex(s.digest()), want, `${name} streamed, ${m.length} bytes (seed ${SEED})`);
      }
    }
  });

  test(`${b.name}: SHAKE dkLen: any length, the default, and errors naming dkLen`, () => {
    const rng = makeRng(SEED, 61);
    for (const name of XOFS) {
      const [rate] = SPONGE[name];
      const m = rng.bytes(rng.int(500));
      const lengths = [0, 1, rate - 1, rate, rate + 1, 2 * rate, 2 * rate + 1, slow ? 1000 : 10000, rng.int(3000)];
      for (const dkLen of lengths) {
        assert.equal(hex(H[name](m, { dkLen })), ref(name, m, dkLen), `${name} dkLen ${dkLen} (seed ${SEED})`);
        assert.equal(hex(H[name].create({ dkLen }).update(m).digest()), ref(name, m, dkLen), `${name} stream dkLen ${dkLen}`);
        assert.equal(H[name].create({ dkLen }).outputLen, dkLen);
      }
      assert.equal(hex(H[name](m, { dkLen: undefined })), ref(name, m), 'undefined dkLen is the default');
      for (const bad of [-1, 1.5, NaN, Infinity, 2 ** 53])
        assert.throws(() => H[name](m, { dkLen: bad }), { name: 'RangeError', message: /"opts\.dkLen"/ }, `${name} dkLen ${bad}`);
      for (const bad of ['32', 32n, null, {}])
        assert.throws(() => H[name](m, { dkLen: bad }), { name: 'TypeError', message: /"opts\.dkLen"/ }, `${name} dkLen ${String(bad)}`);
      assert.throws(() => H[name].create({ dkLen: -5 }), { name: 'RangeError', message: /"opts\.dkLen"/ });
    }
    for (const name of FIXED) {
      const out = SPONGE[name][1];
      assert.equal(hex(H[name](new Uint8Array(3), { dkLen: out })), ref(name, new Uint8Array(3)), `${name}: dkLen = outputLen is accepted`);
      for (const bad of [out - 1, out + 1, 0, 1000])
        assert.throws(() => H[name](new Uint8Array(3), { dkLen: bad }), { name: 'RangeError', message: new RegExp(`"opts\\.dkLen" must be ${out} for ${name}`) });
      assert.throws(() => H[name].create({ dkLen: out + 1 }), { name: 'RangeError', message: /"opts\.dkLen"/ });
    }
  });

  test(`${b.name}: xof() and xofInto() continue the output in any sizes, across permutations`, () => {
    const rng = makeRng(SEED, 62);
    for (const name of XOFS) {
      for (let trial = 0; trial < (slow ? 2 : 6); trial++) {
        const m = rng.bytes(rng.int(600));
        const total = rng.int(slow ? 1500 : 5000);
        const want = ref(name, m, total);
        const s = H[name].create();
        for (const piece of randomSplit(rng, m, 200)) s.update(piece);
        const parts = [];
        for (let got = 0; got < total; ) {
          const n = Math.min(total - got, rng.int(4) === 0 ? 0 : rng.int(400));
          if (rng.int(2) === 0) parts.push(s.xof(n));
          else {
            const buf = new Uint8Array(n);
            assert.equal(s.xofInto(buf), buf, 'xofInto returns its buffer');
            parts.push(buf);
          }
          got += n;
        }
        assert.equal(hex(Buffer.concat(parts)), want, `${name}: ${m.length}-byte message, ${total} bytes in ${parts.length} calls (seed ${SEED})`);
      }
      // xof(0) first, then output from the start.
      const s = H[name].create().update(new Uint8Array([1, 2, 3]));
      assert.equal(s.xof(0).length, 0);
      assert.equal(hex(s.xof(50)), ref(name, new Uint8Array([1, 2, 3]), 50));
      assert.throws(() => s.xof(-1), { name: 'RangeError', message: /"bytes"/ });
      assert.throws(() => s.xof('5'), { name: 'TypeError', message: /"bytes"/ });
      assert.throws(() => s.xofInto('abc'), { name: 'TypeError', message: /"buf"/ });
    }
  });

  test(`${b.name}: stream status rules (xof, digest, update, clone, destroy)`, () => {
    for (const name of XOFS) {
      const s = H[name].create().update(new Uint8Array(10));
      s.xof(5);
      assert.throws(() => s.update(new Uint8Array(1)), /update\(\) after xof\(\)/);
      assert.throws(() => s.digest(), /digest\(\) after xof\(\)/);
      const c = s.clone();
      assert.equal(hex(c.xof(20)), hex(s.xof(20)), `${name}: a clone made while squeezing continues the same output`);
      const d = H[name].create();
      d.digest();
      assert.throws(() => d.xof(1), /xof\(\) after digest\(\)/);
      const e = H[name].create();
      e.destroy();
      assert.throws(() => e.xof(1), /xof\(\) after destroy\(\)/);
    }
    for (const name of FIXED) {
      const s = H[name].create();
      assert.throws(() => s.xof(1), /cannot XOF/);
      assert.throws(() => s.xofInto(new Uint8Array(1)), /cannot XOF/);
      s.update(new Uint8Array(5));
      const buf = new Uint8Array(SPONGE[name][1] + 4);
      s.digestInto(buf);
      assert.equal(hex(buf.subarray(0, SPONGE[name][1])), ref(name, new Uint8Array(5)));
      assert.equal(hex(buf.subarray(SPONGE[name][1])), '00000000', 'digestInto writes outputLen bytes only');
      assert.throws(() => s.update(new Uint8Array(1)), /after digest/);
      assert.throws(() => s.digest(), /after digest/);
      assert.throws(() => H[name].create().digestInto(new Uint8Array(SPONGE[name][1] - 1)), { name: 'RangeError', message: /"buf"/ });
    }
  });

  test(`${b.name}: clones are independent; _cloneInto reuses a stream; out/outPos, chunks, parallel`, () => {
    const rng = makeRng(SEED, 63);
    for (const name of NAMES) {
      const h = H[name];
      const m = rng.bytes(400);
      const a = h.create().update(m.subarray(0, 150));
      const c = a.clone();
      a.update(m.subarray(150));
      c.update(m.subarray(150));
      assert.equal(hex(c.digest()), ref(name, m), `${name} clone`);
      const target = h.create().update(rng.bytes(99));
      target.digest();
      assert.equal(a._cloneInto(target), target);
      assert.equal(hex(target.digest()), ref(name, m), `${name} _cloneInto a finished stream`);
      assert.equal(hex(a.digest()), ref(name, m));
      const other = NAMES[(NAMES.indexOf(name) + 1) % NAMES.length];
      assert.throws(() => h.create()._cloneInto(H[other].create()), { name: 'TypeError', message: new RegExp(`"to" must be a ${name} stream`) });

      const dkLen = SPONGE[name][2] ? 77 : SPONGE[name][1];
      const opts = SPONGE[name][2] ? { dkLen } : {};
      const out = new Uint8Array(dkLen + 9).fill(0xee);
      const r = h(m, { ...opts, out, outPos: 4 });
      assert.equal(hex(r), ref(name, m, dkLen));
      assert.equal(r.buffer, out.buffer);
      assert.equal(hex(out.subarray(0, 4)), 'eeeeeeee');
      assert.equal(hex(out.subarray(4 + dkLen)), 'eeeeeeeeee');
      assert.throws(() => h(m, { ...opts, out: new Uint8Array(dkLen), outPos: 1 }), { name: 'RangeError', message: /"opts\.out" is too small/ });
      const parts = randomSplit(rng, m, 100);
      assert.equal(hex(h.chunks(parts, opts)), ref(name, m, dkLen), `${name} chunks`);
      const msgs = [m, new Uint8Array(0), rng.bytes(SPONGE[name][0])];
      assert.deepEqual(h.parallel(msgs, opts).map(hex), msgs.map((x) => ref(name, x, dkLen)), `${name} parallel`);
    }
  });

  test(`${b.name}: async forms equal the sync ones`, async () => {
    const rng = makeRng(SEED, 64);
    const big = rng.bytes(slow ? 20000 : 300000);
    for (const name of ['sha3_256', 'keccak_512', 'shake128', 'shake256_64']) {
      const h = H[name];
      const opts = h.canXOF ? { dkLen: 300 } : {};
      assert.equal(hex(await h.async(big, { ...opts, asyncTick: 0 })), ref(name, big, opts.dkLen));
      assert.equal(hex(await h.chunks.async([big.subarray(0, 1000), big.subarray(1000)], opts)), ref(name, big, opts.dkLen));
      const res = await h.parallel.async([big.subarray(0, 10), big], opts);
      assert.deepEqual(res.map(hex), [ref(name, big.subarray(0, 10), opts.dkLen), ref(name, big, opts.dkLen)]);
    }
  });

  test(`${b.name}: @noble/hashes' hmac (with clone) and hkdf accept our SHA-3 hashes (node:crypto HMAC/HKDF)`, () => {
    const rng = makeRng(SEED, 65);
    for (const name of ['sha3_224', 'sha3_256', 'sha3_384', 'sha3_512']) {
      const h = H[name];
      const node = SPONGE[name][4];
      for (const keyLen of [0, 20, SPONGE[name][0], SPONGE[name][0] + 1, 300]) {
        const key = rng.bytes(keyLen);
        const msg = rng.bytes(rng.int(400));
        const want = createHmac(node, key).update(msg).digest('hex');
        assert.equal(hex(hmac(h, key, msg)), want, `${name} hmac, key ${keyLen}`);
        const m = hmac.create(h, key).update(msg.subarray(0, 7));
        const c = m.clone();
        m.update(msg.subarray(7));
        c.update(msg.subarray(7));
        assert.equal(hex(m.digest()), want);
        assert.equal(hex(c.digest()), want, `${name} hmac clone`);
      }
      const ikm = rng.bytes(33);
      const salt = rng.bytes(16);
      const info = rng.bytes(10);
      for (const len of [1, 32, 100])
        assert.equal(hex(hkdf(h, ikm, salt, info, len)), Buffer.from(hkdfSync(node, ikm, salt, info, len)).toString('hex'), `${name} hkdf ${len}`);
    }
    // Keccak-256 in noble's hmac against noble's own Keccak-256.
    const key = rng.bytes(50);
    const msg = rng.bytes(200);
    assert.equal(hex(hmac(H.keccak_256, key, msg)), hex(hmac(noble.keccak_256, key, msg)));
  });

  test(`${b.name}: errors name the argument`, () => {
    for (const name of ['sha3_256', 'shake128']) {
      const h = H[name];
      assert.throws(() => h('abc'), { name: 'TypeError', message: '"msg" must be Uint8Array, got string' });
      assert.throws(() => h(new Uint8Array(1), { foo: 1 }), { name: 'TypeError', message: new RegExp(`unknown option "foo" for ${name}`) });
      assert.throws(() => h.create().update([1, 2]), { name: 'TypeError', message: /"msg"/ });
      assert.throws(() => h.chunks('x'), { name: 'TypeError', message: /"parts"/ });
      assert.throws(() => h.parallel([new Uint8Array(1), 5]), { name: 'TypeError', message: /"msgs\[1\]"/ });
      assert.throws(() => h(new Uint8Array(1), { out: new Uint8Array(100), outPos: -1 }), { name: 'RangeError', message: /"opts\.outPos"/ });
    }
  });

  test(`${b.name}: the sha3 memory is zero after every kind of call`, async () => {
    const rng = makeRng(SEED, 66);
    const regions = (await import(`${repoRoot}/targets/${b.name}/sha3.js`)).regions;
    for (const name of NAMES) {
      const h = H[name];
      const opts = h.canXOF ? { dkLen: 1000 } : {};
      h(rng.bytes(slow ? 5000 : 40000), opts);
      h.chunks([rng.bytes(100), rng.bytes(9000)], opts);
      h.parallel([rng.bytes(10), rng.bytes(200)], opts);
      const s = h.create(opts).update(rng.bytes(150)).update(rng.bytes(3));
      s.clone().digest();
      if (h.canXOF) {
        s.xof(300);
        s.xofInto(new Uint8Array(7));
      }
      const s2 = h.create().update(rng.bytes(20000));
      s2.digest();
      await h.async(rng.bytes(slow ? 5000 : 40000), { ...opts, asyncTick: 0 });
      assert.equal(firstSecretByte(memoryForTests(h), regions), null, `${b.name} ${name}`);
    }
  });
});

test('the backends agree on every SHA-3, Keccak and SHAKE function', { skip: COMPARES_BACKENDS }, () => {
  const rng = makeRng(SEED, 67);
  const loaded = backends.filter((b) => b.hashes !== null);
  assert.equal(loaded.length, BACKENDS.length, 'every backend loads');
  for (const name of NAMES) {
    for (let i = 0; i < 10; i++) {
      const m = rng.bytes(rng.int(3000));
      const opts = SPONGE[name][2] ? { dkLen: rng.int(700) } : {};
      const all = loaded.map((b) => hex(b.hashes[name](m, opts)));
      assert.ok(all.every((x) => x === all[0]), `${name} of ${m.length} bytes (seed ${SEED}): ${loaded.map((b) => b.name).join(', ')} agree`);
    }
  }
});

poolCheck(test);
