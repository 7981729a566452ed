// The wasm_threads entry and its worker pool under Deno (the `deno` npm package, pinned in
// package.json): digests of sync and async parallel() and of a 9 MiB BLAKE3 against node:crypto,
// @noble/hashes and the wasm entry; jobs reach the workers; Deno exits by itself after using the
// pool (no WP.stop()); the entry loads without --allow-env (reading AWASMC_* once threw there);
// and the package root, on wasm and, under --v8-flags=--jitless, on js.js (deno-auto.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { blake3 } from '@noble/hashes/blake3.js';
import { repoRoot } from '../lib/_helpers.js';

const deno = path.join(repoRoot, 'node_modules', '.bin', 'deno');

test('Deno: the wasm_threads pool hashes correctly and Deno exits by itself', () => {
  assert.ok(existsSync(deno), `no ${deno}: run tools/setup (npm ci installs the pinned deno package)`);
  const r = spawnSync(deno, ['run', '--no-prompt', `--allow-read=${repoRoot}`, path.join(repoRoot, 'tests/platforms/deno-pool.js')], {
    cwd: repoRoot,
    timeout: 60000,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
  });
  assert.equal(r.error, undefined, `deno did not exit within 60 s (${r.error && r.error.message})`);
  assert.equal(r.status, 0, `deno exited with ${r.status}: ${r.stderr}`);
  const got = JSON.parse(r.stdout.trim().split('\n').pop());
  const list = Array.from({ length: 8 }, (_, i) => new Uint8Array((1 << 17) + i).fill(i + 1));
  const want = list.map((m) => createHash('sha256').update(m).digest('hex'));
  assert.deepEqual(got.syncDigests, want, 'sha256.parallel');
  assert.deepEqual(got.asyncDigests, want, 'sha256.parallel.async');
  assert.deepEqual(got.wasmDigests, want, 'the wasm entry under Deno');
  const big = new Uint8Array(9 << 20);
  for (let i = 0; i < big.length; i += 997) big[i] = i & 255;
  const b3 = Buffer.from(blake3(big)).toString('hex');
  assert.equal(got.blake3, b3, 'blake3 of 9 MiB');
  assert.equal(got.blake3Async, b3, 'blake3.async of 9 MiB');
  assert.equal(got.wasmBlake3, b3);
  assert.equal(got.threads, 2, 'WP.threads()');
  assert.ok(got.jobs >= 3, `jobs went to the workers (${got.jobs})`);
});

// The package root under Deno: wasm by default; with --v8-flags=--jitless (no WebAssembly global)
// the js backend, with the same digests, and wasm.js throws an error naming js.js.
test('Deno: index.js runs on wasm, and on js.js under --v8-flags=--jitless, with the same digests', async () => {
  assert.ok(existsSync(deno), `no ${deno}: run tools/setup (npm ci installs the pinned deno package)`);
  const { chacha20poly1305 } = await import('@noble/ciphers/chacha.js');
  const msg = new Uint8Array(1000).map((_, i) => (i * 7 + 3) & 255);
  const key = new Uint8Array(32).fill(9);
  const want = {
    sha256: createHash('sha256').update(msg).digest('hex'),
    sha3_256: createHash('sha3-256').update(msg).digest('hex'),
    blake3: Buffer.from(blake3(msg)).toString('hex'),
    chacha20poly1305: Buffer.from(chacha20poly1305(key, key.subarray(0, 12)).encrypt(msg)).toString('hex'),
  };
  for (const jitless of [false, true]) {
    const args = ['run', '--no-prompt', `--allow-read=${repoRoot}`, ...(jitless ? ['--v8-flags=--jitless'] : []), path.join(repoRoot, 'tests/platforms/deno-auto.js')];
    const r = spawnSync(deno, args, {
      cwd: repoRoot,
      timeout: 60000,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    });
    assert.equal(r.status, 0, `deno${jitless ? ' --v8-flags=--jitless' : ''} exited with ${r.status}: ${r.stderr}`);
    const got = JSON.parse(r.stdout.trim().split('\n').pop());
    const where = jitless ? 'jitless' : 'default';
    assert.equal(got.webAssembly, jitless ? 'undefined' : 'object', where);
    assert.equal(got.backend, jitless ? 'js' : 'wasm', `${where}: backend()`);
    for (const [k, v] of Object.entries(want)) assert.equal(got[k], v, `${where}: ${k}`);
    if (jitless) assert.match(got.wasmError, /^awasmc-noble\/wasm\.js cannot run here: .*Import 'awasmc-noble\/js\.js'/, 'wasm.js under jitless');
    else assert.equal(got.wasm, want.sha256, 'wasm.js');
  }
});
