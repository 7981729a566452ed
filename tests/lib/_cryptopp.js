// Crypto++'s TestVectors format (../shared/vectors/cryptopp/*.txt), for the cipher tests (not a
// test file itself). Records of "Name: value" lines; a value may continue on lines ending in "\";
// values persist until changed (InitialBlock, Seek and Seek64 are reset by each Comment), and
// each "Test:" line is a test with the fields as they are. Values: hex (spaces allowed, optional
// 0x) or "rN hex" (the hex repeated N times).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fromHex, repoRoot } from './_helpers.js';

export const VECTORS = path.resolve(repoRoot, '../shared/vectors');

export function cryptoppValue(v) {
  const s = v.replace(/\s+/g, ' ').trim();
  const m = /^r(\d+) ([0-9a-fA-F]+)$/.exec(s);
  if (m) return fromHex(m[2].repeat(Number(m[1])));
  return fromHex(s.replace(/^0x/, '').replace(/ /g, ''));
}

/** The raw records of a file: [{ Name, Key, ..., Test }] with string values. */
export function readCryptoppRaw(file) {
  const lines = readFileSync(path.join(VECTORS, 'cryptopp', file), 'utf8').split('\n');
  const tests = [];
  let f = {};
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i].trimEnd();
    if (line.startsWith('#') || line === '') continue;
    while (line.endsWith('\\')) line = line.slice(0, -1) + ' ' + lines[++i].trimEnd();
    const at = line.indexOf(':');
    const key = line.slice(0, at);
    const value = line.slice(at + 1).trim();
    if (key === 'AlgorithmType') f = {};
    if (key === 'Comment') for (const k of ['InitialBlock', 'Seek', 'Seek64']) delete f[k];
    if (key === 'Test') tests.push({ ...f, Test: value });
    else f[key] = value;
  }
  return tests;
}

/** The stream-cipher records of a file, decoded. */
export function readCryptopp(file) {
  return readCryptoppRaw(file).map((t) => ({
    name: t.Name,
    comment: t.Comment,
    test: t.Test,
    rounds: t.Rounds === undefined ? 20 : Number(t.Rounds),
    key: cryptoppValue(t.Key),
    iv: cryptoppValue(t.IV),
    plaintext: cryptoppValue(t.Plaintext),
    seek: t.Seek64 !== undefined ? Number(t.Seek64) : t.Seek === undefined ? 0 : Number(t.Seek),
    block: t.InitialBlock === undefined ? 0 : Number(t.InitialBlock),
    ciphertext: t.Ciphertext === undefined ? null : cryptoppValue(t.Ciphertext),
    xorDigest: t.CiphertextXorDigest === undefined ? null : cryptoppValue(t.CiphertextXorDigest),
  }));
}
