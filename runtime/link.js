// Instantiates the kernel functions of a generated target file (docs/target-contract.md) over one
// fresh memory. A target file exports every kernel function on its own as a descriptor `$name`;
// `link([$a, $b])` (the target's export) calls one of these with the descriptors, so a bundler
// keeps only the functions an application's hashes reference. The interpreter's linker is
// linkProgram in interp.js.

import { wasmRefusedError } from './auto.js';

const fromBase64 = (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

// descriptor -> its compiled WebAssembly.Module (compiled once, instantiated per link).
const compiled = new WeakMap();

// Precompiled modules (useWasmModules): wasmModuleKey(descriptor) -> WebAssembly.Module.
const supplied = /* @__PURE__ */ new Map();
// descriptor -> its precompiled module or undefined; set by useWasmModules, so that the lookup
// (and wasmModuleKey) is bundled only where useWasmModules is.
let precompiled = null;

/**
 * The name of a kernel function's module among precompiled ones: `<function>.<8 hex digits>`, the
 * digits a hash (FNV-1a, 32 bits) of its code, so a module of another build is never taken for it.
 */
export function wasmModuleKey(d) {
  let h = 0x811c9dc5;
  for (let i = 0; i < d.wasm.length; i++) h = Math.imul(h ^ d.wasm.charCodeAt(i), 0x01000193);
  return `${d.name}.${(h >>> 0).toString(16).padStart(8, '0')}`;
}

/**
 * Registers precompiled kernel modules, for platforms that run only modules compiled ahead of
 * time (docs/api.md, "Where wasm is refused"): `modules` maps wasmModuleKey names (the .wasm file
 * names tools/wasm-files.mjs writes, without `.wasm`) to WebAssembly.Module objects. The wasm and
 * wasm_threads backends then instantiate these instead of compiling their embedded code.
 */
export function useWasmModules(modules) {
  if (typeof modules !== 'object' || modules === null) throw new TypeError('useWasmModules: "modules" must be an object of WebAssembly.Module');
  const entries = modules instanceof Map ? [...modules] : Object.entries(modules);
  for (const [key, mod] of entries) {
    if (typeof WebAssembly !== 'object' || !(mod instanceof WebAssembly.Module))
      throw new TypeError(`useWasmModules: "modules.${key}" must be a WebAssembly.Module`);
    if (!/^[a-z0-9_]+\.[0-9a-f]{8}$/.test(key)) throw new RangeError(`useWasmModules: "${key}" is not a kernel module name (function.hash)`);
  }
  for (const [key, mod] of entries) supplied.set(key, mod);
  precompiled = (d) => supplied.get(wasmModuleKey(d));
}

// The module of a kernel function: a precompiled one, else compiled from its embedded code; where
// compiling is refused, an error naming js.js as the way out.
function compileKernel(d, shared) {
  const mod = precompiled !== null ? precompiled(d) : undefined;
  if (mod !== undefined) return mod;
  try {
    return new WebAssembly.Module(fromBase64(d.wasm));
  } catch (e) {
    throw wasmRefusedError(shared ? 'wasm_threads' : 'wasm', e);
  }
}

// A shared (wasm_threads) memory can grow to this many copies of its layout: copy 0 for the
// thread that links it, one per worker thread (runtime/workers.js) after that.
export const MAX_COPIES = 65;
// A shared memory whose kernels include one with a heap (memory.heap) may also grow past the
// MAX_COPIES copies by this much: the worker pool stages a long cipher call's units there, which
// the workers' heap kernels XOR in place (runtime/workers.js "Ciphers", STAGE_BYTES).
export const STAGE_PAGES = 513;

/**
 * wasm / wasm_threads: one small module per function, each importing the memory `env.memory`;
 * wasm_threads modules also import `env.base`, the byte offset of the calling thread's copy of
 * the writable regions (docs/target-contract.md, "Threads"). `at` = { memory, base } links a
 * worker thread's instance over an existing shared memory; by default a new memory, base 0.
 * `pages` includes a heap's (memory.heap: the target's link() adds them for `{ heapBytes }`; a
 * shared memory's maximum is then capped at 4 GiB).
 * Returns { mem, fns, memory }; `mem` views this thread's copy of the layout.
 */
export function linkWasm(pages, shared, list, at) {
  if (typeof WebAssembly !== 'object' || WebAssembly === null) throw wasmRefusedError(shared ? 'wasm_threads' : 'wasm', new Error('there is no WebAssembly global here'));
  const stage = shared && !at && list.some((d) => Object.values(d.regions).some((r) => r.heap === true)) ? STAGE_PAGES : 0;
  const memory = at ? at.memory : new WebAssembly.Memory({ initial: pages, maximum: shared ? Math.min(pages * MAX_COPIES + stage, 65536) : pages, shared });
  const base = at ? at.base : 0;
  const fns = {};
  for (const d of list) {
    let mod = compiled.get(d);
    if (mod === undefined) {
      mod = compileKernel(d, shared);
      compiled.set(d, mod);
    }
    const f = new WebAssembly.Instance(mod, { env: shared ? { memory, base } : { memory } }).exports[d.name];
    // u64 parameters or results go through the descriptor's wrapper; u32 results become unsigned.
    if (d.wrap) fns[d.name] = d.wrap(f, new Uint32Array(memory.buffer, base, pages * 16384));
    else fns[d.name] = d.result === 'u32' ? (...args) => f(...args) >>> 0 : f;
  }
  return { mem: new Uint8Array(memory.buffer, base, pages * 65536), fns, memory };
}

// js, the library's linking (runtime/shell.js, subset()): target file layout -> its one memory.
const sharedJs = /* @__PURE__ */ new WeakMap();

/**
 * js: each descriptor's make(M8, M16, M32) returns the function over a new memory. For a list
 * marked `shared` (the library's: runtime/shell.js, subset()), over the one memory of its target
 * file instead, each descriptor made once and its function shared by every instance that links
 * it: V8 specializes a kernel function on its closure's context only while one closure of it
 * exists, and a second instance of a file made its kernels slower (docs/notes.md, "jsshare").
 * `shared` is then the memory's record { busy, layout, regions, linked, M8, M16, M32 }: the
 * re-entrancy guard of every instance on it (one session at a time on the memory, whichever hash
 * runs it), the regions of every descriptor linked into it so far (constant regions included),
 * and descriptor -> function.
 */
export function linkJs(memoryBytes, list) {
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) throw new Error('the js target of awasmc needs a little-endian platform');
  const layout = list.shared === true ? list[0].layout : null;
  let s = layout !== null ? sharedJs.get(layout) : undefined;
  if (s === undefined) {
    const buffer = new ArrayBuffer(memoryBytes);
    s = { busy: false, layout, regions: {}, linked: new Map(), M8: new Uint8Array(buffer), M16: new Uint16Array(buffer), M32: new Int32Array(buffer) };
    if (layout !== null) sharedJs.set(layout, s);
  }
  const fns = {};
  for (const d of list) {
    let f = s.linked.get(d);
    if (f === undefined) {
      // The constant regions it reads (on a shared memory maybe again: the same bytes).
      for (const [offset, bytes] of d.data) s.M8.set(fromBase64(bytes), offset);
      f = d.make(s.M8, s.M16, s.M32);
      if (d.wrap) f = d.wrap(f, new Uint32Array(s.M8.buffer)); // u64 parameters or results
      s.linked.set(d, f);
      Object.assign(s.regions, d.regions);
    }
    fns[d.name] = f;
  }
  return { mem: s.M8, fns, shared: layout !== null ? s : undefined };
}
