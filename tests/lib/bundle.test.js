// Tree-shaking of every entry point (issue 6, part 5): a bundle of one hash carries only that
// hash's kernels. Bundled with esbuild (a devDependency) as tools/size.mjs does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { repoRoot } from './_helpers.js';

const { build } = await import('esbuild');
async function bundle(entry, name) {
  const r = await build({
    stdin: { contents: `import { ${name} } from './${entry}.js';\nglobalThis.k = ${name};\n`, resolveDir: repoRoot, loader: 'js' },
    bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent', platform: 'neutral',
  });
  return r.outputFiles[0].text;
}
// The kernel descriptors a bundle holds (their `name:"..."` beside the code).
const kernels = (text) => new Set([...text.matchAll(/name:"([a-z0-9_]+)"/g)].map((m) => m[1]));

for (const entry of ['wasm', 'wasm_threads', 'js', 'runtime']) {
  test(`${entry}.js: a sha256 import bundles SHA-256's kernels only, a blake3 import BLAKE3's only`, async () => {
    const sha = kernels(await bundle(entry, 'sha256'));
    assert.ok(sha.has('sha256_compress'), `the sha256 bundle has its kernel (${[...sha]})`);
    for (const k of sha) assert.match(k, /^sha256(_|$)/, `${entry}: a sha256 import carries ${k}`);
    const b3 = kernels(await bundle(entry, 'blake3'));
    assert.ok(b3.has('blake3_chunks'), `the blake3 bundle has its kernel (${[...b3]})`);
    for (const k of b3) assert.match(k, /^blake3(_|$)/, `${entry}: a blake3 import carries ${k}`);
  });
}

// State export (state.js) is tree-shaken: a sha256 import does not carry the codec, and a bundle
// that uses it carries only the imported hash's kernels.
test('state.js: not in a sha256-only bundle; with it, only the imported hash\'s kernels', async () => {
  const plain = await bundle('js', 'sha256');
  assert.ok(!plain.includes('is corrupt') && !plain.includes('awst'), 'a sha256 import carries the state codec');
  const r = await build({
    stdin: {
      contents: "import { sha256 } from './js.js';\nimport { exportState, importState } from './state.js';\nglobalThis.k = [sha256, exportState, importState];\n",
      resolveDir: repoRoot, loader: 'js',
    },
    bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent', platform: 'neutral',
  });
  const text = r.outputFiles[0].text;
  assert.ok(text.includes('is corrupt'), 'the codec is there');
  for (const k of kernels(text)) assert.match(k, /^sha256(_|$)/, `state.js + sha256 carries ${k}`);
});

// The package root (index.js) picks wasm.js's or js.js's function per name (docs/api.md, "Where
// wasm is refused"): a sha256 import carries SHA-256's kernels of both backends and nothing else,
// and stays within half again the wasm entry's size (gzipped; the js kernels are the difference).
test('index.js: a sha256 import bundles SHA-256 only, of both backends, at most 1.5x the wasm entry', async (t) => {
  const { gzipSync } = await import('node:zlib');
  const index = await bundle('index', 'sha256');
  const wasm = await bundle('wasm', 'sha256');
  for (const k of kernels(index)) assert.match(k, /^sha256(_|$)/, `index: a sha256 import carries ${k}`);
  assert.ok(/wasm:"AGFz/.test(index) && /data:\[/.test(index) && !/data:\[/.test(wasm), 'index: both the wasm and the js kernels are there');
  const [gi, gw] = [index, wasm].map((s) => gzipSync(s, { level: 9 }).length);
  t.diagnostic(`sha256 import, gzipped: index.js ${gi} bytes, wasm.js ${gw} bytes`);
  assert.ok(gi <= 1.5 * gw, `index.js ${gi} bytes > 1.5 x wasm.js ${gw} bytes`);
});
