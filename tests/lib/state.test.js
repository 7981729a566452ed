// State export and import (state.js, runtime/state.js; docs/api.md "State export"): for every
// streaming hash and MAC and every ordered pair of backends, a stream fed a random prefix of a
// random message is exported on one backend (the bytes must be the same on all four), imported
// on the other, fed the rest and finished: the digest must equal @noble/hashes' (or
// @noble/ciphers') one-shot of the whole message. Also: XOF streams exported while squeezing,
// HMAC, states refused after digest(), and foreign or corrupt states (each header byte flipped,
// every truncation, a body byte flipped, trailing bytes, out-of-range fields) refused with a
// TypeError or RangeError naming "state".
import assert from 'node:assert/strict';
import test from 'node:test';
import { poly1305 as noblePoly } from '@noble/ciphers/_poly1305.js';
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
import { BACKENDS, SEED, firstSecretByte, hex, loadBackends, makeRng, poolCheck } from './_helpers.js';

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

test('a state is refused after digest() and destroy(); exportState refuses what is not a stream of ours', () => {
  for (const b of backends) {
    const s = b.hashes.sha256.create();
    s.digest();
    assert.throws(() => exportState(s), /exportState\(\) after digest\(\)/);
    const d = b.hashes.sha256.create();
    d.destroy();
    assert.throws(() => exportState(d), /after destroy\(\)/);
  }
  for (const x of [undefined, null, {}, NOBLE.sha256.create(), backends[0].hashes.sha256])
    assert.throws(() => exportState(x), (e) => e instanceof TypeError && /"stream"/.test(e.message));
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
const regionsOf = (hash) => specOf(hash).instance.target.regions;

test('states with a valid checksum and out-of-range fields are refused (header, MD)', () => {
  const h = backends[0].hashes;
  const st = exportState(h.sha256.create().update(new Uint8Array(70)));
  importState(h.sha256, resealed(st, () => {})); // the resealing itself is right
  const at = 19 + 6; // the fields of sha256: length (8 bytes), chaining value, buffered bytes
  assert.throws(() => importState(h.sha256, resealed(st, (b) => { b[at + 7] = 0xff; })), refused, 'length above 2^53');
  assert.throws(() => importState(h.sha256, resealed(st, (b) => { b[at] = 71; })), refused, 'length disagreeing with the buffered bytes');
  assert.throws(() => importState(h.sha256, resealed(st, (b) => { b[5] = 1; })), refused, 'squeezing sha256');
  assert.throws(() => importState(h.sha256, resealed(st, (b) => { b[19] = 31; })), refused, 'dkLen');
});

poolCheck(test, { sync: true });
