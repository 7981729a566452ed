// Every entry point in headless Chromium and Firefox ESR (Debian's `chromium` and `firefox-esr`,
// installed by tools/setup). A server on 127.0.0.1 serves the files the pages need, under /iso/
// with COOP/COEP (a cross-origin isolated page) or /plain/ without them, both with the strict CSP
// `script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'`, and under /csp/ with
// `script-src 'self'; worker-src 'self'`, where compiling wasm is refused. The page (page.html,
// harness.js) runs its calls on its main thread and in a module Web Worker and POSTs what it saw;
// this file checks it against node:crypto, @noble/hashes and @noble/ciphers:
// - /iso/: crossOriginIsolated, WP.threads() === 2, wasm_threads' async calls send a job to each
//   worker (the main thread cannot block, so its sync calls run there), and in the Web Worker sync
//   calls use the pool too; every digest right, and equal to the wasm entry's;
// - /plain/: no SharedArrayBuffer, WP.threads() === 1, no jobs, every digest right;
// - /iso/ and /plain/: every entry (index, wasm, wasm_threads, js, runtime) right on small inputs,
//   index.js on wasm;
// - /csp/: index.js falls back to js.js (backend() === 'js') with the right digests, js.js and
//   runtime.js work, wasm.js and wasm_threads.js throw an error naming js.js, and the browser
//   reported the blocked wasm compilation (`wasm-eval`);
// - any uncaught error, rejection, other CSP violation or console error/warning fails the case.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { blake3 } from '@noble/hashes/blake3.js';
import { argon2id } from '@noble/hashes/argon2.js';
import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { ARGON2, ENTRIES, hex, inputs, smallInputs } from './cases.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TIMEOUT_MS = 60000;
const CSP = "script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'";
const STRICT_CSP = "script-src 'self'; worker-src 'self'"; // the /csp/ page: no wasm
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
// Only what the page needs: the entries it loads, runtime/, their targets, the page's own files.
const SERVED =
  /^\/(iso|plain|csp)\/((?:index|wasm_threads|wasm|js|runtime|workers)\.js|runtime\/\w+\.js|targets\/(wasm|wasm_threads|js|runtime)\/\w+\.js|tests\/browser\/(page\.html|page\.js|harness\.js|in-worker\.js|cases\.js))$/;

function findOnPath(names) {
  const dirs = (process.env.PATH || '').split(path.delimiter).filter(Boolean);
  for (const name of names)
    for (const dir of dirs) if (existsSync(path.join(dir, name))) return path.join(dir, name);
  return null;
}

// The digests cases.js's calls must give, from node:crypto (SHA-256) and @noble/hashes (BLAKE3).
function expected() {
  const { batch, big } = inputs();
  const sha256 = (m) => createHash('sha256').update(m).digest('hex');
  const b3 = (m) => hex(blake3(m));
  return {
    'sha256.parallel.async': batch.map(sha256),
    'sha256.parallel': batch.map(sha256),
    'blake3.parallel.async': batch.map(b3),
    blake3: b3(big),
    'blake3.async': b3(big),
    'blake3.parallel': [b3(big), b3(batch[0])],
    argon2id: hex(argon2id(...ARGON2)),
    'argon2id.async': hex(argon2id(...ARGON2)),
  };
}

// What cases.js runSmall gives on every entry, from node:crypto, @noble/hashes and @noble/ciphers.
function expectedSmall() {
  const { msg, key, nonce } = smallInputs();
  const node = (name, ...parts) => {
    const h = createHash(name);
    for (const p of parts) h.update(p);
    return h.digest('hex');
  };
  return {
    sha256: node('sha256', msg),
    sha512: node('sha512', msg, key),
    sha3_256: node('sha3-256', msg),
    md5: node('md5', msg),
    blake2b: node('blake2b512', msg),
    blake2s: node('blake2s256', msg),
    blake3: hex(blake3(msg)),
    'sha256.parallel.async': [node('sha256', msg), node('sha256', key)],
    chacha20poly1305: hex(chacha20poly1305(key, nonce).encrypt(msg)),
  };
}

// Serves the files, and collects the reports of each case: case -> { events, done (a promise) }.
// One browser runs every case in turn: a page that is done asks GET /next for the page of the
// next case of `queue` (an empty answer after the last), and goes there.
async function startServer(queue = []) {
  const cases = new Map();
  const caseOf = (name) => {
    if (!cases.has(name)) {
      const c = { events: [], finish: null };
      c.done = new Promise((resolve) => (c.finish = resolve));
      cases.set(name, c);
    }
    return cases.get(name);
  };
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/report') {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        let event;
        try {
          event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          event = { case: '?', where: 'server', type: 'problem', data: 'a report that is not JSON' };
        }
        const c = caseOf(String(event.case));
        c.events.push(event);
        if (event.type === 'done') c.finish(event.data);
        res.writeHead(204).end();
      });
      return;
    }
    if (req.method === 'GET' && req.url === '/next') {
      const next = queue.shift();
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' }).end(next ? `/${next}/tests/browser/page.html` : '');
      return;
    }
    const m = req.method === 'GET' ? SERVED.exec(req.url) : null;
    if (m === null) {
      if (req.url !== '/favicon.ico') caseOf('server').events.push({ where: 'server', type: 'problem', data: `not served: ${req.method} ${req.url}` });
      res.writeHead(404).end();
      return;
    }
    const headers = {
      'Content-Type': m[2].endsWith('.html') ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8',
      'Content-Security-Policy': m[1] === 'csp' ? STRICT_CSP : CSP,
      'Cache-Control': 'no-store',
      ...(m[1] === 'iso' ? ISOLATION : {}),
    };
    res.writeHead(200, headers).end(readFileSync(path.join(root, m[2])));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: server.address().port, caseOf };
}

// The browsers: how to start each headless on a URL with a fresh profile, and which lines of its
// output are the page's console messages (neither the pages nor the library print anything, so
// any such line is a problem; on /csp/, the browser's own message about the blocked wasm compile
// is expected and left out).
const BROWSERS = {
  chromium: {
    exe: findOnPath(['chromium', 'chromium-browser']),
    apt: 'chromium',
    args: (profile, url) => [
      '--headless=new', '--no-sandbox', '--disable-gpu', `--user-data-dir=${profile}`,
      '--no-first-run', '--no-default-browser-check', '--disable-extensions', '--disable-component-update',
      '--disable-background-networking', '--disable-sync', '--disable-default-apps', '--no-pings',
      // No name resolves: the page is on 127.0.0.1, and nothing else is to be reached.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1', '--enable-logging=stderr', '--v=0', url,
    ],
    // Chromium logs every console message of the page and its workers (as INFO, whatever its
    // level), including the browser's own (a worker script that failed to load, a CSP report).
    bad: (l) => /:CONSOLE[:(]|Uncaught/.test(l),
    noise: (l) => /dbus|DBus|Floss/.test(l), // a machine with no D-Bus
  },
  firefox: {
    exe: findOnPath(['firefox-esr', 'firefox']),
    apt: 'firefox-esr',
    profile: (dir) => writeFileSync(path.join(dir, 'user.js'), FIREFOX_PREFS.map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`).join('\n')),
    args: (profile, url) => ['--headless', '--no-remote', '--profile', profile, url],
    // With devtools.console.stdout.content, Firefox prints the console.* calls of the page and its
    // workers as `console.error: ...` lines (which the pages' own watch reports too); its own
    // messages (a CSP report, a worker that failed to load) are not printed.
    bad: (l) => /^console\.(error|warn)\b/.test(l),
    noise: (l) => /Crash Annotation|fontconfig|Fontconfig|dbus|DBus|glxtest|libEGL|Sandbox/.test(l),
  },
};

// A Firefox profile that opens the URL and nothing else: no first-run pages, no updates, no
// telemetry, no remote settings; every request not for 127.0.0.1 goes to a proxy that is not there.
const FIREFOX_PREFS = [
  ['browser.shell.checkDefaultBrowser', false],
  ['browser.startup.homepage_override.mstone', 'ignore'],
  ['browser.aboutwelcome.enabled', false],
  ['browser.startup.page', 0],
  ['startup.homepage_welcome_url', ''],
  ['datareporting.policy.dataSubmissionEnabled', false],
  ['datareporting.healthreport.uploadEnabled', false],
  ['toolkit.telemetry.enabled', false],
  ['toolkit.telemetry.reportingpolicy.firstRun', false],
  ['app.update.auto', false],
  ['app.update.enabled', false],
  ['app.normandy.enabled', false],
  ['extensions.update.enabled', false],
  ['browser.safebrowsing.malware.enabled', false],
  ['browser.safebrowsing.phishing.enabled', false],
  ['browser.safebrowsing.downloads.enabled', false],
  ['network.captive-portal-service.enabled', false],
  ['network.connectivity-service.enabled', false],
  ['browser.newtabpage.enabled', false],
  ['services.settings.server', 'http://127.0.0.1:9/'],
  ['network.proxy.type', 1],
  ['network.proxy.http', '127.0.0.1'],
  ['network.proxy.http_port', 9],
  ['network.proxy.ssl', '127.0.0.1'],
  ['network.proxy.ssl_port', 9],
  ['network.proxy.no_proxies_on', '127.0.0.1'],
  ['network.proxy.allow_hijacking_localhost', false],
  ['devtools.console.stdout.content', true],
];

// Runs `browser` on the pages of `names` in turn (one browser, one fresh profile) until the last
// case reports 'done', or a case takes TIMEOUT_MS; the browser is always killed and its profile
// removed. Returns { case: { result, events, bad } } (result undefined on a timeout; bad: the
// console lines of the log while that case ran) and the log's tail.
async function runCases(browser, names, caseOf, port, allowed) {
  const profile = mkdtempSync(path.join(tmpdir(), 'awasmc-browser-'));
  if (browser.profile) browser.profile(profile);
  const url = `http://127.0.0.1:${port}/${names[0]}/tests/browser/page.html`;
  const child = spawn(browser.exe, browser.args(profile, url), { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' } });
  // The log: a tail for the failure messages, and every console line in full.
  let log = '';
  let partial = '';
  let bad = [];
  const badLines = (lines) => lines.filter((l) => browser.bad(l) && !allowed(l));
  const keep = (d) => {
    log = (log + d).slice(-20000);
    const lines = (partial + d).split('\n');
    partial = lines.pop();
    bad.push(...badLines(lines));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const out = {};
  let timer;
  try {
    for (const name of names) {
      const c = caseOf(name);
      const result = await Promise.race([
        c.done,
        exited.then(({ code, signal }) => {
          throw new Error(`${path.basename(browser.exe)} exited early (code ${code}, signal ${signal}); events: ${JSON.stringify(c.events)}\n${log}`);
        }),
        new Promise((resolve) => (timer = setTimeout(() => resolve(undefined), TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      await new Promise((resolve) => setTimeout(resolve, 250)); // the log lines of the last moments
      out[name] = { result, events: c.events, bad: [...bad, ...badLines([partial])] };
      bad = [];
      if (result === undefined) break;
    }
    return { out, log };
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL'); // its process group: the browser and its helpers
      } catch {
        child.kill('SIGKILL');
      }
      await exited;
    }
    rmSync(profile, { recursive: true, force: true });
  }
}

const want = expected();
const wantSmall = expectedSmall();

function checkRun(where, r, { isolated, threads }) {
  assert.ok(r && typeof r === 'object', `${where}: no result`);
  assert.equal(r.error, undefined, `${where} threw: ${r.error}`);
  assert.equal(r.isolated, isolated, `${where}: crossOriginIsolated`);
  assert.equal(r.threads, threads, `${where}: WP.threads()`);
  if (!isolated) assert.equal(r.sharedArrayBuffer, 'undefined', `${where}: SharedArrayBuffer is not exposed without COOP/COEP`);
  assert.deepEqual(r.residue, { sha256: 0, blake3: 0 }, `${where}: non-zero bytes left in the wasm_threads memories`);
  for (const [call, digest] of Object.entries(want)) {
    assert.deepEqual(r.digests[call], digest, `${where}: wasm_threads ${call}`);
    assert.deepEqual(r.wasm[call], digest, `${where}: wasm ${call}`);
  }
}

// Every entry on small inputs (harness.js exerciseEntries); where wasm is refused, index.js is js.js.
function checkEntries(where, entries, { refused }) {
  assert.ok(entries && typeof entries === 'object', `${where}: no entries`);
  for (const entry of ENTRIES) {
    const r = entries[entry];
    if (refused && (entry === 'wasm' || entry === 'wasm_threads')) {
      assert.match(String(r.error), new RegExp(`^Error: awasmc-noble/${entry}\\.js cannot run here: this platform refuses to compile WebAssembly`), `${where}: ${entry}.js`);
      assert.match(r.error, /Import 'awasmc-noble\/js\.js'/, `${where}: ${entry}.js names js.js`);
      assert.ok(r.cause, `${where}: ${entry}.js: the browser's error is the cause`);
      continue;
    }
    assert.equal(r.error, undefined, `${where}: ${entry}.js threw ${r.error} (cause: ${r.cause})`);
    assert.deepEqual(r.digests, wantSmall, `${where}: ${entry}.js digests`);
  }
  assert.equal(entries.index.backend, refused ? 'js' : 'wasm', `${where}: index.js backend()`);
}

const summary = (page, worker) => {
  const brief = (r) => ({ ...r, digests: undefined, wasm: undefined, entries: r && r.entries && Object.fromEntries(Object.entries(r.entries).map(([k, v]) => [k, v.error ? v.error.slice(0, 60) : v.backend || 'ok'])) });
  return JSON.stringify({ page: brief(page), worker: brief(worker) });
};

const CASES = ['iso', 'plain', 'csp'];
const runs = new Map(); // browser name -> the promise of its runCases

// Every case in one browser, once (the first test of a browser starts it, the others wait for it).
function browserRuns(browserName) {
  if (!runs.has(browserName)) runs.set(browserName, runAllCases(browserName));
  return runs.get(browserName);
}

async function runAllCases(browserName) {
  const browser = BROWSERS[browserName];
  if (browser.exe === null) return { missing: `${browserName} is not installed: tools/setup installs it (Debian package "${browser.apt}"), or put it on PATH` };
  // The browsers' own console messages about a blocked wasm compile: expected on /csp/; on another
  // page the entries' checks fail anyway (a wasm entry that cannot compile throws there).
  const allowed = (l) => /WebAssembly|wasm-eval|wasm-unsafe-eval/i.test(l);
  const { server, port, caseOf } = await startServer(CASES.slice(1));
  try {
    const { out, log } = await runCases(browser, CASES, caseOf, port, allowed);
    return { out, log, serverEvents: caseOf('server').events };
  } catch (e) {
    return { failed: e };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

async function runCase(browserName, name) {
  const browser = BROWSERS[browserName];
  const all = await browserRuns(browserName);
  assert.ok(!all.missing, all.missing);
  if (all.failed) throw all.failed;
  const run = all.out[name];
  const quiet = all.log.split('\n').filter((l) => !browser.noise(l)).join('\n');
  assert.ok(run, `the browser did not reach the ${name} page (an earlier case timed out)\n${browserName} log (tail):\n${quiet.slice(-4000)}`);
  const { result, events, bad } = run;
  const problems = [...events, ...all.serverEvents].filter((e) => e.type === 'problem').map((e) => `${e.where}: ${e.data}`);
  const context = `\nevents: ${JSON.stringify(events.filter((e) => e.type !== 'done'))}\n${browserName} log (tail):\n${quiet.slice(-4000)}`;
  assert.ok(result !== undefined, `no result from the page within ${TIMEOUT_MS / 1000} s${context}`);
  assert.deepEqual(problems, [], `problems on the page${context}`);
  assert.deepEqual(bad, [], `console messages in ${browserName}'s log${context}`);
  assert.equal(result.error, undefined, `the page threw: ${result.error}`);
  result.blocked = events.filter((e) => e.type === 'wasm-eval blocked').map((e) => e.where);
  return result;
}

for (const browserName of Object.keys(BROWSERS)) {
  test(`${browserName}: cross-origin isolated page (COOP/COEP, strict CSP): the pool runs, on the page and in a Web Worker; every entry`, async (t) => {
    const { page, worker } = await runCase(browserName, 'iso');
    t.diagnostic(summary(page, worker));
    checkRun('page', page, { isolated: true, threads: 2 });
    assert.ok(page.warmUp > 0, `page: the pool's two workers took jobs within 40 tries (${page.warmUp})`);
    // Async calls: every share goes to the workers. Sync calls: a page's main thread cannot block.
    assert.equal(page.jobs['sha256.parallel.async'], 2, 'page: sha256.parallel.async sent a job to each worker');
    assert.equal(page.jobs['blake3.parallel.async'], 2, 'page: blake3.parallel.async sent a job to each worker');
    assert.equal(page.jobs['argon2id.async'], 2, 'page: argon2id.async (p = 2) sent a job to each worker');
    for (const call of ['sha256.parallel', 'blake3', 'blake3.parallel', 'argon2id']) assert.equal(page.jobs[call], 0, `page: ${call} stays on the main thread`);
    assert.ok(page.workers >= 2, `page: ${page.workers} pool workers alive`);

    checkRun('worker', worker, { isolated: true, threads: 2 });
    assert.ok(worker.warmUp > 0, `worker: the pool's workers took jobs (${worker.warmUp})`);
    assert.equal(worker.jobs['sha256.parallel.async'], 2, 'worker: sha256.parallel.async sent a job to each worker');
    // Sync calls in a Web Worker may block: the calling thread and one pool worker.
    assert.equal(worker.jobs['sha256.parallel'], 1, 'worker: sha256.parallel sent a job to the other thread');
    assert.ok(worker.jobs.blake3 >= 1, `worker: blake3 of 9 MiB sent subtrees to the pool (${worker.jobs.blake3})`);
    assert.ok(worker.jobs['blake3.parallel'] >= 1, `worker: blake3.parallel used the pool (${worker.jobs['blake3.parallel']})`);
    assert.equal(worker.jobs.argon2id, 1, 'worker: argon2id (p = 2) filled one lane per slice on the other thread');
    assert.equal(worker.jobs['argon2id.async'], 2, 'worker: argon2id.async sent a job to each worker');
    checkEntries('page', page.entries, { refused: false });
    checkEntries('worker', worker.entries, { refused: false });
  });

  test(`${browserName}: page without COOP/COEP: no SharedArrayBuffer, one thread, the same digests; every entry`, async (t) => {
    const { page, worker } = await runCase(browserName, 'plain');
    t.diagnostic(summary(page, worker));
    for (const [where, r] of [['page', page], ['worker', worker]]) {
      checkRun(where, r, { isolated: false, threads: 1 });
      for (const [call, n] of Object.entries(r.jobs)) assert.equal(n, 0, `${where}: ${call} sent no job`);
      checkEntries(where, r.entries, { refused: false });
    }
  });

  test(`${browserName}: strict CSP without 'wasm-unsafe-eval': index.js falls back to js.js, the wasm entries name it`, async (t) => {
    const result = await runCase(browserName, 'csp');
    const { page, worker } = result;
    t.diagnostic(summary(page, worker));
    checkEntries('page', page.entries, { refused: true });
    checkEntries('worker', worker.entries, { refused: true });
    // The browser did block the compiles (the probe's, and the wasm entries' first calls).
    for (const where of ['page', 'worker'])
      assert.ok(result.blocked.includes(where), `${where}: a securitypolicyviolation for wasm-eval (${result.blocked})`);
  });
}
