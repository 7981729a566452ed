// Kernel-level speed at 1 MiB: our target's compress loop vs hash-wasm and noble, interleaved rounds.
import * as hw from 'hash-wasm';
import { blake2b as nb, blake2s as ns } from '@noble/hashes/blake2.js';
import { blake256 as n256, blake512 as n512 } from '@noble/hashes/blake1.js';
const root = new URL('..', import.meta.url).pathname;
const which = (process.argv[2] || 'blake2b,blake2s').split(',');
const MiB = 1 << 20;
const msg = new Uint8Array(MiB).map((_, i) => i * 7);
const cases = [];
const mods = {};
for (const b of ['wasm', 'js', 'runtime']) mods[b] = await import(`${root}/targets/${b}/${which[0].startsWith('blake2') ? 'blake2' : 'blake1'}.js`);
function kernel(b, name, block) {
  const t = mods[b]; const { mem, fns } = t.instantiate();
  const B = t.regions.block.offset; const BB = t.regions.block.bytes;
  const init = fns[`${name}_init`], comp = fns[`${name}_compress`];
  return () => { init(64, 0); for (let p = 0; p < MiB; p += BB) { mem.set(msg.subarray(p, p + BB), B); comp(BB / block); } };
}
for (const name of which) {
  const block = name === 'blake2b' || name === 'blake512' ? 128 : 64;
  const list = [];
  for (const b of ['wasm', 'js', 'runtime']) list.push([`awasmc ${b} kernel`, kernel(b, name, block), b === 'runtime' ? 1 / 16 : 1]);
  if (name === 'blake2b') { const h = await hw.createBLAKE2b(512); list.push(['hash-wasm', () => h.init().update(msg).digest('binary'), 1]); list.push(['noble', () => nb(msg), 1]); }
  if (name === 'blake2s') { const h = await hw.createBLAKE2s(256); list.push(['hash-wasm', () => h.init().update(msg).digest('binary'), 1]); list.push(['noble', () => ns(msg), 1]); }
  if (name === 'blake256') list.push(['noble', () => n256(msg), 1]);
  if (name === 'blake512') list.push(['noble', () => n512(msg), 1]);
  cases.push([name, list]);
}
for (const [name, list] of cases) {
  const res = list.map(() => []);
  for (let r = 0; r < 7; r++) {
    list.forEach(([label, f, frac], i) => {
      const t0 = performance.now(); let n = 0;
      if (frac < 1) { // runtime: time a fraction of the message
        const t = performance.now(); f(); n = 1; res[i].push(MiB / 1e6 / ((performance.now() - t) / 1000)); return;
      }
      while (performance.now() - t0 < 150) { f(); n++; }
      res[i].push((n * MiB) / 1e6 / ((performance.now() - t0) / 1000));
    });
  }
  const med = res.map((a) => a.sort((x, y) => x - y)[3]);
  const ref = Object.fromEntries(list.map(([l], i) => [l, med[i]]));
  console.log(`== ${name} 1 MiB (MB/s, median of 7)`);
  list.forEach(([l], i) => console.log(`${l.padEnd(24)} ${med[i].toFixed(1).padStart(8)}  ${ref['hash-wasm'] ? (med[i] / ref['hash-wasm']).toFixed(2) + 'x hw' : ''}  ${(med[i] / ref.noble).toFixed(2)}x noble`));
}
