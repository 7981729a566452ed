#!/usr/bin/env node
// Bundle size of single-hash imports: for every hash our entries export, an application that
// imports only that hash from each of our entries (index.js, wasm.js, wasm_threads.js, js.js, runtime.js) is
// bundled with esbuild (ESM, minified), gzipped at level 9, beside the same import from
// @noble/hashes and hash-wasm. Prints a table in bytes (KB = 1000 bytes).
//
//   node tools/size.mjs [filter] [--json]
//
// `filter` is a substring of the hash names to measure ("sha256", "blake"); the rows hmac+sha256
// and hkdf+sha256 bundle hmac.js / hkdf.js with that hash; the peers' column of sha224_lanes and
// sha256_lanes (our opt-in SIMD-lanes parallel()) is their sha224/sha256. Goals (issue 6): a
// sha256-only import <= 8 KB from the wasm and the js entries; the runtime entry the smallest of
// our backends for every hash.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const json = args.includes('--json');
const filter = args.find((a) => !a.startsWith('--')) || '';
const ENTRIES = ['index', 'wasm', 'wasm_threads', 'js', 'runtime']; // index: the package root (wasm, and js where wasm is refused)

// Where the peers keep each hash (absent: the peer does not have it).
const NOBLE = {
  sha2: ['sha224', 'sha256', 'sha384', 'sha512', 'sha512_224', 'sha512_256'],
  legacy: ['sha1', 'md5', 'ripemd160'],
  sha3: ['sha3_224', 'sha3_256', 'sha3_384', 'sha3_512', 'keccak_224', 'keccak_256', 'keccak_384', 'keccak_512', 'shake128', 'shake256', 'shake128_32', 'shake256_64'],
  blake1: ['blake224', 'blake256', 'blake384', 'blake512'],
  blake2: ['blake2b', 'blake2s'],
  blake3: ['blake3'],
};
const nobleFile = (name) => Object.keys(NOBLE).find((f) => NOBLE[f].includes(name));
const HASH_WASM = {
  sha1: 'sha1', md5: 'md5', ripemd160: 'ripemd160', sha224: 'sha224', sha256: 'sha256', sha384: 'sha384',
  sha512: 'sha512', sha3_224: 'sha3', sha3_256: 'sha3', sha3_384: 'sha3', sha3_512: 'sha3', keccak_224: 'keccak',
  keccak_256: 'keccak', keccak_384: 'keccak', keccak_512: 'keccak', blake2b: 'blake2b', blake2s: 'blake2s', blake3: 'blake3',
};

async function gzipSize(contents) {
  const r = await build({
    stdin: { contents, resolveDir: root, sourcefile: 'app.js', loader: 'js' },
    bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent', platform: 'neutral',
    mainFields: ['module', 'main'],
  });
  return gzipSync(r.outputFiles[0].contents, { level: 9 }).length;
}
const use = (from, name) => `import { ${name} } from '${from}';\nglobalThis.__keep = ${name};\n`;

const names = Object.keys(await import(path.join(root, 'wasm.js'))).filter((n) => n.includes(filter));
const rows = [];
for (const name of names) {
  const row = { name };
  for (const e of ENTRIES) row[e] = await gzipSize(use(`./${e}.js`, name));
  const peer = name.replace(/_lanes$/, ''); // sha256_lanes: sha256 whose parallel() uses SIMD lanes
  const nf = nobleFile(peer);
  row.noble = nf ? await gzipSize(use(`@noble/hashes/${nf}.js`, peer)) : null;
  row['hash-wasm'] = HASH_WASM[peer] ? await gzipSize(use('hash-wasm', HASH_WASM[peer])) : null;
  rows.push(row);
}

// HMAC and HKDF over sha256 (hmac.js and hkdf.js take the hash as an argument, so they add the
// same few hundred bytes to any hash), beside @noble/hashes' hmac.js/hkdf.js with its sha256.
const KDFS = { hmac: 'hmac', hkdf: 'hkdf' };
for (const [name, file] of Object.entries(KDFS)) {
  const label = `${name}+sha256`;
  if (!label.includes(filter)) continue;
  const both = (kdfFrom, hashFrom) =>
    `import { ${name} } from '${kdfFrom}';\nimport { sha256 } from '${hashFrom}';\nglobalThis.__keep = [${name}, sha256];\n`;
  const row = { name: label };
  for (const e of ENTRIES) row[e] = await gzipSize(both(`./${file}.js`, `./${e}.js`));
  row.noble = await gzipSize(both(`@noble/hashes/${file}.js`, '@noble/hashes/sha2.js'));
  row['hash-wasm'] = null;
  rows.push(row);
}

if (json) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  const cols = [...ENTRIES, 'noble', 'hash-wasm'];
  const kb = (v) => (v === null ? '—' : (v / 1000).toFixed(1));
  console.log('single-hash import, esbuild --bundle --minify, gzip -9, KB (1000 bytes)\n');
  console.log(['hash'.padEnd(12), ...cols.map((c) => c.padStart(12))].join(''));
  for (const r of rows) console.log([r.name.padEnd(12), ...cols.map((c) => kb(r[c]).padStart(12))].join(''));
}
