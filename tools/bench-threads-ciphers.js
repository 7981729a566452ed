#!/usr/bin/env node
// Benchmark of the ciphers split across the wasm_threads worker pool (issues 9 and 10): the wasm
// entry against wasm_threads with pool sizes 1 and 2 (and all cores), one process, interleaved
// rounds, medians of wall time, and the process's CPU time per round beside it (on a machine
// shared with other work, wall time alone says little: judge by the ratios within one run).
//
//   node tools/bench-threads-ciphers.js [filter] [--rounds=5] [--mib=64]
import * as W from '../wasm.js';
import * as T from '../wasm_threads.js';
import { WP } from '../workers.js';

const args = process.argv.slice(2);
const filter = args.find((x) => !x.startsWith('--')) || '';
const opt = (name, def) => Number((args.find((x) => x.startsWith(`--${name}=`)) || `--${name}=${def}`).split('=')[1]);
const ROUNDS = opt('rounds', 5);
const MIB = opt('mib', 64);
const sizes = [...new Set([1, 2, WP.size])];
const bytes = (n, seed) => {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i += 4096) b[i] = (i * 131 + seed) & 255;
  return b;
};
const key = bytes(32, 1).map((_, i) => i * 7 + 1);
const total = MIB << 20;
const input = bytes(total, 2);
const out = new Uint8Array(total);
const CASES = [
  { name: `chacha20 ${MIB}MiB`, run: (e) => e.chacha20(key, key.subarray(0, 12)).encrypt(input, out) },
  { name: `xsalsa20 ${MIB}MiB`, run: (e) => e.xsalsa20(key, key.subarray(0, 24)).encrypt(input, out) },
  { name: `aes-256-ctr ${MIB}MiB`, run: (e) => e.ctr(key, key.subarray(0, 16)).encrypt(input, out), needs: 'ctr' },
  { name: `aes-256-ecb ${MIB}MiB`, run: (e) => e.ecb(key, { disablePadding: true }).encrypt(input, out), needs: 'ecb' },
  { name: `aes-256-cbc dec ${MIB}MiB`, run: (e) => e.cbc(key, key.subarray(0, 16), { disablePadding: true }).decrypt(input, out), needs: 'cbc' },
];
// The "ceiling" of chacha20 (as in tools/bench-threads.js): the call cut in one share per core,
// each encrypted by the wasm entry in a worker of its own (nothing shared), all at once: what
// this machine's cores do side by side with that kernel, so a bound for the pool's row.
import { Worker } from 'node:worker_threads';
async function ceiling(threads) {
  const ws = Array.from({ length: threads }, () => new Worker(new URL('./bench-ceiling-worker.js', import.meta.url)));
  const answer = (w) => new Promise((resolve) => w.once('message', resolve));
  const all = () => Promise.all(ws.map(answer));
  for (const w of ws) w.postMessage({ type: 'setup', share: { kind: 'chacha20', bytes: Math.ceil(total / threads / 64) * 64 } });
  await all();
  const go = async () => {
    const p = all();
    for (const w of ws) w.postMessage({ type: 'go' });
    await p;
  };
  await go(); // warm-up
  const times = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    await go();
    times.push(performance.now() - t0);
  }
  for (const w of ws) await w.terminate();
  return times;
}
const median = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
function time(f) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  f();
  const t = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return [t, (c.user + c.system) / 1000];
}
// Start the pool (boot the workers) before timing.
T.sha256.parallel([new Uint8Array(1 << 19), new Uint8Array(1 << 19)]);
await new Promise((r) => setTimeout(r, 1000));
for (const cs of CASES) {
  if (!cs.name.includes(filter)) continue;
  const rows = [['wasm', () => cs.run(W)], ...sizes.map((n) => [`wasm_threads x${n}`, () => (WP.setSize(n), cs.run(T))])];
  const wall = rows.map(() => []);
  const cpu = rows.map(() => []);
  for (const [, f] of rows) f(); // warm-up
  for (let r = 0; r < ROUNDS; r++)
    rows.forEach(([, f], i) => {
      const [t, c] = time(f);
      wall[i].push(t);
      cpu[i].push(c);
    });
  const base = median(wall[0]);
  console.log(cs.name);
  rows.forEach(([label], i) => {
    const t = median(wall[i]);
    console.log(`  ${label.padEnd(18)} ${t.toFixed(1).padStart(8)} ms  ${((total / 1e6) / (t / 1e3)).toFixed(0).padStart(6)} MB/s  ${(base / t).toFixed(2)}x  (cpu of this thread+workers: ${median(cpu[i]).toFixed(0)} ms)`);
  });
}
if (`chacha20 ${MIB}MiB`.includes(filter)) {
  const single = median(await ceiling(1));
  const two = median(await ceiling(2));
  console.log(`chacha20 ${MIB}MiB ceiling (wasm entry in separate workers, nothing shared)`);
  console.log(`  1 worker           ${single.toFixed(1).padStart(8)} ms`);
  console.log(`  2 workers, halves  ${two.toFixed(1).padStart(8)} ms  ${(single / two).toFixed(2)}x`);
}
process.exit(0);
