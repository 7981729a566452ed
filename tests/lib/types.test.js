// The TypeScript declarations in types/: they type-check the documented uses in
// tests/types/usage.ts (whose @ts-expect-error lines must fail), and they declare exactly the
// names every entry point exports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './_helpers.js';

// The names a declaration file exports: `export declare const|function NAME` and `export { A, B } from`.
const declared = (file) => {
  const text = readFileSync(join(repoRoot, 'types', file), 'utf8');
  const names = [...text.matchAll(/^export declare (?:const|function) (\w+)/gm)].map((m) => m[1]);
  for (const m of text.matchAll(/^export \{([^}]*)\} from /gm)) names.push(...m[1].split(',').map((x) => x.trim()).filter(Boolean));
  return names.sort();
};

test('types/ type-checks the documented uses (tsc --noEmit)', (t) => {
  const tsc = join(repoRoot, 'node_modules/.bin/tsc');
  if (!existsSync(tsc)) return t.skip('typescript is not installed (npm ci)');
  try {
    execFileSync(tsc, ['-p', join(repoRoot, 'tsconfig.json')], { cwd: repoRoot, stdio: 'pipe' });
  } catch (e) {
    assert.fail(`tsc failed:\n${e.stdout}${e.stderr}`);
  }
});

test('every entry point exports exactly the declared names', async () => {
  const hashes = declared('hashes.d.ts');
  for (const entry of ['wasm.js', 'wasm_threads.js', 'js.js', 'runtime.js']) {
    const mod = await import(join(repoRoot, entry));
    assert.deepEqual(Object.keys(mod).sort(), hashes, entry);
  }
  // The package root: the same names (types/index.d.ts re-exports hashes.d.ts), and backend().
  const index = await import(join(repoRoot, 'index.js'));
  assert.deepEqual(Object.keys(index).sort(), [...hashes, ...declared('index.d.ts')].sort(), 'index.js');
  const utils = await import(join(repoRoot, 'utils.js'));
  assert.deepEqual(Object.keys(utils).sort(), declared('utils.d.ts'), 'utils.js');
  const noble = await import(join(repoRoot, 'noble.js'));
  assert.deepEqual(Object.keys(noble).sort(), declared('noble.d.ts'), 'noble.js');
  const webcrypto = await import(join(repoRoot, 'webcrypto.js'));
  assert.deepEqual(Object.keys(webcrypto).sort(), declared('webcrypto.d.ts'), 'webcrypto.js');
  const stub = await import(join(repoRoot, 'stub.js'));
  assert.deepEqual(Object.keys(stub).sort(), [...hashes, ...declared('stub.d.ts')].sort(), 'stub.js');
  for (const entry of ['hmac', 'hkdf', 'kdf', 'workers', 'state', 'platform']) {
    const mod = await import(join(repoRoot, `${entry}.js`));
    assert.deepEqual(Object.keys(mod).sort(), declared(`${entry}.d.ts`), `${entry}.js`);
  }
});
