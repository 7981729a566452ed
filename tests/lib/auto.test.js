// The package root's fallback where wasm is refused (docs/api.md, "Where wasm is refused"):
// index.js runs on the wasm backend where WebAssembly compiles and on the js backend where it does
// not, with identical results, and says which (backend()); wasm.js and wasm_threads.js there throw
// an error naming js.js; precompiled modules (platform.js useWasmModules) run the wasm backend
// where only those are allowed. The refusing platforms are child processes: `node --jitless` (no
// WebAssembly global) and a preload that makes `new WebAssembly.Module` throw the CompileError an
// edge runtime throws (Cloudflare Workers' "Wasm code generation disallowed by embedder").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createCipheriv, createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { blake3 } from '@noble/hashes/blake3.js';
import { SEED, makeRng, repoRoot, hex } from './_helpers.js';
import { autoCalls } from './_auto_calls.js';
import * as I from '../../index.js';
import * as W from '../../wasm.js';
import * as J from '../../js.js';
import { wasmRefused } from '../../platform.js';

const rng = makeRng(SEED, 11);
const inputs = { msg: hex(rng.bytes(1 + rng.int(3000))), key: hex(rng.bytes(32)), nonce: hex(rng.bytes(24)) };
const calls = autoCalls(inputs);

// What js.js gives for every call (the reference the fallback must match), checked in part
// against node:crypto and @noble/hashes.
const want = {};
for (const [name, call] of Object.entries(calls)) want[name] = hex(Uint8Array.from(await call(J)));
const msg = Buffer.from(inputs.msg, 'hex');
assert.equal(want.sha256, createHash('sha256').update(msg).digest('hex'));
assert.equal(want.sha3_256, createHash('sha3-256').update(msg).digest('hex'));
assert.equal(want.blake3, hex(blake3(msg, { dkLen: 50 })));
{
  const c = createCipheriv('aes-256-gcm', Buffer.from(inputs.key, 'hex'), Buffer.from(inputs.nonce, 'hex').subarray(0, 12));
  assert.equal(want.aes_gcm, Buffer.concat([c.update(msg), c.final(), c.getAuthTag()]).toString('hex'));
}

const tmp = mkdtempSync(path.join(tmpdir(), 'awasmc-auto-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const REFUSE = path.join(tmp, 'refuse-wasm.cjs');
writeFileSync(
  REFUSE,
  `// A platform that refuses to compile WebAssembly at run time, as an edge runtime or a CSP does.
const Original = WebAssembly.Module;
WebAssembly.Module = function Module() {
  throw new WebAssembly.CompileError('WebAssembly.Module(): Wasm code generation disallowed by embedder');
};
WebAssembly.Module.prototype = Original.prototype;
`,
);

function child(flags, entry, wasmDir) {
  const args = [...flags, path.join(repoRoot, 'tests/lib/_auto_child.js'), entry];
  if (wasmDir) args.push(wasmDir);
  const env = { ...process.env, AWASMC_AUTO_INPUTS: JSON.stringify(inputs) };
  const out = execFileSync(process.execPath, args, { cwd: repoRoot, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120000 });
  return JSON.parse(out);
}

const PLATFORMS = [
  ['node --jitless (no WebAssembly global)', ['--jitless'], /there is no WebAssembly global/],
  ['a preload that refuses to compile wasm (CompileError)', ['--require', REFUSE], /Wasm code generation disallowed by embedder/],
];

test('where wasm compiles, index.js is the wasm backend, name for name', () => {
  assert.equal(wasmRefused(), null);
  assert.equal(I.backend(), 'wasm');
  const names = Object.keys(W).sort();
  assert.deepEqual(Object.keys(I).sort(), [...names, 'backend'].sort(), 'index.js exports every name of wasm.js, and backend (node tools/gen-index.mjs writes it)');
  for (const n of names) assert.equal(I[n], W[n], `index.js ${n} is wasm.js's`);
});

for (const [title, flags, causeText] of PLATFORMS) {
  test(`${title}: index.js falls back to js.js with identical results, and says so`, () => {
    const r = child(flags, 'index.js');
    assert.deepEqual(r.errors, {});
    assert.equal(r.backend, 'js');
    assert.deepEqual(r.results, want);
  });

  test(`${title}: wasm.js and wasm_threads.js throw an error naming js.js`, () => {
    for (const entry of ['wasm.js', 'wasm_threads.js']) {
      const r = child(flags, entry);
      assert.deepEqual(Object.keys(r.errors).sort(), Object.keys(calls).sort(), `${entry}: every call fails`);
      for (const [call, e] of Object.entries(r.errors)) {
        assert.equal(e.name, 'Error', `${entry} ${call}`);
        assert.match(e.message, new RegExp(`^awasmc-noble/${entry.replace('.', '\\.')} cannot run here`), `${entry} ${call}`);
        assert.match(e.message, /Import 'awasmc-noble\/js\.js'/, `${entry} ${call}`);
        assert.match(e.cause, causeText, `${entry} ${call}: the platform's own error is the cause`);
      }
    }
  });

  test(`${title}: js.js runs as everywhere else`, () => {
    const r = child(flags, 'js.js');
    assert.deepEqual(r.errors, {});
    assert.deepEqual(r.results, want);
  });
}

test('precompiled modules (tools/wasm-files.mjs, useWasmModules) run wasm.js where compiling is refused', () => {
  const dir = path.join(tmp, 'wasm-files');
  execFileSync(process.execPath, [path.join(repoRoot, 'tools/wasm-files.mjs'), dir, '--target', 'wasm'], { stdio: 'pipe' });
  const r = child([], 'wasm.js', path.join(dir, 'wasm'));
  assert.deepEqual(r.errors, {});
  assert.deepEqual(r.results, want);
  // Without them, the same platform refuses (the child's wasm directory is what made it work).
  const none = path.join(tmp, 'no-files');
  execFileSync('mkdir', ['-p', none]);
  const r2 = child([], 'wasm.js', none);
  assert.deepEqual(Object.keys(r2.errors).sort(), Object.keys(calls).sort());
});

test('useWasmModules refuses what is not a kernel module', async () => {
  const { useWasmModules } = await import('../../platform.js');
  assert.throws(() => useWasmModules(null), { name: 'TypeError', message: /"modules"/ });
  assert.throws(() => useWasmModules({ 'sha256_compress.00000000': new Uint8Array(8) }), { name: 'TypeError', message: /modules\.sha256_compress\.00000000/ });
  const mod = new WebAssembly.Module(Uint8Array.of(0, 0x61, 0x73, 0x6d, 1, 0, 0, 0));
  assert.throws(() => useWasmModules({ sha256_compress: mod }), { name: 'RangeError', message: /sha256_compress/ });
});
