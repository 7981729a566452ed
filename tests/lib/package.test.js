// The package as npm ships it (issue 11): `npm pack`, installed offline into a fresh project,
// imported from ESM, CommonJS (require() of ESM, Node >= 20.19) and TypeScript (tsc with
// module/moduleResolution node16, and with bundler); the tarball holds LICENSE, README.md and
// every document a shipped document links, and nothing of the compiler; and every code block of
// README.md runs in that project: each ```js block as a module (a block that calls require() as
// CommonJS), checking each `// -> value` comment against the value of the expression before it
// (on the same line, or the line above), and each ```ts block type-checked with both settings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './_helpers.js';

const tmp = mkdtempSync(path.join(tmpdir(), 'awasmc-package-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));
const app = path.join(tmp, 'app');
const tsc = path.join(repoRoot, 'node_modules/.bin/tsc');
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120000, ...opts });
const npmEnv = { ...process.env, npm_config_cache: path.join(tmp, 'npm-cache'), npm_config_update_notifier: 'false' };

// npm pack, once: the tarball's name and files.
const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', tmp], { cwd: repoRoot, env: npmEnv }))[0];
const shipped = new Set(packed.files.map((f) => f.path));

test('npm pack: LICENSE, README.md, package.json, entries, types and documents; nothing of the compiler', () => {
  for (const f of ['LICENSE', 'README.md', 'package.json', 'index.js', 'wasm.js', 'js.js', 'platform.js', 'types/index.d.ts', 'docs/api.md', 'docs/compiler.md', 'runtime/worker.js', 'targets/wasm/sha2.js'])
    assert.ok(shipped.has(f), `the tarball has ${f}`);
  for (const f of shipped) assert.doesNotMatch(f, /^(tests|compiler|modules|build|node_modules|tools\/(?!wasm-files\.mjs))\//, `the tarball has ${f}`);
  assert.ok(!shipped.has('docs/notes.md'), 'the working notes are not shipped');
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  for (const [sub, target] of Object.entries(pkg.exports))
    for (const file of Object.values(target)) assert.ok(shipped.has(file.replace(/^\.\//, '')), `exports["${sub}"]: ${file} is in the tarball`);
  assert.equal(pkg.license, 'MIT');
  assert.match(readFileSync(path.join(repoRoot, 'LICENSE'), 'utf8'), /^MIT License\n/);
  assert.equal(pkg.engines.node, '>=20.19');
  // Every relative link of every shipped document leads to a shipped file.
  for (const f of [...shipped].filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(path.join(repoRoot, f), 'utf8');
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1].split('#')[0];
      if (target === '' || /^[a-z]+:/.test(target)) continue;
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(f), target));
      assert.ok(shipped.has(resolved), `${f} links ${m[1]}, which is not in the tarball`);
    }
  }
});

// A fresh project with the tarball installed, offline.
mkdirSync(app);
writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, type: 'module' }));
run('npm', ['install', path.join(tmp, packed.filename), '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: app, env: npmEnv });

const abcHex = createHash('sha256').update('abc').digest('hex');

test('installed offline into a fresh project: imported from ESM', () => {
  assert.ok(existsSync(path.join(app, 'node_modules/awasmc-noble/package.json')));
  writeFileSync(
    path.join(app, 'esm.js'),
    `import { sha256, backend } from 'awasmc-noble';
import { sha256 as jsSha256 } from 'awasmc-noble/js.js';
import { bytesToHex, utf8ToBytes } from 'awasmc-noble/utils.js';
import { hmac } from 'awasmc-noble/hmac.js';
import { WP } from 'awasmc-noble/workers.js';
import { wasmRefused } from 'awasmc-noble/platform.js';
console.log(JSON.stringify([backend(), bytesToHex(sha256(utf8ToBytes('abc'))), bytesToHex(jsSha256(utf8ToBytes('abc'))), hmac(sha256, utf8ToBytes('k'), utf8ToBytes('m')).length, typeof WP.threads, wasmRefused()]));
`,
  );
  assert.deepEqual(JSON.parse(run(process.execPath, ['esm.js'], { cwd: app })), ['wasm', abcHex, abcHex, 32, 'function', null]);
});

test('installed offline into a fresh project: every subpath of exports imports (noble.js: with its optional peers only)', () => {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const subpaths = Object.keys(pkg.exports).map((k) => (k === '.' ? 'awasmc-noble' : `awasmc-noble/${k.slice(2)}`));
  writeFileSync(
    path.join(app, 'subpaths.js'),
    `const out = {};
for (const s of ${JSON.stringify(subpaths)}) {
  try { out[s] = Object.keys(await import(s)).length; } catch (e) { out[s] = e.code || e.name; }
}
console.log(JSON.stringify(out));
`,
  );
  const out = JSON.parse(run(process.execPath, ['subpaths.js'], { cwd: app }));
  for (const [s, n] of Object.entries(out)) {
    // noble.js runs over @noble/hashes and @noble/ciphers, optional peer dependencies a fresh
    // project does not have.
    if (s === 'awasmc-noble/noble.js' && n === 'ERR_MODULE_NOT_FOUND') continue;
    assert.ok(typeof n === 'number' && n > 0, `${s}: ${n}`);
  }
});

test('installed offline into a fresh project: require() from CommonJS', () => {
  writeFileSync(
    path.join(app, 'cjs.cjs'),
    `const { sha256, backend } = require('awasmc-noble');
const { blake3 } = require('awasmc-noble/wasm_threads.js');
const { bytesToHex, utf8ToBytes } = require('awasmc-noble/utils.js');
console.log(JSON.stringify([backend(), bytesToHex(sha256(utf8ToBytes('abc'))), blake3(utf8ToBytes('abc')).length]));
`,
  );
  assert.deepEqual(JSON.parse(run(process.execPath, ['cjs.cjs'], { cwd: app })), ['wasm', abcHex, 32]);
});

// The TypeScript settings the package supports: a project on node16, and one for a bundler.
const TS_SETTINGS = {
  node16: { module: 'node16', moduleResolution: 'node16' },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
};
function typeCheck(t, files) {
  if (!existsSync(tsc)) return t.skip('typescript is not installed (npm ci)');
  for (const [name, opts] of Object.entries(TS_SETTINGS)) {
    const config = path.join(app, `tsconfig.${name}.json`);
    const compilerOptions = { ...opts, target: 'es2022', lib: ['es2022'], strict: true, noEmit: true, skipLibCheck: false, types: [] };
    writeFileSync(config, JSON.stringify({ compilerOptions, files }));
    try {
      run(tsc, ['-p', config], { cwd: app });
    } catch (e) {
      assert.fail(`tsc (${name}) failed:\n${e.stdout}${e.stderr}`);
    }
  }
}

function writeMainTs() {
  writeFileSync(
    path.join(app, 'main.ts'),
    `import { sha256, blake3, backend, type Hash } from 'awasmc-noble';
import { chacha20poly1305 } from 'awasmc-noble/js.js';
import { bytesToHex } from 'awasmc-noble/utils.js';
import { hmac } from 'awasmc-noble/hmac.js';
import { WP } from 'awasmc-noble/workers.js';
import { useWasmModules } from 'awasmc-noble/platform.js';
const h: Hash = sha256;
const which: 'wasm' | 'js' = backend();
const d: string = bytesToHex(hmac(h, new Uint8Array(1), blake3(new Uint8Array(2), { dkLen: 8 })));
const sealed: Uint8Array = chacha20poly1305(new Uint8Array(32), new Uint8Array(12)).encrypt(new Uint8Array(3));
const n: number = WP.threads();
useWasmModules({});
// @ts-expect-error: a hash takes bytes
sha256('abc' as unknown as number);
void which, d, sealed, n;
`,
  );
  return 'main.ts';
}

// ---- README.md: every code block.
const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({
  lang: m[1],
  code: m[2],
  line: readme.slice(0, m.index).split('\n').length + 1, // the block's first line of code
}));

/**
 * Turns `EXPR; // -> VALUE` (or `EXPR;` then a line `// -> VALUE`) into a check: the block's
 * module prints one JSON line per check, { line, actual, expected, ok }.
 */
function instrument(code, firstLine) {
  const out = [];
  code.split('\n').forEach((text, i) => {
    const line = firstLine + i;
    const same = /^(\s*)(.*?);\s*\/\/ -> (.*)$/.exec(text);
    const below = /^\s*\/\/ -> (.*)$/.exec(text);
    if (same && !same[2].startsWith('//')) out.push(`${same[1]}await __check(${line}, async () => (${same[2]}), ${JSON.stringify(same[3])});`);
    else if (below) {
      const prev = /^(\s*)(.*);$/.exec(out.pop() || '');
      assert.ok(prev, `README.md line ${line}: "// -> " follows a line that is not an expression statement`);
      out.push(`${prev[1]}await __check(${line}, async () => (${prev[2]}), ${JSON.stringify(below[1])});`);
      out.push('');
    } else out.push(text);
  });
  const checker = `async function __check(line, f, expected) {
  const actual = await f();
  const want = new Function('return (' + expected + ');')();
  let ok = true;
  try { require_('node:assert').deepStrictEqual(actual, want); } catch { ok = false; }
  console.log(JSON.stringify({ line, actual: require_('node:util').inspect(actual), expected, ok }));
}
`;
  return { checker, body: out.join('\n') };
}

test('README.md: the first two code blocks are the setup and test commands (Contributing)', () => {
  assert.deepEqual(blocks.slice(0, 2).map((b) => [b.lang, b.code.split(/\s/)[0]]), [['sh', 'tools/setup'], ['sh', 'tools/test']]);
  assert.ok(readme.indexOf('## Contributing') < readme.indexOf('```sh\ntools/setup'), 'the commands are in the Contributing section');
  for (const b of blocks) assert.ok(['sh', 'js', 'ts'].includes(b.lang), `README.md line ${b.line}: a block of "${b.lang}" (sh, js or ts)`);
});

for (const b of blocks.filter((b) => b.lang === 'js')) {
  test(`README.md: the js block at line ${b.line} runs, and prints what its comments say`, () => {
    const cjs = /\brequire\(/.test(b.code);
    const { checker, body } = instrument(b.code, b.line);
    const file = path.join(app, `readme-${b.line}.${cjs ? 'cjs' : 'mjs'}`);
    const header = cjs
      ? `const require_ = require;\n${checker}(async () => {\n`
      : `import { createRequire as __createRequire } from 'node:module';\nconst require_ = __createRequire(import.meta.url);\n${checker}`;
    writeFileSync(file, header + body + (cjs ? '\n})();\n' : '\n'));
    let out;
    try {
      out = run(process.execPath, [file], { cwd: app });
    } catch (e) {
      assert.fail(`README.md block at line ${b.line} failed:\n${e.stderr}`);
    }
    const checks = out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const expected = (b.code.match(/\/\/ -> /g) || []).length;
    assert.equal(checks.length, expected, `every "// -> " of the block was checked (${checks.length} of ${expected})`);
    for (const c of checks) assert.ok(c.ok, `README.md line ${c.line}: got ${c.actual}, the comment says ${c.expected}`);
  });
}

// One tsc run per setting (tsc is slow): the package's typical uses and README.md's ts blocks.
test('installed offline into a fresh project: TypeScript (module node16; moduleResolution bundler), with README.md\'s ts blocks', (t) => {
  const ts = blocks.filter((b) => b.lang === 'ts');
  assert.ok(ts.length > 0, 'README.md has a TypeScript example');
  const files = ts.map((b) => {
    const name = `readme-${b.line}.ts`;
    writeFileSync(path.join(app, name), `${b.code}\nexport {};\n`);
    return name;
  });
  typeCheck(t, [writeMainTs(), ...files]);
});
