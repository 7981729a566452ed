// The mutation-testing gate (docs/auditing.md §7); run it as tools/mutate.
//
// Lists the mutants of every module (`awasmc mutants --json`), builds each selected one into a
// scratch folder (`awasmc build --mutate ID --target T --out DIR`, never targets/) and runs the
// fast kill check (tools/mutate-check.js) on the first target whose generated file the mutant
// changes, in the order js, runtime, wasm, wasm_threads, until one kills it. Each mutant is
//   killed      the check found a wrong answer or an exception on a target it changes, or the
//               mutant does not compile (--every-target: on every target it changes);
//   identical   no target file changes (the compiler made the same code: equivalent by construction);
//   equivalent  listed in tools/mutate-equivalent.json with its reason (reviewed);
//   survived    every check passed: a gap in the checks. The exit status is 1 if any survived;
//   unchecked   the mutant changes a module tools/mutate-check.js has no checks for (also exit 1).
// Results are cached in build/mutate-cache.json under a key of the mutant id and the bytes of
// everything that decides the result (awasmc, modules/, runtime/, the entries, the checks).
//
//   tools/mutate [--sample N] [--seed S] [--modules sha2,chacha] [--kinds op,const,flip,rot+1,rot-1,shrink]
//                [--ids id,id] [--every-target] [--jobs J] [--no-cache] [--timeout-ms MS] [--quiet]
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const awasmc = path.join(root, 'build', 'awasmc');
const TARGETS = ['js', 'runtime', 'wasm', 'wasm_threads'];

// ---- options
const opt = { sample: 0, seed: '1', modules: '', kinds: '', ids: '', everyTarget: false, jobs: 1, cache: true, timeoutMs: 120000, quiet: false };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const value = () => {
    if (i + 1 >= argv.length) usage(`${a} needs a value`);
    return argv[++i];
  };
  if (a === '--sample') opt.sample = positive(value(), a);
  else if (a === '--seed') opt.seed = value();
  else if (a === '--modules') opt.modules = value();
  else if (a === '--kinds') opt.kinds = value();
  else if (a === '--ids') opt.ids = value();
  else if (a === '--jobs') opt.jobs = positive(value(), a);
  else if (a === '--timeout-ms') opt.timeoutMs = positive(value(), a);
  else if (a === '--every-target') opt.everyTarget = true;
  else if (a === '--no-cache') opt.cache = false;
  else if (a === '--quiet') opt.quiet = true;
  else if (a === '--help' || a === '-h') usage('', 0);
  else usage(`unknown argument ${a}`);
}
function positive(s, name) {
  const n = Number(s);
  if (!Number.isSafeInteger(n) || n < 1) usage(`${name} needs a positive integer, got '${s}'`);
  return n;
}
function usage(msg, code = 2) {
  if (msg) console.error(`tools/mutate: ${msg}`);
  console.error('usage: tools/mutate [--sample N] [--seed S] [--modules a,b] [--kinds op,const,flip,rot+1,rot-1,shrink] [--ids id,id]\n' +
    '                    [--every-target] [--jobs J] [--no-cache] [--timeout-ms MS] [--quiet]');
  process.exit(code);
}
if (!fs.existsSync(awasmc)) usage('build/awasmc is missing: build the compiler first (tools/setup)', 2);

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

// ---- the mutants
const { stdout: listing } = await run(awasmc, ['mutants', '--json', '--root', root], { maxBuffer: 1 << 28 });
let sites = JSON.parse(listing);
const total = sites.length;
const stem = (file) => path.basename(file, '.js');
const csv = (s) => s.split(',').map((x) => x.trim()).filter(Boolean);
if (opt.modules) {
  const want = new Set(csv(opt.modules));
  sites = sites.filter((s) => want.has(stem(s.file)));
}
if (opt.kinds) {
  const want = new Set(csv(opt.kinds));
  sites = sites.filter((s) => want.has(s.kind));
}
if (opt.ids) {
  const want = new Set(csv(opt.ids));
  for (const id of want) if (!sites.some((s) => s.id === id)) usage(`no mutant ${id} (awasmc mutants lists them)`);
  sites = sites.filter((s) => want.has(s.id));
}
if (opt.sample && opt.sample < sites.length) {
  // The same sample for the same seed and list: the mutants whose hash with the seed is smallest.
  const rank = (s) => sha256(`${opt.seed}\n${s.id}`);
  sites = sites.map((s) => [rank(s), s]).sort((a, b) => (a[0] < b[0] ? -1 : 1)).slice(0, opt.sample).map(([, s]) => s);
  sites.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.col - b.col || (a.kind < b.kind ? -1 : 1)));
}

// ---- the reviewed equivalent mutants: an entry holds while its source line and change read the same
const equivalentFile = path.join(root, 'tools', 'mutate-equivalent.json');
const equivalent = JSON.parse(fs.readFileSync(equivalentFile, 'utf8'));
const stale = [];
for (const [id, e] of Object.entries(equivalent.mutants)) {
  const s = JSON.parse(listing).find((x) => x.id === id);
  if (!s || s.source !== e.source || s.from !== e.from || s.to !== e.to) stale.push(id);
}

// ---- the cache
const cacheFile = path.join(root, 'build', 'mutate-cache.json');
function filesUnder(dir, ext) {
  return fs.readdirSync(path.join(root, dir)).filter((f) => f.endsWith(ext)).sort().map((f) => path.join(dir, f));
}
const inputs = [
  'build/awasmc', 'tools/mutate.js', 'tools/mutate-check.js', 'tools/mutate-loader.mjs', ...TARGETS.map((t) => `${t}.js`),
  ...filesUnder('modules', '.js'), ...filesUnder('runtime', '.js'), ...TARGETS.flatMap((t) => filesUnder(`targets/${t}`, '.js')),
];
const inputsHash = sha256(inputs.map((f) => `${f}\n${sha256(fs.readFileSync(path.join(root, f)))}\n`).join(''));
const cacheKey = (id) => sha256(`${inputsHash}\n${id}\n${opt.everyTarget}`);
let cache = {};
if (opt.cache) {
  try {
    cache = JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
  } catch {
    cache = {};
  }
}

// ---- one mutant
async function mutant(site) {
  const key = cacheKey(site.id);
  if (opt.cache && cache[key]) return { ...cache[key], cached: true };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'awasmc-mutant-'));
  try {
    const modules = site.modules.map(stem);
    const checked = [];
    for (const target of TARGETS) {
      // Each target in a folder of its own: the check of one target then loads every other
      // backend's committed files (its cross-backend references) and only this one mutated.
      const out = path.join(dir, target);
      try {
        await run(awasmc, ['build', '--mutate', site.id, '--target', target, '--root', root, '--out', out], { timeout: opt.timeoutMs });
      } catch (e) {
        if (e.code === 1) return { status: 'killed', how: `does not compile: ${firstLine(e.stderr || e.stdout)}` };
        throw new Error(`awasmc build --mutate ${site.id} --target ${target}: ${firstLine(e.stderr) || e.message}`);
      }
      const changed = modules.filter((m) => {
        const mine = path.join(out, target, `${m}.js`);
        return fs.existsSync(mine) && !fs.readFileSync(mine).equals(fs.readFileSync(path.join(root, 'targets', target, `${m}.js`)));
      });
      if (changed.length === 0) continue;
      const r = await check(target, out, changed);
      if (r.unchecked) return { status: 'unchecked', how: r.how };
      checked.push({ target, ...r });
      if (r.killed && !opt.everyTarget) return { status: 'killed', how: `${target}: ${r.how}` };
      if (!r.killed && opt.everyTarget) return { status: 'survived', how: `${target}: ${r.how}` };
    }
    if (checked.length === 0) return { status: 'identical', how: 'no target file changes' };
    if (opt.everyTarget) return { status: 'killed', how: checked.map((c) => `${c.target}: ${c.how}`).join('; ') };
    return { status: 'survived', how: `changes ${checked.map((c) => c.target).join(', ')}; ${checked[0].how}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
async function check(backend, dir, modules) {
  try {
    const { stdout } = await run(process.execPath, [path.join(root, 'tools', 'mutate-check.js'), '--backend', backend, '--mutant', dir,
      '--modules', modules.join(',')], { timeout: opt.timeoutMs, maxBuffer: 1 << 24 });
    return { killed: false, how: firstLine(stdout) };
  } catch (e) {
    if (e.code === 1) return { killed: true, how: firstLine(e.stdout).replace(/^killed: /, '') };
    if (e.killed || e.signal) return { killed: true, how: `the check did not finish in ${opt.timeoutMs} ms (${e.signal})` };
    if (e.code === 2) throw new Error(`mutate-check: ${firstLine(e.stderr)}`);
    if (e.code === 3) return { killed: false, unchecked: true, how: firstLine(e.stdout) };
    return { killed: true, how: `the check crashed (exit ${e.code}): ${firstLine(e.stderr)}` };
  }
}
const firstLine = (s) => String(s ?? '').split('\n').find((l) => l.trim() && !l.startsWith('awasmc: warning')) ?? '';

// ---- run
const counts = { killed: 0, identical: 0, equivalent: 0, survived: 0, unchecked: 0 };
const survivors = [];
const t0 = Date.now();
let next = 0;
let done = 0;
async function worker() {
  while (next < sites.length) {
    const site = sites[next++];
    let r = await mutant(site);
    if (!r.cached && opt.cache) cache[cacheKey(site.id)] = { status: r.status, how: r.how };
    const eq = equivalent.mutants[site.id];
    if (r.status === 'survived' && eq && !stale.includes(site.id)) r = { ...r, status: 'equivalent', how: eq.reason };
    counts[r.status]++;
    done++;
    if (r.status === 'survived' || r.status === 'unchecked') survivors.push({ site, r });
    if (!opt.quiet || r.status === 'survived' || r.status === 'unchecked')
      console.log(`${r.status.padEnd(10)} ${site.id.padEnd(24)} ${site.file}:${site.line}:${site.col}  ${site.from} -> ${site.to}  (${r.how})${r.cached ? ' [cached]' : ''}`);
    if (done % 20 === 0 && opt.cache) fs.writeFileSync(cacheFile, JSON.stringify(cache));
  }
}
await Promise.all(Array.from({ length: Math.min(opt.jobs, sites.length) }, worker));
if (opt.cache) fs.writeFileSync(cacheFile, JSON.stringify(cache));

const secs = ((Date.now() - t0) / 1000).toFixed(1);
console.log(`tools/mutate: ${sites.length} of ${total} mutants in ${secs} s: ${counts.killed} killed, ${counts.identical} identical output, ` +
  `${counts.equivalent} reviewed equivalent, ${counts.survived} survived${counts.unchecked ? `, ${counts.unchecked} in modules without checks` : ''}`);
if (stale.length)
  console.log(`tools/mutate: ${stale.length} entries of tools/mutate-equivalent.json no longer match their source line (not applied): ${stale.join(', ')}`);
if (survivors.length) {
  console.log('tools/mutate: survivors are gaps in the checks: add a check to tools/mutate-check.js (and a test in tests/lib) that kills each,');
  console.log('or, after review, list it in tools/mutate-equivalent.json with the reason it computes the same function.');
  process.exit(1);
}
