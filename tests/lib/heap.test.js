// memory.heap on every backend: the kernels of tests/golden/heap_lanes.js built into a scratch
// root, linked with two heap sizes and run over the whole heap (scalar and u32x4 views), checked
// against the same sums computed here; then runtime/heap.js's HeapInstance (relinks a larger heap
// when asked, zeroes what a call used, drops a heap larger than KEEP_HEAP, refuses what a
// backend cannot address).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, copyFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HeapInstance, KEEP_HEAP, LINGER_HEAP, LINGER_MS, heapLimit } from '../../runtime/heap.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const awasmc = join(root, 'build/awasmc');
const BACKENDS = ['wasm', 'wasm_threads', 'js', 'runtime'];
const isZero = (mem) => new Uint32Array(mem.buffer, mem.byteOffset, mem.length >> 2).every((w) => w === 0);

// The sums heap_sum and heap_sum4 must give after heap_fill(n, seed), computed in JavaScript.
function expected(n, seed) {
  let s = 0;
  const lanes = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const x = (Math.imul(i, 0x9e3779b9) + seed) >>> 0;
    s = (s + ((x ^ (x >>> 7)) >>> 0)) >>> 0;
    lanes[i & 3] = (lanes[i & 3] + x) >>> 0;
  }
  return { s, lanes };
}

let mods = null;
let dir = null;
async function build(t) {
  if (mods) return mods;
  if (!existsSync(awasmc)) return t.skip('build/awasmc not built');
  dir = mkdtempSync(join(tmpdir(), 'awasmc-heap-'));
  mkdirSync(join(dir, 'modules'));
  mkdirSync(join(dir, 'runtime'));
  for (const f of ['interp.js', 'link.js', 'auto.js']) copyFileSync(join(root, 'runtime', f), join(dir, 'runtime', f));
  copyFileSync(join(root, 'tests/golden/heap_lanes.js'), join(dir, 'modules', 'heap_lanes.js'));
  execFileSync(awasmc, ['build', '--root', dir], { stdio: 'pipe' });
  mods = {};
  for (const b of BACKENDS) mods[b] = await import(pathToFileURL(join(dir, 'targets', b, 'heap_lanes.js')).href);
  return mods;
}
test.after(() => dir && rmSync(dir, { recursive: true, force: true }));

test('the target exports the heap region and links a heap of the size asked for', async (t) => {
  const m = await build(t);
  if (!m) return;
  for (const b of BACKENDS) {
    assert.deepEqual({ ...m[b].regions.heap }, { offset: m[b].memoryBytes, bytes: 0, heap: true }, b);
    assert.equal(m[b].instantiate().mem.length, m[b].memoryBytes, `${b}: no heap without heapBytes`);
    // Rounded up to whole 64 KiB pages.
    assert.equal(m[b].instantiate({ heapBytes: 1 }).mem.length, m[b].memoryBytes + 65536, b);
    assert.equal(m[b].link([m[b].$heap_sum], { heapBytes: 3 << 16 }).mem.length, m[b].memoryBytes + (3 << 16), b);
  }
});

test('heap kernels over the whole heap, two heap sizes, every backend', async (t) => {
  const m = await build(t);
  if (!m) return;
  for (const heapBytes of [65536, 5 << 20]) {
    for (const b of BACKENDS) {
      // The runtime interpreter is slow: its larger heap is filled only in part.
      const n = b === 'runtime' && heapBytes > 65536 ? 1 << 18 : heapBytes / 4;
      const inst = m[b].instantiate({ heapBytes });
      const seed = 0x1234567 + heapBytes;
      inst.fns.heap_fill(n, seed);
      const { s, lanes } = expected(n, seed);
      assert.equal(inst.fns.heap_sum(n), s, `${b} heap ${heapBytes}: heap_sum`);
      inst.fns.heap_sum4(n / 4);
      const out = new Uint32Array(inst.mem.buffer, inst.mem.byteOffset + m[b].regions.out.offset, 4);
      assert.deepEqual([...out], lanes, `${b} heap ${heapBytes}: heap_sum4`);
      // The last word of the heap is the last one filled, where the heap says it is.
      const words = new Uint32Array(inst.mem.buffer, inst.mem.byteOffset, inst.mem.length >> 2);
      assert.equal(words[(m[b].memoryBytes >> 2) + n - 1], (Math.imul(n - 1, 0x9e3779b9) + seed) >>> 0, `${b}: heap word ${n - 1}`);
    }
    // On wasm the memory ends with the heap: one word past it traps.
    const w = m.wasm.instantiate({ heapBytes });
    assert.throws(() => w.fns.heap_fill(heapBytes / 4 + 1, 0), WebAssembly.RuntimeError);
  }
});

test('wasm_threads: a second copy of the layout and heap at base memoryBytes + heapBytes', async (t) => {
  const m = await build(t);
  if (!m) return;
  const M = m.wasm_threads;
  const heapBytes = 2 << 16;
  const whole = M.memoryBytes + heapBytes;
  const first = M.instantiate({ heapBytes });
  first.memory.grow(whole / 65536);
  const list = M.functions.map((f) => M[`$${f}`]);
  const second = M.link(list, { memory: first.memory, base: whole });
  first.fns.heap_fill(heapBytes / 4, 1);
  second.fns.heap_fill(heapBytes / 4, 2);
  assert.equal(first.fns.heap_sum(heapBytes / 4), expected(heapBytes / 4, 1).s);
  assert.equal(second.fns.heap_sum(heapBytes / 4), expected(heapBytes / 4, 2).s);
});

test('HeapInstance: relinks a larger heap, zeroes what a call used, lets a large heap linger, drops a very large heap', async (t) => {
  const m = await build(t);
  if (!m) return;
  for (const b of BACKENDS) {
    const list = m[b].functions.map((f) => m[b][`$${f}`]);
    const I = new HeapInstance(`heap ${b}`, list, ['heap_fill', 'heap_sum'], heapLimit(b));
    const small = b === 'runtime' ? 1 << 14 : 1 << 18;
    I.open(small);
    const mem1 = I.mem;
    assert.equal(mem1.length, m[b].memoryBytes + Math.ceil(small / 65536) * 65536, b);
    I.fns.heap_fill(small / 4, 7);
    I.fns.heap_sum4(small / 16);
    I.close(small);
    assert.ok(I.mem === mem1, `${b}: a small heap is kept`);
    assert.ok(isZero(mem1), `${b}: the heap and the static regions are zero after close()`);
    // Smaller calls reuse it; a larger one links a new memory.
    I.open(100);
    I.close(100);
    assert.ok(I.mem === mem1, `${b}: reused for a smaller heap`);
    const big = KEEP_HEAP + 65536;
    I.open(big);
    const mem2 = I.mem;
    assert.ok(mem2 !== mem1 && mem2.length === m[b].memoryBytes + big, `${b}: relinked with a larger heap`);
    I.fns.heap_fill(b === 'runtime' ? 4096 : big / 4, 9);
    // Errors inside a call: close() in the finally still zeroes and drops.
    assert.throws(() => {
      try {
        I.fns.heap_fill(b === 'runtime' ? 4096 : big / 4, 3);
        throw new Error('failed mid-call');
      } finally {
        I.close(big);
      }
    }, /failed mid-call/);
    assert.ok(isZero(mem2), `${b}: zeroed after an error`);
    assert.ok(I.mem === mem2, `${b}: a heap over KEEP_HEAP (up to LINGER_HEAP) lingers`);
    // A call within LINGER_MS takes it again; LINGER_MS after the last call it is dropped.
    I.open(big);
    assert.ok(I.mem === mem2, `${b}: a lingering heap is reused`);
    I.close(big);
    await new Promise((r) => setTimeout(r, LINGER_MS + 200));
    assert.ok(I.mem === null, `${b}: a lingering heap is dropped ${LINGER_MS} ms after its call`);
    // Over LINGER_HEAP: dropped as the call returns.
    const huge = LINGER_HEAP + 65536;
    I.open(huge);
    I.close(huge);
    assert.ok(I.mem === null, `${b}: a heap over LINGER_HEAP is dropped at once`);
    assert.equal(I.busy, false);
    // Re-entrancy and sizes the backend cannot address.
    I.open(16);
    assert.throws(() => I.open(16), /re-entrant/);
    I.close(16);
    assert.throws(() => I.open(heapLimit(b)), RangeError);
    assert.throws(() => I.open(-1), RangeError);
    assert.throws(() => I.open(1.5), RangeError);
  }
});
