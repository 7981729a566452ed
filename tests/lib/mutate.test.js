// The kill check of the mutation gate (tools/mutate-check.js, docs/auditing.md §7) can fail: it
// passes on the committed targets and kills a js target with its XORs turned into ORs, loaded
// through the mutant hook without touching targets/. (The enumeration and the mutant builds are
// tested in tests/unit/mutate_test.cpp.)
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { repoRoot } from './_helpers.js';

const run = promisify(execFile);
const check = (args) => run(process.execPath, [path.join(repoRoot, 'tools', 'mutate-check.js'), ...args]);

test('mutate-check: the committed sha3 target survives (every answer right)', async () => {
  const { stdout } = await check(['--modules', 'sha3']);
  assert.match(stdout, /^survived: \d+ answers right on js \(sha3\)/);
});

test('mutate-check: a broken sha3 target is killed, and targets/ is left as it was', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'awasmc-mutate-test-'));
  const real = path.join(repoRoot, 'targets', 'js', 'sha3.js');
  const before = fs.readFileSync(real, 'utf8');
  try {
    fs.mkdirSync(path.join(dir, 'js'));
    const broken = before.replaceAll(' ^ ', ' | ');
    assert.notEqual(broken, before);
    fs.writeFileSync(path.join(dir, 'js', 'sha3.js'), broken);
    await assert.rejects(check(['--modules', 'sha3', '--mutant', dir]), (e) => {
      assert.equal(e.code, 1);
      assert.match(e.stdout, /^killed: sha3_224\(0 bytes\): got [0-9a-f]+/);
      return true;
    });
    assert.equal(fs.readFileSync(real, 'utf8'), before);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('mutate-check: a module without checks is exit 3, bad usage exit 2', async () => {
  await assert.rejects(check(['--modules', 'nosuch']), (e) => e.code === 3 && /^unchecked: no checks for module nosuch/.test(e.stdout));
  await assert.rejects(check(['--backend', 'nosuch']), (e) => e.code === 2);
});
