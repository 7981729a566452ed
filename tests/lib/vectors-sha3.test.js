// Known-answer vectors for SHA-3, Keccak and SHAKE, read from the shared folder next to the
// repository (never copied in), on every backend:
// - the Keccak team's ShortMsgKAT files for SHA3-224..512, SHAKE128 and SHAKE256 (byte-aligned
//   lengths; SHAKE outputs of 512 bytes, several permutations of squeezing);
// - ACVP SHA3-*-2.0: AFT (byte-aligned `len`) and the Monte Carlo test (MD[i] = SHA3(MD[i-1]));
//   ACVP SHAKE-*-1.0: AFT, VOT (variable output lengths in bits: a length that is not a whole
//   number of bytes keeps the low bits of the last byte, FIPS 202's bit order) and the Monte Carlo
//   test (output lengths chosen from the previous output). Bit-oriented messages and LDT groups
//   (gigabyte messages) are skipped;
// - Crypto++'s copies of the CAVP SHA-3 byte-oriented files (sha3_*_fips_202.txt), its Botan SHAKE
//   list (shake.txt) and its Keccak KAT list (keccak.txt, Keccak-224..512 with the original padding);
// - Monero's Keccak-256 list (tests-fast.txt).
// The runtime interpreter gets all but the Monte Carlo tests (100,000 hashes each).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import zlib from 'node:zlib';
import { BACKENDS, fromHex, hex, loadBackends, repoRoot } from './_helpers.js';

const VECTORS = path.resolve(repoRoot, '../shared/vectors');
const SKIP = fs.existsSync(VECTORS) ? false : 'vectors folder ../shared/vectors not found';

const text = (file) => {
  const raw = fs.readFileSync(path.join(VECTORS, file));
  return (file.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8').replace(/\r/g, '');
};
const json = (file) => JSON.parse(text(file));

/** [{ msg, md }] of a Keccak team KAT file (Len in bits, MD or Squeezed), byte-aligned lengths only. */
function readKat(file) {
  const out = [];
  let bits = 0;
  let msg = '';
  for (const line of text(file).split('\n')) {
    const m = /^(Len|Msg|MD|Squeezed)\s*=\s*([0-9a-fA-F]*)\s*$/.exec(line);
    if (!m) continue;
    if (m[1] === 'Len') bits = Number(m[2]);
    else if (m[1] === 'Msg') msg = m[2];
    else if (bits % 8 === 0) out.push({ msg: fromHex(msg).subarray(0, bits / 8), md: m[2].toLowerCase() });
  }
  return out;
}

/**
 * Crypto++ TestVectors: "Name:" starts a section, "Message:" is hex (spaces allowed), a quoted
 * string, or `rN "text"` (the text N times); "Digest:" is hex. Returns { [name]: [{ msg, md }] }.
 */
function readCryptopp(file) {
  const out = {};
  let name = null;
  let msg = null;
  for (const line of text(file).split('\n')) {
    const m = /^(\w+):\s*(.*)$/.exec(line);
    if (!m) continue;
    const [, key, value] = m;
    if (key === 'Name') {
      name = value.trim();
      out[name] ??= [];
    } else if (key === 'Message') {
      const q = /^(?:r(\d+)\s+)?"(.*)"$/.exec(value.trim());
      msg = q ? new TextEncoder().encode(q[2].repeat(q[1] === undefined ? 1 : Number(q[1]))) : fromHex(value.replace(/\s+/g, ''));
    } else if (key === 'Digest') {
      out[name].push({ msg, md: value.replace(/\s+/g, '').toLowerCase() });
    }
  }
  return out;
}

/** ACVP prompt + expected results of one folder: { groups: [{ testType, ...group, tests: [{ ...t, answer }] }] }. */
function readAcvp(dir) {
  const prompt = json(`acvp/${dir}/prompt.json.gz`);
  const expected = json(`acvp/${dir}/expectedResults.json.gz`);
  const answers = new Map();
  for (const g of expected.testGroups) for (const t of g.tests) answers.set(t.tcId, t);
  return prompt.testGroups.map((g) => ({ ...g, tests: g.tests.map((t) => ({ ...t, answer: answers.get(t.tcId) })) }));
}
const msgOf = (t) => fromHex(t.msg).subarray(0, Number(t.len) / 8);
// An output of `bits` bits: whole bytes, and the low bits of a last partial byte (FIPS 202 numbers
// the bits of a byte from the least significant).
function xofBits(h, msg, bits) {
  const out = h(msg, { dkLen: Math.ceil(bits / 8) });
  if (bits % 8 !== 0) out[out.length - 1] &= (1 << bits % 8) - 1;
  return hex(out);
}

// ACVP SHA-3 Monte Carlo (standard): each digest is the hash of the one before; every 1,000th is
// a checkpoint.
function sha3MonteCarlo(h, seed) {
  const res = [];
  let md = seed;
  for (let j = 0; j < 100; j++) {
    for (let i = 0; i < 1000; i++) md = h(md);
    res.push(hex(md));
  }
  return res;
}
// ACVP SHAKE Monte Carlo: the message is the leftmost 128 bits of the previous output (zero-padded),
// and the next output length (bytes) is minOutLen + (the output's rightmost 16 bits mod the range).
function shakeMonteCarlo(h, seed, minBits, maxBits) {
  const minBytes = minBits / 8;
  const range = maxBits / 8 - minBytes + 1;
  let outLen = maxBits / 8;
  let out = seed;
  const res = [];
  const msg = new Uint8Array(16);
  for (let j = 0; j < 100; j++) {
    for (let i = 0; i < 1000; i++) {
      msg.fill(0);
      msg.set(out.subarray(0, 16));
      out = h(msg, { dkLen: outLen });
      const last16 = (out[out.length - 2] << 8) | out[out.length - 1];
      outLen = minBytes + (last16 % range);
    }
    res.push(hex(out));
  }
  return res;
}

const KAT = {
  'SHA3-224': 'sha3_224', 'SHA3-256': 'sha3_256', 'SHA3-384': 'sha3_384', 'SHA3-512': 'sha3_512',
  SHAKE128: 'shake128', SHAKE256: 'shake256',
};
const ACVP_SHA3 = { 'SHA3-224-2.0': 'sha3_224', 'SHA3-256-2.0': 'sha3_256', 'SHA3-384-2.0': 'sha3_384', 'SHA3-512-2.0': 'sha3_512' };
const ACVP_SHAKE = { 'SHAKE-128-1.0': 'shake128', 'SHAKE-256-1.0': 'shake256' };
const CRYPTOPP_NAMES = {
  'SHA3-224': 'sha3_224', 'SHA3-256': 'sha3_256', 'SHA3-384': 'sha3_384', 'SHA3-512': 'sha3_512',
  'SHAKE-128': 'shake128', 'SHAKE-256': 'shake256',
  'Keccak-224': 'keccak_224', 'Keccak-256': 'keccak_256', 'Keccak-384': 'keccak_384', 'Keccak-512': 'keccak_512',
};

const backends = await loadBackends();
const counts = {};

for (const b of backends) {
  const full = b.name !== 'runtime';
  test(`${b.name}: SHA-3, SHAKE and Keccak known-answer vectors (Keccak team, ACVP${full ? ' with Monte Carlo' : ''}, Crypto++, Monero)`, { skip: SKIP }, async (t) => {
    if (b.hashes === null) throw new Error(`backend ${b.name} did not load: ${b.error.message}`);
    const H = b.hashes;
    let total = 0;
    // An XOF's vector fixes the output length by the expected value's.
    const run = (name, v) => (H[name].canXOF ? H[name](v.msg, { dkLen: v.md.length / 2 }) : H[name](v.msg));
    for (const [file, name] of Object.entries(KAT)) {
      const vectors = readKat(`keccak-kat/ShortMsgKAT_${file}.txt.gz`);
      await t.test(`Keccak team ShortMsgKAT_${file} (${vectors.length} byte-aligned)`, () => {
        for (const [i, v] of vectors.entries()) assert.equal(hex(run(name, v)), v.md, `${b.name} ${name} KAT #${i} (${v.msg.length} bytes)`);
        total += vectors.length;
      });
    }
    for (const [dir, name] of Object.entries(ACVP_SHA3)) {
      for (const g of readAcvp(dir)) {
        if (g.testType === 'AFT') {
          const tests = g.tests.filter((x) => Number(x.len) % 8 === 0);
          await t.test(`ACVP ${dir} AFT (${tests.length} byte-aligned of ${g.tests.length})`, () => {
            for (const x of tests) assert.equal(hex(H[name](msgOf(x))), x.answer.md.toLowerCase(), `${b.name} ${name} tcId ${x.tcId}`);
            total += tests.length;
          });
        } else if (g.testType === 'MCT' && full) {
          assert.equal(g.mctVersion, 'standard', `${dir}: Monte Carlo version`);
          for (const x of g.tests) {
            await t.test(`ACVP ${dir} Monte Carlo (100 checkpoints of 1,000 hashes)`, () => {
              assert.deepEqual(sha3MonteCarlo(H[name], msgOf(x)), x.answer.resultsArray.map((r) => r.md.toLowerCase()), `${b.name} ${name} tcId ${x.tcId}`);
              total += x.answer.resultsArray.length;
            });
          }
        }
      }
    }
    for (const [dir, name] of Object.entries(ACVP_SHAKE)) {
      for (const g of readAcvp(dir)) {
        if (g.testType === 'AFT' || g.testType === 'VOT') {
          const tests = g.tests.filter((x) => Number(x.len) % 8 === 0);
          await t.test(`ACVP ${dir} ${g.testType} (${tests.length} byte-aligned of ${g.tests.length})`, () => {
            for (const x of tests)
              assert.equal(xofBits(H[name], msgOf(x), Number(x.outLen)), x.answer.md.toLowerCase(), `${b.name} ${name} tcId ${x.tcId} (${x.outLen} bits)`);
            total += tests.length;
          });
        } else if (g.testType === 'MCT' && full) {
          assert.equal(g.mctVersion, 'standard', `${dir}: Monte Carlo version`);
          for (const x of g.tests) {
            await t.test(`ACVP ${dir} Monte Carlo (100 checkpoints of 1,000 outputs of ${g.minOutLen}..${g.maxOutLen} bits)`, () => {
              const want = x.answer.resultsArray.map((r) => r.md.toLowerCase());
              assert.deepEqual(shakeMonteCarlo(H[name], msgOf(x), g.minOutLen, g.maxOutLen), want, `${b.name} ${name} tcId ${x.tcId}`);
              total += want.length;
            });
          }
        }
      }
    }
    const cryptopp = [
      ...['224', '256', '384', '512'].map((n) => `cryptopp/sha3_${n}_fips_202.txt.gz`), 'cryptopp/shake.txt.gz', 'cryptopp/keccak.txt',
    ];
    for (const file of cryptopp) {
      for (const [section, vectors] of Object.entries(readCryptopp(file))) {
        const name = CRYPTOPP_NAMES[section];
        assert.ok(name, `${file}: unknown section ${section}`);
        await t.test(`Crypto++ ${path.basename(file)} ${section} (${vectors.length})`, () => {
          for (const [i, v] of vectors.entries()) assert.equal(hex(run(name, v)), v.md, `${b.name} ${name} ${file} #${i} (${v.msg.length} bytes)`);
          total += vectors.length;
        });
      }
    }
    // Monero: "<keccak-256 hex> <message hex, or x for the empty message>".
    const monero = text('monero/tests-fast.txt').split('\n').filter((l) => l.trim() !== '').map((l) => {
      const [md, msg] = l.trim().split(/\s+/);
      return { md: md.toLowerCase(), msg: msg === 'x' ? new Uint8Array(0) : fromHex(msg) };
    });
    await t.test(`Monero tests-fast.txt Keccak-256 (${monero.length})`, () => {
      for (const [i, v] of monero.entries()) assert.equal(hex(H.keccak_256(v.msg)), v.md, `${b.name} keccak_256 monero #${i}`);
      total += monero.length;
    });
    counts[b.name] = total;
    t.diagnostic(`${b.name}: ${total} SHA-3/SHAKE/Keccak known-answer vectors passed`);
    assert.ok(total >= (full ? 5000 : 4000), `expected more vectors, found ${total}`);
  });
}

test('every backend ran the SHA-3 vectors', { skip: SKIP }, (t) => {
  t.diagnostic(BACKENDS.map((b) => `${b}: ${counts[b]}`).join(', '));
  for (const b of BACKENDS) assert.ok(counts[b] > 0, `${b} ran no vectors`);
});
