// Runs in the test page and in its module Web Worker (tests/browser/browsers.test.js): reports to
// the test's server what went wrong (uncaught errors, rejections, CSP violations, console errors
// and warnings) and what the wasm_threads entry did, as JSON POSTed to /report.
import { ENTRIES, bytes, run, runSmall } from './cases.js';

// The case is the first segment of the path: /iso/... (COOP/COEP), /plain/... (neither) or /csp/...
// (neither, and a CSP without 'wasm-unsafe-eval': wasm cannot be compiled).
export const testCase = location.pathname.split('/')[1];
const pending = new Set();

/** POSTs one event; `settled()` waits for every one sent so far. */
export function report(where, type, data) {
  const body = JSON.stringify({ case: testCase, where, type, data });
  const p = fetch('/report', { method: 'POST', headers: { 'content-type': 'application/json' }, body }).catch(() => {});
  pending.add(p);
  p.finally(() => pending.delete(p));
  return p;
}
export const settled = () => Promise.all([...pending]);

const text = (v) => (v && v.stack ? String(v.stack) : String(v));

/** Reports every problem `scope` (window or the worker's global) sees. */
export function watch(scope, where) {
  const problem = (kind, detail) => report(where, 'problem', `${kind}: ${detail}`);
  scope.addEventListener(
    'error',
    (e) => {
      if (e instanceof ErrorEvent) problem('uncaught', `${text(e.error ?? e.message)} (${e.filename}:${e.lineno})`);
      else problem('load error', `${e.target && (e.target.src || e.target.href || e.target.tagName)}`);
    },
    true, // capture: a script or resource that fails to load does not bubble
  );
  scope.addEventListener('unhandledrejection', (e) => problem('unhandled rejection', text(e.reason)));
  // On the /csp/ page compiling wasm is blocked on purpose (the fallback's probe, the wasm entries'
  // first calls): those violations are reported apart, and counted by the test; any other is a problem.
  scope.addEventListener('securitypolicyviolation', (e) => {
    const what = `${e.effectiveDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`;
    if (testCase === 'csp' && e.blockedURI === 'wasm-eval') report(where, 'wasm-eval blocked', what);
    else problem('CSP violation', what);
  });
  for (const level of ['error', 'warn']) {
    const original = console[level];
    console[level] = (...args) => {
      problem(`console.${level}`, args.map(text).join(' '));
      original.apply(console, args);
    };
  }
}

// What `new WebAssembly.Memory({ shared: true })` gives here: its buffer's class, or the error.
function sharedMemoryProbe() {
  try {
    return Object.prototype.toString.call(new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true }).buffer);
  } catch (e) {
    return `throws ${e.name}: ${e.message}`;
  }
}

// How many bytes of mem are not zero outside the target's constant regions.
function residue(mem, regions) {
  const constant = Object.values(regions).filter((r) => r.constant);
  let count = 0;
  for (let i = 0; i < mem.length; i++) {
    if (mem[i] === 0) continue;
    const c = constant.find((r) => i >= r.offset && i < r.offset + r.bytes);
    if (c) i = c.offset + c.bytes - 1;
    else count++;
  }
  return count;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Workers boot on first use, and an async call waits at most 2 s for them: call until one call
// sends a job to each of the `size` workers (a bounded number of tries). Returns the tries, or -1.
async function warmUp(T, stats, size) {
  const msgs = [bytes(7, 1 << 17), bytes(8, 1 << 17)];
  for (let i = 1; i <= 40; i++) {
    const before = stats().jobs;
    await T.sha256.parallel.async(msgs);
    if (stats().jobs - before === size) return i;
    await sleep(100);
  }
  return -1;
}

/**
 * Loads the wasm_threads and wasm entries as an application would, sets the pool to two threads
 * and runs the calls of cases.js on both entries. Returns what the test checks.
 */
export async function exercise() {
  const T = await import('../../wasm_threads.js');
  const W = await import('../../wasm.js');
  const { WP } = await import('../../workers.js');
  const { poolStatsForTests } = await import('../../runtime/workers.js');
  const { memoryForTests } = await import('../../runtime/shell.js');
  const out = { isolated: globalThis.crossOriginIsolated, sharedArrayBuffer: typeof SharedArrayBuffer, sharedMemory: sharedMemoryProbe() };
  WP.setSize(2);
  out.threads = WP.threads();
  if (out.threads > 1) out.warmUp = await warmUp(T, poolStatsForTests, 2);
  const threaded = await run(T, poolStatsForTests);
  out.digests = threaded.digests;
  out.jobs = threaded.jobs;
  out.wasm = (await run(W)).digests;
  out.workers = poolStatsForTests().workers;
  // Memory hygiene here too: every thread's copy of the layout is zero after the calls.
  out.residue = {};
  for (const [name, mod] of [['sha256', 'sha2'], ['blake3', 'blake3']]) {
    const { regions } = await import(`../../targets/wasm_threads/${mod}.js`);
    out.residue[name] = residue(memoryForTests(T[name]), regions);
  }
  WP.stop();
  return out;
}

/**
 * Every entry of cases.js ENTRIES on small inputs (runSmall): { entry: { digests } or { error } },
 * and index.js's backend(). Where wasm is refused (the /csp/ page) index.js runs on js.js, and
 * the wasm entries throw an error naming js.js.
 */
export async function exerciseEntries() {
  const out = {};
  for (const entry of ENTRIES) {
    try {
      const H = await import(`../../${entry}.js`);
      out[entry] = { digests: await runSmall(H) };
      if (entry === 'index') out[entry].backend = H.backend();
    } catch (e) {
      out[entry] = { error: `${e && e.name}: ${e && e.message}`, cause: e && e.cause ? String(e.cause.message || e.cause) : null };
    }
  }
  return out;
}

/**
 * What one thread (the page's main thread or its module Worker) reports: on /iso/ and /plain/ the
 * wasm_threads run (exercise) and then every entry; on /csp/ every entry (wasm is refused there).
 */
export async function exerciseCase() {
  const out = testCase === 'csp' ? {} : await exercise();
  out.entries = await exerciseEntries();
  if (testCase !== 'csp') (await import('../../workers.js')).WP.stop();
  return out;
}
