#!/usr/bin/env node
// Benchmark of SHA-256 / SHA-512 against the peers named in /work/shared/design/performance.md,
// all in one process and interleaved: each round runs every implementation for a short time slice
// (in a rotating order), and the table shows the median over rounds. Not a test: numbers are
// noisy, judge by the ratios within one run.
//
//   node tools/bench.js [filter] [--rounds=7] [--slice=120]
//
// `filter` is a substring of the case name ("sha256", "sha512 1MiB", "32B", "parallel"). MB = 1e6 bytes.
// The parallel case runs our parallel() (SIMD lanes on wasm) against the peers hashing in a loop.
import { hash as nodeHashFn, createHash } from 'node:crypto';
import * as nobleSha2 from '@noble/hashes/sha2.js';
import * as hashWasm from 'hash-wasm';

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split('=')[1]) : dflt;
};
const filter = args.find((x) => !x.startsWith('--')) || '';
const ROUNDS = flag('rounds', 7);
const SLICE_MS = flag('slice', 120);

// Our backends; one that fails to load is reported and left out.
const ours = [];
for (const b of ['wasm', 'wasm_threads', 'js', 'runtime']) {
  try {
    ours.push({ name: `awasmc ${b}`, mod: await import(`../${b}.js`) });
  } catch (e) {
    console.log(`(awasmc ${b} not loaded: ${e.message})`);
  }
}

const nodeHash =
  typeof nodeHashFn === 'function'
    ? (alg, msg) => nodeHashFn(alg, msg, 'buffer')
    : (alg, msg) => createHash(alg).update(msg).digest();
const nodeLabel = typeof nodeHashFn === 'function' ? 'node:crypto hash()' : 'node:crypto createHash()';

async function implementations(alg, parallel) {
  const hwHasher = alg === 'sha256' ? await hashWasm.createSHA256() : await hashWasm.createSHA512();
  const hwOneShot = hashWasm[alg];
  if (parallel) {
    // Many independent messages: ours through parallel() (SIMD lanes on wasm), the peers in a loop.
    // Each returns the first digest (checked), after computing all of them.
    const each = (f) => (ms) => {
      let first = null;
      for (const m of ms) {
        const d = f(m);
        if (first === null) first = d;
      }
      return first;
    };
    const list = ours.map(({ name, mod }) => ({ name, sync: (ms) => mod[alg].parallel(ms)[0] }));
    list.push({ name: '@noble/hashes', sync: each((m) => nobleSha2[alg](m)), ref: 'noble' });
    list.push({ name: 'hash-wasm reused hasher', sync: each((m) => hwHasher.init().update(m).digest('binary')), ref: 'hw' });
    list.push({ name: nodeLabel, sync: each((m) => nodeHash(alg, m)) });
    return list;
  }
  const list = ours.map(({ name, mod }) => ({ name, sync: (m) => mod[alg](m) }));
  list.push({ name: '@noble/hashes', sync: (m) => nobleSha2[alg](m), ref: 'noble' });
  list.push({ name: 'hash-wasm reused hasher', sync: (m) => hwHasher.init().update(m).digest('binary'), ref: 'hw' });
  list.push({ name: 'hash-wasm sha*() async, hex', async: (m) => hwOneShot(m) });
  list.push({ name: nodeLabel, sync: (m) => nodeHash(alg, m) });
  return list;
}

const KiB = 1024;
const CASES = [];
for (const alg of ['sha256', 'sha512'])
  for (const [label, size] of [['32B', 32], ['1KiB', KiB], ['1MiB', KiB * KiB]]) CASES.push({ alg, label, size, name: `${alg} ${label}` });
CASES.push({ alg: 'sha256', label: 'parallel 64x1KiB', size: 64 * KiB, count: 64, name: 'sha256 parallel 64x1KiB' });

// hash-wasm's one-shot sha*() resolves to a hex string; everyone else returns bytes.
const toHex = (r) => (typeof r === 'string' ? r : Buffer.from(r.buffer, r.byteOffset, r.length).toString('hex'));
let sink = 0;

// Runs `impl` for about `ms` milliseconds; returns [calls, seconds]. Time is read once per batch
// so that reading the clock does not dominate 32-byte calls.
async function runSlice(impl, msg, ms, state) {
  let calls = 0;
  const t0 = performance.now();
  let t = t0;
  do {
    const n = state.batch;
    if (impl.async) for (let i = 0; i < n; i++) sink ^= (await impl.async(msg)).length;
    else for (let i = 0; i < n; i++) sink ^= impl.sync(msg)[0];
    calls += n;
    t = performance.now();
    // aim for ~20 clock reads per slice
    if (t - t0 < ms / 20) state.batch = Math.min(state.batch * 2, 1 << 20);
  } while (t - t0 < ms);
  return [calls, (t - t0) / 1000];
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (x, digits = 0) => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pad = (s, n, left = false) => (left ? String(s).padStart(n) : String(s).padEnd(n));

console.log(`node ${process.version}, ${ROUNDS} rounds of ${SLICE_MS} ms per implementation, median shown; MB = 1e6 bytes`);
const started = performance.now();
for (const c of CASES.filter((x) => x.name.includes(filter))) {
  const bytes = new Uint8Array(c.size);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 131 + 7) & 255;
  // A parallel case hashes `count` equal-sized messages (different contents) per call.
  const msg = c.count ? Array.from({ length: c.count }, (_, k) => bytes.subarray((k * c.size) / c.count, ((k + 1) * c.size) / c.count)) : bytes;
  const impls = await implementations(c.alg, Boolean(c.count));
  // Everyone must agree before anyone is timed.
  const want = toHex(nodeHash(c.alg, c.count ? msg[0] : msg));
  for (const impl of impls) {
    const got = toHex(impl.async ? await impl.async(msg) : impl.sync(msg));
    if (got !== want) throw new Error(`${impl.name} gives a wrong ${c.name} digest: ${got}`);
  }
  const states = impls.map(() => ({ batch: 1 }));
  for (const [i, impl] of impls.entries()) await runSlice(impl, msg, Math.min(SLICE_MS, 100), states[i]); // warm-up
  const rates = impls.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    for (let j = 0; j < impls.length; j++) {
      const i = (j + r) % impls.length; // rotate who goes first
      const [calls, secs] = await runSlice(impls[i], msg, SLICE_MS, states[i]);
      rates[i].push(calls / secs);
    }
  }
  const med = rates.map(median);
  const nobleRate = med[impls.findIndex((x) => x.ref === 'noble')];
  const hwRate = med[impls.findIndex((x) => x.ref === 'hw')];
  console.log(`\n${c.name} (${c.size} bytes)`);
  console.log(`${pad('implementation', 26)} ${pad('MB/s', 10, true)} ${pad('calls/s', 13, true)} ${pad('x noble', 8, true)} ${pad('x hash-wasm', 12, true)}`);
  impls.forEach((impl, i) => {
    const mbs = (med[i] * c.size) / 1e6;
    console.log(
      `${pad(impl.name, 26)} ${pad(fmt(mbs, mbs < 10 ? 2 : 0), 10, true)} ${pad(fmt(med[i]), 13, true)} ${pad(fmt(med[i] / nobleRate, 2), 8, true)} ${pad(fmt(med[i] / hwRate, 2), 12, true)}`
    );
  });
}
console.log(`\n(total ${fmt((performance.now() - started) / 1000, 1)} s; sink ${sink & 1})`);
