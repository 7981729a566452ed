// PBKDF2 (runtime/kdf.js, the `*_pbkdf2` kernels of modules/sha2.js, legacy.js and sha3.js) on every
// backend entry:
// - known answers read from the shared folder next to the repository: RFC 7914 §11 and RFC 6070
//   (PBKDF2-HMAC-SHA256 / -SHA1, in spec/rfc-vectors.json and Wycheproof's Rfc6070 cases),
//   Wycheproof pbkdf2_hmacsha{1,224,256,384,512}, ACVP PBKDF-1.0;
// - node:crypto.pbkdf2Sync on random passwords, salts (lengths around the block sizes), iteration
//   counts and key lengths, for every hash with a kernel (Keccak against @noble/hashes), and for
//   hashes without one (@noble's, and our BLAKE2s) through the generic HMAC-stream loop;
// - options and input errors, UTF-8 strings, onProgress, the async form's yields, and memory
//   hygiene after success and after a failure in the middle of a derivation.
import assert from 'node:assert/strict';
import { pbkdf2Sync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import zlib from 'node:zlib';
import { pbkdf2 as noblePbkdf2 } from '@noble/hashes/pbkdf2.js';
import * as nobleSha2 from '@noble/hashes/sha2.js';
import * as nobleSha3 from '@noble/hashes/sha3.js';
import { pbkdf2 as kdfEntry } from '../../kdf.js';
import { pbkdf2MemoryForTests } from '../../runtime/kdf.js';
import { firstSecretByte, forEachBackend, fromHex, hex, isSlow, loadBackends, makeRng, repoRoot } from './_helpers.js';

const VECTORS = path.resolve(repoRoot, '../shared/vectors');
const SKIP = fs.existsSync(VECTORS) ? false : `vectors folder ${VECTORS} not found`;
const backends = await loadBackends();
const rng = makeRng(undefined, 8018);

// The hashes with a PBKDF2 kernel, with node:crypto's names.
const KERNEL = {
  sha1: 'sha1', md5: 'md5', ripemd160: 'ripemd160', sha224: 'sha224', sha256: 'sha256', sha384: 'sha384',
  sha512: 'sha512', sha512_224: 'sha512-224', sha512_256: 'sha512-256', sha3_224: 'sha3-224', sha3_256: 'sha3-256',
  sha3_384: 'sha3-384', sha3_512: 'sha3-512',
};
// Keccak (the pre-standard padding) has a kernel too; node:crypto lacks it: against @noble/hashes.
const KECCAK = ['keccak_224', 'keccak_256', 'keccak_384', 'keccak_512'];
// Iteration counts above these are skipped: RFC 6070's 16,777,216 runs on wasm only (about 6 s),
// and the interpreter (runtime backend, about 50x slower) runs counts up to 4,096 of every
// eighth Wycheproof case and of the RFC ones.
const MAX_C = { wasm: Infinity, runtime: 4096 };
const sampled = (backend, v) => backend !== 'runtime' || v.tcId % 8 === 0 || v.flags.includes('Rfc6070');
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(VECTORS, file), 'utf8'));
const readGz = (file) => JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(VECTORS, file))).toString('utf8'));

forEachBackend(test, backends, 'pbkdf2', (b) => {
  const H = b.hashes;
  const maxC = MAX_C[b.name] ?? 100000;

  test(`${b.name}: RFC 7914 §11 and Wycheproof PBKDF2 vectors`, { skip: SKIP }, (t) => {
    let run = 0;
    let skipped = 0;
    for (const v of readJson('spec/rfc-vectors.json').pbkdf2_sha256) {
      if (v.c > maxC) {
        skipped++;
        continue;
      }
      assert.equal(hex(H.pbkdf2(H.sha256)(v.password, v.salt, { c: v.c, dkLen: v.dkLen })), v.out, v.source);
      run++;
    }
    let rfc6070 = 0;
    for (const alg of ['sha1', 'sha224', 'sha256', 'sha384', 'sha512']) {
      const file = readJson(`wycheproof/pbkdf2_hmacsha${alg.slice(3)}_test.json`);
      for (const g of file.testGroups) {
        for (const v of g.tests) {
          assert.equal(v.result, 'valid', 'every Wycheproof PBKDF2 case is valid');
          if (v.iterationCount > maxC || !sampled(b.name, v)) {
            skipped++;
            continue;
          }
          const dk = H.pbkdf2(H[alg])(fromHex(v.password), fromHex(v.salt), { c: v.iterationCount, dkLen: v.dkLen });
          assert.equal(hex(dk), v.dk, `${alg} tcId ${v.tcId} (${v.comment})`);
          if (v.flags.includes('Rfc6070')) rfc6070++;
          run++;
        }
      }
    }
    assert.ok(rfc6070 >= 4, 'the RFC 6070 cases ran');
    t.diagnostic(`${run} vectors (${rfc6070} of them RFC 6070), ${skipped} skipped on ${b.name} (c > ${maxC}${b.name === 'runtime' ? ', or not sampled' : ''})`);
  });

  test(`${b.name}: ACVP PBKDF-1.0 vectors`, { skip: SKIP }, (t) => {
    const prompt = readGz('acvp/PBKDF-1.0/prompt.json.gz');
    const expected = readGz('acvp/PBKDF-1.0/expectedResults.json.gz');
    const NAMES = {
      'SHA-1': 'sha1', 'SHA2-224': 'sha224', 'SHA2-256': 'sha256', 'SHA2-384': 'sha384', 'SHA2-512': 'sha512',
      'SHA2-512/224': 'sha512_224', 'SHA2-512/256': 'sha512_256', 'SHA3-224': 'sha3_224', 'SHA3-256': 'sha3_256',
      'SHA3-384': 'sha3_384', 'SHA3-512': 'sha3_512',
    };
    let run = 0;
    let budget = isSlow(b.name) ? 60000 : Infinity; // iterations on the interpreter
    for (const g of prompt.testGroups) {
      const alg = NAMES[g.hmacAlg];
      assert.ok(alg !== undefined, `hash ${g.hmacAlg} known`);
      const want = expected.testGroups.find((x) => x.tgId === g.tgId);
      for (const v of g.tests) {
        if (v.iterationCount > budget) continue;
        budget -= v.iterationCount;
        const dk = H.pbkdf2(H[alg])(v.password, fromHex(v.salt), { c: v.iterationCount, dkLen: v.keyLen / 8 });
        assert.equal(hex(dk).toUpperCase(), want.tests.find((x) => x.tcId === v.tcId).derivedKey, `tcId ${v.tcId}`);
        run++;
      }
    }
    assert.ok(run >= 10);
    t.diagnostic(`${run} vectors${isSlow(b.name) ? ' (a sample of 60,000 iterations in total on the interpreter)' : ''}`);
  });

  test(`${b.name}: random inputs against node:crypto, every kernel hash`, (t) => {
    const lens = [0, 1, 31, 32, 63, 64, 65, 127, 128, 129, 200];
    let n = 0;
    for (const [alg, nodeName] of Object.entries(KERNEL)) {
      for (let i = 0; i < (isSlow(b.name) ? 6 : 16); i++) {
        const pw = rng.bytes(lens[rng.int(lens.length)]);
        const salt = rng.bytes(lens[rng.int(lens.length)]);
        const c = 1 + rng.int(i % 4 === 0 ? 2000 : 40);
        const dkLen = 1 + rng.int(3 * H[alg].outputLen);
        const got = H.pbkdf2(H[alg])(pw, salt, { c, dkLen });
        assert.equal(hex(got), pbkdf2Sync(pw, salt, c, dkLen, nodeName).toString('hex'), `${alg} pw ${pw.length} salt ${salt.length} c ${c} dkLen ${dkLen}`);
        n++;
      }
    }
    for (const alg of KECCAK) {
      const pw = rng.bytes(lens[rng.int(lens.length)]);
      const salt = rng.bytes(lens[rng.int(lens.length)]);
      const c = 1 + rng.int(300);
      const want = hex(noblePbkdf2(nobleSha3[alg], pw, salt, { c, dkLen: 100 }));
      assert.equal(hex(H.pbkdf2(H[alg])(pw, salt, { c, dkLen: 100 })), want, `${alg} c ${c}`);
      n++;
    }
    t.diagnostic(`${n} derivations`);
  });

  test(`${b.name}: hashes without a kernel take the HMAC-stream loop, with the same results`, () => {
    for (const c of [1, 2, 17]) {
      const pw = rng.bytes(40);
      const salt = rng.bytes(20);
      const want = pbkdf2Sync(pw, salt, c, 70, 'sha256').toString('hex');
      assert.equal(hex(H.pbkdf2(nobleSha2.sha256)(pw, salt, { c, dkLen: 70 })), want, '@noble/hashes sha256');
      assert.equal(hex(H.pbkdf2(H.sha256)(pw, salt, { c, dkLen: 70 })), want, 'our sha256');
      assert.equal(hex(H.pbkdf2(H.blake2s)(pw, salt, { c, dkLen: 70 })), pbkdf2Sync(pw, salt, c, 70, 'blake2s256').toString('hex'), 'our blake2s');
      assert.equal(hex(H.pbkdf2(nobleSha3.sha3_256)(pw, salt, { c, dkLen: 70 })), pbkdf2Sync(pw, salt, c, 70, 'sha3-256').toString('hex'), '@noble/hashes sha3_256');
    }
  });

  test(`${b.name}: strings are UTF-8; errors name the argument or option`, () => {
    const pw = 'pässwörd 🔑';
    assert.equal(hex(H.pbkdf2(H.sha256)(pw, 'sält', { c: 3 })), pbkdf2Sync(Buffer.from(pw, 'utf8'), Buffer.from('sält', 'utf8'), 3, 32, 'sha256').toString('hex'));
    const f = H.pbkdf2(H.sha256);
    assert.throws(() => f(1, 'salt', { c: 1 }), { name: 'TypeError', message: /"password" must be a Uint8Array or a string, got number/ });
    assert.throws(() => f('pw', [1, 2], { c: 1 }), { name: 'TypeError', message: /"salt" must be a Uint8Array or a string, got Array/ });
    assert.throws(() => f('pw', 'salt'), { name: 'TypeError', message: /"opts.c" is required/ });
    assert.throws(() => f('pw', 'salt', { c: 0 }), { name: 'RangeError', message: /"opts.c" must be an integer >= 1, got 0/ });
    assert.throws(() => f('pw', 'salt', { c: 1.5 }), { name: 'RangeError', message: /"opts.c"/ });
    assert.throws(() => f('pw', 'salt', { c: '5' }), { name: 'TypeError', message: /"opts.c"/ });
    assert.throws(() => f('pw', 'salt', { c: 1, dkLen: 0 }), { name: 'RangeError', message: /"opts.dkLen"/ });
    assert.throws(() => f('pw', 'salt', { c: 1, N: 1 }), { name: 'TypeError', message: /unknown option "N" for pbkdf2\(sha256\)/ });
    assert.throws(() => f('pw', 'salt', { c: 1, asyncTick: 1 }), { name: 'TypeError', message: /only the .async form/ });
    assert.throws(() => f('pw', 'salt', null), { name: 'TypeError', message: /"opts" must be an object/ });
    assert.throws(() => H.pbkdf2(H.sha256, 'pw', 'salt', { c: 1 }), { name: 'TypeError', message: /pbkdf2\(hash\)\(password, salt/ });
    assert.throws(() => H.pbkdf2({}), { name: 'TypeError', message: /"hash"/ });
  });

  test(`${b.name}: onProgress rises to 1; .async yields to the event loop and takes asyncTick and nextTick`, async () => {
    const c = isSlow(b.name) ? 3000 : 60000;
    const seen = [];
    const want = pbkdf2Sync('pw', 'salt', c, 64, 'sha256').toString('hex');
    assert.equal(hex(H.pbkdf2(H.sha256)('pw', 'salt', { c, dkLen: 64, onProgress: (f) => seen.push(f) })), want);
    assert.ok(seen.length >= 2, `onProgress called ${seen.length} times`);
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i] > seen[i - 1], 'increasing');
    assert.equal(seen.at(-1), 1);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const progress = [];
    let yields = 0;
    const dk = await H.pbkdf2(H.sha256).async('pw', 'salt', {
      c, dkLen: 64, asyncTick: 1, onProgress: (f) => progress.push(f),
      nextTick: () => {
        yields++;
        return new Promise((r) => setTimeout(r, 1));
      },
    });
    clearInterval(timer);
    assert.equal(hex(dk), want);
    assert.ok(yields >= 1 && ticks >= 1, `yields ${yields}, timer ticks ${ticks}`);
    assert.equal(progress.at(-1), 1);
    assert.equal(hex(await H.pbkdf2(H.sha512).async('pw', 'salt', { c: 5 })), pbkdf2Sync('pw', 'salt', 5, 32, 'sha512').toString('hex'));
  });

  test(`${b.name}: memory is zero after a derivation and after one that fails half-way`, async () => {
    for (const alg of Object.keys(KERNEL)) {
      const { mem, regions } = pbkdf2MemoryForTests(H.pbkdf2, alg);
      H.pbkdf2(H[alg])(rng.bytes(100), rng.bytes(30), { c: 50, dkLen: 90 });
      assert.equal(firstSecretByte(mem, regions), null, `${alg} after success`);
    }
    const { mem, regions } = pbkdf2MemoryForTests(H.pbkdf2, 'sha256');
    let calls = 0;
    const stop = () => {
      if (++calls === 2) throw new Error('stop here');
    };
    const c = isSlow(b.name) ? 5000 : 200000;
    assert.throws(() => H.pbkdf2(H.sha256)('pw', 'salt', { c, onProgress: stop }), /stop here/);
    assert.equal(firstSecretByte(mem, regions), null, 'after onProgress threw (sync)');
    calls = 0;
    await assert.rejects(H.pbkdf2(H.sha256).async('pw', 'salt', { c, onProgress: stop }), /stop here/);
    assert.equal(firstSecretByte(mem, regions), null, 'after onProgress threw (async)');
    // A second call runs on the same instance afterwards.
    assert.equal(hex(H.pbkdf2(H.sha256)('pw', 'salt', { c: 2 })), pbkdf2Sync('pw', 'salt', 2, 32, 'sha256').toString('hex'));
  });
});

test('kdf.js exports the wasm entry\'s pbkdf2, which takes the hashes of every backend', () => {
  for (const b of backends) {
    if (b.hashes === null) continue;
    assert.equal(hex(kdfEntry(b.hashes.sha1)('pw', 'salt', { c: 7, dkLen: 25 })), pbkdf2Sync('pw', 'salt', 7, 25, 'sha1').toString('hex'), b.name);
  }
});
