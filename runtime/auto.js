// Whether this platform compiles WebAssembly at run time, and the error the wasm backends throw
// where it does not (docs/api.md, "Where wasm is refused"). index.js uses wasmRefused() to pick
// the wasm or the js backend; runtime/link.js throws wasmRefusedError() when a compile fails.

// The smallest module our targets need to compile: one function holding a SIMD constant
// (v128.const 0; drop). Every wasm target of awasmc uses SIMD, so a platform without it cannot run
// them either.
const PROBE = [
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // type section: one type, () -> ()
  0x03, 0x02, 0x01, 0x00, // function section: one function of type 0
  0x0a, 0x17, 0x01, 0x15, 0x00, 0xfd, 0x0c, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x1a, 0x0b, // code
];

/**
 * null where a module using SIMD compiles synchronously here, else the reason it does not: the
 * `WebAssembly` global is missing (`node --jitless`), or compiling throws (a page's CSP without
 * 'wasm-unsafe-eval', an edge runtime that refuses code generation, no SIMD). Synchronous, and
 * it compiles a 41-byte module; a page's CSP may log one violation for it.
 */
export function wasmRefused() {
  try {
    if (typeof WebAssembly !== 'object' || WebAssembly === null || typeof WebAssembly.Module !== 'function')
      return new Error('there is no WebAssembly global here');
    new WebAssembly.Module(new Uint8Array(PROBE));
    return null;
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

/** The error a wasm backend throws where wasm cannot be compiled: names the way out, js.js. */
export function wasmRefusedError(platform, cause) {
  const why = cause && cause.message ? cause.message : String(cause);
  return new Error(
    `awasmc-noble/${platform}.js cannot run here: this platform refuses to compile WebAssembly (${why}). ` +
      "Import 'awasmc-noble/js.js' (the same API in plain JavaScript) or the package root 'awasmc-noble', " +
      'which falls back to it by itself; or supply precompiled modules (useWasmModules in docs/api.md, "Where wasm is refused").',
    { cause },
  );
}
