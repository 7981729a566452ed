// State export and import (state.js, runtime/state.js; docs/api.md "State export"): for every
// streaming hash and MAC and every ordered pair of backends, a stream fed a random prefix of a
// random message is exported on one backend (the bytes must be the same on all four), imported
// on the other, fed the rest and finished: the digest must equal @noble/hashes' (or
// @noble/ciphers') one-shot of the whole message. Also: XOF streams exported while squeezing,
// HMAC, states refused after digest(), and foreign or corrupt states (each header byte flipped,
// every truncation, a body byte flipped, trailing bytes, out-of-range fields, random changes with
// the checksum resealed) refused with a TypeError or RangeError naming "state"; every hash and MAC
// of every entry found by shape; a state finished in another process; pinned version-1 bytes;
// nothing left in the kernel memory.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import test from 'node:test';
import { poly1305 as noblePoly } from '@noble/ciphers/_poly1305.js';
import { ghash as nobleGhash, polyval as noblePolyval } from '@noble/ciphers/_polyval.js';
import * as nobleAes from '@noble/ciphers/aes.js';
import * as nobleBlake1 from '@noble/hashes/blake1.js';
import * as nobleBlake2 from '@noble/hashes/blake2.js';
import * as nobleBlake3 from '@noble/hashes/blake3.js';
import { hmac as nobleHmac } from '@noble/hashes/hmac.js';
import * as nobleLegacy from '@noble/hashes/legacy.js';
import * as nobleSha2 from '@noble/hashes/sha2.js';
import * as nobleSha3 from '@noble/hashes/sha3.js';
import { hmac } from '../../hmac.js';
import { exportState, importHmacState, importState } from '../../state.js';
import { specOf } from '../../runtime/shell.js';
import { BACKENDS, SEED, firstSecretByte, fromHex, hex, linkedRegions, loadBackends, makeRng, poolCheck, repoRoot } from './_helpers.js';

const backends = (await loadBackends()).filter((b) => b.hashes !== null);
const NOBLE = { ...nobleSha2, ...nobleLegacy, ...nobleSha3, ...nobleBlake1, ...nobleBlake2, ...nobleBlake3 };

test('every backend loads', () => {
  assert.equal(backends.length, BACKENDS.length, `loaded: ${backends.map((b) => b.name)}`);
});

// Each case: the hash's name, its options (made from the rng), and the reference digest of the
// whole message with those options.
const ref = (name) => (msg, opts) => NOBLE[name](msg, opts);
const CASES = [
  ...['sha224', 'sha256', 'sha384', 'sha512', 'sha512_224', 'sha512_256', 'sha1', 'md5', 'ripemd160'].map((name) => ({ name })),
  { name: 'sha256_lanes', ref: ref('sha256') },
  { name: 'blake224' },
  { name: 'blake256', opts: (rng) => ({ salt: rng.bytes(16) }) },
  { name: 'blake384', opts: (rng) => ({ salt: rng.bytes(32) }) },
  { name: 'blake512' },
  ...['sha3_224', 'sha3_256', 'sha3_384', 'sha3_512', 'keccak_224', 'keccak_256', 'keccak_384', 'keccak_512'].map((name) => ({ name })),
  { name: 'shake128', opts: (rng) => ({ dkLen: rng.int(300) }) },
  { name: 'shake256' },
  { name: 'shake128_32' },
  { name: 'shake256_64', opts: () => ({ dkLen: 200 }) },
  { name: 'blake2b' },
  { name: 'blake2b', title: 'keyed, salt, personalization, dkLen', opts: (rng) => ({ key: rng.bytes(rng.int(64) + 1), salt: rng.bytes(16), personalization: rng.bytes(16), dkLen: rng.int(64) + 1 }) },
  { name: 'blake2s', opts: (rng) => ({ dkLen: rng.int(32) + 1 }) },
  { name: 'blake2s', title: 'keyed, salt, personalization', opts: (rng) => ({ key: rng.bytes(rng.int(32) + 1), salt: rng.bytes(8), personalization: rng.bytes(8) }) },
  // BLAKE3: messages of several chunks, cut anywhere in the tree.
  { name: 'blake3', scale: 40 },
  { name: 'blake3', title: 'keyed, dkLen', scale: 40, opts: (rng) => ({ key: rng.bytes(32), dkLen: rng.int(200) }) },
  { name: 'blake3', title: 'derive-key', scale: 40, opts: (rng) => ({ context: rng.bytes(rng.int(40)) }) },
  { name: 'ghash', scale: 8, opts: (rng) => rng.bytes(16), ref: (msg, key) => nobleGhash(msg, key) },
  { name: 'polyval', scale: 8, opts: (rng) => rng.bytes(16), ref: (msg, key) => noblePolyval(msg, key) },
  { name: 'cmac', scale: 8, opts: (rng) => rng.bytes([16, 24, 32][rng.int(3)]), ref: (msg, key) => nobleAes.cmac(msg, key) },
  {
    name: 'poly1305', scale: 8,
    opts: (rng) => rng.bytes(32),
    ref: (msg, key) => noblePoly(msg, key),
  },
];

const nobleName = (name) => name.replace(/_lanes$/, '');
for (const c of CASES) {
  test(`${c.name}${c.title ? ` (${c.title})` : ''}: a state exported on each backend resumes on every backend (seed ${SEED})`, () => {
    const rng = makeRng(SEED, CASES.indexOf(c));
    const reference = c.ref || ref(nobleName(c.name));
    for (let round = 0; round < 3; round++) {
      const block = backends[0].hashes[c.name].blockLen * (c.scale || 1);
      const len = rng.int(block * (round + 2)) + (round === 1 ? block * 3 : 0);
      const msg = rng.bytes(len);
      const opts = c.opts ? c.opts(rng) : undefined;
      const want = hex(reference(msg, opts));
      for (const a of backends) {
        const cut = rng.int(len + 1);
        const s = a.hashes[c.name].create(opts);
        s.update(msg.subarray(0, cut));
        const st = exportState(s);
        // The same bytes on every backend.
        for (const o of backends) {
          if (o === a) continue;
          const t = o.hashes[c.name].create(opts);
          t.update(msg.subarray(0, cut));
          assert.equal(hex(exportState(t)), hex(st), `${c.name}: ${a.name} and ${o.name} export different states at ${cut} of ${len}`);
        }
        for (const b of backends) {
          const t = importState(b.hashes[c.name], st);
          t.update(msg.subarray(cut));
          assert.equal(hex(t.digest()), want, `${c.name}: ${a.name} -> ${b.name}, ${len} bytes cut at ${cut}`);
        }
        // Exporting leaves the stream usable.
        assert.equal(hex(s.update(msg.subarray(cut)).digest()), want);
      }
    }
  });
}

test('blake3: a large message (whole subtrees, through the worker pool on wasm_threads when it runs) resumes mid-tree', () => {
  const rng = makeRng(SEED, 31337);
  const msg = rng.bytes(150000 + rng.int(70000));
  const want = hex(NOBLE.blake3(msg));
  for (const a of backends) {
    const cut = 70000 + rng.int(msg.length - 70000);
    const st = exportState(a.hashes.blake3.create().update(msg.subarray(0, cut)));
    for (const b of backends) assert.equal(hex(importState(b.hashes.blake3, st).update(msg.subarray(cut)).digest()), want, `${a.name} -> ${b.name} at ${cut}`);
  }
});

test('a state exported in this process resumes in another one', () => {
  const rng = makeRng(SEED, 2718);
  const msg = rng.bytes(1000);
  const key = rng.bytes(32);
  const a = exportState(backends[0].hashes.blake2b.create({ key }).update(msg.subarray(0, 300)));
  const script = `
    import { importState } from ${JSON.stringify(pathToFileURL(path.join(repoRoot, 'state.js')).href)};
    import { blake2b } from ${JSON.stringify(pathToFileURL(path.join(repoRoot, 'js.js')).href)};
    const [st, rest] = process.argv.slice(1).map((x) => new Uint8Array(Buffer.from(x, 'hex')));
    process.stdout.write(Buffer.from(importState(blake2b, st).update(rest).digest()).toString('hex'));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, hex(a), hex(msg.subarray(300))], { encoding: 'utf8' });
  assert.equal(out, hex(NOBLE.blake2b(msg, { key })));
});

// Found by shape, so that a hash or MAC added to the entries without state export fails here.
test('every streaming hash and MAC of every entry exports and imports its state', async () => {
  const entries = [...backends.map((b) => [b.name, b.hashes]), ['index', await import('../../index.js')]];
  for (const [entry, mod] of entries) {
    let count = 0;
    for (const [name, h] of Object.entries(mod)) {
      const spec = specOf(h);
      if (typeof h !== 'function' || typeof h.create !== 'function' || spec === undefined) continue;
      let s = null;
      if (spec.keyed) for (const n of [32, 16]) {
        try {
          s = h.create(new Uint8Array(n).fill(1));
          break;
        } catch {}
      }
      else s = h.create();
      assert.ok(s !== null, `${entry}.${name}: no key length fits`);
      s.update(new Uint8Array(100).fill(2));
      const t = importState(h, exportState(s));
      assert.equal(hex(t.digest()), hex(s.digest()), `${entry}.${name}`);
      count++;
    }
    assert.ok(count >= 34, `${entry}: ${count} hashes and MACs`);
  }
});

test('XOFs: a state exported while squeezing resumes the same output stream on every backend', () => {
  const rng = makeRng(SEED, 777);
  const cases = [
    ['shake128', undefined], ['shake256', undefined], ['shake256_64', undefined], ['blake3', undefined],
    ['blake3', { key: rng.bytes(32) }], ['blake3', { context: rng.bytes(9) }],
  ];
  for (const [name, opts] of cases) {
    const msg = rng.bytes(rng.int(name === 'blake3' ? 5000 : 400));
    for (const a of backends) {
      const first = [0, 1, 63, 64, 65, 136, 168, 200][rng.int(8)];
      const s = a.hashes[name].create(opts).update(msg);
      const head = s.xof(first);
      const st = exportState(s);
      assert.equal(st[5], 1, 'status: squeezing');
      for (const b of backends) {
        const t = importState(b.hashes[name], st);
        const more = rng.int(300);
        const tail = t.xof(more);
        const want = NOBLE[name.replace(/_64$/, '')](msg, { ...opts, dkLen: first + more });
        assert.equal(hex(head) + hex(tail), hex(want), `${name} ${a.name} -> ${b.name}: xof(${first}), then xof(${more})`);
        assert.throws(() => t.update(msg), /after xof\(\)/);
        const u = importState(b.hashes[name], st);
        assert.throws(() => u.digest(), /after xof\(\)/);
      }
      // The other backends export the same bytes.
      for (const o of backends) {
        const t = o.hashes[name].create(opts).update(msg);
        t.xof(first);
        assert.equal(hex(exportState(t)), hex(st), `${name}: ${a.name} and ${o.name}`);
      }
    }
  }
});

test('hmac: a state exported on each backend resumes on every backend, over several hashes', () => {
  const rng = makeRng(SEED, 4242);
  for (const name of ['sha256', 'sha512', 'sha1', 'blake256']) {
    const key = rng.bytes(rng.int(200) + 1);
    const msg = rng.bytes(rng.int(500));
    const want = hex(nobleHmac(NOBLE[name], key, msg));
    for (const a of backends) {
      const cut = rng.int(msg.length + 1);
      const st = exportState(hmac.create(a.hashes[name], key).update(msg.subarray(0, cut)));
      for (const b of backends) {
        const t = importHmacState(b.hashes[name], st);
        assert.equal(hex(t.update(msg.subarray(cut)).digest()), want, `hmac(${name}) ${a.name} -> ${b.name}`);
      }
      assert.throws(() => importHmacState(a.hashes.sha384, st), (e) => e instanceof TypeError && /"state"/.test(e.message));
      assert.throws(() => importState(a.hashes[name], st), (e) => e instanceof TypeError && /"state".*hmac/.test(e.message));
    }
  }
});

test('a state is refused after digest() and destroy(); exportState refuses what is not a stream of ours', async () => {
  for (const b of backends) {
    const s = b.hashes.sha256.create();
    s.digest();
    assert.throws(() => exportState(s), /exportState\(\) after digest\(\)/);
    const d = b.hashes.sha256.create();
    d.destroy();
    assert.throws(() => exportState(d), /after destroy\(\)/);
  }
  for (const x of [undefined, null, {}, NOBLE.sha256.create(), backends[0].hashes.sha256, hmac.create(NOBLE.sha256, new Uint8Array(3))])
    assert.throws(() => exportState(x), (e) => e instanceof TypeError && /"stream"/.test(e.message));
  // noble.js: our shape over @noble/hashes, without state export.
  const nobleEntry = await import('../../noble.js');
  assert.throws(() => exportState(nobleEntry.sha256.create()), (e) => e instanceof TypeError && /"stream": sha256 streams have no state export/.test(e.message));
  assert.throws(() => importState(nobleEntry.sha256, exportState(backends[0].hashes.sha256.create())), (e) => e instanceof TypeError && /"hash"/.test(e.message));
  for (const x of [undefined, NOBLE.sha256, {}])
    assert.throws(() => importState(x, new Uint8Array(40)), (e) => e instanceof TypeError && /"hash"/.test(e.message));
  for (const x of [undefined, 'awst', [1, 2], new Uint16Array(40)])
    assert.throws(() => importState(backends[0].hashes.sha256, x), (e) => e instanceof TypeError && /"state"/.test(e.message));
});

const refused = (e) => (e instanceof TypeError || e instanceof RangeError) && /"state"/.test(e.message);
test('foreign and corrupt states are refused, naming "state"', () => {
  const rng = makeRng(SEED, 99);
  for (const b of backends) {
    const h = b.hashes;
    const squeezing = (s) => {
      s.xof(70);
      return s;
    };
    const states = [
      ['sha256', exportState(h.sha256.create().update(rng.bytes(100)))],
      ['blake512', exportState(h.blake512.create().update(rng.bytes(300)))],
      ['sha3_256', exportState(h.sha3_256.create().update(rng.bytes(150)))],
      ['shake128', exportState(squeezing(h.shake128.create().update(rng.bytes(10))))],
      ['blake2b', exportState(h.blake2b.create({ key: rng.bytes(20) }).update(rng.bytes(130)))],
      ['blake3', exportState(h.blake3.create().update(rng.bytes(3100)))],
      ['blake3', exportState(squeezing(h.blake3.create({ key: rng.bytes(32) }).update(rng.bytes(100))))],
      ['poly1305', exportState(h.poly1305.create(rng.bytes(32)).update(rng.bytes(40)))],
      ['ghash', exportState(h.ghash.create(rng.bytes(16)).update(rng.bytes(40)))],
      ['cmac', exportState(h.cmac.create(rng.bytes(24)).update(rng.bytes(40)))],
    ];
    for (const [name, st] of states) {
      const nameLen = st[6];
      const head = 19 + nameLen;
      // Each header byte flipped (one bit, and all bits).
      for (let i = 0; i < head; i++)
        for (const x of [1, 0x80, 0xff]) {
          const bad = st.slice();
          bad[i] ^= x;
          assert.throws(() => importState(h[name], bad), refused, `${name}: byte ${i} ^ ${x}`);
        }
      // Every truncation, and a byte too many.
      for (let n = 0; n < st.length; n++) assert.throws(() => importState(h[name], st.subarray(0, n)), refused, `${name}: ${n} bytes`);
      const longer = new Uint8Array(st.length + 1);
      longer.set(st);
      assert.throws(() => importState(h[name], longer), refused);
      // Body bytes flipped: the checksum.
      for (let k = 0; k < 20; k++) {
        const bad = st.slice();
        bad[head + rng.int(st.length - head)] ^= 1 << rng.int(8);
        assert.throws(() => importState(h[name], bad), refused);
      }
      // The state of another algorithm.
      assert.throws(() => importState(name === 'sha256' ? h.sha512 : h.sha256, st), (e) => e instanceof TypeError && /"state" is a state of/.test(e.message));
      assert.throws(() => importHmacState(h.sha256, st), (e) => e instanceof TypeError && /"state" is a state of/.test(e.message));
      // Still fine untouched.
      const t = importState(h[name], st);
      if (st[5] === 1) t.xof(1);
      else t.digest();
    }
  }
});

// A state re-encoded with a valid checksum after `edit` changed its fields: refused as out of range.
function resealed(st, edit) {
  const b = st.slice();
  edit(b);
  let c = -1;
  for (let i = 0; i < b.length - 4; i++) {
    c ^= b[i];
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  new DataView(b.buffer).setUint32(b.length - 4, ~c >>> 0, true);
  return b;
}
test('states with a valid checksum and out-of-range fields are refused', () => {
  const h = backends[0].hashes;
  const bad = (name, st, edit, why) => assert.throws(() => importState(h[name], resealed(st, edit)), refused, `${name}: ${why}`);
  const at = (st) => 19 + st[6]; // the engine's fields
  const sponge = exportState(h.sha3_256.create().update(new Uint8Array(10)));
  bad('sha3_256', sponge, (b) => { b[at(b)] = 136; }, 'position = rate');
  const b2 = exportState(h.blake2b.create().update(new Uint8Array(200)));
  bad('blake2b', b2, (b) => { b[at(b) + 64] += 1; }, 'counter not a multiple of the block');
  bad('blake2b', b2, (b) => { b[at(b) + 72] = 129; }, 'more than a block held back');
  const b3 = exportState(h.blake3.create().update(new Uint8Array(5000)));
  bad('blake3', b3, (b) => { b[at(b) + 32] = 16 + 1; }, 'mode flags');
  bad('blake3', b3, (b) => { b[at(b)] ^= 1; }, 'unkeyed with another key');
  bad('blake3', b3, (b) => { b[at(b) + 33] = 1; }, 'squeezing phase while absorbing');
  bad('blake3', b3, (b) => { b[at(b) + 34] += 1; }, 'chunk count disagreeing with the stack');
  const keyed = exportState(h.blake3.create({ key: new Uint8Array(32).fill(1) }));
  bad('blake3', keyed, (b) => { b[at(b) + 32] = 0; }, 'a key with the unkeyed flags');
  const cmac = exportState(h.cmac.create(new Uint8Array(16)).update(new Uint8Array(20)));
  bad('cmac', cmac, (b) => { b[at(b)] = 20; }, 'an AES key of 20 bytes');
  bad('cmac', cmac, (b) => { b[b.length - 9] = 17; }, 'more than a block held back');
  const gh = exportState(h.ghash.create(new Uint8Array(16)).update(new Uint8Array(20)));
  bad('ghash', gh, (b) => { b[at(b) + 32] = 16; }, 'a whole block pending');
  const poly = exportState(h.poly1305.create(new Uint8Array(32).fill(0xff)).update(new Uint8Array(20)));
  assert.equal(hex(poly.subarray(at(poly), at(poly) + 16)), 'ffffff0ffcffff0ffcffff0ffcffff0f', 'r is exported clamped');
  bad('poly1305', poly, (b) => { b[at(b) + 3] |= 0x10; }, 'r not clamped');
  const setH = (v) => (b) => { b.set(v, at(b) + 32); };
  const p = [0xfb, ...new Array(15).fill(0xff), 3]; // 2^130 - 5
  bad('poly1305', poly, setH(p), 'h = p');
  bad('poly1305', poly, setH(new Array(17).fill(0xff)), 'h >= 2^130');
  p[0] = 0xfa;
  importState(h.poly1305, resealed(poly, setH(p))).digest(); // h = p - 1 is fine
});

test('exportState and importState leave no secret in the kernel memory', async () => {
  const { memoryForTests } = await import('../../runtime/shell.js');
  const rng = makeRng(SEED, 5);
  for (const b of backends) {
    const h = b.hashes;
    const streams = [
      ['sha256', h.sha256.create()],
      ['blake256', h.blake256.create({ salt: rng.bytes(16) }).update(rng.bytes(70))],
      ['blake2s', h.blake2s.create({ key: rng.bytes(32) })],
      ['blake3', h.blake3.create({ context: 'ctx' }).update(rng.bytes(2000))],
      ['poly1305', h.poly1305.create(rng.bytes(32))],
      ['poly1305', h.poly1305.create(rng.bytes(32)).update(rng.bytes(33))],
    ];
    for (const [name, s] of streams) {
      importState(h[name], exportState(s));
      const mem = memoryForTests(h[name]);
      assert.equal(firstSecretByte(mem, regionsOf(h[name])), null, `${b.name} ${name}`);
    }
  }
});
const regionsOf = (hash) => linkedRegions(specOf(hash).instance);

test('states with a valid checksum and out-of-range fields are refused (header, MD)', () => {
  const h = backends[0].hashes;
  const st = exportState(h.sha256.create().update(new Uint8Array(70)));
  importState(h.sha256, resealed(st, () => {})); // the resealing itself is right
  if (typeof zlib.crc32 === 'function') // the checksum is zlib's CRC-32 (docs/api.md)
    assert.equal(new DataView(st.buffer).getUint32(st.length - 4, true), zlib.crc32(st.subarray(0, st.length - 4)));
  // The header as documented: magic, version, status, name, length, dkLen.
  assert.equal(hex(st.subarray(0, 25)), `61777374010006${hex(new TextEncoder().encode('sha256'))}${hex(Uint8Array.of(st.length, 0, 0, 0))}2000000000000000`);
  const at = 19 + 6; // the fields of sha256: length (8 bytes), chaining value, buffered bytes
  assert.throws(() => importState(h.sha256, resealed(st, (b) => { b[at + 7] = 0xff; })), refused, 'length above 2^53');
  assert.throws(() => importState(h.sha256, resealed(st, (b) => { b[at] = 71; })), refused, 'length disagreeing with the buffered bytes');
  assert.throws(() => importState(h.sha256, resealed(st, (b) => { b[5] = 1; })), refused, 'squeezing sha256');
  assert.throws(() => importState(h.sha256, resealed(st, (b) => { b[19] = 31; })), refused, 'dkLen');
});


// Version-1 states pinned: made by the recipes below on every backend, they must stay these bytes
// (a change of the layout is a new version), and each must import and export to itself.
const m = (n) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 1) & 255);
const k = (n) => Uint8Array.from({ length: n }, (_, i) => (i * 13 + 5) & 255);
const squeezed = (s, n) => {
  s.xof(n);
  return s;
};
const RECIPES = {
  'sha256, 70 bytes': (h) => h.sha256.create().update(m(70)),
  'sha512_256, 3 bytes': (h) => h.sha512_256.create().update(m(3)),
  'blake256 with salt, 65 bytes': (h) => h.blake256.create({ salt: k(16) }).update(m(65)),
  'shake128 after xof(10)': (h) => squeezed(h.shake128.create().update(m(5)), 10),
  'blake2s keyed, dkLen 20, 70 bytes': (h) => h.blake2s.create({ key: k(10), dkLen: 20 }).update(m(70)),
  'blake3 keyed, 1025 bytes': (h) => h.blake3.create({ key: k(32) }).update(m(1025)),
  'blake3 after xof(70)': (h) => squeezed(h.blake3.create().update(m(10)), 70),
  'poly1305, 20 bytes': (h) => h.poly1305.create(k(32)).update(m(20)),
  'hmac(sha1), 10 bytes': (h) => hmac.create(h.sha1, k(5)).update(m(10)),
};
const GOLDEN = {
  'sha256, 70 bytes': [
    '617773740100067368613235364b0000002000000000000000460000000000000015966c17e6471e3a49596554a04fa3',
    'a243d2620a18ce4651d2d9513c5f1a0e85c1c8cfd6dde4c0f51516',
  ],
  'sha512_256, 3 bytes': [
    '6177737401000a7368613531325f3235366c000000200000000000000003000000000000002cf72bfc94213122c2644c',
    'c8a35f559f51b1536f6bb89323bdea405919773896e3ff8ea8e23e289692398653251e5ebeaab8852cfc99012ba22cc5',
    '81dc2db70e01080f139512e3',
  ],
  'blake256 with salt, 65 bytes': [
    '61777374010008626c616b653235365800000020000000000000004100000000000000302dfc14b01ba60e99549f536e',
    '255df7f14762bdf7e976401238877882a3c3fb05121f2c394653606d7a8794a1aebbc8c11d6062f6',
  ],
  'shake128 after xof(10)': [
    '617773740101087368616b65313238e800000010000000000000000aba6cd5b2a467ca10f9702ff8a7cd68592e0831f8',
    '0a119cff8df3ef75e800627f2dd00c8abdb560c553d79b95dcc58d5221b118c7fba4e8b38ea1ef597b24cdcfc8ed85f5',
    'a2f66285672f7e46c228244fd477ea0b30214f43792b058b975763ab3265e2201089b09f1c01758135713343af21f5db',
    '013a3580ef97c4ee2ce9386b40d41f4245ead4354d568451681aef863a011a85e4dedbd18c33bf51ce73da11ea0a6d1f',
    '231ba75d6180802877162683a3ec79dab8e7d101118e4d8df4f52f0de008707bc31ffa06615c1c0d',
  ],
  'blake2s keyed, dkLen 20, 70 bytes': [
    '61777374010007626c616b6532734d0000001400000000000000fff70033c7c7e3835515f02fb9104d104603d2a367c2',
    'b01ff9a122549760966f800000000000000006c1c8cfd6dde4d738e6be',
  ],
  'blake3 keyed, 1025 bytes': [
    '61777374010006626c616b65336b000000200000000000000005121f2c394653606d7a8794a1aebbc8d5e2effc091623',
    '303d4a5764717e8b981000010000000000000001f0dc30d8828df54d87035cae491067d0c4e20d904c61a19ef3986aeb',
    '8d124a09010001997a1f72',
  ],
  'blake3 after xof(70)': [
    '61777374010106626c616b6533f0000000200000000000000067e6096a85ae67bb72f36e3c3af54fa57f520e518c6805',
    '9babd9831f19cde05b000167e6096a85ae67bb72f36e3c3af54fa57f520e518c68059babd9831f19cde05b01080f161d',
    '242b32394000000000000000000000000000000000000000000000000000000000000000000000000000000000000000',
    '00000000000000000000000a00000003000000020000000000000006d23daf035173ab8af76193d6e5ad73e75815a55e',
    '2d943878ba6d14bac48088a77f46fc5252179ad57ff314eeb424ab783a3233e9c8e0d0543c6049e5135c6cb9d15e224c',
  ],
  'poly1305, 20 bytes': [
    '61777374010008706f6c793133303555000000100000000000000005121f0c384653006c7a8704a0aebb08d5e2effc09',
    '1623303d4a5764717e8b987fe98bf17fc3e32b648425a34f333cd6010471787f8671f47f0a',
  ],
  'hmac(sha1), 10 bytes': [
    '61777374010004686d61639b000000140000000000000041000000617773740100047368613141000000140000000000',
    '00004a000000000000001f962fc30b08373dd4e7bce451021b21e0dde94f01080f161d242b323940a83397aa37000000',
    '6177737401000473686131370000001400000000000000400000000000000079eaecb68b887abf41643f752359c6bf5f',
    'd7c4b308e88725047f081a',
  ],
};
test('version-1 states: the pinned bytes, on every backend', () => {
  for (const [what, recipe] of Object.entries(RECIPES)) {
    const want = GOLDEN[what].join('');
    for (const b of backends) {
      assert.equal(hex(exportState(recipe(b.hashes))), want, `${b.name}: ${what}`);
      const st = fromHex(want);
      const again = what.startsWith('hmac') ? importHmacState(b.hashes.sha1, st) : importState(b.hashes[what.split(/[ ,]/)[0]], st);
      assert.equal(hex(exportState(again)), want, `${b.name}: ${what} imported and exported`);
    }
  }
});

test('random changes to valid states (checksum resealed) are refused naming "state", or import and finish', () => {
  const rng = makeRng(SEED, 4711);
  const h = backends[rng.int(backends.length)].hashes;
  let refusedCount = 0;
  let accepted = 0;
  for (const [what, lines] of Object.entries(GOLDEN)) {
    const st = fromHex(lines.join(''));
    for (let n = 0; n < 300; n++) {
      const bad = resealed(st, (b) => {
        for (let k = rng.int(3) + 1; k > 0; k--) b[rng.int(b.length - 4)] = rng.int(4) === 0 ? rng.int(256) : b[rng.int(b.length - 4)] ^ (1 << rng.int(8));
      });
      let t;
      try {
        t = what.startsWith('hmac') ? importHmacState(h.sha1, bad) : importState(h[what.split(/[ ,]/)[0]], bad);
      } catch (e) {
        assert.ok(refused(e), `${what}: ${e.stack}`);
        refusedCount++;
        continue;
      }
      if (bad[5] === 1 || t.outputLen > 4096) t.xof(100); // a changed dkLen may be huge (an XOF's)
      else t.digest();
      accepted++;
    }
  }
  assert.ok(refusedCount > 0 && accepted > 0, `${refusedCount} refused, ${accepted} accepted`);
});

poolCheck(test, { sync: true });
