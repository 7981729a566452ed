// HMAC and HKDF known-answer vectors, read from the shared folder next to the repository (never
// copied in; SOURCES.md there names each file's origin), on every backend entry:
// - Crypto++ TestVectors/hmac.txt: RFC 2202 (HMAC-MD5, HMAC-SHA-1), RFC 2286 (HMAC-RIPEMD-160)
//   and RFC 4231 (HMAC-SHA-224/256/384/512), truncated tags included;
// - Crypto++ TestVectors/hkdf.txt: RFC 5869 (HKDF-SHA-1, HKDF-SHA-256) and Crypto++'s own
//   HKDF-SHA-512 cases (its Whirlpool cases are a skipped subtest: we have no Whirlpool);
// - ACVP HMAC-SHA-1-2.0, HMAC-SHA2-*-2.0, HMAC-SHA3-*-2.0 (prompt + expectedResults; the MAC is
//   truncated to macLen bits);
// - Wycheproof hmac_*_test.json (tags truncated to the group's tagSize; "invalid" = a modified tag,
//   which must differ from ours) and hkdf_sha*_test.json ("invalid" = a size above 255 * HashLen,
//   which must be a RangeError).
// A file whose hash the entry does not export (HMAC-SHA3 until sha3_* are on main) is skipped with
// the reason; the test names count the vectors run per backend.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import zlib from 'node:zlib';
import * as nobleLegacy from '@noble/hashes/legacy.js';
import * as nobleSha2 from '@noble/hashes/sha2.js';
import * as nobleSha3 from '@noble/hashes/sha3.js';
import { expand, extract, hkdf } from '../../hkdf.js';
import { hmac } from '../../hmac.js';
import { forEachBackend, fromHex, hex, loadBackends, repoRoot } from './_helpers.js';

const VECTORS = path.resolve(repoRoot, '../shared/vectors');
const SKIP = fs.existsSync(VECTORS) ? false : `vectors folder ${VECTORS} not found`;
const backends = await loadBackends();

// Our names for the hashes as each source spells them.
const CRYPTOPP = {
  MD5: 'md5', 'SHA-1': 'sha1', 'RIPEMD-160': 'ripemd160', 'SHA-224': 'sha224', 'SHA-256': 'sha256',
  'SHA-384': 'sha384', 'SHA-512': 'sha512',
};
const ACVP = {
  'HMAC-SHA-1': 'sha1', 'HMAC-SHA2-224': 'sha224', 'HMAC-SHA2-256': 'sha256', 'HMAC-SHA2-384': 'sha384',
  'HMAC-SHA2-512': 'sha512', 'HMAC-SHA2-512-224': 'sha512_224', 'HMAC-SHA2-512-256': 'sha512_256',
  'HMAC-SHA3-224': 'sha3_224', 'HMAC-SHA3-256': 'sha3_256', 'HMAC-SHA3-384': 'sha3_384', 'HMAC-SHA3-512': 'sha3_512',
};
const WYCHEPROOF_HMAC = [
  'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha512_224', 'sha512_256', 'sha3_224', 'sha3_256', 'sha3_384', 'sha3_512',
];
const WYCHEPROOF_HKDF = { sha1: 'sha1', sha256: 'sha256', sha384: 'sha384', sha512: 'sha512' };

const readGz = (file) => JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8'));
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const latin1 = (s) => Uint8Array.from(s, (c) => c.charCodeAt(0));

/**
 * A Crypto++ test-vector value as bytes: a sequence of `"text"`, hex (with or without 0x) and
 * `rN value` (value repeated N times). hmac.txt writes one RFC 4231 message as `"...")`; the stray
 * `)` is skipped, as Crypto++'s hex decoder skips non-hex characters.
 */
function cryptoppValue(v) {
  const parts = [];
  let s = v.trim();
  while (s.length > 0) {
    let m;
    if (s[0] === '"') {
      const end = s.indexOf('"', 1);
      if (end < 0) throw new Error(`unterminated string in ${v}`);
      parts.push(latin1(s.slice(1, end)));
      s = s.slice(end + 1);
    } else if ((m = /^r(\d+)\s+(\S+)/.exec(s))) {
      const one = cryptoppValue(m[2]);
      for (let i = 0; i < Number(m[1]); i++) parts.push(one);
      s = s.slice(m[0].length);
    } else if ((m = /^(?:0x)?([0-9a-fA-F]+)(?=\s|$)/.exec(s))) {
      if (m[1].length % 2 !== 0) throw new Error(`odd hex length in ${v}`);
      parts.push(fromHex(m[1]));
      s = s.slice(m[0].length);
    } else if (s[0] === ')') {
      s = s.slice(1);
    } else throw new Error(`cannot read Crypto++ value ${v}`);
    s = s.trimStart();
  }
  return new Uint8Array(Buffer.concat(parts));
}

/** The tests of a Crypto++ TestVectors file: each `Test:` line with the fields in force ({ Name, Key, ..., Test }). */
function readCryptopp(file) {
  const tests = [];
  let cur = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const m = /^(\w+):\s?(.*)$/.exec(line);
    if (!m) throw new Error(`${file}: cannot read line ${line}`);
    if (m[1] === 'AlgorithmType') cur = {};
    if (m[1] === 'Test') tests.push({ ...cur, Test: m[2].trim() });
    else cur[m[1]] = m[2];
  }
  return tests;
}

const hmacCheck = (key, msg, tag, what) => (h) => {
  // Alternate between the one-shot call and a stream fed in two pieces.
  let full;
  if (msg.length % 2 === 0) full = hmac(h, key, msg);
  else full = hmac.create(h, key).update(msg.subarray(0, msg.length >> 1)).update(msg.subarray(msg.length >> 1)).digest();
  assert.equal(hex(full.subarray(0, tag.length >> 1)), tag, what);
};

/**
 * Every vector file as { title, hash (our name), vectors: [{ what, check(h) }], skipped }, or
 * [] when the folder is absent.
 */
function loadSources() {
  if (SKIP) return [];
  const sources = [];
  // Crypto++ hmac.txt: RFC 2202, 2286, 4231.
  const byName = new Map();
  for (const t of readCryptopp(path.join(VECTORS, 'cryptopp/hmac.txt'))) {
    const m = /^HMAC\((.+)\)$/.exec(t.Name);
    const hash = m && CRYPTOPP[m[1]];
    if (!hash) throw new Error(`hmac.txt: unknown ${t.Name}`);
    if (t.Test !== 'Verify' && t.Test !== 'VerifyTruncated') throw new Error(`hmac.txt: unknown test ${t.Test}`);
    const key = cryptoppValue(t.Key);
    const msg = cryptoppValue(t.Message);
    const tag = hex(cryptoppValue(t.MAC));
    const title = `Crypto++ hmac.txt ${t.Name} (${t.Source})`;
    if (!byName.has(title)) byName.set(title, { title, hash, vectors: [], skipped: 0 });
    byName.get(title).vectors.push({ what: `${t.Comment} ${t.Test}`, check: hmacCheck(key, msg, tag, `${title} ${t.Comment} ${t.Test}`) });
  }
  sources.push(...byName.values());
  // Crypto++ hkdf.txt: RFC 5869 and Crypto++'s SHA-512 cases.
  const hk = new Map();
  let whirlpool = 0;
  for (const t of readCryptopp(path.join(VECTORS, 'cryptopp/hkdf.txt'))) {
    const m = /^HKDF\((.+)\)$/.exec(t.Name);
    if (m && m[1] === 'Whirlpool') {
      whirlpool++;
      continue;
    }
    const hash = m && CRYPTOPP[m[1]];
    if (!hash || t.Test !== 'Verify') throw new Error(`hkdf.txt: cannot run ${t.Name} ${t.Test}`);
    const ikm = cryptoppValue(t.Secret);
    const salt = t.Salt === undefined ? undefined : cryptoppValue(t.Salt);
    const info = t.Info === undefined ? undefined : cryptoppValue(t.Info);
    const len = Number(t.DerivedKeyLength);
    const okm = hex(cryptoppValue(t.DerivedKey));
    const title = `Crypto++ hkdf.txt ${t.Name}`;
    if (!hk.has(title)) hk.set(title, { title, hash, vectors: [], skipped: 0 });
    const what = `${title} ${t.Comment} (${t.Source})`;
    hk.get(title).vectors.push({
      what,
      check: (h) => {
        assert.equal(hex(hkdf(h, ikm, salt, info, len)), okm, what);
        assert.equal(hex(expand(h, extract(h, ikm, salt), info, len)), okm, `${what} extract + expand`);
      },
    });
  }
  sources.push(...hk.values());
  if (whirlpool > 0)
    sources.push({ title: 'Crypto++ hkdf.txt HKDF(Whirlpool)', hash: null, vectors: [], skipped: whirlpool, reason: 'no Whirlpool here' });
  // ACVP HMAC-*-2.0.
  for (const dir of fs.readdirSync(path.join(VECTORS, 'acvp')).filter((d) => d.startsWith('HMAC-')).sort()) {
    const prompt = readGz(path.join(VECTORS, 'acvp', dir, 'prompt.json.gz'));
    const expected = readGz(path.join(VECTORS, 'acvp', dir, 'expectedResults.json.gz'));
    const hash = ACVP[prompt.algorithm.replaceAll('/', '-')];
    if (!hash) throw new Error(`ACVP ${dir}: unknown algorithm ${prompt.algorithm}`);
    const answers = new Map();
    for (const g of expected.testGroups) for (const t of g.tests) answers.set(t.tcId, t.mac.toLowerCase());
    const src = { title: `ACVP ${dir}`, hash, vectors: [], skipped: 0 };
    for (const g of prompt.testGroups) {
      for (const t of g.tests) {
        if (g.testType !== 'AFT' || t.keyLen % 8 || t.msgLen % 8 || t.macLen % 8) {
          src.skipped++;
          continue;
        }
        const tag = answers.get(t.tcId);
        assert.equal(tag.length, t.macLen / 4, `${dir} tcId ${t.tcId}: mac length`);
        const key = fromHex(t.key).subarray(0, t.keyLen / 8);
        const msg = fromHex(t.msg).subarray(0, t.msgLen / 8);
        src.vectors.push({ what: `tcId ${t.tcId}`, check: hmacCheck(key, msg, tag, `${dir} tcId ${t.tcId}`) });
      }
    }
    sources.push(src);
  }
  // Wycheproof HMAC: valid tags must match, modified tags must not.
  for (const hash of WYCHEPROOF_HMAC) {
    const file = `hmac_${hash}_test.json`;
    const data = readJson(path.join(VECTORS, 'wycheproof', file));
    const src = { title: `Wycheproof ${file}`, hash, vectors: [], skipped: 0 };
    for (const g of data.testGroups) {
      for (const t of g.tests) {
        const key = fromHex(t.key);
        const msg = fromHex(t.msg);
        const what = `${file} tcId ${t.tcId} (${t.comment}, ${t.result})`;
        assert.equal(t.tag.length, g.tagSize / 4, `${what}: tag length`);
        if (t.result === 'valid') src.vectors.push({ what, check: hmacCheck(key, msg, t.tag, what) });
        else if (t.result === 'invalid')
          src.vectors.push({ what, check: (h) => assert.notEqual(hex(hmac(h, key, msg).subarray(0, g.tagSize / 8)), t.tag, what) });
        else src.skipped++;
      }
    }
    sources.push(src);
  }
  // Wycheproof HKDF: valid outputs must match; sizes above 255 * HashLen are RangeErrors.
  for (const [name, hash] of Object.entries(WYCHEPROOF_HKDF)) {
    const file = `hkdf_${name}_test.json`;
    const data = readJson(path.join(VECTORS, 'wycheproof', file));
    const src = { title: `Wycheproof ${file}`, hash, vectors: [], skipped: 0 };
    for (const g of data.testGroups) {
      for (const t of g.tests) {
        const ikm = fromHex(t.ikm);
        const salt = fromHex(t.salt);
        const info = fromHex(t.info);
        const what = `${file} tcId ${t.tcId} (${t.comment || t.flags.join(', ')}, ${t.result})`;
        if (t.result === 'valid') {
          src.vectors.push({ what, check: (h) => assert.equal(hex(hkdf(h, ikm, salt, info, t.size)), t.okm, what) });
        } else if (t.result === 'invalid' && t.flags.includes('SizeTooLarge')) {
          src.vectors.push({
            what,
            check: (h) => {
              assert.ok(t.size > 255 * h.outputLen, `${what}: the size is above the limit`);
              assert.throws(() => hkdf(h, ikm, salt, info, t.size), { name: 'RangeError', message: /"length"/ }, what);
            },
          });
        } else src.skipped++;
      }
    }
    sources.push(src);
  }
  return sources;
}

const sources = loadSources();

if (SKIP) test('HMAC/HKDF known-answer vectors', { skip: SKIP }, () => {});
else {
  // The files read right and hmac.js/hkdf.js pass them whatever the entries export: every file
  // through our hmac and hkdf over @noble/hashes' hash of the same name (HMAC-SHA3 included).
  const noble = { ...nobleSha2, ...nobleLegacy, ...nobleSha3 };
  const all = sources.filter((s) => s.hash !== null);
  test(`hmac.js/hkdf.js over @noble/hashes' hashes: known-answer vectors (${all.reduce((n, s) => n + s.vectors.length, 0)} vectors from ${all.length} files)`, async (t) => {
    for (const s of all) await t.test(`${s.title} (${s.vectors.length} vectors)`, () => s.vectors.forEach((v) => v.check(noble[s.hash])));
  });

  forEachBackend(test, backends, 'HMAC/HKDF vectors', (b) => {
    const runnable = sources.filter((s) => s.hash !== null && typeof b.hashes[s.hash] === 'function');
    const total = runnable.reduce((n, s) => n + s.vectors.length, 0);
    const missing = [...new Set(sources.filter((s) => s.hash !== null && !runnable.includes(s)).map((s) => s.hash))];
    const note = missing.length ? `; ${missing.join(', ')} not exported by ${b.name}.js, their files skipped` : '';
    test(`${b.name}: HMAC/HKDF known-answer vectors (${total} vectors from ${runnable.length} files${note})`, async (t) => {
      for (const s of sources) {
        const skipped = s.skipped ? `, ${s.skipped} skipped` : '';
        const title = `${s.title} (${s.vectors.length} vectors${skipped})`;
        if (s.hash === null) {
          await t.test(title, { skip: s.reason }, () => {});
          continue;
        }
        const h = b.hashes[s.hash];
        if (typeof h !== 'function') {
          await t.test(title, { skip: `${s.hash} is not exported by ${b.name}.js (not on main yet)` }, () => {});
          continue;
        }
        await t.test(title, () => {
          assert.ok(s.vectors.length > 0, 'the file has vectors');
          for (const v of s.vectors) v.check(h);
        });
      }
    });
  });
}
