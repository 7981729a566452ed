// The `noble.js` entry (@noble/hashes and @noble/ciphers behind our API): every name it exports
// gives the same outputs as js.js on random inputs — every form (one-shot, out/outPos, chunks,
// parallel, async, create/update/digest, xof, clone), every option — and the same errors (type and
// message) for the same bad arguments; it exports every name of index.js that noble has.
import assert from 'node:assert/strict';
import test from 'node:test';
import * as N from '../../noble.js';
import * as J from '../../js.js';
import * as W from '../../index.js';
import { SEED, hex, makeRng, randomSplit } from './_helpers.js';

const rng = makeRng(SEED, 31);
// Names of index.js with no adapter in noble.js (none: ofb is left out, noble has no OFB).
const PENDING = [];
// The keyed MACs (key given directly or as opts.key) and a key of theirs.
const MAC_KEY = { poly1305: 32, ghash: 16, polyval: 16, cmac: 16 };
const isMac = (name) => name in MAC_KEY;
const HASHES = Object.keys(J).filter((n) => typeof J[n].outputLen === 'number' && !PENDING.includes(n));
const CIPHERS = Object.keys(J).filter((n) => typeof J[n].blockSize === 'number' && !PENDING.includes(n));
const KDFS = ['pbkdf2', 'scrypt', 'argon2d', 'argon2i', 'argon2id'];

/** Both throw, with the same error class and message. */
function sameError(fa, fb, label) {
  let ea = null, eb = null;
  try {
    fa();
  } catch (e) {
    ea = e;
  }
  try {
    fb();
  } catch (e) {
    eb = e;
  }
  assert.ok(ea !== null, `${label}: js.js throws`);
  assert.ok(eb !== null, `${label}: noble.js throws (js.js: ${ea.message})`);
  assert.equal(eb.constructor, ea.constructor, `${label}: error class (${eb.message})`);
  assert.equal(eb.message, ea.message, label);
}
async function sameRejection(fa, fb, label) {
  const ea = await fa().then(() => null, (e) => e);
  const eb = await fb().then(() => null, (e) => e);
  assert.ok(ea !== null && eb !== null, `${label}: both reject`);
  assert.equal(eb.constructor, ea.constructor, label);
  assert.equal(eb.message, ea.message, label);
}

// Random options of a hash (as its js.js twin takes them).
function optsFor(name) {
  const o = {};
  if (/^blake(224|256|384|512)$/.test(name) && rng.int(2)) o.salt = rng.bytes(name === 'blake224' || name === 'blake256' ? 16 : 32);
  if (name === 'blake2b' || name === 'blake2s') {
    const max = name === 'blake2b' ? 64 : 32;
    if (rng.int(2)) o.key = rng.bytes(1 + rng.int(max));
    if (rng.int(2)) o.salt = rng.bytes(max / 4);
    if (rng.int(2)) o.personalization = rng.bytes(max / 4);
    if (rng.int(2)) o.dkLen = 1 + rng.int(max);
  }
  if (name === 'blake3') {
    const m = rng.int(3);
    if (m === 1) o.key = rng.bytes(32);
    if (m === 2) o.context = rng.int(2) ? 'awasmc noble test context' : rng.bytes(rng.int(40));
    if (rng.int(2)) o.dkLen = rng.int(300);
  }
  if (J[name].canXOF && name !== 'blake3' && rng.int(2)) o.dkLen = rng.int(400);
  if (isMac(name)) o.key = rng.bytes(name === 'cmac' ? [16, 24, 32][rng.int(3)] : MAC_KEY[name]);
  return o;
}

test('noble.js exports every name of index.js that noble has (all but ofb), with the same definitions', () => {
  const want = Object.keys(W).filter((n) => n !== 'ofb' && n !== 'backend' && !PENDING.includes(n)).sort();
  assert.deepEqual(Object.keys(N).sort(), want);
  for (const n of HASHES) {
    assert.deepEqual(N[n].getDefinition(), J[n].getDefinition(), n);
    for (const p of ['outputLen', 'blockLen', 'canXOF']) assert.equal(N[n][p], J[n][p], `${n}.${p}`);
    assert.equal(N[n].oid === undefined ? undefined : hex(N[n].oid), J[n].oid === undefined ? undefined : hex(J[n].oid), `${n}.oid`);
    assert.equal(N[n].getPlatform(), 'noble');
  }
  for (const n of CIPHERS.filter((c) => c in N)) {
    for (const p of ['blockSize', 'nonceLength', 'tagLength', 'varSizeNonce']) assert.equal(N[n][p], J[n][p], `${n}.${p}`);
    assert.deepEqual(N[n].getDefinition(), J[n].getDefinition(), n);
  }
  for (const n of [...KDFS, 'secretbox']) assert.deepEqual(N[n].getDefinition(), J[n].getDefinition(), n);
});

test(`every hash: the same outputs as js.js in every form, with random options (TEST_SEED=${SEED})`, async () => {
  for (const name of HASHES) {
    for (let r = 0; r < 6; r++) {
      const msg = rng.bytes(r < 2 ? r * 64 : rng.int(r % 2 ? 300 : 5000));
      const o = optsFor(name);
      const label = `${name} length ${msg.length} opts ${JSON.stringify(Object.keys(o))} TEST_SEED=${SEED}`;
      const want = J[name](msg, { ...o });
      assert.equal(hex(N[name](msg, { ...o })), hex(want), label);
      if (isMac(name)) assert.equal(hex(N[name](msg, o.key)), hex(want), `${label}: key given directly`);
      // out / outPos
      const out = new Uint8Array(want.length + 7);
      const got = N[name](msg, { ...o, out, outPos: 5 < out.length - want.length ? 5 : 0 });
      assert.equal(hex(got), hex(want), `${label} out/outPos`);
      // chunks, parallel (one flat out), async
      const parts = randomSplit(rng, msg, 1 + rng.int(700));
      assert.equal(hex(N[name].chunks(parts, { ...o })), hex(want), `${label} chunks`);
      const msgs = [msg, rng.bytes(rng.int(200)), rng.bytes(rng.int(2000))];
      const a = J[name].parallel(msgs, { ...o });
      const flat = new Uint8Array(want.length * 3);
      const b = N[name].parallel(msgs, { ...o, out: flat });
      assert.deepEqual(b.map(hex), a.map(hex), `${label} parallel`);
      assert.equal(hex(await N[name].async(msg, { ...o, asyncTick: 0 })), hex(want), `${label} async`);
      assert.equal(hex(await N[name].chunks.async(parts, { ...o })), hex(want), `${label} chunks.async`);
      assert.deepEqual((await N[name].parallel.async(msgs, { ...o })).map(hex), a.map(hex), `${label} parallel.async`);
      // streams: update in pieces, clone midway, digest / xof
      const createOpts = isMac(name) ? o.key : { ...o };
      const s = N[name].create(createOpts);
      const t = J[name].create(isMac(name) ? o.key : { ...o });
      const half = parts.length >> 1;
      for (const p of parts.slice(0, half)) s.update(p);
      for (const p of parts.slice(0, half)) t.update(p);
      const sc = s.clone();
      for (const p of parts.slice(half)) s.update(p);
      for (const p of parts.slice(half)) sc.update(p);
      assert.equal(hex(s.digest()), hex(want), `${label} stream`);
      if (N[name].canXOF) {
        for (const p of parts.slice(half)) t.update(p);
        const n1 = rng.int(100), n2 = rng.int(300);
        assert.equal(hex(sc.xof(n1)) + hex(sc.xof(n2)), hex(t.xof(n1)) + hex(t.xof(n2)), `${label} xof`);
      } else {
        assert.equal(hex(sc.digest()), hex(want), `${label} clone`);
        t.destroy();
      }
    }
  }
});

test('every hash: the same errors as js.js for the same bad arguments', async () => {
  const bad = [
    ['msg a string', (h) => h('abc')],
    ['opts null', (h) => h(new Uint8Array(3), null)],
    ['unknown option', (h) => h(new Uint8Array(3), { outpos: 1 })],
    ['outPos without out', (h) => h(new Uint8Array(3), { outPos: 1 })],
    ['out too small', (h) => h(new Uint8Array(3), { out: new Uint8Array(2) })],
    ['dkLen wrong', (h) => h(new Uint8Array(3), { dkLen: h.canXOF ? -1 : h.outputLen + 1 })],
    ['asyncTick on a sync call', (h) => h(new Uint8Array(3), { asyncTick: 1 })],
    ['parts not an array', (h) => h.chunks(new Uint8Array(3))],
    ['msgs[1] not bytes', (h) => h.parallel([new Uint8Array(1), 5])],
    ['parallel out count', (h) => h.parallel([new Uint8Array(1)], { out: [] })],
    ['create: unknown option', (h) => h.create({ foo: 1 })],
    ['update a number', (h) => h.create(isMac(h.name) ? new Uint8Array(MAC_KEY[h.name]) : undefined).update(5)],
    ['digest twice', (h) => {
      const s = h.create(isMac(h.name) ? new Uint8Array(MAC_KEY[h.name]) : undefined);
      s.digest();
      s.digest();
    }],
    ['xof on a non-XOF / xof(-1)', (h) => h.create(isMac(h.name) ? new Uint8Array(MAC_KEY[h.name]) : undefined).xof(-1)],
  ];
  const own = {
    blake224: [['salt length', (h) => h(new Uint8Array(1), { salt: new Uint8Array(8) })], ['salt type', (h) => h(new Uint8Array(1), { salt: 'x' })]],
    blake2b: [['key empty', (h) => h(new Uint8Array(1), { key: new Uint8Array(0) })], ['dkLen 0', (h) => h(new Uint8Array(1), { dkLen: 0 })],
      ['personalization length', (h) => h(new Uint8Array(1), { personalization: new Uint8Array(3) })]],
    blake2s: [['key too long', (h) => h(new Uint8Array(1), { key: new Uint8Array(33) })]],
    blake3: [['key and context', (h) => h(new Uint8Array(1), { key: new Uint8Array(32), context: 'x' })], ['key length', (h) => h(new Uint8Array(1), { key: new Uint8Array(31) })]],
    poly1305: [['no key', (h) => h(new Uint8Array(1))], ['key length', (h) => h(new Uint8Array(1), new Uint8Array(31))]],
    ghash: [['no key', (h) => h(new Uint8Array(1))], ['key length', (h) => h(new Uint8Array(1), new Uint8Array(15))]],
    polyval: [['key type', (h) => h(new Uint8Array(1), { key: 'k' })]],
    cmac: [['key length', (h) => h(new Uint8Array(1), new Uint8Array(17))]],
  };
  for (const name of HASHES) {
    const cases = [...bad, ...(own[name] || [])];
    for (const [what, call] of cases) {
      if (isMac(name) && what !== 'msg a string' && what.startsWith('opts')) continue;
      sameError(() => call(J[name]), () => call(N[name]), `${name}: ${what}`);
    }
    await sameRejection(() => J[name].async('x'), () => N[name].async('x'), `${name}.async: msg a string`);
  }
});

test('KDFs: pbkdf2, scrypt and Argon2 give js.js outputs, sync and async, and its errors', async () => {
  for (let r = 0; r < 3; r++) {
    const pw = r === 0 ? 'password' : rng.bytes(rng.int(40));
    const salt = rng.bytes(8 + rng.int(24));
    for (const h of ['sha256', 'sha512', 'sha3_256', 'blake2s']) {
      const o = { c: 1 + rng.int(50), dkLen: 1 + rng.int(100) };
      const want = hex(J.pbkdf2(J[h])(pw, salt, o));
      assert.equal(hex(N.pbkdf2(N[h])(pw, salt, o)), want, `pbkdf2(${h}) ${JSON.stringify(o)}`);
      assert.equal(hex(await N.pbkdf2(N[h]).async(pw, salt, o)), want, `pbkdf2(${h}).async`);
    }
    const so = { N: 2 ** (1 + rng.int(6)), r: 1 + rng.int(4), p: 1 + rng.int(3), dkLen: 1 + rng.int(80) };
    const sw = hex(J.scrypt(pw, salt, so));
    assert.equal(hex(N.scrypt(pw, salt, so)), sw, `scrypt ${JSON.stringify(so)}`);
    assert.equal(hex(await N.scrypt.async(pw, salt, so)), sw, 'scrypt.async');
    for (const a of ['argon2d', 'argon2i', 'argon2id']) {
      const p = 1 + rng.int(3);
      const ao = { t: 1 + rng.int(2), m: 8 * p + rng.int(40), p, dkLen: 4 + rng.int(60), ...(rng.int(2) ? { key: rng.bytes(8), personalization: 'ad' } : {}) };
      const aw = hex(J[a](pw, salt, ao));
      assert.equal(hex(N[a](pw, salt, ao)), aw, `${a} ${JSON.stringify(ao)}`);
      assert.equal(hex(await N[a].async(pw, salt, ao)), aw, `${a}.async`);
    }
  }
  const errs = [
    ['pbkdf2 c missing', (K) => K.pbkdf2(K.sha256)('p', 's', { dkLen: 32 })],
    ['pbkdf2 c 0', (K) => K.pbkdf2(K.sha256)('p', 's', { c: 0 })],
    ['pbkdf2 unknown option', (K) => K.pbkdf2(K.sha256)('p', 's', { c: 1, iterations: 2 })],
    ['pbkdf2 password type', (K) => K.pbkdf2(K.sha256)(5, 's', { c: 1 })],
    ['scrypt N', (K) => K.scrypt('p', 's', { N: 3, r: 1, p: 1 })],
    ['scrypt maxmem', (K) => K.scrypt('p', 's', { N: 1024, r: 8, p: 1, maxmem: 1000 })],
    ['scrypt asyncTick on sync', (K) => K.scrypt('p', 's', { N: 2, r: 1, p: 1, asyncTick: 1 })],
    ['argon2 salt short', (K) => K.argon2id('p', 'short', { t: 1, m: 8 })],
    ['argon2 m below 8p', (K) => K.argon2id('p', 'saltsalt', { t: 1, m: 8, p: 2 })],
    ['argon2 version', (K) => K.argon2i('p', 'saltsalt', { t: 1, m: 8, version: 0x11 })],
    ['argon2 maxmem', (K) => K.argon2d('p', 'saltsalt', { t: 1, m: 64, maxmem: 1024 })],
    ['argon2 unknown', (K) => K.argon2d('p', 'saltsalt', { iterations: 1 })],
  ];
  for (const [what, call] of errs) sameError(() => call(J), () => call(N), what);
  await sameRejection(() => J.scrypt.async('p', 's', { N: 2, r: 1, p: 1, nextTick: 5 }), () => N.scrypt.async('p', 's', { N: 2, r: 1, p: 1, nextTick: 5 }), 'scrypt.async nextTick');
  let progress = [];
  N.argon2id('p', 'saltsalt', { t: 1, m: 64, onProgress: (f) => progress.push(f) });
  assert.ok(progress.length > 0 && progress.at(-1) === 1 && progress.every((f, i) => i === 0 || f > progress[i - 1]), 'argon2 onProgress increasing to 1');
});

// The arguments of cipher `name` (key, nonce, and the third argument or options).
function cipherArgs(name) {
  const c = J[name];
  const lens = c.getDefinition().keyLengths;
  const key = rng.bytes(lens[rng.int(lens.length)]);
  const args = [key];
  if (c.nonceLength > 0) args.push(rng.bytes(c.nonceLength));
  if (/^(x?chacha20poly1305|gcm|gcmsiv)$/.test(name) && rng.int(2)) args.push(rng.bytes(rng.int(50)));
  if (name === 'aessiv') for (let i = rng.int(3); i > 0; i--) args.push(rng.bytes(rng.int(30)));
  if (/^(ecb|cbc)$/.test(name) && rng.int(3) === 0) args.push({ disablePadding: true });
  if (/^(salsa20|xsalsa20|chacha|xchacha20$)/.test(name) && !/poly/.test(name) && rng.int(2)) args.push({ counter: rng.int(1000) });
  return args;
}

test(`every cipher: the same outputs as js.js (one-shot, output in place, streams, async) (TEST_SEED=${SEED})`, async () => {
  for (const name of CIPHERS.filter((c) => c in N)) {
    for (let r = 0; r < 5; r++) {
      const args = cipherArgs(name);
      const padded = args.some((a) => a && a.disablePadding);
      let len = r === 0 ? 0 : rng.int(r % 2 ? 100 : 3000);
      if (padded) len -= len % 16;
      if (name === 'aeskw') len = 16 + 8 * rng.int(40);
      if (name === 'aeskwp') len = 1 + rng.int(300);
      const data = rng.bytes(len);
      const label = `${name} length ${len} TEST_SEED=${SEED}`;
      const ct = J[name](...args).encrypt(data);
      assert.equal(hex(N[name](...args).encrypt(data)), hex(ct), label);
      assert.equal(hex(N[name](...args).decrypt(ct)), hex(data), `${label} decrypt`);
      assert.equal(hex(await N[name](...args).encrypt.async(data, undefined, { asyncTick: 0 })), hex(ct), `${label} encrypt.async`);
      assert.equal(hex(await N[name](...args).decrypt.async(ct)), hex(data), `${label} decrypt.async`);
      if (ct.length === data.length) {
        const buf = data.slice();
        N[name](...args).encrypt(buf, buf);
        assert.equal(hex(buf), hex(ct), `${label} in place`);
      }
      // streams, in random pieces
      const s = N[name](...args).encrypt.create();
      const pieces = randomSplit(rng, data, 1 + rng.int(100)).map((p) => s.update(p));
      const fin = s.finish();
      // (SIV's layout is V ‖ C: its streams return the tag V apart)
      const streamed = Buffer.concat(name === 'aessiv' ? [fin.tag, ...pieces, fin.data] : [...pieces, fin.data, ...(fin.tag ? [fin.tag] : [])]);
      assert.equal(hex(streamed), hex(ct), `${label} encrypt stream`);
      if (N[name].tagLength === 0) {
        const d = N[name](...args).decrypt.create();
        const out = [...randomSplit(rng, ct, 1 + rng.int(100)).map((p) => d.update(p)), d.finish().data];
        assert.equal(hex(Buffer.concat(out)), hex(data), `${label} decrypt stream`);
      }
    }
  }
});

test('every cipher: the same errors as js.js (arguments, nonce reuse, wrong tag, bad padding)', () => {
  for (const name of CIPHERS.filter((c) => c in N)) {
    const c = J[name];
    const nonce = c.nonceLength === 0 ? [] : [new Uint8Array(c.nonceLength)];
    const key = new Uint8Array(32);
    const cases = [
      ['key length', (K) => K[name](new Uint8Array(15), ...nonce)],
      ['key type', (K) => K[name]('k', ...nonce)],
      ['data type', (K) => K[name](key, ...nonce).encrypt('x')],
      ['output too small', (K) => K[name](key, ...nonce).encrypt(new Uint8Array(32), new Uint8Array(3))],
      ['nonce reuse', (K) => {
        const i = K[name](key, ...nonce);
        i.encrypt(new Uint8Array(16));
        i.encrypt(new Uint8Array(16));
      }],
    ];
    if (c.nonceLength > 0 && !c.varSizeNonce) cases.push(['nonce length', (K) => K[name](key, new Uint8Array(c.nonceLength + 1))]);
    if (c.tagLength > 0) {
      cases.push(['short ciphertext', (K) => K[name](key, ...nonce).decrypt(new Uint8Array(15))]);
      cases.push(['wrong tag', (K) => K[name](key, ...nonce).decrypt(new Uint8Array(40))]);
    }
    if (name === 'chacha20' || name === 'salsa20') cases.push(['counter type', (K) => K[name](key, ...nonce, { counter: 'x' })]);
    if (name === 'xsalsa20poly1305') cases.push(['AAD', (K) => K[name](key, ...nonce, new Uint8Array(1))]);
    if (name === 'aeskw' || name === 'aeskwp') cases.push(['integrity check', (K) => K[name](key).decrypt(new Uint8Array(24))]);
    if (name === 'gcm') cases.push(['tagLength', (K) => K[name](key, ...nonce, undefined, { tagLength: 3 })]);
    if (name === 'cbc' || name === 'ecb') {
      cases.push(['bad padding', (K) => K[name](new Uint8Array(16), ...nonce).decrypt(new Uint8Array(32))]);
      cases.push(['ragged with disablePadding', (K) => K[name](new Uint8Array(16), ...nonce, { disablePadding: true }).encrypt(new Uint8Array(17))]);
      cases.push(['disablePadding type', (K) => K[name](new Uint8Array(16), ...nonce, { disablePadding: 1 })]);
    }
    for (const [what, call] of cases) {
      if (c.nonceLength === 0 && what === 'nonce reuse') continue; // no nonce, no guard
      sameError(() => call(J), () => call(N), `${name}: ${what}`);
    }
  }
  // A wrong tag writes nothing to the caller's output.
  const key = rng.bytes(32), nonce = rng.bytes(12);
  const ct = N.chacha20poly1305(key, nonce).encrypt(rng.bytes(50));
  ct[3] ^= 1;
  const out = new Uint8Array(50).fill(7);
  assert.throws(() => N.chacha20poly1305(key, nonce).decrypt(ct, out), /invalid tag/);
  assert.ok(out.every((b) => b === 7));
});

test('secretbox over noble: seal/open as js.js', () => {
  const key = rng.bytes(32), nonce = rng.bytes(24), msg = rng.bytes(100);
  const sealed = N.secretbox(key, nonce).seal(msg);
  assert.equal(hex(sealed), hex(J.secretbox(key, nonce).seal(msg)));
  assert.equal(hex(N.secretbox(key, nonce).open(sealed)), hex(msg));
  assert.equal(N.secretbox.getPlatform(), 'noble');
});

test('ECB, CBC, CFB and CTR streams run as they go, as ours do (whole blocks out of each update)', () => {
  const key = rng.bytes(16), iv = rng.bytes(16);
  for (const name of ['ecb', 'cbc', 'cfb', 'ctr']) {
    const args = name === 'ecb' ? [key] : [key, iv];
    const e = N[name](...args).encrypt.create();
    const f = J[name](...args).encrypt.create();
    for (const n of [5, 30, 16, 1, 40]) {
      const part = rng.bytes(n);
      assert.equal(hex(e.update(part)), hex(f.update(part)), `${name} encrypt update of ${n}`);
    }
    assert.equal(hex(e.finish().data), hex(f.finish().data), `${name} finish`);
  }
  // Decrypting with padding holds the last block back until finish().
  const ct = J.cbc(key, iv).encrypt(rng.bytes(40)); // 48 bytes: 40 and 8 of padding
  const d = N.cbc(key, iv).decrypt.create();
  assert.equal(d.update(ct.subarray(0, 32)).length, 16);
  assert.equal(d.update(ct.subarray(32)).length, 16);
  assert.equal(d.finish().data.length, 8);
});
