// Child process of tests/lib/auto.test.js (not a test file): imports one entry point the way an
// application does, on a platform the parent sets up (`node --jitless`, a preload that refuses to
// compile wasm, precompiled modules), runs the calls of autoCalls() on the inputs the parent
// passes (the environment variable AWASMC_AUTO_INPUTS, JSON of hex strings), and prints { backend, results, errors } as JSON.
//   AWASMC_AUTO_INPUTS=... node [flags] tests/lib/_auto_child.js ENTRY [WASM_FILES_DIR]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [entry, wasmDir] = process.argv.slice(2);
const inputsJson = process.env.AWASMC_AUTO_INPUTS;
const root = path.resolve(import.meta.dirname, '../..');

// Modules compiled ahead of time (a platform that runs only those, as Cloudflare Workers do with
// the .wasm files a bundler includes): compiled here before the platform refuses compiling.
if (wasmDir) {
  const modules = {};
  for (const f of readdirSync(wasmDir).filter((f) => f.endsWith('.wasm')))
    modules[f.slice(0, -'.wasm'.length)] = new WebAssembly.Module(readFileSync(path.join(wasmDir, f)));
  const Original = WebAssembly.Module;
  WebAssembly.Module = function Module() {
    throw new WebAssembly.CompileError('WebAssembly.Module(): Wasm code generation disallowed by embedder');
  };
  WebAssembly.Module.prototype = Original.prototype;
  const { useWasmModules } = await import(pathToFileURL(path.join(root, 'platform.js')).href);
  useWasmModules(modules);
}

const { autoCalls } = await import('./_auto_calls.js');
const H = await import(pathToFileURL(path.join(root, entry)).href);
const out = { backend: typeof H.backend === 'function' ? H.backend() : null, results: {}, errors: {} };
for (const [name, call] of Object.entries(autoCalls(JSON.parse(inputsJson)))) {
  try {
    const r = await call(H);
    out.results[name] = Buffer.from(r).toString('hex');
  } catch (e) {
    out.errors[name] = { name: e.name, message: e.message, cause: e.cause ? String(e.cause.message || e.cause) : null };
  }
}
process.stdout.write(JSON.stringify(out));
