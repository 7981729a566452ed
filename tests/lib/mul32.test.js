// mul32(a, b), the kernel language's widening multiply (docs/language.md), on all four backends
// against BigInt: a test kernel built into a temporary project multiplies the low words of u64
// pairs in every form mul32 has (u32 operands, u64 operands with their high halves set, u64x2
// lanes, a runtime loop, and Argon2's BlaMka sum x + y + 2 * lo(x) * lo(y)) over edge values (0, 1,
// 2^31, 0xffffffff, high halves set) and random ones; each product must equal BigInt's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, copyFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const awasmc = join(root, 'build/awasmc');
const BACKENDS = ['wasm', 'wasm_threads', 'js', 'runtime'];
const N = 64; // pairs per run (even: the u64x2 form takes two at a time)

const KERNEL = `
import { u32, u64, u64x2, fn, memory, loop, mul32 } from 'awasm';
const a = memory('a', u64.array(${N}));
const b = memory('b', u64.array(${N}));
const p64 = memory('p64', u64.array(${N}));
const p32 = memory('p32', u64.array(${N}));
const pv = memory('pv', u64.array(${N}));
const bla = memory('bla', u64.array(${N}));
// Runtime loop: every form on pair i.
export const products = fn([u32], (n) => {
  loop(n, (i) => {
    const x = a.load(i), y = b.load(i);
    p64.store(i, mul32(x, y));
    p32.store(i, mul32(a.as(u32).load(i * 2), b.as(u32).load(i * 2)));
    bla.store(i, x + y + (mul32(x, y) << 1));
  });
  loop(n >>> 1, (i) => pv.as(u64x2).store(i, mul32(a.as(u64x2).load(i), b.as(u64x2).load(i))));
});
// Unrolled: the products of constants fold at build time; each must still be right.
const K = [0, 1, 0x80000000, 0xffffffff, 0x9e3779b9];
const folded = memory('folded', u64.array(25));
export const constants = fn([], () => {
  K.forEach((x, i) => K.forEach((y, j) => folded.store(i * 5 + j, mul32(u64(x), u64(y)))));
});
`;

const M64 = (1n << 64n) - 1n;
const lo = (x) => x & 0xffffffffn;

test('mul32 is the full product of the low words on every backend (against BigInt)', async (t) => {
  if (!existsSync(awasmc)) return t.skip('build/awasmc not built');
  const dir = mkdtempSync(join(tmpdir(), 'awasmc-mul32-'));
  try {
    mkdirSync(join(dir, 'modules'));
    mkdirSync(join(dir, 'runtime'));
    for (const f of ['interp.js', 'link.js', 'auto.js']) copyFileSync(join(root, 'runtime', f), join(dir, 'runtime', f));
    writeFileSync(join(dir, 'modules', 'mul32_test.js'), KERNEL);
    execFileSync(awasmc, ['build', '--root', dir], { stdio: 'pipe' });
    const edges = [0n, 1n, 2n, 0x7fffffffn, 0x80000000n, 0xfffffffen, 0xffffffffn, 0x100000000n, 0xffffffff00000000n,
      0xffffffffffffffffn, 0x123456789abcdef0n, 0x8000000080000000n, 0xdeadbeef00000001n];
    const rnd = () => randomBytes(8).readBigUInt64LE(0);
    const rounds = [];
    // Round 0: every pair of edge values (N at a time); then random pairs, with edges mixed in.
    const pairs = edges.flatMap((x) => edges.map((y) => [x, y]));
    for (let i = 0; i < pairs.length; i += N) rounds.push(pairs.slice(i, i + N));
    for (let r = 0; r < 20; r++) rounds.push(Array.from({ length: N }, (_, i) => [i % 7 ? rnd() : edges[i % edges.length], rnd()]));
    for (const backend of BACKENDS) {
      const mod = await import(pathToFileURL(join(dir, 'targets', backend, 'mul32_test.js')).href);
      const inst = mod.instantiate();
      const view = (name) => new BigUint64Array(inst.mem.buffer, inst.mem.byteOffset + mod.regions[name].offset, mod.regions[name].bytes / 8);
      let checked = 0;
      for (const round of rounds) {
        const n = round.length & ~1;
        const A = view('a'), B = view('b');
        A.fill(0n);
        B.fill(0n);
        round.forEach(([x, y], i) => ((A[i] = x), (B[i] = y)));
        inst.fns.products(n);
        for (let i = 0; i < n; i++) {
          const [x, y] = round[i];
          const want = lo(x) * lo(y);
          assert.equal(view('p64')[i], want, `${backend}: mul32(u64 ${x.toString(16)}, ${y.toString(16)})`);
          assert.equal(view('p32')[i], want, `${backend}: mul32(u32 ${lo(x).toString(16)}, ${lo(y).toString(16)})`);
          assert.equal(view('pv')[i], want, `${backend}: mul32(u64x2 lane ${i & 1}: ${x.toString(16)}, ${y.toString(16)})`);
          assert.equal(view('bla')[i], (x + y + 2n * want) & M64, `${backend}: BlaMka(${x.toString(16)}, ${y.toString(16)})`);
          checked++;
        }
      }
      inst.fns.constants();
      const K = [0n, 1n, 0x80000000n, 0xffffffffn, 0x9e3779b9n];
      K.forEach((x, i) => K.forEach((y, j) => assert.equal(view('folded')[i * 5 + j], x * y, `${backend}: folded ${x} * ${y}`)));
      t.diagnostic(`${backend}: ${checked} pairs x 4 forms`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
