// Every test kernel of the compiler (tests/golden/*.js and tests/unit/kernels/lanes.js) is built for
// all four backends and run on each with the same random memory and arguments: the results and the
// whole memory afterwards must be identical. This is what makes the golden tests programs that run on
// every backend, not only dumps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, copyFileSync, cpSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const awasmc = join(root, 'build/awasmc');
const BACKENDS = ['wasm', 'wasm_threads', 'js', 'runtime'];

test('test kernels give identical results on every backend', async (t) => {
  if (!existsSync(awasmc)) return t.skip('build/awasmc not built');
  const dir = mkdtempSync(join(tmpdir(), 'awasmc-kernels-'));
  try {
    mkdirSync(join(dir, 'modules'));
    mkdirSync(join(dir, 'runtime'));
    for (const f of ['interp.js', 'link.js', 'auto.js']) copyFileSync(join(root, 'runtime', f), join(dir, 'runtime', f));
    const goldenDir = join(root, 'tests/golden');
    if (existsSync(goldenDir)) cpSync(goldenDir, join(dir, 'modules'), { recursive: true });
    copyFileSync(join(root, 'tests/unit/kernels/lanes.js'), join(dir, 'modules', 'unit_lanes.js'));
    execFileSync(awasmc, ['build', '--root', dir], { stdio: 'pipe' });
    const built = readdirSync(join(dir, 'targets/wasm')).sort();
    assert.ok(built.length >= 1, 'no kernel was built');
    let runs = 0;
    for (const file of built) {
      const mods = {};
      for (const b of BACKENDS) mods[b] = await import(pathToFileURL(join(dir, 'targets', b, file)).href);
      // Kernels with a heap (memory.heap) get 8 MiB of it (tests/golden/heap.js stores at 4 MB).
      const insts = Object.fromEntries(BACKENDS.map((b) => [b, mods[b].instantiate({ heapBytes: 8 << 20 })]));
      const pristine = Object.fromEntries(BACKENDS.map((b) => [b, insts[b].mem.slice()]));
      for (const name of mods.wasm.functions) {
        const arity = insts.wasm.fns[name].length;
        for (let trial = 0; trial < 4; trial++) {
          const seed = randomBytes(mods.wasm.memoryBytes);
          // Constant regions hold their data, as after instantiation. A target writes only the
          // tables its functions read (one that folds a table into constants, loop(..., { unroll }),
          // leaves it zero), so take each region from the backends that wrote it.
          for (const r of Object.values(mods.wasm.regions)) {
            if (!r.constant) continue;
            seed.fill(0, r.offset, r.offset + r.bytes);
            for (const p of Object.values(pristine))
              for (let i = r.offset; i < r.offset + r.bytes; i++) seed[i] |= p[i];
          }
          const args = Array.from({ length: arity }, () => (trial === 0 ? 0 : 1 + Math.floor(Math.random() * 4)));
          const results = {};
          // A function built for some targets only (fn(..., { targets })) is compared where it exists.
          const have = BACKENDS.filter((b) => mods[b].functions.includes(name));
          for (const b of have) {
            insts[b].mem.set(seed);
            results[b] = insts[b].fns[name](...args);
          }
          for (const b of have.slice(1)) {
            assert.equal(results[b], results.wasm, `${file} ${name}(${args}) returns differ: ${b} vs wasm`);
            assert.ok(Buffer.from(insts[b].mem).equals(Buffer.from(insts.wasm.mem)), `${file} ${name}(${args}) memory differs: ${b} vs wasm`);
          }
          runs++;
        }
      }
    }
    t.diagnostic(`${built.length} kernels, ${runs} runs x ${BACKENDS.length} backends`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
