#!/usr/bin/env node
// Benchmark of BLAKE2b, BLAKE2s and BLAKE (blake256, blake512) against hash-wasm and
// @noble/hashes, in one process and interleaved: each round runs every implementation for a short
// time slice, and the table shows the median over rounds with ratios to the peers of the same run.
// "kernel" rows call the target's compress function directly (block region filled, compress(n)
// in a loop), the others the public entries (wasm.js, js.js, runtime.js). Not a test: numbers are
// noisy on shared machines; judge by the ratios within one run.
//
//   node tools/bench-blake.js [blake2b,blake2s,blake256,blake512] [--size=1048576] [--rounds=7] [--slice=150]
//
// With --size below 1 MiB (e.g. 32) only one-shot calls are timed (no kernel rows), hash-wasm
// with a reused hasher.
import * as hw from 'hash-wasm';
import { blake2b as nobleB, blake2s as nobleS } from '@noble/hashes/blake2.js';
import { blake256 as noble256, blake512 as noble512 } from '@noble/hashes/blake1.js';

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split('=')[1]) : dflt;
};
const which = (args.find((x) => !x.startsWith('--')) || 'blake2b,blake2s,blake256,blake512').split(',');
const ROUNDS = flag('rounds', 7);
const SLICE_MS = flag('slice', 150);
const MiB = 1 << 20;
const SIZE = flag('size', MiB);
const msg = new Uint8Array(SIZE).map((_, i) => (i * 7 + (i >> 8)) & 0xff);

const entries = {};
for (const b of ['wasm', 'js', 'runtime']) entries[b] = await import(`../${b}.js`);
const targets = {};
for (const b of ['wasm', 'js']) {
  targets[b] = { blake1: await import(`../targets/${b}/blake1.js`), blake2: await import(`../targets/${b}/blake2.js`) };
}
const BLOCK = { blake2b: 128, blake2s: 64, blake256: 64, blake512: 128 };

// compress() over 1 MiB through the raw target (no padding, no copies out).
function kernel(backend, name) {
  const two = name === 'blake2b' || name === 'blake2s';
  const t = targets[backend][two ? 'blake2' : 'blake1'];
  const { mem, fns } = t.instantiate();
  const B = t.regions.block.offset;
  const BB = t.regions.block.bytes;
  const init = two ? () => fns[`${name}_init`](32, 0) : fns[`${name}_init`];
  const compress = fns[`${name}_compress`];
  return () => {
    init();
    for (let p = 0; p < MiB; p += BB) {
      mem.set(msg.subarray(p, p + BB), B);
      compress(BB / BLOCK[name]);
    }
  };
}

async function implementations(name) {
  const list = [];
  const big = SIZE >= MiB;
  if (big) for (const b of ['wasm', 'js']) list.push({ label: `awasmc ${b} kernel`, f: kernel(b, name), bytes: MiB });
  for (const b of ['wasm', 'js']) list.push({ label: `awasmc ${b}.js`, f: () => entries[b][name](msg), bytes: SIZE });
  const small = big ? msg.subarray(0, MiB / 16) : msg; // the interpreter is slow: 64 KiB
  list.push({ label: big ? 'awasmc runtime.js (64 KiB)' : 'awasmc runtime.js', f: () => entries.runtime[name](small), bytes: small.length });
  if (name === 'blake2b') {
    const h = await hw.createBLAKE2b(512);
    list.push({ label: 'hash-wasm', f: () => h.init().update(msg).digest('binary'), bytes: SIZE, ref: 'hw' });
    list.push({ label: '@noble/hashes', f: () => nobleB(msg), bytes: SIZE, ref: 'noble' });
  } else if (name === 'blake2s') {
    const h = await hw.createBLAKE2s(256);
    list.push({ label: 'hash-wasm', f: () => h.init().update(msg).digest('binary'), bytes: SIZE, ref: 'hw' });
    list.push({ label: '@noble/hashes', f: () => nobleS(msg), bytes: SIZE, ref: 'noble' });
  } else {
    list.push({ label: '@noble/hashes', f: () => (name === 'blake256' ? noble256 : noble512)(msg), bytes: SIZE, ref: 'noble' });
  }
  return list;
}

for (const name of which) {
  const list = await implementations(name);
  const res = list.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < list.length; k++) {
      const i = (k + r) % list.length; // rotate the order between rounds
      const { f, bytes } = list[i];
      const t0 = performance.now();
      let n = 0;
      let t1 = t0;
      do {
        f();
        n++;
        t1 = performance.now();
      } while (t1 - t0 < SLICE_MS);
      res[i].push((n * bytes) / 1e6 / ((t1 - t0) / 1000));
    }
  }
  const med = res.map((a) => a.sort((x, y) => x - y)[a.length >> 1]);
  const refs = {};
  list.forEach((x, i) => x.ref && (refs[x.ref] = med[i]));
  console.log(`\n${name} ${SIZE} bytes, MB/s and calls/s (median of ${ROUNDS})`);
  list.forEach((x, i) => {
    const ratios = Object.entries(refs).map(([k, v]) => `${(med[i] / v).toFixed(2)}x ${k}`).join('  ');
    const calls = Math.round((med[i] * 1e6) / x.bytes).toLocaleString('en-US');
    console.log(`  ${x.label.padEnd(28)} ${med[i].toFixed(1).padStart(8)} ${calls.padStart(11)}/s   ${ratios}`);
  });
}
