#!/usr/bin/env node
// Benchmark of the wasm_threads worker pool (issue 7): the wasm entry against wasm_threads with
// pool sizes 1, 2 and all cores, in one process, interleaved rounds, medians of wall time (threads
// are the point, so CPU time would say nothing). Not a test: judge by the ratios within one run,
// on an otherwise idle machine.
//
//   node tools/bench-threads.js [filter] [--rounds=5]
//
// Cases: blake3 of 1 MiB and of 100 MB; sha256.parallel of 32 x 1 MiB and of 1024 x 1 KiB; a
// 1 KiB one-shot sha256 (which must stay on the calling thread).
//
// The "ceiling" row of a case: the same work cut in one share per core, each hashed by the wasm
// entry in a worker of its own (own instance, own input, nothing shared; tools/bench-ceiling-
// worker.js), all at once. It is what this machine's cores can do side by side with that kernel,
// so it bounds what the pool can reach in the same run: on a 2-vCPU VM whose vCPUs share a core's
// SIMD units, two SIMD-bound threads do not make 2x.
import { Worker } from 'node:worker_threads';
import * as W from '../wasm.js';
import * as T from '../wasm_threads.js';
import { WP } from '../workers.js';

const args = process.argv.slice(2);
const filter = args.find((x) => !x.startsWith('--')) || '';
const ROUNDS = Number((args.find((x) => x.startsWith('--rounds=')) || '--rounds=5').split('=')[1]);
const cores = WP.size;
const sizes = [...new Set([1, 2, cores])];

const bytes = (n, seed) => {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i += 4096) b[i] = (i * 131 + seed) & 255;
  return b;
};
const MiB = 1 << 20;
const CASES = [
  { name: 'blake3 1MiB', total: MiB, input: bytes(MiB, 1), run: (m, e) => e.blake3(m), share: (n) => ({ kind: 'blake3', bytes: Math.ceil(MiB / n) }) },
  { name: 'blake3 100MB', total: 1e8, input: bytes(1e8, 2), run: (m, e) => e.blake3(m), share: (n) => ({ kind: 'blake3', bytes: Math.ceil(1e8 / n) }) },
  { name: 'sha256.parallel 32x1MiB', total: 32 * MiB, input: Array.from({ length: 32 }, (_, i) => bytes(MiB, i)), run: (m, e) => e.sha256.parallel(m), share: (n) => ({ kind: 'parallel', count: Math.ceil(32 / n), len: MiB }) },
  { name: 'sha256.parallel 1024x1KiB', total: MiB, input: Array.from({ length: 1024 }, (_, i) => bytes(1024, i)), run: (m, e) => e.sha256.parallel(m), share: (n) => ({ kind: 'parallel', count: Math.ceil(1024 / n), len: 1024 }) },
  { name: 'sha256 1KiB one-shot', total: 1024, input: bytes(1024, 3), run: (m, e) => e.sha256(m), calls: 2000 },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
// Start the workers (they boot on first use) before any timing.
WP.setSize(cores);
await T.sha256.parallel.async(Array.from({ length: 4 }, () => bytes(MiB, 9)));

// The ceiling's threads: one per core, each told its share of a case, then "go" per round.
const ceiling = Array.from({ length: cores }, () => new Worker(new URL('./bench-ceiling-worker.js', import.meta.url)));
const answer = (w) => new Promise((resolve) => w.once('message', resolve));
const allAnswer = () => Promise.all(ceiling.map(answer));

console.log(`node ${process.version}, ${cores} cores, ${ROUNDS} rounds, median wall time; MB = 1e6 bytes`);
for (const c of CASES.filter((x) => x.name.includes(filter))) {
  const impls = [{ name: 'wasm', entry: W, size: null }, ...sizes.map((n) => ({ name: `wasm_threads, ${n} thread${n > 1 ? 's' : ''}`, entry: T, size: n }))];
  if (c.share !== undefined) {
    const set = allAnswer();
    for (const w of ceiling) w.postMessage({ type: 'setup', share: c.share(cores) });
    await set;
    impls.push({ name: `ceiling, ${cores} workers`, go: () => {
      const done = allAnswer();
      for (const w of ceiling) w.postMessage({ type: 'go' });
      return done;
    } });
  }
  const calls = c.calls || 1;
  const times = impls.map(() => []);
  for (let r = 0; r <= ROUNDS; r++) {
    for (let j = 0; j < impls.length; j++) {
      const i = (j + r) % impls.length;
      if (impls[i].size !== null && impls[i].size !== undefined) WP.setSize(impls[i].size);
      const t0 = performance.now();
      if (impls[i].go !== undefined) await impls[i].go();
      else for (let k = 0; k < calls; k++) c.run(c.input, impls[i].entry);
      if (r > 0) times[i].push((performance.now() - t0) / calls); // round 0 warms up
    }
  }
  const base = median(times[0]);
  console.log(`\n${c.name}`);
  impls.forEach((impl, i) => {
    const t = median(times[i]);
    console.log(`${impl.name.padEnd(26)} ${(c.total / t / 1e3).toFixed(0).padStart(8)} MB/s ${(base / t).toFixed(2).padStart(7)}x wasm`);
  });
}
WP.stop();
for (const w of ceiling) await w.terminate();
