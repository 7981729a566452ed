// NIST known-answer vectors, read from the shared folder next to the repository (never copied in):
// - CAVP SHAVS byte-oriented files SHA{1,224,256,384,512}{Short,Long}Msg.rsp (Len is in bits);
// - MD5 (RFC 1321) and RIPEMD-160 (homepage) lists in the same format, from pyca/cryptography;
// - ACVP SHA2-*-1.0 prompt/expectedResults: AFT groups (byte-aligned `len` only) and the Monte Carlo
//   group, in both its "standard" (message = A||B||C) and "alternate" (A||B||C cut or zero-padded to
//   the seed's length) versions. LDT groups (8 GiB messages) are skipped.
// Run on every backend; the runtime interpreter gets all but the Monte Carlo tests (100,000 hashes each).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import zlib from 'node:zlib';
import { BACKENDS, fromHex, hex, loadBackends, repoRoot } from './_helpers.js';

const VECTORS = path.resolve(repoRoot, '../shared/vectors');
const haveVectors = fs.existsSync(VECTORS);
const SKIP = haveVectors ? false : 'vectors folder ../shared/vectors not found';

const CAVP = { SHA1: 'sha1', SHA224: 'sha224', SHA256: 'sha256', SHA384: 'sha384', SHA512: 'sha512' };
const ACVP = {
  'SHA2-224': 'sha224', 'SHA2-256': 'sha256', 'SHA2-384': 'sha384', 'SHA2-512': 'sha512',
  'SHA2-512-224': 'sha512_224', 'SHA2-512-256': 'sha512_256',
};

/** [{ len (bytes), msg, md }] of one CAVP .rsp file. */
function readRsp(file) {
  const out = [];
  let cur = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^(Len|Msg|MD)\s*=\s*([0-9a-fA-F]*)\s*$/.exec(line);
    if (!m) continue;
    if (m[1] === 'Len') cur = { bits: Number(m[2]) };
    else if (m[1] === 'Msg') cur.msg = m[2];
    else {
      cur.md = m[2].toLowerCase();
      if (cur.bits % 8 !== 0) throw new Error(`${file}: Len ${cur.bits} is not byte-aligned`);
      // Len = 0 is written with Msg = 00: the message is the first Len/8 bytes.
      out.push({ msg: fromHex(cur.msg).subarray(0, cur.bits / 8), md: cur.md });
    }
  }
  return out;
}

function readGz(file) {
  return JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8'));
}

/** { aft: [{msg, md}], mct: [{seed, version, mds[]}], skipped } for one ACVP SHA2 algorithm folder. */
function readAcvp(dir) {
  const prompt = readGz(path.join(dir, 'prompt.json.gz'));
  const expected = readGz(path.join(dir, 'expectedResults.json.gz'));
  const answers = new Map();
  for (const g of expected.testGroups) for (const t of g.tests) answers.set(t.tcId, t);
  const res = { aft: [], mct: [], skipped: 0 };
  for (const g of prompt.testGroups) {
    for (const t of g.tests) {
      const a = answers.get(t.tcId);
      if (g.testType === 'AFT' && t.len % 8 === 0) {
        res.aft.push({ tcId: t.tcId, msg: fromHex(t.msg).subarray(0, t.len / 8), md: a.md.toLowerCase() });
      } else if (g.testType === 'MCT' && t.len % 8 === 0) {
        res.mct.push({
          tcId: t.tcId, seed: fromHex(t.msg).subarray(0, t.len / 8), version: g.mctVersion || 'standard',
          mds: a.resultsArray.map((r) => r.md.toLowerCase()),
        });
      } else res.skipped++;
    }
  }
  return res;
}

// ACVP SHA-1/SHA-2 Monte Carlo test; returns the 100 checkpoint digests as hex.
function monteCarlo(h, seed0, version) {
  const L = seed0.length;
  const mds = [];
  let seed = seed0;
  const alt = version === 'alternate';
  const msg = alt ? new Uint8Array(L) : null;
  for (let j = 0; j < 100; j++) {
    let a = seed;
    let b = seed;
    let c = seed;
    for (let i = 0; i < 1000; i++) {
      let md;
      if (!alt) md = h.chunks([a, b, c]);
      else {
        // A||B||C, then cut to L bytes or zero-padded to L bytes.
        msg.fill(0);
        let pos = 0;
        for (const part of [a, b, c]) {
          const take = Math.min(part.length, L - pos);
          msg.set(part.subarray(0, take), pos);
          pos += take;
        }
        md = h(msg);
      }
      a = b;
      b = c;
      c = md;
    }
    mds.push(hex(c));
    seed = c;
  }
  return mds;
}

const backends = await loadBackends();
const byName = Object.fromEntries(backends.map((b) => [b.name, b]));

for (const backend of BACKENDS) {
  const b = byName[backend];
  const full = backend !== 'runtime';
  const title = full
    ? `${backend}: NIST CAVP SHAVS + ACVP SHA2 (AFT and Monte Carlo) vectors`
    : `${backend}: NIST CAVP SHAVS + ACVP SHA2 AFT vectors (runtime: Monte Carlo left out, slow interpreter)`;
  test(title, { skip: SKIP }, async (t) => {
    if (b.hashes === null) throw new Error(`backend ${backend} did not load: ${b.error.message}`);
    let total = 0; // vectors whose subtest passed
    for (const [file, name] of Object.entries(CAVP)) {
      for (const kind of ['ShortMsg', 'LongMsg']) {
        const vectors = readRsp(path.join(VECTORS, 'nist-cavp-shavs', `${file}${kind}.rsp`));
        await t.test(`CAVP ${file}${kind}`, () => {
          for (const [i, v] of vectors.entries())
            assert.equal(hex(b.hashes[name](v.msg)), v.md, `${backend} ${name} ${file}${kind} #${i} (${v.msg.length} bytes)`);
          total += vectors.length;
        });
      }
    }
    // MD5 (RFC 1321's suite) and RIPEMD-160 (its homepage's list), in pyca/cryptography's .rsp-style files.
    for (const [file, name] of [['rfc-1321.txt', 'md5'], ['ripevectors.txt', 'ripemd160']]) {
      const vectors = readRsp(path.join(VECTORS, 'pyca', file));
      await t.test(`${name}: pyca/${file}`, () => {
        for (const [i, v] of vectors.entries()) assert.equal(hex(b.hashes[name](v.msg)), v.md, `${backend} ${name} ${file} #${i}`);
        total += vectors.length;
      });
    }
    for (const [dir, name] of Object.entries(ACVP)) {
      const { aft, mct, skipped } = readAcvp(path.join(VECTORS, 'acvp', `${dir}-1.0`));
      await t.test(`ACVP ${dir} AFT (${aft.length} byte-aligned, ${skipped} bit-oriented or LDT skipped)`, () => {
        for (const v of aft) assert.equal(hex(b.hashes[name](v.msg)), v.md, `${backend} ${name} ACVP ${dir} tcId ${v.tcId}`);
        total += aft.length;
      });
      for (const m of full ? mct : []) {
        await t.test(`ACVP ${dir} Monte Carlo (${m.version}, ${m.mds.length} checkpoints)`, () => {
          const got = monteCarlo(b.hashes[name], m.seed, m.version);
          assert.deepEqual(got, m.mds, `${backend} ${name} ACVP ${dir} MCT tcId ${m.tcId}`);
          total += m.mds.length;
        });
      }
    }
    t.diagnostic(`${backend}: ${total} known-answer vectors passed (NIST, RFC 1321, RIPEMD-160 homepage)`);
    assert.ok(total >= 2000, `expected >= 2000 vectors, found ${total}`);
  });
}
