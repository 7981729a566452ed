// The wasm_threads entry and its worker pool under Deno (the `deno` npm package, pinned in
// package.json): digests of sync and async parallel() and of a 9 MiB BLAKE3 against node:crypto,
// @noble/hashes and the wasm entry; jobs reach the workers; Deno exits by itself after using the
// pool (no WP.stop()); the entry loads without --allow-env (reading AWASMC_* once threw there).
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
