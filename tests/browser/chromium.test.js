// The wasm_threads entry in headless Chromium (Debian's `chromium`, installed by tools/setup).
// A server on 127.0.0.1 serves the files the page needs, under /iso/ with COOP/COEP (a
// cross-origin isolated page) or /plain/ without them, both with the strict CSP
// `script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'`. The page (page.html, harness.js)
// runs the calls of cases.js on its main thread and in a module Web Worker and POSTs what it saw;
// this file checks it against node:crypto and @noble/hashes:
// - /iso/: crossOriginIsolated, WP.threads() === 2, async calls send a job to each worker (the
//   main thread cannot block, so its sync calls run there), and in the Web Worker sync calls use
//   the pool too; every digest right, and equal to the wasm entry's;
// - /plain/: no SharedArrayBuffer, WP.threads() === 1, no jobs, every digest right;
// - any uncaught error, rejection, CSP violation or console error/warning fails the case.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { blake3 } from '@noble/hashes/blake3.js';
import { argon2id } from '@noble/hashes/argon2.js';
import { ARGON2, hex, inputs } from './cases.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TIMEOUT_MS = 60000;
const CSP = "script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'";
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
// Only what the page needs: the entries it loads, runtime/, their targets, the page's own files.
const SERVED =
  /^\/(iso|plain)\/(wasm_threads\.js|wasm\.js|workers\.js|runtime\/\w+\.js|targets\/(wasm|wasm_threads)\/\w+\.js|tests\/browser\/(page\.html|page\.js|harness\.js|in-worker\.js|cases\.js))$/;

function findChromium() {
  const dirs = (process.env.PATH || '').split(path.delimiter).filter(Boolean);
  for (const name of ['chromium', 'chromium-browser'])
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

// Serves the files, and collects the reports of each case: case -> { events, done (a promise) }.
async function startServer() {
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
    const m = req.method === 'GET' ? SERVED.exec(req.url) : null;
    if (m === null) {
      if (req.url !== '/favicon.ico') caseOf('server').events.push({ where: 'server', type: 'problem', data: `not served: ${req.method} ${req.url}` });
      res.writeHead(404).end();
      return;
    }
    const headers = {
      'Content-Type': m[2].endsWith('.html') ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8',
      'Content-Security-Policy': CSP,
      'Cache-Control': 'no-store',
      ...(m[1] === 'iso' ? ISOLATION : {}),
    };
    res.writeHead(200, headers).end(readFileSync(path.join(root, m[2])));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: server.address().port, caseOf };
}

// Runs Chromium on `url` until the case reports 'done' (or TIMEOUT_MS); Chromium is always killed
// and its profile removed. Returns { result, events, log, bad } (result undefined on a timeout;
// bad: the problem lines of the log).
async function runPage(chromium, url, c) {
  const profile = mkdtempSync(path.join(tmpdir(), 'awasmc-chromium-'));
  const args = [
    '--headless=new', '--no-sandbox', '--disable-gpu', `--user-data-dir=${profile}`,
    '--no-first-run', '--no-default-browser-check', '--disable-extensions', '--disable-component-update',
    '--disable-background-networking', '--disable-sync', '--disable-default-apps', '--no-pings',
    // No name resolves: the page is on 127.0.0.1, and nothing else is to be reached.
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1', '--enable-logging=stderr', '--v=0', url,
  ];
  const child = spawn(chromium, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  // The log: a tail for the failure messages, and every console line (badLogLines) in full.
  let log = '';
  let partial = '';
  const bad = [];
  const keep = (d) => {
    log = (log + d).slice(-20000);
    const lines = (partial + d).split('\n');
    partial = lines.pop();
    bad.push(...badLogLines(lines));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  let timer;
  try {
    const result = await Promise.race([
      c.done,
      exited.then(({ code, signal }) => {
        throw new Error(`chromium exited early (code ${code}, signal ${signal}); events: ${JSON.stringify(c.events)}\n${log}`);
      }),
      new Promise((resolve) => (timer = setTimeout(() => resolve(undefined), TIMEOUT_MS))),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 250)); // the log lines of the last moments
    return { result, events: c.events, log, bad: [...bad, ...badLogLines([partial])] };
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

// Chromium logs every console message of the page and its workers (as INFO, whatever its level),
// including the browser's own (a worker script that failed to load, a CSP report, a deprecation):
// neither the pages nor the library print anything, so any such line is a problem.
const badLogLines = (lines) => lines.filter((l) => /:CONSOLE[:(]|Uncaught/.test(l));

const chromium = findChromium();
const want = expected();

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

const summary = (page, worker) =>
  JSON.stringify({ page: { ...page, digests: undefined, wasm: undefined }, worker: { ...worker, digests: undefined, wasm: undefined } });

async function runCase(name) {
  assert.ok(chromium !== null, 'chromium is not installed: tools/setup installs it (Debian package "chromium"), or put it on PATH');
  const { server, port, caseOf } = await startServer();
  try {
    const c = caseOf(name);
    const { result, events, log, bad } = await runPage(chromium, `http://127.0.0.1:${port}/${name}/tests/browser/page.html`, c);
    const problems = [...events, ...caseOf('server').events].filter((e) => e.type === 'problem').map((e) => `${e.where}: ${e.data}`);
    const quiet = log.split('\n').filter((l) => !/dbus|DBus|Floss/.test(l)).join('\n'); // noise of a machine with no D-Bus
    const context = `\nevents: ${JSON.stringify(events.filter((e) => e.type !== 'done'))}\nchromium log (tail):\n${quiet.slice(-4000)}`;
    assert.ok(result !== undefined, `no result from the page within ${TIMEOUT_MS / 1000} s${context}`);
    assert.deepEqual(problems, [], `problems on the page${context}`);
    assert.deepEqual(bad, [], `console messages in Chromium's log${context}`);
    assert.equal(result.error, undefined, `the page threw: ${result.error}`);
    return result;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

test('cross-origin isolated page (COOP/COEP, strict CSP): the pool runs, on the page and in a Web Worker', async (t) => {
  const { page, worker } = await runCase('iso');
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
});

test('page without COOP/COEP: no SharedArrayBuffer, one thread, the same digests', async (t) => {
  const { page, worker } = await runCase('plain');
  t.diagnostic(summary(page, worker));
  for (const [where, r] of [['page', page], ['worker', worker]]) {
    checkRun(where, r, { isolated: false, threads: 1 });
    for (const [call, n] of Object.entries(r.jobs)) assert.equal(n, 0, `${where}: ${call} sent no job`);
  }
});
