// hmac.js and hkdf.js on every backend entry and every hash the entry exports (found by shape,
// so hashes added to the entries are covered without touching this file): against node:crypto's
// createHmac and hkdfSync for the hashes node has, and @noble/hashes' hmac, hkdf and expand given
// noble's hash of the same name for the rest; streaming with random splits, clones mid-stream,
// the status rules, argument errors, the key absorbed once, and that no temporary keeps key
// material (the hash streams see every buffer HMAC and HKDF hand them; each must be zero after).
import assert from 'node:assert/strict';
import { createHmac, hkdfSync } from 'node:crypto';
import test from 'node:test';
import * as nobleBlake1 from '@noble/hashes/blake1.js';
import * as nobleBlake2 from '@noble/hashes/blake2.js';
import * as nobleBlake3 from '@noble/hashes/blake3.js';
import { expand as nobleExpand, hkdf as nobleHkdf } from '@noble/hashes/hkdf.js';
import { hmac as nobleHmac } from '@noble/hashes/hmac.js';
import * as nobleLegacy from '@noble/hashes/legacy.js';
import * as nobleSha2 from '@noble/hashes/sha2.js';
import * as nobleSha3 from '@noble/hashes/sha3.js';
import { expand, extract, hkdf } from '../../hkdf.js';
import { hmac } from '../../hmac.js';
import { memoryForTests } from '../../runtime/shell.js';
import { SEED, firstSecretByte, forEachBackend, hex, isSlow, loadBackends, makeRng, randomSplit } from './_helpers.js';

const backends = await loadBackends();

/** The hashes an entry exports: every export with the hash shape, but the MACs (they need a key). */
const MACS = new Set(['poly1305', 'ghash', 'polyval', 'cmac']);
const hashesOf = (mod) =>
  Object.entries(mod).filter(([name, h]) => !MACS.has(name) && typeof h === 'function' && typeof h.create === 'function' && Number.isSafeInteger(h.blockLen));

const isHash = (h) => typeof h === 'function' && typeof h.create === 'function' && typeof h.outputLen === 'number';
const NOBLE = Object.fromEntries(
  [nobleSha2, nobleLegacy, nobleSha3, nobleBlake1, nobleBlake2, nobleBlake3].flatMap((m) => Object.entries(m).filter(([, h]) => isHash(h))),
);
// node:crypto's names for our hashes, kept where this node has an HMAC for them.
const NODE_CANDIDATES = {
  sha1: 'sha1', md5: 'md5', ripemd160: 'ripemd160', sha224: 'sha224', sha256: 'sha256', sha384: 'sha384',
  sha512: 'sha512', sha512_224: 'sha512-224', sha512_256: 'sha512-256', sha3_224: 'sha3-224', sha3_256: 'sha3-256',
  sha3_384: 'sha3-384', sha3_512: 'sha3-512', blake2b: 'blake2b512', blake2s: 'blake2s256',
};
const NODE = Object.fromEntries(
  Object.entries(NODE_CANDIDATES).filter(([, n]) => {
    try {
      createHmac(n, 'k').update('m').digest();
      hkdfSync(n, 'k', 's', 'i', 10);
      return true;
    } catch {
      return false;
    }
  }),
);

/**
 * The reference for hash `name` of ours: node:crypto where it has the hash (with its outputLen),
 * else @noble/hashes' hmac and hkdf over noble's hash of that name; null when neither has it.
 */
function reference(name, h) {
  const node = NODE[name];
  if (node !== undefined) {
    return {
      by: 'node:crypto',
      hmac: (key, msg) => createHmac(node, key).update(msg).digest('hex'),
      hkdf: (ikm, salt, info, len) =>
        len === 0 ? '' : Buffer.from(hkdfSync(node, ikm, salt ?? new Uint8Array(h.outputLen), info ?? new Uint8Array(0), len)).toString('hex'),
      expand: (prk, info, len) => hex(nobleExpand(NOBLE[name], prk, info, len)),
    };
  }
  const nh = NOBLE[name];
  if (nh === undefined) return null;
  return {
    by: '@noble/hashes',
    hmac: (key, msg) => hex(nobleHmac(nh, key, msg)),
    hkdf: (ikm, salt, info, len) => hex(nobleHkdf(nh, ikm, salt, info, len)),
    expand: (prk, info, len) => hex(nobleExpand(nh, prk, info, len)),
  };
}

// ---- Differential tests, every backend, every hash.
forEachBackend(test, backends, 'hmac/hkdf', (b) => {
  const slow = isSlow(b.name);
  for (const [name, h] of hashesOf(b.hashes)) {
    const ref = reference(name, h);
    const B = h.blockLen;
    const rng = makeRng(SEED, 100 + name.length * 7 + name.charCodeAt(name.length - 1));
    if (ref === null) {
      test(`${b.name}: hmac/hkdf(${name})`, (t) => t.skip(`neither node:crypto nor @noble/hashes has ${name}`));
      continue;
    }

    // Every key length 0..2B+1 (each with a message length from a rotation), every message length
    // 0..300 (each with a key length from a rotation), and random pairs.
    const pairs = [];
    for (let k = 0; k <= 2 * B + 1; k++) pairs.push([k, (k * 37) % 301]);
    for (let m = 0; m <= 300; m++) pairs.push([(m * 53) % (2 * B + 2), m]);
    const randoms = slow ? 20 : 100;
    for (let i = 0; i < randoms; i++) pairs.push([rng.int(3 * B), rng.int(slow ? 600 : 3000)]);
    test(`${b.name}: hmac(${name}) = ${ref.by} on key lengths 0..${2 * B + 1}, message lengths 0..300 and ${randoms} random pairs (${pairs.length} cases)`, () => {
      for (const [kl, ml] of pairs) {
        const key = rng.bytes(kl);
        const msg = rng.bytes(ml);
        assert.equal(hex(hmac(h, key, msg)), ref.hmac(key, msg), `${name} key ${kl} msg ${ml} (TEST_SEED=${SEED})`);
      }
    });

    const streams = slow ? 8 : 40;
    test(`${b.name}: hmac.create(${name}) with random update sizes, clone() mid-stream and digestInto (${streams} streams)`, () => {
      for (let i = 0; i < streams; i++) {
        const key = rng.bytes(rng.int(3 * B));
        const msg = rng.bytes(rng.int(slow ? 700 : 2500));
        const want = ref.hmac(key, msg);
        const parts = randomSplit(rng, msg, 2 * B + 3);
        const at = rng.int(parts.length + 1);
        const s = hmac.create(h, key);
        assert.equal(s.blockLen, B);
        assert.equal(s.outputLen, h.outputLen);
        let c = null;
        for (let j = 0; j < parts.length; j++) {
          if (j === at) c = s.clone();
          assert.equal(s.update(parts[j]), s);
        }
        if (c === null) c = s.clone();
        for (let j = at; j < parts.length; j++) c.update(parts[j]);
        const buf = new Uint8Array(h.outputLen + 5).fill(0xee);
        assert.equal(s.digestInto(buf), undefined);
        assert.equal(hex(buf.subarray(0, h.outputLen)), want, `${name} stream (TEST_SEED=${SEED})`);
        assert.equal(hex(buf.subarray(h.outputLen)), 'ee'.repeat(5), 'digestInto writes only outputLen bytes');
        assert.equal(hex(c.digest()), want, `${name} clone (TEST_SEED=${SEED})`);
      }
    });

    const olen = h.outputLen;
    const lengths = [0, 1, olen - 1, olen, olen + 1, 2 * olen + 3, 255 * olen];
    for (let i = 0; i < (slow ? 4 : 20); i++) lengths.push(rng.int(slow ? 8 * olen : 255 * olen + 1));
    test(`${b.name}: hkdf/extract/expand(${name}) = ${ref.by} (${lengths.length} lengths up to 255 * ${olen})`, () => {
      for (const len of lengths) {
        const ikm = rng.bytes(rng.int(2 * B));
        const salt = rng.int(4) === 0 ? undefined : rng.bytes(rng.int(2 * B));
        const info = rng.int(4) === 0 ? undefined : rng.bytes(rng.int(3 * olen));
        const want = ref.hkdf(ikm, salt, info, len);
        assert.equal(hex(hkdf(h, ikm, salt, info, len)), want, `${name} hkdf length ${len} (TEST_SEED=${SEED})`);
        const prk = extract(h, ikm, salt);
        assert.equal(hex(prk), ref.hmac(salt ?? new Uint8Array(olen), ikm), `${name} extract`);
        assert.equal(hex(expand(h, prk, info, len)), want, `${name} expand length ${len}`);
        const longPrk = rng.bytes(olen + rng.int(2 * B));
        assert.equal(hex(expand(h, longPrk, info, len)), ref.expand(longPrk, info, len), `${name} expand, prk ${longPrk.length}`);
      }
      const prk = rng.bytes(olen);
      assert.equal(hex(expand(h, prk)), ref.expand(prk, undefined, 32), 'length defaults to 32, info to empty');
      assert.equal(hex(hkdf(h, prk, undefined, undefined)), ref.hkdf(prk, undefined, undefined, 32));
    });
  }

  test(`${b.name}: our hmac and hkdf over @noble/hashes' hashes = noble's own`, () => {
    const rng = makeRng(SEED, 7);
    for (const [name, nh] of Object.entries(NOBLE)) {
      const key = rng.bytes(rng.int(3 * nh.blockLen));
      const msg = rng.bytes(rng.int(400));
      assert.equal(hex(hmac(nh, key, msg)), hex(nobleHmac(nh, key, msg)), name);
      const len = rng.int(4 * nh.outputLen);
      assert.equal(hex(hkdf(nh, key, msg, msg, len)), hex(nobleHkdf(nh, key, msg, msg, len)), name);
    }
  });

  test(`${b.name}: HMAC streams follow the hash stream rules`, () => {
    const { sha256, sha512 } = b.hashes;
    const key = new Uint8Array(40).fill(7);
    const msg = new Uint8Array(100).fill(1);
    const want = hex(hmac(sha256, key, msg));
    const s = hmac.create(sha256, key).update(msg);
    assert.equal(s.canXOF, false);
    assert.throws(() => s.xof(10), /cannot XOF/);
    assert.throws(() => s.update('abc'), { name: 'TypeError', message: /"msg" must be Uint8Array, got string/ });
    assert.throws(() => s.digestInto(new Uint8Array(31)), { name: 'RangeError', message: /"buf" must have length >= 32/ });
    const c = s.clone();
    assert.equal(hex(s.digest()), want, 'a rejected update leaves the stream usable');
    for (const f of [() => s.update(msg), () => s.digest(), () => s.digestInto(new Uint8Array(32)), () => s.clone()])
      assert.throws(f, /update\(\) after digest\(\)|digest\(\) after digest\(\)|digestInto\(\) after digest\(\)|clone\(\) after digest\(\)/);
    // _cloneInto reuses an HMAC stream of the same hash (any key, any status) and refuses others.
    const other = hmac.create(sha256, new Uint8Array(3)).update(msg);
    other.digest();
    assert.equal(c._cloneInto(other), other);
    assert.equal(hex(other.digest()), want);
    assert.throws(() => c._cloneInto(hmac.create(sha512, key)), { name: 'TypeError', message: /"to" must be a hmac\(sha256\) stream/ });
    assert.throws(() => c._cloneInto(sha256.create()), { name: 'TypeError' });
    c.destroy();
    c.destroy();
    for (const f of [() => c.update(msg), () => c.digest(), () => c.clone()]) assert.throws(f, /after destroy\(\)/);
  });

  test(`${b.name}: arguments are checked, errors name them`, () => {
    const { sha256 } = b.hashes;
    const u = new Uint8Array(32);
    const T = { name: 'TypeError' };
    assert.throws(() => hmac('sha256', u, u), { ...T, message: /"hash" must be a hash function/ });
    assert.throws(() => hmac(sha256.create(), u, u), { ...T, message: /"hash"/ });
    assert.throws(() => hmac(sha256, 'key', u), { ...T, message: /"key" must be Uint8Array, got string/ });
    assert.throws(() => hmac(sha256, u, [1, 2]), { ...T, message: /"msg" must be Uint8Array, got Array/ });
    assert.throws(() => hmac(sha256, new Proxy(u, {}), u), { ...T, message: /"key"/ });
    assert.throws(() => hmac.create(sha256, null), { ...T, message: /"key"/ });
    assert.throws(() => hmac.create(Object.assign(() => u, { create: () => sha256.create(), blockLen: 0, outputLen: 32 }), u), {
      name: 'RangeError', message: /"hash.blockLen" must be a positive integer/,
    });
    assert.throws(() => hmac(Object.assign(() => u, { create: () => ({}), blockLen: 64, outputLen: 32 }), u, u), {
      ...T, message: /"hash.create\(\)" must return a stream/,
    });
    assert.throws(() => extract(sha256, 'ikm'), { ...T, message: /"ikm"/ });
    assert.throws(() => extract(sha256, u, null), { ...T, message: /"salt" must be Uint8Array, got null/ });
    assert.throws(() => expand(sha256, 'prk'), { ...T, message: /"prk"/ });
    assert.throws(() => expand(sha256, u, 'info'), { ...T, message: /"info"/ });
    assert.throws(() => expand(sha256, u, u, '32'), { ...T, message: /"length" must be a non-negative integer, got string/ });
    assert.throws(() => expand(sha256, u, u, -1), { name: 'RangeError', message: /"length"/ });
    assert.throws(() => expand(sha256, u, u, 1.5), { name: 'RangeError', message: /"length"/ });
    assert.throws(() => expand(sha256, u, u, 255 * 32 + 1), { name: 'RangeError', message: /"length" must be <= 255 \* outputLen = 8160/ });
    assert.throws(() => expand(sha256, u.subarray(1), u, 32), { name: 'RangeError', message: /"prk" must have at least outputLen \(32\) bytes/ });
    assert.throws(() => hkdf(sha256, u, u, u, 8161), { name: 'RangeError', message: /"length"/ });
    assert.throws(() => hkdf(sha256, u, 'salt', u, 32), { ...T, message: /"salt"/ });
    assert.throws(() => hkdf(sha256, u, u, 5, 32), { ...T, message: /"info"/ });
    assert.equal(expand(sha256, u, u, 255 * 32).length, 255 * 32);
    assert.equal(hkdf(sha256, u, undefined, undefined, 0).length, 0);
  });

  test(`${b.name}: the key is absorbed once per call (keyed streams cloned per HKDF block) and every temporary is zeroed`, () => {
    for (const name of ['sha256', 'sha512', 'sha1']) {
      const h = b.hashes[name];
      const B = h.blockLen;
      const olen = h.outputLen;
      const ikm = new Uint8Array(50).fill(0x11);
      const salt = new Uint8Array(3 * B).fill(0x22); // longer than a block: hashed first
      const info = new Uint8Array(9).fill(0x33);
      const L = 255 * olen;
      const spy = spyHash(h);
      const okm = hkdf(spy, ikm, salt, info, L);
      assert.equal(hex(okm), hex(hkdf(h, ikm, salt, info, L)));
      // extract: the salt hashed (3B), the two pads (2B), ikm, the inner digest; expand: the two
      // pads, then per block i: [T(i-1)] info counter and T(i) through the outer stream.
      const blocks = 255;
      const want = 3 * B + 2 * B + ikm.length + olen + 2 * B + (blocks - 1) * olen + blocks * (info.length + 1) + blocks * olen;
      assert.equal(spy.absorbed(), want, `${name}: bytes absorbed (the key would add 2 blocks per HKDF block)`);
      assert.equal(spy.created(), 5, `${name}: hash.create() calls (hashed salt, extract's two keyed streams, expand's two)`);
      spy.assertClean([ikm, salt, info, okm], `${name} hkdf`);
      // hmac with a long key and a stream
      const spy2 = spyHash(h);
      const key = new Uint8Array(B + 1).fill(0x44);
      const m = hmac.create(spy2, key).update(info);
      const c = m.clone();
      const t1 = m.digest();
      const t2 = new Uint8Array(olen);
      c.digestInto(t2);
      assert.deepEqual(t1, t2);
      spy2.assertClean([key, info, t1, t2], `${name} hmac`);
    }
  });

  test(`${b.name}: temporaries are zeroed when the hash throws half-way`, async () => {
    const h = b.hashes.sha256;
    const regions = await regionsOf(b.name, h);
    for (let failAt = 1; failAt < 12; failAt++) {
      const spy = spyHash(h, failAt);
      const key = new Uint8Array(100).fill(0x55);
      const ikm = new Uint8Array(20).fill(0x66);
      assert.throws(() => hkdf(spy, ikm, key, undefined, 100), /injected failure/);
      spy.assertClean([key, ikm], `failure at hash call ${failAt}`);
      const mem = memoryForTests(h);
      if (mem !== undefined) assert.equal(firstSecretByte(mem, regions), null);
    }
  });

  test(`${b.name}: the kernel memory is zero after hmac and hkdf calls`, async () => {
    for (const [name, h] of hashesOf(b.hashes)) {
      const key = new Uint8Array(h.blockLen + 9).fill(0x77);
      hmac(h, key, key);
      hkdf(h, key, key, key, 3 * h.outputLen);
      const s = hmac.create(h, key).update(key);
      s.clone().digest();
      s.destroy();
      const mem = memoryForTests(h);
      if (mem === undefined) continue;
      assert.equal(firstSecretByte(mem, await regionsOf(b.name, h)), null, name);
    }
  });
});

// The regions of the target file behind an entry's hash (targets/<backend>/<module>.js): its
// constant regions (the kernels' tables) are public, everything else must be zero.
async function regionsOf(backend, h) {
  try {
    return (await import(new URL(`../../targets/${backend}/${h.getDefinition().module}.js`, import.meta.url))).regions || {};
  } catch {
    return {};
  }
}

/**
 * `h` wrapped so that every buffer HMAC/HKDF hand to its streams (update, digestInto) is recorded,
 * and every stream must be destroyed; `failAt` makes the n-th stream call throw. assertClean(mine)
 * checks that each recorded buffer other than the caller's own (`mine`, compared by buffer) is all
 * zero and that every stream was destroyed.
 */
function spyHash(h, failAt = 0) {
  const seen = [];
  const streams = [];
  let calls = 0;
  let bytes = 0;
  let creates = 0;
  const tick = () => {
    if (++calls === failAt) throw new Error('injected failure');
  };
  class Spy {
    constructor(s) {
      this.s = s;
      this.blockLen = s.blockLen;
      this.outputLen = s.outputLen;
      this.destroyed = false;
      streams.push(this);
    }
    update(m) {
      tick();
      seen.push(m);
      bytes += m.length;
      this.s.update(m);
      return this;
    }
    digestInto(buf) {
      tick();
      seen.push(buf);
      this.s.digestInto(buf);
    }
    _cloneInto(to) {
      tick();
      if (to === undefined) return new Spy(this.s._cloneInto());
      to.s = this.s._cloneInto(to.s);
      return to;
    }
    destroy() {
      this.destroyed = true;
      this.s.destroy();
    }
  }
  const spy = Object.assign((msg) => h(msg), {
    blockLen: h.blockLen,
    outputLen: h.outputLen,
    create: () => {
      creates++;
      return new Spy(h.create());
    },
  });
  Object.defineProperty(spy, 'name', { value: `spy(${h.name})` });
  spy.absorbed = () => bytes;
  spy.created = () => creates;
  spy.assertClean = (mine, what) => {
    const own = (u) => mine.some((m) => m.buffer === u.buffer);
    for (const u of seen) {
      if (own(u)) continue;
      assert.ok(u.every((x) => x === 0), `${what}: a ${u.length}-byte temporary was not zeroed: ${hex(u).slice(0, 40)}...`);
    }
    streams.forEach((s, i) => assert.ok(s.destroyed, `${what}: hash stream ${i} of ${streams.length} was not destroyed`));
  };
  return spy;
}
