// The worker pool of the wasm_threads backend: one pool for the whole library (`WP`), Node
// worker_threads or module Web Workers (runtime/worker.js, a real file: no Blob URL, no eval).
//
// Memory model (docs/target-contract.md, "Threads"). A wasm_threads hash has one shared
// WebAssembly.Memory. The calling thread uses copy 0 of the kernel layout; worker k (0-based)
// instantiates the same kernel modules over the same memory with base (k + 1) * memoryBytes, so
// it has its own state and block regions and shares the constant tables of copy 0. Messages go to
// a worker through a staging SharedArrayBuffer of the job (the caller's bytes are not shared
// memory), digests come back the same way, and the staging buffer is zeroed before the call
// returns, errors included; each engine zeroes the regions it used in its own copy, as on the
// calling thread.
//
// Sync calls stay sync: the calling thread hashes its own share, then blocks in Atomics.wait
// until the workers are done (where the platform refuses Atomics.wait on this thread, as on a
// browser's main thread, the work runs on the calling thread). Only workers that have reported
// ready are given work, so a pool that cannot start (a missing file, a CSP that refuses workers)
// costs nothing but the attempt. Small batches stay on the calling thread.
import { result, specOf, setThreaded } from './shell.js';

const MAX_WORKERS = 64; // runtime/link.js MAX_COPIES - 1
// Work smaller than this stays on the calling thread: a parallel() batch, BLAKE3's whole chunks.
// Node's AWASMC_POOL_MIN (bytes) lowers both, so that the library tests send small inputs
// through the pool (tools/test).
const envMin = poolMinFromEnv();
const MIN_BYTES = envMin ?? 1 << 18;
const BLAKE3_MIN_BYTES = envMin ?? 1 << 20;
const BOOT_WAIT_MS = 2000; // how long a large sync job waits for booting workers
const BOOT_WAIT_BYTES = 1 << 26; // jobs this large wait for them (smaller ones use the ready ones)

const nodeModule = (name) =>
  typeof process === 'object' && process !== null && typeof process.getBuiltinModule === 'function'
    ? process.getBuiltinModule(name)
    : undefined;

function coreCount() {
  const os = nodeModule('node:os');
  if (os !== undefined) return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  const n = typeof navigator === 'object' && navigator !== null ? navigator.hardwareConcurrency : 0;
  return Number.isSafeInteger(n) && n > 0 ? n : 1;
}

// Whether this platform can run the pool at all: shared memory, and workers.
function supported() {
  if (typeof SharedArrayBuffer !== 'function' || typeof Atomics !== 'object') return false;
  if (typeof globalThis.crossOriginIsolated === 'boolean' && globalThis.crossOriginIsolated === false) return false;
  if (nodeModule('node:worker_threads') !== undefined) return true;
  return typeof Worker === 'function';
}

// Whether this thread may block in Atomics.wait (not on a browser's main thread).
let blockable = null;
function canBlock() {
  if (blockable === null) {
    try {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0); // value differs: returns at once
      blockable = true;
    } catch {
      blockable = false;
    }
  }
  return blockable;
}

function poolMinFromEnv() {
  const env = typeof process === 'object' && process !== null && process.env ? process.env.AWASMC_POOL_MIN : undefined;
  const n = env === undefined ? NaN : Number(env);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

// The default size: the machine's cores, or Node's AWASMC_THREADS (tests run the suite with 1, 2, 4).
function defaultSize() {
  const env = typeof process === 'object' && process !== null && process.env ? process.env.AWASMC_THREADS : undefined;
  const n = env === undefined ? NaN : Number(env);
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, MAX_WORKERS) : Math.min(coreCount(), MAX_WORKERS);
}
let size = defaultSize();
let workers = []; // { worker, index, alive, jobs: Map(id -> { resolve, reject }) }
let ready = null; // Int32Array over a SharedArrayBuffer: ready[k] = 1 once worker k can take jobs
let started = 0; // when workers were last started (Date.now())
let nextJob = 1; // the id of the next job sent to a worker (ids from 1: nextJob - 1 were sent)

function spawn(index) {
  const url = new URL('./worker.js', import.meta.url);
  const wt = nodeModule('node:worker_threads');
  const rec = { worker: null, index, alive: true, jobs: new Map(), booted: null, onReady: null };
  rec.booted = new Promise((resolve) => (rec.onReady = resolve));
  const fail = (err) => {
    rec.alive = false;
    rec.onReady();
    for (const { reject } of rec.jobs.values()) reject(err);
    rec.jobs.clear();
  };
  const onMessage = (m) => {
    if (m.type === 'ready') return rec.onReady();
    const job = rec.jobs.get(m.id);
    if (job === undefined) return;
    rec.jobs.delete(m.id);
    if (rec.jobs.size === 0 && wt !== undefined) rec.worker.unref();
    job.resolve();
  };
  if (wt !== undefined) {
    const w = new wt.Worker(url);
    w.on('message', onMessage);
    w.on('error', (e) => fail(new Error(`wasm_threads worker ${index} failed: ${e && e.message}`)));
    w.on('exit', (code) => fail(new Error(`wasm_threads worker ${index} exited (code ${code}) during a job`)));
    w.unref(); // an idle pool never keeps Node alive (after on('message'), which refs the port)
    rec.worker = w;
  } else {
    const w = new Worker(url, { type: 'module' });
    w.onmessage = (e) => onMessage(e.data);
    w.onerror = (e) => fail(new Error(`wasm_threads worker ${index} failed: ${e && e.message}`));
    rec.worker = w;
  }
  rec.worker.postMessage({ type: 'init', ready, index });
  return rec;
}

// Starts the workers up to `size` (the pool is started on first use, and again after stop()),
// replacing any that died.
function start() {
  if (!supported()) return;
  if (ready === null) ready = new Int32Array(new SharedArrayBuffer(4 * MAX_WORKERS));
  for (let k = 0; k < Math.min(size, workers.length); k++)
    if (!workers[k].alive) {
      Atomics.store(ready, k, 0);
      workers[k] = spawn(k);
      started = Date.now();
    }
  if (workers.length < size) started = Date.now();
  while (workers.length < size) workers.push(spawn(workers.length));
}

// The workers a job of `bytes` bytes may use now: ready and alive, at most `max`. A large job
// waits (blocking, on a thread that may block) for workers still booting.
function readyWorkers(max, bytes) {
  start();
  const list = [];
  for (const w of workers) {
    if (list.length >= max || w.index >= size) break;
    if (!w.alive) continue;
    if (Atomics.load(ready, w.index) !== 1 && bytes >= BOOT_WAIT_BYTES && canBlock()) {
      const left = BOOT_WAIT_MS - (Date.now() - started);
      if (left > 0) Atomics.wait(ready, w.index, 0, left);
    }
    if (Atomics.load(ready, w.index) === 1) list.push(w);
  }
  return list;
}

/** The worker pool: `WP.size` (threads used by a parallel call), `WP.setSize(n)`, `WP.stop()`. */
export const WP = Object.freeze({
  /** How many threads a wasm_threads call may use: the pool size, or 1 where workers cannot run. */
  threads() {
    return supported() ? Math.max(1, size) : 1;
  },
  /** The pool size (default: the machine's cores, at most 64). */
  get size() {
    return size;
  },
  /**
   * Sets the pool size (1 = the calling thread only for sync calls). Workers beyond it stay idle
   * (so growing back needs no boot); WP.stop() ends them.
   */
  setSize(n) {
    if (typeof n !== 'number') throw new TypeError(`"n" must be a number, got ${typeof n}`);
    if (!Number.isSafeInteger(n) || n < 1 || n > MAX_WORKERS) throw new RangeError(`"n" must be an integer from 1 to ${MAX_WORKERS}, got ${n}`);
    size = n;
  },
  /** Ends every worker (jobs under way fail); a later call starts them again. Deno needs it to exit. */
  stop() {
    for (const w of workers) stopWorker(w);
    workers = [];
    ready = null;
    spare = [];
  },
});

function stopWorker(w) {
  w.alive = false;
  for (const { reject } of w.jobs.values()) reject(new Error(`wasm_threads worker ${w.index} was stopped during a job`));
  w.jobs.clear();
  w.worker.terminate();
}

// The copy of the layout worker k uses (1 + k), after growing the memory to hold it.
function copyFor(memory, memoryBytes, k) {
  const need = (k + 2) * memoryBytes;
  const have = memory.buffer.byteLength;
  if (have < need) memory.grow((need - have) / 65536);
  return (k + 1) * memoryBytes;
}

// Splits messages 0..n-1 into `parts` contiguous groups of about equal bytes: the group bounds.
function split(list, parts) {
  let total = 0;
  for (const m of list) total += m.length + 64; // a fixed cost per message
  const bounds = [0];
  let acc = 0;
  for (let i = 0; i < list.length && bounds.length < parts; i++) {
    acc += list[i].length + 64;
    if (acc >= (total * bounds.length) / parts) bounds.push(i + 1);
  }
  while (bounds.length < parts + 1) bounds.push(list.length);
  bounds[parts] = list.length;
  return bounds;
}

// The shared memory behind a hash's instance, or null (not a wasm_threads instance).
function sharedMemory(spec) {
  const I = spec.instance;
  I.memory(); // instantiate
  const m = I.memoryObject;
  return m !== null && typeof SharedArrayBuffer === 'function' && m.buffer instanceof SharedArrayBuffer ? m : null;
}

// Staging buffers (SharedArrayBuffers) are reused from call to call: a fresh 16 MiB one cost 17 ms
// of page faults to allocate and fill, a reused one 3 ms. A buffer goes back zeroed, and only from
// a job its worker finished (one that died or was stopped might still write into it); at most
// SPARE_BYTES of them are kept, and WP.stop() drops them.
const SPARE_BYTES = 1 << 26;
let spare = []; // zeroed, free
function takeStaging(bytes) {
  let best = -1;
  for (let i = 0; i < spare.length; i++)
    if (spare[i].byteLength >= bytes && (best < 0 || spare[i].byteLength < spare[best].byteLength)) best = i;
  if (best >= 0) return spare.splice(best, 1)[0];
  let cap = 1 << 16; // powers of two (up to SPARE_BYTES), so that similar calls reuse them
  while (cap < bytes && cap < SPARE_BYTES) cap *= 2;
  return new SharedArrayBuffer(Math.max(cap, bytes));
}
function giveBack(staging) {
  let kept = staging.byteLength;
  for (const b of spare) kept += b.byteLength;
  if (kept <= SPARE_BYTES) spare.push(staging);
}
// Zeroes buf (a view from offset 0 of a SharedArrayBuffer) in 8-byte words: V8 fills a shared
// Uint8Array a byte at a time, eight times slower.
function wipe(buf) {
  const words = buf.length >> 3;
  new Float64Array(buf.buffer, 0, words).fill(0);
  buf.fill(0, words << 3);
}

// Sends messages [a, b) of `list` to worker w as one job: their bytes in a staging buffer, the
// digests written behind them. Returns the job record (see settle()).
function dispatch(w, hash, spec, memory, list, a, b, params, dkLen, ctl, slot) {
  let bytes = 0;
  for (let i = a; i < b; i++) bytes += list[i].length;
  const staging = takeStaging(bytes + (b - a) * dkLen);
  const buf = new Uint8Array(staging, 0, bytes + (b - a) * dkLen);
  const spans = [];
  let at = 0;
  for (let i = a; i < b; i++) {
    buf.set(list[i], at);
    spans.push(at, list[i].length);
    at += list[i].length;
  }
  const job = send(w, hash, spec, memory, ctl, { type: 'parallel', staging, spans, outAt: bytes, dkLen, params }, slot);
  return { ...job, a, b, buf, outAt: bytes };
}

// Posts `job` (its own fields: type, staging, ...) to worker w with what every job carries: an
// id, the hash's export name, the caller's memory and the worker's copy in it (grown as needed),
// and its control slot. Returns the job's record for settle().
function send(w, hash, spec, memory, ctl, job, slot) {
  const base = copyFor(memory, spec.instance.target.memoryBytes, w.index);
  const id = nextJob++;
  w.worker.postMessage({ ...job, id, name: exportNames.get(hash), memory, base, ctl: ctl.status, errors: ctl.errors, slot });
  return { w, id, slot };
}

// A call's control words: status[slot] per job (0 running, 1 done, 2 failed, 3 failed and the
// thread is gone), and errors, a failed job's message as UTF-8 (256 bytes per slot).
const control = (n) => ({ status: new Int32Array(new SharedArrayBuffer(4 * n)), errors: new SharedArrayBuffer(256 * n) });

// Job j has ended (its status word is set, or `lost`: the worker died and said nothing). Unless
// this call already failed, a done job's results are taken (take(j)); the first failure becomes
// the call's. Either way its staging buffer is zeroed, a failed worker's copy of the layout is
// wiped (it may have died mid-kernel, before its engine wiped what it used; copies k >= 1 hold no
// constant regions) and a worker whose thread is gone is marked for replacement. Returns the
// call's failure so far (null if none).
function settle(j, ctl, memory, spec, failure, take, lost = null) {
  const status = Atomics.load(ctl.status, j.slot);
  if (status === 3) j.w.alive = false; // replaced on the next start()
  const ok = lost === null && status === 1;
  if (!ok && failure === null) failure = lost !== null ? lost : workerError(ctl.errors, j);
  else if (ok && failure === null) take(j);
  wipe(j.buf);
  if (lost === null && status !== 0 && status !== 3) giveBack(j.buf.buffer);
  if (!ok) {
    const bytes = spec.instance.target.memoryBytes;
    new Uint8Array(memory.buffer, (j.w.index + 1) * bytes, bytes).fill(0);
  }
  return failure;
}
// Blocks until every job has ended, settling each.
function settleAll(jobs, ctl, memory, spec, take) {
  let failure = null;
  for (const j of jobs) {
    while (Atomics.load(ctl.status, j.slot) === 0) Atomics.wait(ctl.status, j.slot, 0, 100);
    failure = settle(j, ctl, memory, spec, failure, take);
  }
  return failure;
}

// Copies a parallel job's digests to their destinations (res, and outs when given).
function deliver(j, dkLen, outs, res) {
  for (let i = j.a; i < j.b; i++) {
    const d = j.buf.subarray(j.outAt + (i - j.a) * dkLen, j.outAt + (i - j.a + 1) * dkLen);
    if (outs === null) res[i] = d.slice();
    else {
      outs[i][0].set(d, outs[i][1]);
      res[i] = result(outs[i][0], outs[i][1], dkLen);
    }
  }
}

// The error a worker reported for job j (its message as UTF-8 in `errors`).
function workerError(errors, j) {
  const text = new Uint8Array(errors, 256 * j.slot, 256);
  let end = text.indexOf(0);
  if (end < 0) end = 256;
  return new Error(`wasm_threads worker ${j.w.index}: ${new TextDecoder().decode(text.slice(0, end))}`);
}

const totalBytes = (list) => {
  let total = 0;
  for (const m of list) total += m.length;
  return total;
};

/**
 * parallel() of a wasm_threads hash across the pool: fills res (and the `outs` destinations, as
 * the shell's parallel() would) and returns true, or returns false without doing anything when
 * the batch should stay on the calling thread. The calling thread hashes the first share itself.
 */
function parallelSync(hash, list, params, dkLen, outs, res) {
  if (list.length < 2 || size < 2 || !supported()) return false;
  const total = totalBytes(list);
  if (total < MIN_BYTES || !canBlock()) return false;
  const spec = specOf(hash);
  const memory = sharedMemory(spec);
  if (memory === null) return false;
  const pool = readyWorkers(size - 1, total);
  if (pool.length === 0) return false;
  const bounds = split(list, pool.length + 1);
  const ctl = control(pool.length);
  const jobs = [];
  try {
    // Group 0 is the calling thread's; group g >= 1 goes to pool[g - 1].
    for (let g = 1; g <= pool.length; g++)
      if (bounds[g] < bounds[g + 1]) jobs.push(dispatch(pool[g - 1], hash, spec, memory, list, bounds[g], bounds[g + 1], params, dkLen, ctl, g - 1));
    // The calling thread's share, SIMD lanes where the engine has them.
    const a0 = bounds[1];
    const done = spec.parallel !== undefined && a0 > 0 ? spec.parallel(list.slice(0, a0), params, dkLen, outs === null ? null : outs.slice(0, a0), res) : 0;
    for (let i = done; i < a0; i++) {
      const d = outs === null ? new Uint8Array(dkLen) : outs[i][0];
      const p = outs === null ? 0 : outs[i][1];
      spec.run(list[i], null, params, dkLen, d, p);
      res[i] = outs === null ? d : result(d, p, dkLen);
    }
  } finally {
    // Every worker must be done before its staging buffer is read or zeroed.
    const failure = settleAll(jobs, ctl, memory, spec, (j) => deliver(j, dkLen, outs, res));
    if (failure !== null) throw failure;
  }
  return true;
}

/** The .async form: every share goes to the workers, and the calling thread waits for messages. */
async function parallelAsync(hash, list, params, dkLen, outs, res) {
  if (list.length < 1 || !supported()) return false;
  const total = totalBytes(list);
  if (total < MIN_BYTES) return false;
  const spec = specOf(hash);
  const memory = sharedMemory(spec);
  if (memory === null) return false;
  start();
  // Wait (without blocking) for workers still booting, up to BOOT_WAIT_MS.
  const booting = workers.filter((w) => w.index < size && w.alive && Atomics.load(ready, w.index) !== 1);
  if (booting.length > 0) {
    let timer;
    const limit = new Promise((resolve) => (timer = setTimeout(resolve, BOOT_WAIT_MS)));
    for (const w of booting) if (typeof w.worker.ref === 'function') w.worker.ref();
    await Promise.race([Promise.all(booting.map((w) => w.booted)), limit]);
    clearTimeout(timer);
    for (const w of booting) if (typeof w.worker.unref === 'function' && w.jobs.size === 0) w.worker.unref();
  }
  const pool = readyWorkers(size, 0);
  if (pool.length === 0) return false;
  const bounds = split(list, pool.length);
  const ctl = control(pool.length);
  const jobs = [];
  const waits = [];
  for (let g = 0; g < pool.length; g++) {
    if (bounds[g] === bounds[g + 1]) continue;
    const j = dispatch(pool[g], hash, spec, memory, list, bounds[g], bounds[g + 1], params, dkLen, ctl, g);
    jobs.push(j);
    waits.push(
      new Promise((resolve, reject) => {
        j.w.jobs.set(j.id, { resolve, reject });
        if (typeof j.w.worker.ref === 'function') j.w.worker.ref(); // Node: keep the process alive for the answer
      }),
    );
  }
  const outcomes = await Promise.allSettled(waits);
  // (A worker that died mid-job writes no more; one that failed has stopped writing.)
  let failure = null;
  jobs.forEach((j, k) => {
    const lost = outcomes[k].status === 'rejected' ? outcomes[k].reason : null;
    failure = settle(j, ctl, memory, spec, failure, (x) => deliver(x, dkLen, outs, res), lost);
  });
  if (failure !== null) throw failure;
  return true;
}

// ---- BLAKE3: the whole chunks of one large message as aligned subtrees across the pool
// (runtime/blake3.js calls spec.threads from inside its session, for 1 MiB of whole chunks or
// more). Returns how many bytes of msg it consumed (whole pieces, pushed on t's stack in order),
// or 0 to let the engine go on alone.
const CHUNK = 1024;
function blake3Threads(api, t, msg) {
  if (size < 2 || msg.length < BLAKE3_MIN_BYTES || !canBlock() || !supported()) return 0;
  const pool = readyWorkers(size - 1, msg.length);
  if (pool.length === 0) return 0;
  const P = pool.length + 1;
  // Pieces of S chunks (a power of two, 32 .. 16384), about four per thread, each aligned: a piece
  // at chunk count c has a size dividing c (the first ones grow from the alignment of t.chunks).
  let S = 32;
  while (S < 16384 && S * 2 * CHUNK * P * 4 <= msg.length) S *= 2;
  const pieces = []; // [offset in msg, chunk count before it, size]
  let c = t.chunks;
  let off = 0;
  while (msg.length - off >= S * CHUNK) {
    let size = S;
    while (c % size !== 0) size >>= 1;
    if (size < 32) break;
    pieces.push([off, c, size]);
    off += size * CHUNK;
    c += size;
  }
  if (pieces.length < P) return 0;
  const spec = specOf(api.hash);
  const memory = sharedMemory(spec);
  if (memory === null) return 0;
  // Contiguous groups of pieces of about equal bytes: group 0 for this thread.
  const bounds = [0];
  for (let g = 1, acc = 0, i = 0; g < P; g++) {
    while (i < pieces.length && acc < (off * g) / P) acc += pieces[i++][2] * CHUNK;
    bounds.push(i);
  }
  bounds.push(pieces.length);
  const cvs = new Uint32Array(8 * pieces.length);
  const key = api.key();
  const mode = api.flags();
  const ctl = control(pool.length);
  const jobs = [];
  try {
    for (let g = 1; g < P; g++) {
      const a = bounds[g];
      const b = bounds[g + 1];
      if (a === b) continue;
      const from = pieces[a][0];
      const to = pieces[b - 1][0] + pieces[b - 1][2] * CHUNK;
      const staging = takeStaging(to - from + 32 * (b - a));
      const buf = new Uint8Array(staging, 0, to - from + 32 * (b - a));
      buf.set(msg.subarray(from, to), 0);
      const list = [];
      for (let i = a; i < b; i++) list.push(pieces[i][0] - from, pieces[i][1], pieces[i][2]);
      const job = send(pool[g - 1], api.hash, spec, memory, ctl, { type: 'blake3', staging, pieces: list, cvAt: to - from, key, mode }, g - 1);
      jobs.push({ ...job, a, b, buf, cvAt: to - from });
    }
    for (let i = 0; i < bounds[1]; i++) api.subtree(msg.subarray(pieces[i][0], pieces[i][0] + pieces[i][2] * CHUNK), pieces[i][1], pieces[i][2], cvs, 8 * i);
  } finally {
    const failure = settleAll(jobs, ctl, memory, spec, (j) => cvs.set(new Uint32Array(j.buf.buffer, j.cvAt, 8 * (j.b - j.a)), 8 * j.a));
    key.fill(0);
    if (failure !== null) {
      cvs.fill(0);
      throw failure;
    }
  }
  try {
    for (let i = 0; i < pieces.length; i++) api.pushCV(t, cvs, 8 * i, pieces[i][2]);
  } finally {
    cvs.fill(0);
  }
  return off;
}

/** Tests only: how many jobs went to workers so far, and how many workers are running. */
export function poolStatsForTests() {
  return { jobs: nextJob - 1, workers: workers.filter((w) => w.alive).length };
}

/** Tests only: the staging buffers kept for reuse (each must be all zero between calls). */
export function stagingForTests() {
  return spare.slice();
}

/** Tests only: the next job worker k takes throws ('throw') or ends the thread ('exit'). */
export function poisonForTests(k, how) {
  start();
  workers[k].worker.postMessage({ type: 'poison', how });
}

// hash function -> its name in the wasm_threads entry (what a worker looks it up by).
const exportNames = new WeakMap();

/**
 * The entry's wrapper of a hash function exported as `name`: its parallel() (and BLAKE3's large
 * messages) run across the pool. Returns hash.
 */
export function threaded(name, hash) {
  exportNames.set(hash, name);
  setThreaded(hash, { sync: parallelSync, async: parallelAsync });
  const spec = specOf(hash);
  if (spec.name === 'blake3' && typeof spec.subtrees === 'function') spec.threads = blake3Threads;
  return hash;
}
