// sha1, md5 and ripemd160 (modules/legacy.js) on every backend: the specs' examples, node:crypto
// on every length 0..300 and random lengths with random streaming splits, @noble/hashes' legacy
// module, the other backends, the API shape, and a zero memory after every kind of call.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import test from 'node:test';
import { md5 as nobleMd5, ripemd160 as nobleRipemd160, sha1 as nobleSha1 } from '@noble/hashes/legacy.js';
import { memoryForTests } from '../../runtime/shell.js';
import { firstSecretByte, forEachBackend, hex, loadBackends, makeRng, randomSplit, repoRoot, poolCheck } from './_helpers.js';

const backends = await loadBackends();
const LEGACY = ['sha1', 'md5', 'ripemd160'];
const OUTPUT = { sha1: 20, md5: 16, ripemd160: 20 };
const NOBLE = { sha1: nobleSha1, md5: nobleMd5, ripemd160: nobleRipemd160 };
const node = (name, msg) => createHash(name).update(msg).digest('hex');
const ascii = (s) => new TextEncoder().encode(s);

// Published examples: FIPS 180 (SHA-1), RFC 1321 §A.5 (MD5), the RIPEMD-160 paper's table.
const EXAMPLES = {
  sha1: [
    ['abc', 'a9993e364706816aba3e25717850c26c9cd0d89d'],
    ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '84983e441c3bd26ebaae4aa1f95129e5e54670f1'],
  ],
  md5: [
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['12345678901234567890123456789012345678901234567890123456789012345678901234567890', '57edf4a22be3c955ac49da2e2107b67a'],
  ],
  ripemd160: [
    ['', '9c1185a5c5e9fc54612808977ee8f548b2258d31'],
    ['abc', '8eb208f7e05d987a9b044a8e98c6b087f15a0bfc'],
    ['abcdefghijklmnopqrstuvwxyz', 'f71c27109c692c1b56bbdceb5b9d2865b3708dbc'],
    ['12345678901234567890123456789012345678901234567890123456789012345678901234567890', '9b752e45573d4b39f4dbd3323cab82bf63326bfb'],
  ],
};

forEachBackend(test, backends, 'legacy hashes', (b) => {
  const H = b.hashes;
  const rng = makeRng(undefined, 40);

  test(`${b.name}: sha1, md5, ripemd160 give the published examples`, () => {
    for (const name of LEGACY) for (const [msg, want] of EXAMPLES[name]) assert.equal(hex(H[name](ascii(msg))), want, `${name}('${msg}')`);
    // A million 'a' (FIPS 180 / RIPEMD-160 paper), in chunks.
    const a = new Uint8Array(1000).fill(0x61);
    const parts = Array.from({ length: 1000 }, () => a);
    assert.equal(hex(H.sha1.chunks(parts)), '34aa973cd4c4daa4f61eeb2bdbad27316534016f');
    assert.equal(hex(H.ripemd160.chunks(parts)), '52783243c1697bdbe16d37f97f68f08325dc1528');
  });

  test(`${b.name}: node:crypto on every length 0..300, random lengths and streaming splits`, () => {
    const msg = rng.bytes(300);
    for (const name of LEGACY) {
      for (let len = 0; len <= 300; len++) assert.equal(hex(H[name](msg.subarray(0, len))), node(name, msg.subarray(0, len)), `${name} length ${len}`);
      for (let i = 0; i < 20; i++) {
        const m = rng.bytes(rng.int(70000));
        const want = node(name, m);
        assert.equal(hex(H[name](m)), want, `${name} of ${m.length} bytes`);
        const s = H[name].create();
        for (const piece of randomSplit(rng, m, 200)) s.update(piece);
        assert.equal(hex(s.digest()), want, `${name} streamed, ${m.length} bytes`);
      }
    }
  });

  test(`${b.name}: @noble/hashes' legacy module agrees, and the shape is the same`, () => {
    for (const name of LEGACY) {
      const h = H[name];
      for (let i = 0; i < 30; i++) {
        const m = rng.bytes(rng.int(1000));
        assert.equal(hex(h(m)), hex(NOBLE[name](m)), `${name} vs noble`);
      }
      assert.equal(h.outputLen, OUTPUT[name]);
      assert.equal(h.outputLen, NOBLE[name].outputLen);
      assert.equal(h.blockLen, 64);
      assert.equal(h.oid, undefined);
      assert.equal(h.getDefinition().module, 'legacy');
      assert.equal(h.getPlatform(), b.name);
      const out = new Uint8Array(OUTPUT[name] + 3);
      assert.equal(hex(h(MSG(), { out, outPos: 3 })), node(name, MSG()));
      assert.equal(hex(out.subarray(3)), node(name, MSG()));
      assert.deepEqual(h.parallel([MSG(), new Uint8Array(0)]).map(hex), [node(name, MSG()), node(name, new Uint8Array(0))]);
      assert.throws(() => h(MSG(), { dkLen: 5 }), { name: 'RangeError', message: new RegExp(`"opts.dkLen" must be ${OUTPUT[name]} for ${name}`) });
      assert.throws(() => h('abc'), { name: 'TypeError', message: '"msg" must be Uint8Array, got string' });
    }
  });

  test(`${b.name}: the legacy memory is zero after every kind of call`, async () => {
    const regions = (await import(`${repoRoot}/targets/${b.name}/legacy.js`)).regions;
    for (const name of LEGACY) {
      const h = H[name];
      h(rng.bytes(5000));
      h.chunks([rng.bytes(100), rng.bytes(9000)]);
      h.parallel([rng.bytes(10), rng.bytes(200)]);
      const s = h.create().update(rng.bytes(150));
      s.clone().digest();
      s.digest();
      await h.async(rng.bytes(40000), { asyncTick: 0 });
      assert.equal(firstSecretByte(memoryForTests(h), regions), null, `${b.name} ${name}`);
    }
  });
});

function MSG() {
  return ascii('The quick brown fox jumps over the lazy dog');
}

test('the backends agree on sha1, md5 and ripemd160', () => {
  const rng = makeRng(undefined, 41);
  const loaded = backends.filter((b) => b.hashes !== null);
  for (const name of LEGACY) {
    for (let i = 0; i < 20; i++) {
      const m = rng.bytes(rng.int(3000));
      const all = loaded.map((b) => hex(b.hashes[name](m)));
      assert.ok(all.every((x) => x === all[0]), `${name}: ${loaded.map((b) => b.name).join(', ')} agree`);
    }
  }
});

poolCheck(test, { sync: true }); // its pool jobs come from sync parallel() calls
