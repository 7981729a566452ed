// AES (modules/aes.js, runtime/aes.js) in the modes ecb, cbc (PKCS#7 by default, disablePadding),
// ctr, cfb and ofb on every backend entry: the tower-field maps of modules/aes_field.js against FIPS 197's
// S-box (computed here by brute force); FIPS 197 appendix C vectors; NIST SP 800-38A
// (../shared/vectors/noble-ciphers/nist_800_38a.json); Wycheproof aes_cbc_pkcs5 (valid and
// invalid padding); random keys/IVs and every length 0..1024 (sampled on runtime) against
// node:crypto (aes-128/192/256-ecb, -cbc, -ctr, -cfb, -ofb) and @noble/ciphers; random streaming splits and
// .async against one-shot calls; in place and separate outputs; backends against each other;
// hostile arguments (errors naming the argument, identical on every backend); bad padding
// (an Error, no plaintext in the caller's buffer); the kernel memory all zero after every call,
// errors included.
import assert from 'node:assert/strict';
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'node:test';
import * as nobleAes from '@noble/ciphers/aes.js';
import * as F from '../../modules/aes_field.js';
import { cipherMemoryForTests } from '../../runtime/cipher.js';
import { BACKENDS, COMPARES_BACKENDS, POOL_MODE, SEED, firstSecretByte, forEachBackend, fromHex, hex, isSlow, loadBackends, makeRng, poolCheck, randomSplit, repoRoot } from './_helpers.js';

const backends = await loadBackends();
const VECTORS = path.resolve(repoRoot, '../shared/vectors');
const SKIP = existsSync(VECTORS) ? false : 'vectors folder ../shared/vectors not found';
const MODES = ['ecb', 'cbc', 'ctr', 'cfb', 'ofb'];
const PADDED = ['ecb', 'cbc'];
const KEYS = [16, 24, 32];
// The regions of each backend's target: the constant one (aes_tables) is left out of the check.
const REGIONS = Object.fromEntries(
  await Promise.all(BACKENDS.map(async (n) => [n, (await import(pathToFileURL(path.join(repoRoot, 'targets', n, 'aes.js')).href)).regions]))
);
// The cipher of a mode: ecb takes no IV.
const make = (E, mode, key, iv, opts) => (mode === 'ecb' ? E.ecb(key, opts) : E[mode](key, iv, opts));
function nodeCrypt(mode, key, iv, data, encrypting, padding = true) {
  const name = `aes-${key.length * 8}-${mode}`;
  const c = encrypting ? createCipheriv(name, key, mode === 'ecb' ? null : iv) : createDecipheriv(name, key, mode === 'ecb' ? null : iv);
  if (PADDED.includes(mode)) c.setAutoPadding(padding);
  return new Uint8Array(Buffer.concat([c.update(data), c.final()]));
}

test('the tower-field maps give FIPS 197 S-box and its inverse', () => {
  const gmul = (a, b) => {
    let r = 0;
    for (let i = 0; i < 8; i++) {
      if ((b >> i) & 1) r ^= a;
      a = F.xtime(a);
    }
    return r;
  };
  const rotl = (x, n) => ((x << n) | (x >> (8 - n))) & 255;
  const inv = (x) => (x === 0 ? 0 : [...Array(256).keys()].find((t) => gmul(x, t) === 1));
  for (let x = 0; x < 256; x++) {
    const i = inv(x);
    const s = i ^ rotl(i, 1) ^ rotl(i, 2) ^ rotl(i, 3) ^ rotl(i, 4) ^ 0x63;
    assert.equal(F.ENC_OUT[F.towerInverse(F.ENC_IN[x])], s, `S(${x})`);
    assert.equal(F.DEC_OUT[F.towerInverse(F.DEC_IN[s])], x, `S^-1(S(${x}))`);
    assert.equal(F.ENC_OUT2[F.towerInverse(F.ENC_IN[x])], gmul(s, 2));
  }
  assert.equal(F.ENC_OUT[F.towerInverse(F.ENC_IN[0x53])], 0xed); // FIPS 197 §5.1.1's example
});

test('the bitsliced S-box circuit (BMP_SBOX) gives S(x) + 0x63 for every byte', () => {
  const { gates, outputs, ok } = F.BMP_SBOX;
  assert.equal(ok, true);
  assert.equal(gates.length, 113);
  for (let x = 0; x < 256; x++) {
    const s = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => (x >> k) & 1);
    for (const [op, p, q] of gates) s.push(op === 0 ? s[p] ^ s[q] : s[p] & s[q]);
    const y = outputs.reduce((acc, o, k) => acc | (s[o] << k), 0);
    assert.equal(y ^ 0x63, F.ENC_OUT[F.towerInverse(F.ENC_IN[x])], `S(${x})`);
  }
});

test('the five-lookup inversion: its constants are the only fit, and it gives the S-box for every byte', () => {
  const g = F.gmul4, inv = (x) => F.INV16[x];
  const fits = [];
  for (let c = 1; c < 16; c++)
    for (let t2 = 1; t2 < 16; t2++) {
      let s = null, ok = true;
      for (let a = 0; a < 16; a++)
        for (let b = 0; b < 16; b++) {
          const k = g(g(t2, a ^ b) ^ a, inv(c)), i = g(a ^ k, inv(c));
          const m = g(c, g(i, i)) ^ g(c, g(i, k)) ^ g(k, k);
          const n = g(g(a, a), F.L) ^ g(a, b) ^ g(b, b);
          if (n === 0) ok &&= m === 0;
          else if (s === null) s = g(m, inv(n));
          else ok &&= g(m, inv(n)) === s;
        }
      if (ok) fits.push([c, t2, s]);
    }
  assert.deepEqual(fits, [[F.VP_C, F.VP_T2, F.VP_S]]);
  assert.equal(F.VP_OK, true);
  // The lookups as a swizzle does them (an index of 16 or more reads 0).
  const sw = (t, i) => (i < 16 ? t[i] : 0);
  const sbox = (inMap, out, x) => {
    const t = inMap[x], i = t & 15, k = t >> 4, j = i ^ k, ck = sw(F.VP_CDIV, k);
    const io = sw(F.VP_INV, sw(F.VP_INV, i) ^ ck) ^ j, jo = sw(F.VP_INV, sw(F.VP_INV, j) ^ ck) ^ i;
    const T = F.vpOut(out);
    return sw(T.hi, io) ^ sw(T.lo, jo) ^ T.constant;
  };
  for (let x = 0; x < 256; x++) {
    const s = F.ENC_OUT[F.towerInverse(F.ENC_IN[x])];
    assert.equal(sbox(F.VP_ENC_IN, F.ENC_OUT, x), s, `S(${x})`);
    assert.equal(sbox(F.VP_ENC_IN, F.ENC_OUT2, x), F.xtime(s));
    assert.equal(sbox(F.VP_DEC_IN, F.DEC_OUT, s), x, `S^-1(${s})`);
  }
});

forEachBackend(test, backends, 'AES modes', (b) => {
  const E = b.hashes;
  const slow = isSlow(b.name);
  const isZero = (mem) => firstSecretByte(mem, REGIONS[b.name]);

  test(`${b.name}: FIPS 197 appendix C`, () => {
    const pt = fromHex('00112233445566778899aabbccddeeff');
    const want = {
      16: '69c4e0d86a7b0430d8cdb78070b4c55a',
      24: 'dda97ca4864cdfe06eaf70a0ec0d7191',
      32: '8ea2b7ca516745bfeafc49904b496089',
    };
    for (const n of KEYS) {
      const key = Uint8Array.from({ length: n }, (_, i) => i);
      const ct = E.ecb(key, { disablePadding: true }).encrypt(pt);
      assert.equal(hex(ct), want[n], `AES-${n * 8}`);
      assert.equal(hex(E.ecb(key, { disablePadding: true }).decrypt(ct)), hex(pt));
    }
  });

  test(`${b.name}: NIST SP 800-38A`, { skip: SKIP }, () => {
    const list = JSON.parse(readFileSync(path.join(VECTORS, 'noble-ciphers', 'nist_800_38a.json'), 'utf8'));
    let n = 0;
    for (const v of list) {
      if (!MODES.includes(v.cipher)) continue;
      const key = fromHex(v.key);
      const iv = v.iv === undefined ? undefined : fromHex(v.iv);
      const pt = fromHex(v.blocks.map((x) => x.plaintext).join(''));
      const ct = fromHex(v.blocks.map((x) => x.ciphertext).join(''));
      const opts = v.cipher === 'ctr' ? undefined : { disablePadding: true };
      assert.equal(hex(make(E, v.cipher, key, iv, opts).encrypt(pt)), hex(ct), v.name);
      assert.equal(hex(make(E, v.cipher, key, iv, opts).decrypt(ct)), hex(pt), v.name);
      n++;
    }
    assert.equal(n, 18);
  });

  test(`${b.name}: Wycheproof aes_cbc_pkcs5`, { skip: SKIP }, () => {
    const w = JSON.parse(readFileSync(path.join(VECTORS, 'wycheproof', 'aes_cbc_pkcs5_test.json'), 'utf8'));
    let valid = 0, invalid = 0;
    for (const g of w.testGroups)
      for (const t of g.tests) {
        const key = fromHex(t.key), iv = fromHex(t.iv), msg = fromHex(t.msg), ct = fromHex(t.ct);
        if (t.result === 'valid') {
          assert.equal(hex(E.cbc(key, iv).encrypt(msg)), t.ct, `tcId ${t.tcId}`);
          assert.equal(hex(E.cbc(key, iv).decrypt(ct)), t.msg, `tcId ${t.tcId}`);
          valid++;
        } else {
          const out = new Uint8Array(ct.length + 16);
          assert.throws(() => E.cbc(key, iv).decrypt(ct, out), (e) => e instanceof Error, `tcId ${t.tcId}`);
          assert.ok(out.every((x) => x === 0), `tcId ${t.tcId}: no plaintext written`);
          invalid++;
        }
      }
    assert.ok(valid > 50 && invalid > 50, `${valid} valid, ${invalid} invalid`);
  });

  test(`${b.name}: random keys, IVs, lengths against node:crypto and @noble/ciphers`, () => {
    const rng = makeRng(SEED, 1001);
    const lengths = slow ? [0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 200, 1024, 16400] : [...Array(1025).keys(), 16383, 16384, 16385, 16400, 40000];
    for (const len of lengths) {
      const msg = rng.bytes(len);
      for (const mode of MODES) {
        const key = rng.bytes(KEYS[rng.int(3)]);
        const iv = rng.bytes(16);
        if (mode === 'ctr' && rng.int(4) === 0) iv.fill(0xff, 8 + rng.int(8)); // counters that carry
        const want = nodeCrypt(mode, key, iv, msg, true);
        const ct = make(E, mode, key, iv).encrypt(msg);
        assert.equal(hex(ct), hex(want), `${mode} ${key.length * 8} len ${len}`);
        assert.equal(hex(make(E, mode, key, iv).decrypt(ct)), hex(msg), `${mode} decrypt len ${len}`);
        if (len % 16 === 0 && PADDED.includes(mode)) {
          const np = nodeCrypt(mode, key, iv, msg, true, false);
          assert.equal(hex(make(E, mode, key, iv, { disablePadding: true }).encrypt(msg)), hex(np), `${mode} disablePadding len ${len}`);
          assert.equal(hex(make(E, mode, key, iv, { disablePadding: true }).decrypt(np)), hex(msg));
        }
        if ((len % 97 === 0 || len > 1024) && nobleAes[mode] !== undefined) { // @noble/ciphers 2.4 has no ofb
          const nb = mode === 'ecb' ? nobleAes.ecb(key) : nobleAes[mode](key, iv);
          assert.equal(hex(ct), hex(nb.encrypt(msg)), `${mode} vs noble len ${len}`);
        }
      }
    }
  });

  test(`${b.name}: streams in random splits and .async give the one-shot result`, async () => {
    const rng = makeRng(SEED, 1002);
    for (let i = 0; i < (slow ? 6 : 40); i++) {
      const mode = MODES[i % MODES.length];
      const padding = rng.int(3) !== 0;
      const opts = PADDED.includes(mode) ? { disablePadding: !padding } : undefined;
      const len = !PADDED.includes(mode) || padding ? rng.int(slow ? 300 : 3000) : 16 * rng.int(slow ? 20 : 200);
      const key = rng.bytes(KEYS[i % 3]), iv = rng.bytes(16), msg = rng.bytes(len);
      const ct = make(E, mode, key, iv, opts).encrypt(msg);
      for (const [encrypting, input, want] of [[true, msg, ct], [false, ct, msg]]) {
        const c = make(E, mode, key, iv, opts);
        const s = (encrypting ? c.encrypt : c.decrypt).create();
        const parts = randomSplit(rng, input, 70).map((p) => s.update(p));
        const fin = s.finish();
        parts.push(fin.data);
        assert.equal(hex(Buffer.concat(parts)), hex(want), `${mode} ${encrypting ? 'enc' : 'dec'} stream len ${len}`);
        assert.throws(() => s.update(new Uint8Array(1)), /after finish/);
        const a = await (encrypting ? make(E, mode, key, iv, opts).encrypt : make(E, mode, key, iv, opts).decrypt).async(input, undefined, { asyncTick: 0 });
        assert.equal(hex(a), hex(want), `${mode} async`);
      }
    }
  });

  test(`${b.name}: output in place, separate, too small or overlapping`, async () => {
    const rng = makeRng(SEED, 1003);
    const key = rng.bytes(32), iv = rng.bytes(16), msg = rng.bytes(1000);
    for (const mode of MODES) {
      const want = make(E, mode, key, iv).encrypt(msg);
      const long = new Uint8Array(want.length + 40);
      const r = make(E, mode, key, iv).encrypt(msg, long);
      assert.equal(r.length, want.length);
      assert.equal(r.buffer, long.buffer);
      assert.equal(hex(r), hex(want));
      const buf = new Uint8Array(want.length);
      buf.set(msg);
      const inPlace = make(E, mode, key, iv).encrypt(buf.subarray(0, 1000), buf);
      assert.equal(hex(inPlace), hex(want), `${mode} in place`);
      const back = make(E, mode, key, iv).decrypt(buf, buf);
      assert.equal(hex(back), hex(msg), `${mode} decrypt in place`);
      assert.throws(() => make(E, mode, key, iv).encrypt(msg, new Uint8Array(want.length - 1)), { name: 'RangeError', message: /"output" is too small/ });
      const big = new Uint8Array(3000);
      assert.throws(() => make(E, mode, key, iv).encrypt(big.subarray(0, 1000), big.subarray(16, 1100)), { name: 'RangeError', message: /"output" overlaps "data"/ });
      await assert.rejects(make(E, mode, key, iv).encrypt.async(big.subarray(0, 1000), big.subarray(16, 1100)), { name: 'RangeError', message: /"output" overlaps/ });
    }
  });

  test(`${b.name}: the cipher shape (properties, nonce-reuse guard)`, () => {
    const key = new Uint8Array(16), iv = new Uint8Array(16);
    for (const mode of MODES) {
      const f = E[mode];
      assert.equal(f.blockSize, 16);
      assert.equal(f.nonceLength, mode === 'ecb' ? 0 : 16);
      assert.equal(f.getPlatform(), b.name);
      const c = make(E, mode, key, iv);
      c.encrypt(new Uint8Array(16));
      if (mode === 'ecb') c.encrypt(new Uint8Array(16)); // no nonce: no guard
      else assert.throws(() => c.encrypt(new Uint8Array(16)), /already called/);
      const ct = make(E, mode, key, iv).encrypt(new Uint8Array(16));
      assert.equal(hex(c.decrypt(ct)), hex(c.decrypt(ct)), 'decrypt any number of times');
    }
  });

  test(`${b.name}: bad padding throws and releases nothing`, () => {
    const rng = makeRng(SEED, 1004);
    for (const mode of ['ecb', 'cbc']) {
      const key = rng.bytes(16), iv = rng.bytes(16);
      for (const tail of [0, 17, 2]) {
        // A last block whose plaintext ends in byte `tail` (0 and 17: never valid; 2 with a wrong
        // byte before it).
        const pt = rng.bytes(48);
        pt[47] = tail;
        pt[46] = tail === 2 ? 3 : pt[46];
        const ct = make(E, mode, key, iv, { disablePadding: true }).encrypt(pt);
        const out = new Uint8Array(48);
        assert.throws(() => make(E, mode, key, iv).decrypt(ct, out), { message: /invalid padding/ });
        assert.ok(out.every((x) => x === 0), `${mode}: nothing written`);
        assert.equal(isZero(cipherMemoryForTests(E[mode])), null, `${mode}: memory after bad padding`);
        const s = make(E, mode, key, iv).decrypt.create();
        const got = s.update(ct);
        assert.equal(got.length, 32);
        assert.throws(() => s.finish(), /invalid padding/);
        assert.equal(isZero(cipherMemoryForTests(E[mode])), null);
      }
      assert.throws(() => make(E, mode, key, iv).decrypt(new Uint8Array(20)), { name: 'RangeError', message: /"data" must be a non-empty whole number of 16-byte blocks/ });
      assert.throws(() => make(E, mode, key, iv).decrypt(new Uint8Array(0)), { name: 'RangeError', message: /"data"/ });
      assert.throws(() => make(E, mode, key, iv, { disablePadding: true }).encrypt(new Uint8Array(20)), { name: 'RangeError', message: /"data" must be a whole number of 16-byte blocks/ });
    }
  });

  test(`${b.name}: hostile arguments get errors naming them`, async () => {
    const k = new Uint8Array(16), iv = new Uint8Array(16);
    assert.throws(() => E.ctr(new Uint8Array(20), iv), { name: 'RangeError', message: /"key" must have length 16 or 24 or 32 for ctr, got 20/ });
    assert.throws(() => E.ecb(new Uint8Array(0)), { name: 'RangeError', message: /"key"/ });
    assert.throws(() => E.cbc(k, new Uint8Array(12)), { name: 'RangeError', message: /"nonce" must have length 16 for cbc/ });
    assert.throws(() => E.ctr(k, 'iv'), { name: 'TypeError', message: /"nonce"/ });
    assert.throws(() => E.ctr([...k], iv), { name: 'TypeError', message: /"key"/ });
    assert.throws(() => E.cbc(k, iv, { disablePadding: 1 }), { name: 'TypeError', message: /"opts.disablePadding"/ });
    assert.throws(() => E.ecb(k, { padding: false }), { name: 'TypeError', message: /unknown option "padding"/ });
    assert.throws(() => E.ctr(k, iv, { disablePadding: true }), { name: 'TypeError', message: /unknown option/ });
    assert.throws(() => E.ecb(k, 5), { name: 'TypeError', message: /"opts"/ });
    assert.throws(() => E.ctr(k, iv).encrypt('hello'), { name: 'TypeError', message: /"data"/ });
    assert.throws(() => E.cbc(k, iv).encrypt(new Uint8Array(4), []), { name: 'TypeError', message: /"output"/ });
    assert.throws(() => E.ecb(k).encrypt.create().update(null), { name: 'TypeError', message: /"data"/ });
    const detached = () => {
      const a = new Uint8Array(16);
      structuredClone(a.buffer, { transfer: [a.buffer] });
      return a;
    };
    assert.throws(() => E.ctr(detached(), iv), { name: 'TypeError', message: /"key" is a view of a detached ArrayBuffer/ });
    assert.throws(() => E.cbc(k, detached()), { name: 'TypeError', message: /"nonce" is a view of a detached/ });
    assert.throws(() => E.ecb(k).encrypt(detached()), { name: 'TypeError', message: /"data" is a view of a detached/ });
    assert.throws(() => E.ctr(k, iv).encrypt(new Uint8Array(4), detached()), { name: 'TypeError', message: /"output" is a view of a detached/ });
    const big = new Uint8Array(slow ? 1 << 16 : 1 << 20);
    const p = E.ctr(k, iv).encrypt.async(big, undefined, { asyncTick: 0, nextTick: async () => structuredClone(big.buffer, { transfer: [big.buffer] }) });
    await assert.rejects(p, { name: 'TypeError', message: /"data" was detached/ });
    // Key and IV are copied.
    const key = new Uint8Array(16).fill(1), nonce = new Uint8Array(16).fill(2);
    const c = E.cbc(key, nonce);
    key.fill(0);
    nonce.fill(0);
    assert.equal(hex(c.encrypt(new Uint8Array(32))), hex(nobleAes.cbc(new Uint8Array(16).fill(1), new Uint8Array(16).fill(2)).encrypt(new Uint8Array(32))));
  });

  test(`${b.name}: the kernel memory is all zero after every call, errors included`, async () => {
    const rng = makeRng(SEED, 1005);
    for (const mode of MODES) {
      const f = E[mode];
      const len = slow ? 2000 : 20000;
      make(E, mode, rng.bytes(32), rng.bytes(16)).encrypt(rng.bytes(len));
      assert.equal(isZero(cipherMemoryForTests(f)), null, `${mode} one-shot`);
      try {
        make(E, mode, rng.bytes(24), rng.bytes(16)).decrypt(rng.bytes(len - (len % 16)));
      } catch (e) {
        assert.match(e.message, /invalid padding/); // random ciphertext: most often bad padding
      }
      assert.equal(isZero(cipherMemoryForTests(f)), null, `${mode} decrypt`);
      const s = make(E, mode, rng.bytes(16), rng.bytes(16)).encrypt.create();
      s.update(rng.bytes(77));
      assert.equal(isZero(cipherMemoryForTests(f)), null, `${mode} stream`);
      await make(E, mode, rng.bytes(32), rng.bytes(16)).encrypt.async(rng.bytes(5000), undefined, { asyncTick: 0 });
      assert.equal(isZero(cipherMemoryForTests(f)), null, `${mode} async`);
      assert.throws(() => make(E, mode, rng.bytes(32), rng.bytes(16)).encrypt(rng.bytes(100), new Uint8Array(3)), RangeError);
      assert.equal(isZero(cipherMemoryForTests(f)), null, `${mode} after a bad output`);
    }
  });
});

test('backends agree with each other (random modes, keys, lengths)', { skip: COMPARES_BACKENDS }, () => {
  const rng = makeRng(SEED, 1006);
  const loaded = backends.filter((b) => b.hashes !== null);
  for (let i = 0; i < 30; i++) {
    const mode = MODES[i % MODES.length];
    const key = rng.bytes(KEYS[rng.int(3)]), iv = rng.bytes(16), msg = rng.bytes(rng.int(20000));
    const res = loaded.map((b) => hex(make(b.hashes, mode, key, iv).encrypt(msg)));
    for (let j = 1; j < res.length; j++) assert.equal(res[j], res[0], `${loaded[j].name} vs ${loaded[0].name}: ${mode} len ${msg.length}`);
  }
  const errs = loaded.map((b) => {
    try {
      b.hashes.cbc(new Uint8Array(16), new Uint8Array(16)).decrypt(new Uint8Array(32));
    } catch (e) {
      return `${e.name}: ${e.message}`;
    }
    return 'no error';
  });
  for (const e of errs) assert.equal(e, errs[0]);
  assert.notEqual(errs[0], 'no error');
});

// ---- wasm_threads: ctr, ecb and cbc decryption split across the worker pool
// (runtime/workers.js cipherCall) in units of whole blocks (CTR: each at its counter block; CBC:
// each with the ciphertext block before it, staged before any unit is done, for calls in place).
// tools/test's pool runs (AWASMC_POOL_MIN=0, pool sizes 1, 2, 4) split every call of two blocks
// or more; otherwise calls of 256 KiB or more once the pool has booted. Compared with the wasm
// entry and node:crypto (CTR counters about to carry through many bytes, and to wrap past
// 2^128 as node:crypto does); every worker's copy of the kernel memory and the staging buffers
// all zero after each call, bad padding included.
const threadsLoaded = backends.find((b) => b.name === 'wasm_threads' && b.hashes !== null);
test('wasm_threads: ctr, ecb and cbc decryption split across the pool equal the wasm entry and node:crypto', { skip: threadsLoaded === undefined ? 'wasm_threads not tested' : false }, async () => {
  const T = threadsLoaded.hashes;
  const W = await import(pathToFileURL(path.join(repoRoot, 'wasm.js')).href);
  const { WP, poolStatsForTests, stagingForTests } = await import('../../runtime/workers.js');
  const rng = makeRng(SEED, 920);
  const jobs0 = poolStatsForTests().jobs;
  const clean = (mode, what) => {
    assert.equal(firstSecretByte(cipherMemoryForTests(T[mode]), REGIONS.wasm_threads), null, `${what}: every copy of the kernel memory`);
    for (const b of stagingForTests()) assert.ok(new Uint8Array(b).every((x) => x === 0), `${what}: a staging buffer`);
  };
  const lengths = [32, 16 * 33, 300000 - (300000 % 16), (1 << 18) + 16 * rng.int(64)];
  for (let i = 0; i < 8; i++) lengths.push(16 * rng.int(POOL_MODE ? 5000 : 40000));
  for (const [i, len] of lengths.entries()) {
    const key = rng.bytes(KEYS[i % 3]);
    const msg = rng.bytes(len + (i & 1 ? rng.int(16) : 0)); // (ctr: any length)
    const whole = msg.subarray(0, len);
    // CTR: the counter block's low bytes about to carry (or wrap past 2^128).
    const iv = rng.bytes(16);
    iv.fill(0xff, 16 - 1 - rng.int(16));
    iv[15] -= rng.int(4);
    const what = `len ${msg.length} key ${key.length}`;
    const ctrWant = nodeCrypt('ctr', key, iv, msg, true);
    assert.equal(hex(T.ctr(key, iv).encrypt(msg)), hex(ctrWant), `ctr ${what}`);
    assert.equal(hex(W.ctr(key, iv).encrypt(msg)), hex(ctrWant), `ctr ${what} (wasm)`);
    const inPlace = msg.slice();
    T.ctr(key, iv).decrypt(inPlace, inPlace);
    assert.equal(hex(inPlace), hex(ctrWant), `ctr ${what} in place`);
    clean('ctr', `ctr ${what}`);
    for (const padding of [true, false]) {
      for (const mode of ['ecb', 'cbc']) {
        const w = `${mode} ${what} padding ${padding}`;
        const ct = nodeCrypt(mode, key, iv, whole, true, padding);
        assert.equal(hex(make(T, mode, key, iv, { disablePadding: !padding }).encrypt(whole)), hex(ct), `${w} encrypt`);
        assert.equal(hex(make(T, mode, key, iv, { disablePadding: !padding }).decrypt(ct)), hex(whole), `${w} decrypt`);
        assert.equal(hex(make(W, mode, key, iv, { disablePadding: !padding }).decrypt(ct)), hex(whole), `${w} decrypt (wasm)`);
        const buf = ct.slice();
        const got = make(T, mode, key, iv, { disablePadding: !padding }).decrypt(buf, buf);
        assert.equal(hex(got), hex(whole), `${w} decrypt in place`);
        clean(mode, w);
        // A stream: long updates split too (CBC's chaining block carried across them).
        const s = make(T, mode, key, iv, { disablePadding: !padding }).decrypt.create();
        const cut = 16 * rng.int(ct.length / 16 + 1);
        const parts = [s.update(ct.subarray(0, cut)), s.update(ct.subarray(cut)), s.finish().data];
        assert.equal(hex(Buffer.concat(parts)), hex(whole), `${w} stream cut at ${cut}`);
        clean(mode, `${w} stream`);
      }
    }
    // Bad padding: an Error, nothing in the caller's buffer, memories clean.
    if (len >= 32) {
      const ct = nodeCrypt('cbc', key, iv, whole, true, false); // no padding block: the last block's padding is random
      const out = new Uint8Array(ct.length).fill(7);
      let threw = false;
      try {
        T.cbc(key, iv).decrypt(ct, out);
      } catch {
        threw = true;
      }
      if (threw) assert.ok(out.every((x) => x === 7), `cbc ${what}: nothing written on bad padding`);
      clean('cbc', `cbc ${what} bad padding`);
    }
  }
  if (POOL_MODE && WP.size > 1) assert.ok(poolStatsForTests().jobs > jobs0, 'no call went to the workers');
});

poolCheck(test, { sync: true }); // the ciphers' pool jobs come from sync calls
