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
import { setScryptLanes } from './scrypt.js';
import { setArgon2Lanes } from './argon2.js';
import { cipherSpecOf } from './cipher.js';
import { MAX_COPIES, STAGE_PAGES } from './link.js';

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

// A whole number from the environment (Node's process.env), or NaN: unset, or not readable (Deno
// without --allow-env throws on the read).
function envNumber(name) {
  try {
    const env = typeof process === 'object' && process !== null && process.env ? process.env[name] : undefined;
    return env === undefined ? NaN : Number(env);
  } catch {
    return NaN;
  }
}
function poolMinFromEnv() {
  const n = envNumber('AWASMC_POOL_MIN');
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}
function defaultSize() {
  const n = envNumber('AWASMC_THREADS');
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, MAX_WORKERS) : Math.min(coreCount(), MAX_WORKERS);
}
let size = defaultSize();
let workers = []; // { worker, index, alive, jobs: Map(id -> { resolve, reject }) }
let ready = null; // Int32Array over a SharedArrayBuffer: ready[k] = 1 once worker k can take jobs
let started = 0; // when workers were last started (Date.now())
let nextJob = 1; // the id of the next job sent to a worker (ids from 1: nextJob - 1 were sent)
let broken = null; // why a worker could not start (its file missing, refused by a CSP, ...), or null

function spawn(index) {
  const url = new URL('./worker.js', import.meta.url);
  const wt = nodeModule('node:worker_threads');
  const rec = { worker: null, index, alive: true, ready: false, jobs: new Map(), booted: null, onReady: null, onMemory: undefined };
  rec.booted = new Promise((resolve) => (rec.onReady = resolve));
  const fail = (err) => {
    rec.alive = false;
    // A worker that failed before it was ready will fail again: no more starts until WP.stop().
    if (!rec.ready && broken === null) broken = err;
    rec.onReady();
    for (const { reject } of rec.jobs.values()) reject(err);
    rec.jobs.clear();
  };
  const onMessage = (m) => {
    if (m.type === 'ready') {
      rec.ready = true;
      return rec.onReady();
    }
    if (m.type === 'kdf_memory') return rec.onMemory !== undefined && rec.onMemory(m.bytes); // (workerKdfMemoryForTests)
    const job = rec.jobs.get(m.id);
    if (job === undefined) return;
    if (m.type === 'lane') return job.lane !== undefined && job.lane(); // a KDF lane ended (async progress)
    rec.jobs.delete(m.id);
    if (rec.jobs.size === 0 && wt !== undefined) rec.worker.unref();
    job.resolve();
  };
  if (wt !== undefined) {
    const w = new wt.Worker(url, { execArgv: workerExecArgv() });
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

// Node options for a worker: the process's, but for those of a script given as a string
// (`node --input-type=module -e ...` made every worker fail: "--input-type can only be used with
// string input").
function workerExecArgv() {
  const out = [];
  const args = process.execArgv;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-e' || a === '--eval' || a === '-p' || a === '--print' || a === '--input-type') i++;
    else if (!/^(--eval=|--print=|--input-type=)/.test(a)) out.push(a);
  }
  return out;
}

// Starts the workers up to `size` (the pool is started on first use, and again after stop()),
// replacing any that died.
function start() {
  if (!supported() || broken !== null) return;
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
    return supported() && broken === null ? Math.max(1, size) : 1;
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
  /** Ends every worker (jobs under way fail); a later call starts them again (Web Workers keep a Deno process running until then). */
  stop() {
    for (const w of workers) stopWorker(w);
    workers = [];
    ready = null;
    spare = [];
    broken = null;
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

// The Instance a job's engine runs in (a cipher over two instances names the one the pool links).
const engineInstance = (spec) => (spec.poolInstance !== undefined ? spec.poolInstance : spec.instance);
// The shared memory behind a hash's instance, or null (not a wasm_threads instance).
function sharedMemory(spec) {
  const I = engineInstance(spec);
  I.memory(); // instantiate
  const m = I.memoryObject;
  return m !== null && typeof SharedArrayBuffer === 'function' && m.buffer instanceof SharedArrayBuffer ? m : null;
}

// Staging buffers (SharedArrayBuffers) are reused from call to call: a fresh 16 MiB one cost 17 ms
// of page faults to allocate and fill, a reused one 3 ms. A buffer goes back zeroed, and only from
// a call whose workers all finished with it (one that died or was stopped might still write into
// it); at most SPARE_BYTES of them are kept, and WP.stop() drops them.
const SPARE_BYTES = 1 << 26;
// A call hands the pool at most this many message bytes at once (a longer BLAKE3 message or
// parallel() batch is several calls in turn), so its staging buffer is a reused one: a fresh
// 100 MB one, faulted in while a worker ran, copied at 0.36 GB/s against 3.5 GB/s reused.
const CALL_BYTES = 1 << 25;
let spare = []; // zeroed, free
function takeStaging(bytes) {
  let best = -1;
  for (let i = 0; i < spare.length; i++)
    if (spare[i].byteLength >= bytes && (best < 0 || spare[i].byteLength < spare[best].byteLength)) best = i;
  if (best >= 0) return spare.splice(best, 1)[0];
  // Whole MiBs, so that similar calls reuse them (not powers of two: a 32 MiB batch with its
  // digests would take 64 MiB, and with a smaller buffer kept beside it, go unkept).
  return new SharedArrayBuffer(Math.ceil(bytes / (1 << 20)) * (1 << 20));
}
function giveBack(staging) {
  let kept = staging.byteLength;
  for (const b of spare) kept += b.byteLength;
  if (kept <= SPARE_BYTES) spare.push(staging);
}

// ---- A call shared out in units: groups of messages for parallel(), aligned subtrees for BLAKE3.
// Each worker given a job starts with one unit of its own, counted from the back (so every worker
// of a call does part of it, and a failing worker always fails the call), then claims more from
// the back as it finishes. A sync caller takes units from the front and hashes them from its own
// buffers, and copies the workers' units into the staging buffer, from the back, a few units ahead
// of them (the copy overlaps the hashing). The threads so end together however unevenly they run
// (two threads of this 2-vCPU machine ran up to 1.5x apart), and no thread waits for a busy one.
//
// A call's control block, an Int32Array over a SharedArrayBuffer (word numbers exported for
// runtime/worker.js):
//   [CLAIM]      front | back << 16: units [front, back) are unclaimed
//   [COPIED]     units [copied, n) are in the staging buffer
//   [FIN]        units the workers have ended (done, or failed in)
//   [STATUS + k] job k's end: 0 under way, 1 done, 2 failed, 3 failed and the thread is gone
// and `errors`, a failed job's message as UTF-8 (256 bytes per job).
export const CLAIM = 0;
export const COPIED = 1;
export const FIN = 2;
export const STATUS = 3;
const MAX_UNITS = 0x7fff;
const UNITS_PER_THREAD = 8; // enough to even out threads that run at different speeds

function newCall(jobs) {
  return { ctl: new Int32Array(new SharedArrayBuffer(4 * (STATUS + jobs))), errors: new SharedArrayBuffer(256 * jobs), jobs: [] };
}

// Posts `job` (its own fields: type, staging, ...) to each worker of `pool` (job k starting with
// unit n - 1 - k), with what every job carries: an id, the hash's export name, the caller's memory
// and the worker's copy in it. The memory grows for every copy first, so that no post fails once
// one is sent (a worker's first unit is waited for).
function sendAll(call, pool, n, hash, spec, memory, job, name = exportNames.get(hash)) {
  const bytes = engineInstance(spec).target.memoryBytes;
  for (const w of pool) copyFor(memory, bytes, w.index);
  pool.forEach((w, k) => {
    const id = nextJob++;
    const base = copyFor(memory, bytes, w.index);
    w.worker.postMessage({ ...job, id, name, memory, base, ctl: call.ctl, errors: call.errors, slot: k, first: n - 1 - k });
    call.jobs.push({ w, id, slot: k });
  });
}

// The sync share-out of units [0, n) between this thread and the call's workers, already posted
// with units n - 1, n - 2, ... as their first. copy(u) puts unit u's bytes in the staging buffer;
// own(u) hashes unit u here; `ahead`: how many copied units this thread keeps ready for the
// workers (default two a worker). Returns, or throws, once every unit a worker took has ended, with
// call.first set: the first unit the workers did (this thread did the ones before it).
// While one runs, this thread offers the pool nothing more (`sharing`): a BLAKE3 message in this
// thread's units would post jobs behind units that wait for this thread's copies (a deadlock).
let sharing = false;
function shareSync(call, n, copy, own, ahead = 2 * call.jobs.length) {
  const ctl = call.ctl;
  let copied = n;
  let failed = true;
  sharing = true;
  try {
    for (;;) {
      const c = Atomics.load(ctl, CLAIM);
      const front = c & 0xffff;
      const back = c >>> 16;
      if (copied > back || (copied > front + 1 && back - copied < ahead)) {
        copy(--copied);
        Atomics.store(ctl, COPIED, copied);
        Atomics.notify(ctl, COPIED);
        continue;
      }
      if (front >= back) break;
      if (Atomics.compareExchange(ctl, CLAIM, c, (front + 1) | (back << 16)) === c) own(front);
    }
    failed = false;
  } finally {
    // On an error here: no more claims, and a worker waiting for bytes hashes the zeros it has.
    let c = Atomics.load(ctl, CLAIM);
    if (failed) {
      while (Atomics.compareExchange(ctl, CLAIM, c, (c >>> 16) | (c & 0xffff0000)) !== c) c = Atomics.load(ctl, CLAIM);
      Atomics.store(ctl, COPIED, 0);
      Atomics.notify(ctl, COPIED);
    }
    const first = c >>> 16;
    for (let v; (v = Atomics.load(ctl, FIN)) < n - first; ) Atomics.wait(ctl, FIN, v, 100);
    call.first = first;
    call.copied = failed ? 0 : copied;
    sharing = false;
  }
}

// The async share-out: every unit is in the staging buffer, the workers take them all. Resolves
// with the failure of a worker that died or was stopped (or null) once every job has ended.
async function shareAsync(call, lane = undefined) {
  const waits = call.jobs.map(
    (j) =>
      new Promise((resolve, reject) => {
        j.w.jobs.set(j.id, { resolve, reject, lane });
        if (typeof j.w.worker.ref === 'function') j.w.worker.ref(); // Node: keep the process alive for the answer
      }),
  );
  const outcomes = await Promise.allSettled(waits);
  const lost = outcomes.find((o) => o.status === 'rejected');
  return lost === undefined ? null : lost.reason;
}

// After every unit a worker took has ended (or `lost`: a worker died or was stopped and said
// nothing): the call's failure (a worker's error, or lost) or null. A worker whose thread is gone
// is marked for replacement and its copy of the layout wiped (it may have died mid-kernel, before
// its engine wiped what it used; copies k >= 1 hold no constant regions). Sets call.reusable:
// whether no worker can still write into the staging buffer.
function failureOf(call, memory, spec, lost = null) {
  let failure = lost;
  call.reusable = lost === null;
  call.failed = true; // (until the end: a throw in between leaves it set)
  for (const j of call.jobs) {
    const status = Atomics.load(call.ctl, STATUS + j.slot);
    if (status < 2) continue;
    if (failure === null) failure = workerError(call.errors, j);
    if (status === 3) {
      j.w.alive = false; // replaced on the next start()
      call.reusable = false;
      if (memory === null) continue; // (a KDF lane's heap was the thread's own memory: gone with it)
      const bytes = engineInstance(spec).target.memoryBytes;
      new Uint8Array(memory.buffer, (j.w.index + 1) * bytes, bytes).fill(0);
    }
  }
  call.failed = failure !== null;
  return failure;
}
// The staging buffer zeroed, and kept for later calls when no worker can still write into it.
// (After a call that succeeded, the workers have zeroed the bytes of every unit they hashed, and
// `dirty` lists [start, end) pairs of what else may be non-zero: units this thread copied and then hashed
// itself, and the digests and params behind the messages; after a failure, the whole buffer.)
function release(call, buf, dirty = null) {
  if (dirty === null || call.failed) wipeRange(buf, 0, buf.length);
  else for (let i = 0; i < dirty.length; i += 2) wipeRange(buf, dirty[i], dirty[i + 1]);
  if (call.reusable) giveBack(buf.buffer);
}
// Zeroes buf[a, b) (buf a view from offset 0 of a SharedArrayBuffer), in 8-byte words where
// aligned: V8 fills a shared Uint8Array a byte at a time, eight times slower. (Also runtime/worker.js.)
export function wipeRange(buf, a, b) {
  const w0 = Math.min((a + 7) >> 3, b >> 3);
  const w1 = b >> 3;
  buf.fill(0, a, w0 << 3);
  if (w1 > w0) new Float64Array(buf.buffer, w0 << 3, w1 - w0).fill(0);
  buf.fill(0, Math.max(a, w1 << 3), b);
}

// The error a worker reported for job j (its message as UTF-8 in `errors`).
function workerError(errors, j) {
  const text = new Uint8Array(errors, 256 * j.slot, 256);
  let end = text.indexOf(0);
  if (end < 0) end = 256;
  return new Error(`wasm_threads worker ${j.w.index}: ${new TextDecoder().decode(text.slice(0, end))}`);
}

// ---- parallel(): units are runs of whole messages, about total / (threads * UNITS_PER_THREAD)
// bytes each (at least 64 KiB, so that a unit is worth a claim, or less with AWASMC_POOL_MIN;
// several messages per unit keep the SIMD lanes of the hashes that have them busy).
const UNIT_MIN_BYTES = Math.min(1 << 16, MIN_BYTES >> 2);
function messageUnits(list, threads) {
  let total = 0;
  for (const m of list) total += m.length + 64; // a fixed cost per message
  const target = Math.max(UNIT_MIN_BYTES, Math.ceil(total / (threads * UNITS_PER_THREAD)), Math.ceil(total / (MAX_UNITS - 1)));
  const bounds = [0];
  let acc = 0;
  for (let i = 0; i < list.length; i++) {
    acc += list[i].length + 64;
    if (acc >= target) {
      bounds.push(i + 1);
      acc = 0;
    }
  }
  if (bounds[bounds.length - 1] !== list.length) bounds.push(list.length);
  return bounds;
}

// The messages of a parallel() call in a staging buffer: message i at spans[2i] (length
// spans[2i + 1]), digest i at outAt + i * dkLen, then the byte arrays of params (keys, salts:
// they reach the workers in the staging buffer, zeroed after the call, not in the job message,
// whose structured clone would leave a copy in the message queue's memory). params: the
// options for the workers, each byte array replaced by { stagedAt, length }.
function parallelStaging(list, dkLen, params) {
  const spans = new Array(2 * list.length);
  let at = 0;
  for (let i = 0; i < list.length; i++) {
    spans[2 * i] = at;
    spans[2 * i + 1] = list[i].length;
    at += list[i].length;
  }
  const outAt = at;
  at += list.length * dkLen;
  const keys = params === null ? [] : Object.keys(params);
  let bytes = 0;
  for (const k of keys) if (params[k] instanceof Uint8Array) bytes += params[k].length;
  const buf = new Uint8Array(takeStaging(at + bytes), 0, at + bytes);
  let staged = null;
  if (params !== null) {
    staged = {};
    for (const k of keys) {
      const v = params[k];
      if (v instanceof Uint8Array) {
        buf.set(v, at);
        staged[k] = { stagedAt: at, length: v.length };
        at += v.length;
      } else staged[k] = v;
    }
  }
  return { spans, outAt, buf, params: staged };
}

// Hashes messages [a, b) of list on this thread into res (and outs), SIMD lanes where the engine
// has them, as the shell's parallel() would.
function hashHere(spec, list, a, b, params, dkLen, outs, res) {
  const part = list.slice(a, b);
  const got = new Array(b - a);
  const done = spec.parallel !== undefined ? spec.parallel(part, params, dkLen, outs === null ? null : outs.slice(a, b), got) : 0;
  for (let i = done; i < b - a; i++) {
    const d = outs === null ? new Uint8Array(dkLen) : outs[a + i][0];
    const p = outs === null ? 0 : outs[a + i][1];
    spec.run(part[i], null, params, dkLen, d, p);
    got[i] = outs === null ? d : result(d, p, dkLen);
  }
  for (let i = 0; i < b - a; i++) res[a + i] = got[i];
}

// Copies the digests of messages [a, list length) from the staging buffer to their destinations.
function deliver(st, a, n, dkLen, outs, res) {
  for (let i = a; i < n; i++) {
    const d = st.buf.subarray(st.outAt + i * dkLen, st.outAt + (i + 1) * dkLen);
    if (outs === null) res[i] = d.slice();
    else {
      outs[i][0].set(d, outs[i][1]);
      res[i] = result(outs[i][0], outs[i][1], dkLen);
    }
  }
}

const totalBytes = (list) => {
  let total = 0;
  for (const m of list) total += m.length;
  return total;
};

/**
 * parallel() of a wasm_threads hash across the pool: fills res (and the `outs` destinations, as
 * the shell's parallel() would) and returns true, or returns false without doing anything when
 * the batch should stay on the calling thread.
 */
function parallelSync(hash, list, params, dkLen, outs, res) {
  if (list.length < 2 || size < 2 || sharing || !supported()) return false;
  const total = totalBytes(list);
  if (total < MIN_BYTES || !canBlock()) return false;
  const spec = specOf(hash);
  const memory = sharedMemory(spec);
  if (memory === null) return false;
  const pool = readyWorkers(size - 1, total);
  if (pool.length === 0) return false;
  // Batches of at most CALL_BYTES (and at least one message), one call each.
  for (let a = 0; a < list.length; ) {
    let b = a + 1;
    for (let bytes = list[a].length; b < list.length && bytes + list[b].length <= CALL_BYTES; b++) bytes += list[b].length;
    const part = (x) => (a === 0 && b === list.length ? x : x.slice(a, b));
    const got = a === 0 && b === list.length ? res : new Array(b - a);
    if (!batchSync(hash, spec, memory, pool, part(list), params, dkLen, outs === null ? null : part(outs), got)) hashHere(spec, list, a, b, params, dkLen, outs, res);
    else if (got !== res) for (let i = a; i < b; i++) res[i] = got[i - a];
    a = b;
  }
  return true;
}
function batchSync(hash, spec, memory, ready, list, params, dkLen, outs, res) {
  let pool = ready;
  const bounds = messageUnits(list, pool.length + 1);
  const n = bounds.length - 1;
  pool = pool.slice(0, Math.max(0, n - 1)); // every worker starts with a unit, and one is left for this thread
  if (pool.length === 0) return false;
  const st = parallelStaging(list, dkLen, params);
  const call = newCall(pool.length);
  call.ctl[CLAIM] = (n - pool.length) << 16;
  call.ctl[COPIED] = n;
  const job = { type: 'parallel', staging: st.buf.buffer, spans: st.spans, bounds, outAt: st.outAt, dkLen, params: st.params };
  sendAll(call, pool, n, hash, spec, memory, job);
  try {
    shareSync(
      call,
      n,
      (u) => {
        for (let i = bounds[u]; i < bounds[u + 1]; i++) st.buf.set(list[i], st.spans[2 * i]);
      },
      (u) => hashHere(spec, list, bounds[u], bounds[u + 1], params, dkLen, outs, res),
    );
  } finally {
    // (shareSync returns, or throws, only once every unit a worker took has ended.)
    const failure = failureOf(call, memory, spec);
    try {
      if (failure === null) deliver(st, bounds[call.first], list.length, dkLen, outs, res);
    } finally {
      const at = (u) => (u < n ? st.spans[2 * bounds[u]] : st.outAt);
      release(call, st.buf, [at(call.copied), at(Math.max(call.copied, call.first)), st.outAt, st.buf.length]);
    }
    if (failure !== null) throw failure;
  }
  return true;
}

// Starts the pool and waits (without blocking) for workers still booting, up to BOOT_WAIT_MS.
async function bootAsync() {
  start();
  const booting = workers.filter((w) => w.index < size && w.alive && Atomics.load(ready, w.index) !== 1);
  if (booting.length > 0) {
    let timer;
    const limit = new Promise((resolve) => (timer = setTimeout(resolve, BOOT_WAIT_MS)));
    for (const w of booting) if (typeof w.worker.ref === 'function') w.worker.ref();
    await Promise.race([Promise.all(booting.map((w) => w.booted)), limit]);
    clearTimeout(timer);
    for (const w of booting) if (typeof w.worker.unref === 'function' && w.jobs.size === 0) w.worker.unref();
  }
}

/** The .async form: every unit goes to the workers, and the calling thread waits for messages. */
async function parallelAsync(hash, list, params, dkLen, outs, res) {
  if (list.length < 1 || !supported()) return false;
  const total = totalBytes(list);
  if (total < MIN_BYTES) return false;
  const spec = specOf(hash);
  const memory = sharedMemory(spec);
  if (memory === null) return false;
  await bootAsync();
  let pool = readyWorkers(size, 0);
  const bounds = messageUnits(list, Math.max(1, pool.length));
  const n = bounds.length - 1;
  pool = pool.slice(0, n);
  if (pool.length === 0) return false;
  const st = parallelStaging(list, dkLen, params);
  const call = newCall(pool.length);
  call.ctl[CLAIM] = (n - pool.length) << 16;
  let lost = null;
  let ended = false;
  try {
    for (let i = 0; i < list.length; i++) st.buf.set(list[i], st.spans[2 * i]);
    const job = { type: 'parallel', staging: st.buf.buffer, spans: st.spans, bounds, outAt: st.outAt, dkLen, params: st.params };
    sendAll(call, pool, n, hash, spec, memory, job);
    lost = await shareAsync(call);
    ended = true;
  } finally {
    const failure = failureOf(call, memory, spec, lost);
    if (!ended) call.reusable = false; // (a post failed: jobs sent may still be under way)
    try {
      if (failure === null && ended) deliver(st, 0, list.length, dkLen, outs, res);
    } finally {
      release(call, st.buf, ended ? [st.outAt, st.buf.length] : null);
    }
    if (failure !== null) throw failure;
  }
  return true;
}

// ---- BLAKE3: the whole chunks of one large message as aligned subtrees across the pool
// (runtime/blake3.js offers them through spec.threads from inside its session). Returns how many
// bytes of msg it consumed (whole pieces, pushed on t's stack in order), or 0 to let the engine go
// on alone.
export const CHUNK = 1024; // (BLAKE3 chunk bytes; also runtime/worker.js)
function blake3Threads(api, t, msg) {
  if (size < 2 || msg.length < BLAKE3_MIN_BYTES || sharing || !canBlock() || !supported()) return 0;
  let pool = readyWorkers(size - 1, msg.length);
  if (pool.length === 0) return 0;
  const P = pool.length + 1;
  // Pieces of S chunks (a power of two, 32 .. 16384), about UNITS_PER_THREAD per thread, each
  // aligned: a piece at chunk count c has a size dividing c (the first ones grow from the
  // alignment of t.chunks).
  const len = Math.min(msg.length, CALL_BYTES);
  let S = 32;
  while (S < 16384 && S * 2 * CHUNK * P * UNITS_PER_THREAD <= len) S *= 2;
  const pieces = []; // offset in msg, chunk count before it, size: 3 numbers per piece
  let c = t.chunks;
  let off = 0;
  while (len - off >= S * CHUNK && pieces.length < 3 * MAX_UNITS) {
    let size = S;
    while (c % size !== 0) size >>= 1;
    if (size < 32) break;
    pieces.push(off, c, size);
    off += size * CHUNK;
    c += size;
  }
  const n = pieces.length / 3;
  pool = pool.slice(0, Math.max(0, n - 1)); // every worker starts with a piece, and one is left for this thread
  if (pool.length === 0) return 0;
  const spec = specOf(api.hash);
  const memory = sharedMemory(spec);
  if (memory === null) return 0;
  // The staging buffer: msg[0, off) at the same offsets, each piece's chaining value, and the
  // key words (in the staging buffer, not in the job message: see parallelStaging).
  const bytes = off + 32 * n + 32;
  const buf = new Uint8Array(takeStaging(bytes), 0, bytes);
  const cvs = new Uint32Array(8 * n);
  const key = api.key();
  new Uint32Array(buf.buffer, off + 32 * n, 8).set(key);
  key.fill(0);
  const call = newCall(pool.length);
  call.ctl[CLAIM] = (n - pool.length) << 16;
  call.ctl[COPIED] = n;
  const job = { type: 'blake3', staging: buf.buffer, pieces, cvAt: off, keyAt: off + 32 * n, mode: api.flags() };
  sendAll(call, pool, n, api.hash, spec, memory, job);
  try {
    shareSync(
      call,
      n,
      (u) => buf.set(msg.subarray(pieces[3 * u], pieces[3 * u] + pieces[3 * u + 2] * CHUNK), pieces[3 * u]),
      (u) => api.subtree(msg.subarray(pieces[3 * u], pieces[3 * u] + pieces[3 * u + 2] * CHUNK), pieces[3 * u + 1], pieces[3 * u + 2], cvs, 8 * u),
    );
  } finally {
    const failure = failureOf(call, memory, spec);
    try {
      if (failure === null) cvs.set(new Uint32Array(buf.buffer, off + 32 * call.first, 8 * (n - call.first)), 8 * call.first);
    } finally {
      const at = (u) => (u < n ? pieces[3 * u] : off);
      release(call, buf, [at(call.copied), at(Math.max(call.copied, call.first)), off, bytes]);
    }
    if (failure !== null) {
      cvs.fill(0);
      throw failure;
    }
  }
  try {
    for (let i = 0; i < n; i++) api.pushCV(t, cvs, 8 * i, pieces[3 * i + 2]);
  } finally {
    cvs.fill(0);
  }
  return off;
}

// ---- KDF lanes: scrypt's p independent ROMix lanes (runtime/scrypt.js), one unit each. The
// staging buffer holds B (p blocks of 128 * r bytes, all copied before the jobs are posted); a
// worker runs a lane in a heap instance of its own (the heap modules are not linked over the
// caller's shared memory), in place in the staging buffer, and zeroes its heap after it. At most
// `most` lanes run at once (each thread holds a V: scrypt.js lanesAtOnce, from maxmem), so a call
// uses at most most - 1 workers beside a sync caller, `most` for an async one. The staging buffer
// is zeroed after the call whatever happened (the lanes' results are in it until then).
function lanesStart(name, B, N, r, p, pool) {
  const buf = new Uint8Array(takeStaging(B.length), 0, B.length);
  buf.set(B);
  const call = newCall(pool.length);
  call.ctl[CLAIM] = (p - pool.length) << 16;
  call.ctl[COPIED] = 0;
  pool.forEach((w, k) => {
    const id = nextJob++;
    w.worker.postMessage({ type: 'kdf_lanes', id, name, staging: buf.buffer, N, r, ctl: call.ctl, errors: call.errors, slot: k, first: p - 1 - k });
    call.jobs.push({ w, id, slot: k });
  });
  return { call, buf };
}
// After every lane a worker took has ended: lanes [first, p) copied into B (unless the call
// failed), the staging buffer zeroed and released, a failure thrown.
function lanesEnd(call, buf, B, from, lost) {
  const failure = failureOf(call, null, null, lost);
  try {
    if (failure === null) B.set(buf.subarray(from, B.length), from);
  } finally {
    release(call, buf, null);
  }
  if (failure !== null) throw failure;
}

// The sync share-out (runtime/scrypt.js drives it from its job, between slices of its own lanes):
// null when the lanes stay on this thread (a pool of one, a thread that cannot block, small lanes,
// no worker ready, one lane at a time), else { claim(): the next lane for this thread or -1,
// done(): lanes the workers ended, wait(ms): whether every lane they took has ended (blocking up
// to ms), end(ok): their lanes into B, or their failure thrown; ok false: stop (this thread's
// generator was abandoned), wait for lanes under way, zero and throw nothing of its own }.
function lanesSync(name, B, N, r, p, most) {
  if (p < 2 || p > MAX_UNITS || most < 2 || size < 2 || sharing || 128 * r * N < MIN_BYTES || !supported() || !canBlock()) return null;
  const pool = readyWorkers(Math.min(size - 1, most - 1, p - 1), 128 * r * N * p);
  if (pool.length === 0) return null;
  const { call, buf } = lanesStart(name, B, N, r, p, pool);
  const ctl = call.ctl;
  let first = -1; // once no lane is left to claim: the first lane of the workers
  const wait = (ms) => {
    if (first < 0) return false;
    const v = Atomics.load(ctl, FIN);
    if (v >= p - first) return true;
    Atomics.wait(ctl, FIN, v, ms);
    return Atomics.load(ctl, FIN) >= p - first;
  };
  return {
    claim() {
      for (;;) {
        const c = Atomics.load(ctl, CLAIM);
        const front = c & 0xffff;
        const back = c >>> 16;
        if (front >= back) {
          first = back;
          return -1;
        }
        if (Atomics.compareExchange(ctl, CLAIM, c, (front + 1) | (back << 16)) === c) return front;
      }
    },
    done: () => Atomics.load(ctl, FIN),
    wait,
    end(ok) {
      if (first < 0) {
        // Stopped early: no more claims (front = back), then the lanes under way end.
        let c = Atomics.load(ctl, CLAIM);
        while (Atomics.compareExchange(ctl, CLAIM, c, (c >>> 16) | (c & 0xffff0000)) !== c) c = Atomics.load(ctl, CLAIM);
        first = c >>> 16;
      }
      while (!wait(100));
      if (ok) lanesEnd(call, buf, B, first * (B.length / p), null);
      else {
        failureOf(call, null, null); // (workers that died are replaced; the error in flight wins)
        call.failed = true; // the whole buffer zeroed
        release(call, buf, null);
      }
    },
  };
}

// The async form: every lane on the workers (at most `most` at once), this thread waiting for
// their messages; onLane(lanes done) after each. Resolves false when no worker can take them.
async function lanesAsync(name, B, N, r, p, most, onLane) {
  if (p < 2 || p > MAX_UNITS || 128 * r * N < MIN_BYTES || !supported()) return false;
  await bootAsync();
  const pool = readyWorkers(Math.min(size, most, p), 0);
  if (pool.length === 0) return false;
  let lost = null;
  let ended = false;
  let call = null, buf = null;
  try {
    ({ call, buf } = lanesStart(name, B, N, r, p, pool));
    let done = 0;
    lost = await shareAsync(call, () => onLane(++done));
    ended = true;
  } finally {
    if (call !== null) {
      if (!ended) call.reusable = false; // (a post failed: jobs sent may still be under way)
      lanesEnd(call, buf, B, ended ? 0 : B.length, lost);
    }
  }
  return true;
}

/**
 * The wasm_threads entry's wrapper of its scrypt function exported as `name`: lanes (p > 1) run
 * across the pool. Returns kdf.
 */
export function threadedKdf(name, kdf) {
  setScryptLanes(kdf, {
    sync: (B, N, r, p, most) => lanesSync(name, B, N, r, p, most),
    async: (B, N, r, p, most, onLane) => lanesAsync(name, B, N, r, p, most, onLane),
  });
  return kdf;
}

/**
 * The wasm_threads entry's wrapper of its Argon2 function exported as `name`: lanes (p > 1) fill
 * the shared memory across the pool, slice by slice. Returns kdf.
 */
export function threadedArgon2(name, kdf) {
  setArgon2Lanes(kdf, { sync: (plan) => argon2Sync(name, plan), async: (plan) => argon2Async(name, plan) });
  return kdf;
}

// ---- Argon2 lanes (runtime/argon2.js): the p lanes of one memory filled at once. Unlike
// scrypt's, the lanes are not independent: a block's reference may lie in any lane's finished
// segments, so every thread works on the same memory (the caller's heap, a shared
// WebAssembly.Memory that each worker links the entry's argon2_fill over at base 0: the static
// layout holds only the parameters, read by all) and no segment of slice s + 1 starts before every
// segment of slice s has ended. The work is a row of tickets, 4 t p of them: ticket k is lane
// k mod p of slice k / p (pass and slice of the 4 t in order). A thread claims the next ticket,
// waits until every ticket of the slices before has ended (FIN >= p * slice: tickets are
// claimed in order and none runs before the slices before it ended, so a count suffices), fills
// its segment with its own working blocks (argon2.js ownBlocks), counts it in FIN, and claims
// again. Any thread can take any ticket, so a call never waits for a thread that has not started;
// a thread waits only for tickets under way. The control block (newCall):
//   [CLAIM]      the next ticket (total once claims are closed)
//   [COPIED]     ABORT: 1 once a thread failed or the caller gave up (the others stop)
//   [FIN]        tickets ended (filled, given up, or failed in)
//   [STATUS + k] job k's end, as for the other job types
// The sync caller takes part (between its pieces it reports progress, and yields while it
// waits); `.async` leaves every ticket to the workers. runtime/worker.js argon2Lanes is the
// worker's side; the ticket helpers below are shared with it.
export const ABORT = COPIED;
/** The next ticket of the call below `total`, or -1 (claims closed, or aborted). */
export function claimTicket(ctl, total) {
  for (;;) {
    if (Atomics.load(ctl, ABORT) !== 0) return -1;
    const c = Atomics.load(ctl, CLAIM);
    if (c >= total) return -1;
    if (Atomics.compareExchange(ctl, CLAIM, c, c + 1) === c) return c;
  }
}
/** Waits up to ms for FIN >= need: 1 when reached, 0 after ms, -1 when the call was aborted. */
export function ticketsEnded(ctl, need, ms) {
  let v = Atomics.load(ctl, FIN);
  if (v < need && Atomics.load(ctl, ABORT) === 0) {
    Atomics.wait(ctl, FIN, v, ms);
    v = Atomics.load(ctl, FIN);
  }
  if (Atomics.load(ctl, ABORT) !== 0) return -1; // (after FIN: a failing thread sets ABORT before it counts)
  return v >= need ? 1 : 0;
}
/** A ticket ended (filled, or given up after an abort). */
export function endTicket(ctl) {
  Atomics.add(ctl, FIN, 1);
  Atomics.notify(ctl, FIN);
}
function abortCall(ctl) {
  Atomics.store(ctl, ABORT, 1);
  Atomics.notify(ctl, FIN);
}
// Tickets fit the control word (4 t p < 2^31) and segments are worth a barrier: at least
// MIN_BYTES of memory (AWASMC_POOL_MIN lowers it as for the rest).
const argon2Pooled = (plan) => plan.lanes >= 2 && 4 * plan.t * plan.lanes < 2 ** 31 && plan.bytes >= MIN_BYTES && supported();

// Posts the jobs of a call to `pool`: at = { memory, heapBytes, heapAt, own(k) } (the heap's byte
// offset, worker k's working blocks), from the caller once its heap holds the parameters and the
// first blocks. A job's `base` is where its working blocks are (what the test poison 'exit'
// scribbles on: the thread's own bytes); the worker links at base 0.
function argon2Start(name, plan, pool, call, at) {
  const { lanes, segment } = plan;
  const total = 4 * plan.t * lanes;
  pool.forEach((w, k) => {
    const id = nextJob++;
    w.worker.postMessage({ type: 'argon2_lanes', id, name, memory: at.memory, base: at.heapAt + 1024 * at.own(k), heapBytes: at.heapBytes, own: at.own(k), lanes, segment, total, ctl: call.ctl, errors: call.errors, slot: k, first: -1 });
    call.jobs.push({ w, id, slot: k });
  });
}
// Blocks (on a thread that may) until job k of the call has ended.
function jobsEnded(call) {
  for (const j of call.jobs) for (let s; (s = Atomics.load(call.ctl, STATUS + j.slot)) === 0; ) Atomics.wait(call.ctl, STATUS + j.slot, s, 100);
}

// The sync form: null when the lanes stay on this thread (a pool of one, a thread that cannot
// block, a small memory, no worker ready, a share-out under way on this thread), else the share
// { workers, start(at), claim(), ready(round, ms), ended(), done(), end(ok) } (runtime/argon2.js).
function argon2Sync(name, plan) {
  if (size < 2 || sharing || !argon2Pooled(plan) || !canBlock()) return null;
  const pool = readyWorkers(Math.min(size - 1, plan.lanes - 1), plan.bytes);
  if (pool.length === 0) return null;
  const total = 4 * plan.t * plan.lanes;
  const call = newCall(pool.length);
  const ctl = call.ctl;
  let holding = false; // this thread holds a ticket it has not ended
  let started = false;
  sharing = true; // (a call from inside onProgress stays on this thread: see shareSync)
  return {
    workers: pool.length,
    start(at) {
      argon2Start(name, plan, pool, call, at);
      started = true;
    },
    claim() {
      const k = claimTicket(ctl, total);
      holding = k >= 0;
      return k;
    },
    ready: (round, ms) => ticketsEnded(ctl, round * plan.lanes, ms),
    ended() {
      holding = false;
      endTicket(ctl);
    },
    done: () => Atomics.load(ctl, FIN),
    // ok: every ticket was claimed and this thread's have ended; waits for the workers' and
    // throws a worker's failure. Not ok (this thread gave up): the others stop, and this returns
    // once no thread is in the memory, throwing nothing of its own (the error in flight wins).
    end(ok) {
      try {
        if (!started) return;
        if (!ok) abortCall(ctl);
        const claimed = Math.min(Atomics.exchange(ctl, CLAIM, total), total); // no more claims
        if (holding) endTicket(ctl);
        holding = false;
        while (Atomics.load(ctl, FIN) < claimed) Atomics.wait(ctl, FIN, Atomics.load(ctl, FIN), 100);
        jobsEnded(call);
        const failure = failureOf(call, null, null);
        if (ok && failure !== null) throw failure;
        if (ok && Atomics.load(ctl, ABORT) !== 0) throw new Error('wasm_threads: the Argon2 lanes were stopped'); // (not expected)
      } finally {
        sharing = false;
      }
    },
  };
}

// The async form: every ticket on the workers (min(size, p) of them), this thread waiting for
// their messages. Resolves null when no worker can take them, else { workers, start(at),
// run(onTicket): resolves once every job has ended (onTicket(tickets ended) after each), rejects
// with a worker's failure }.
async function argon2Async(name, plan) {
  if (!argon2Pooled(plan)) return null;
  await bootAsync();
  const pool = readyWorkers(Math.min(size, plan.lanes), 0);
  if (pool.length === 0) return null;
  const call = newCall(pool.length);
  const ctl = call.ctl;
  return {
    workers: pool.length,
    start: (at) => argon2Start(name, plan, pool, call, at),
    async run(onTicket) {
      let thrown = null;
      const each = () => {
        if (thrown !== null) return;
        try {
          onTicket(Atomics.load(ctl, FIN));
        } catch (e) {
          thrown = e; // the workers stop; thrown once every job has ended
          abortCall(ctl);
        }
      };
      // A worker that dies (or is stopped) holds a ticket the others may wait for: they stop.
      const waits = call.jobs.map(
        (j) =>
          new Promise((resolve, reject) => {
            j.w.jobs.set(j.id, { resolve, reject: (e) => (abortCall(ctl), reject(e)), lane: each });
            if (typeof j.w.worker.ref === 'function') j.w.worker.ref(); // Node: keep the process alive for the answer
          }),
      );
      const outcomes = await Promise.allSettled(waits);
      const lost = outcomes.find((o) => o.status === 'rejected');
      const failure = failureOf(call, null, null, lost === undefined ? null : lost.reason);
      if (failure !== null) throw failure;
      if (thrown !== null) throw thrown;
    },
  };
}

/** Tests only: how many jobs went to workers so far, and how many workers are running. */
export function poolStatsForTests() {
  return { jobs: nextJob - 1, workers: workers.filter((w) => w.alive).length };
}

/** Tests only: the staging buffers kept for reuse (each must be all zero between calls). */
export function stagingForTests() {
  return spare.slice();
}

/**
 * Tests only: the next job worker k takes throws ('throw') or ends the thread ('exit'), or its
 * next KDF lane throws once halfway ('lane': the next job if not a KDF one clears it).
 */
export function poisonForTests(k, how) {
  start();
  workers[k].worker.postMessage({ type: 'poison', how });
}

/** Tests only: a copy of worker k's scrypt memory (its layout and heap), or null when it has none. */
export function workerKdfMemoryForTests(k) {
  start();
  const rec = workers[k];
  return new Promise((resolve) => {
    rec.onMemory = (bytes) => {
      rec.onMemory = undefined;
      if (typeof rec.worker.unref === 'function' && rec.jobs.size === 0) rec.worker.unref();
      resolve(bytes);
    };
    if (typeof rec.worker.ref === 'function') rec.worker.ref();
    rec.worker.postMessage({ type: 'kdf_memory' });
  });
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

// ---- Ciphers: the keystream (Salsa/ChaCha, AES-CTR) or the blocks (ECB, CBC decryption) of one
// long call cut into units of whole blocks, unit u being bytes [u * unit, (u + 1) * unit) of the
// call, each done by whichever thread claims it (shareSync, as for parallel()). The engine
// (runtime/arx.js, runtime/aes.js) offers the call through spec.threads(st, pos, src, dst, enc,
// iv) once its own checks (the counter limit among them) have passed, and does a unit through
// spec.range(st, pos, src, dst, enc, chain): pos is the unit's byte position in the stream (a
// whole number of blocks), chain its CBC chaining block. A worker's units go through the staging
// buffer, done in place there by the worker's copy of the engine (linked over the caller's
// memory at its copy of the layout, whose regions the engine zeroes after each unit, as on the
// calling thread); the key, nonce and the units' chaining blocks are in the staging buffer too,
// not in the job message. The caller copies the results out and zeroes the staging buffer.
const cipherNames = new WeakMap(); // cipher spec -> its name in the wasm_threads entry

/**
 * The entry's wrapper of a cipher function exported as `name` whose engine can split a call
 * (spec.range): its long calls run across the pool. Returns cipher.
 */
export function threadedCipher(name, cipher) {
  const spec = cipherSpecOf(cipher);
  if (spec === undefined || typeof spec.range !== 'function') throw new TypeError(`threadedCipher: ${name} cannot be split`);
  cipherNames.set(spec, name);
  spec.threads = (st, pos, src, dst, enc, iv) => cipherSync(spec, st, pos, src, dst, enc, iv);
  return cipher;
}

function cipherSync(spec, st, pos, src, dst, enc, iv) {
  const total = src.length;
  if (size < 2 || sharing || total < MIN_BYTES || total < 2 * spec.blockSize || !canBlock() || !supported()) return false;
  const memory = sharedMemory(spec);
  if (memory === null) return false;
  const pool = readyWorkers(size - 1, total);
  if (pool.length === 0) return false;
  // Calls of at most CALL_BYTES (whole blocks) in turn, each through the pool.
  const step = CALL_BYTES - (CALL_BYTES % spec.blockSize);
  let chain = iv;
  // In-place calls before the last leave their workers' units in the staging area for the next
  // call to overwrite (cipherInPlace): carry.range, zeroed at the end whatever happens.
  const carry = { range: null, mem: null };
  try {
    for (let a = 0; a < total; a += step) {
      const b = Math.min(total, a + step);
      const next = iv === null || b === total ? null : src.slice(b - 16, b); // (before a call in place overwrites it)
      try {
        if (spec.inPlace === undefined || chain !== null || !cipherInPlace(spec, pool, st, pos + a, src.subarray(a, b), dst.subarray(a, b), enc, carry, b === total))
          cipherCall(spec, pool, st, pos + a, src.subarray(a, b), dst.subarray(a, b), enc, chain);
      } finally {
        if (chain !== iv) chain.fill(0);
        chain = next;
      }
    }
  } finally {
    if (chain !== iv && chain !== null) chain.fill(0);
    if (carry.range !== null) wipeRange(carry.mem, carry.range[0], carry.range[1]);
  }
  return true;
}

// A cipher call's units are smaller than parallel()'s (32 a thread, 512 KiB for a 32 MiB call
// on two threads): the threads end a call at most about one unit apart, and a cipher's units
// cost nothing but a claim each (its chunks run alike whatever the unit); the copies kept ready
// for the workers stay at 4 MiB or more (CIPHER_AHEAD_BYTES), as with parallel()'s two units.
const CIPHER_UNITS_PER_THREAD = 32;
const CIPHER_AHEAD_BYTES = 1 << 22;
// One call: src (whole blocks but maybe the last) to dst. chain: CBC's block before src (the IV
// or a ciphertext block), else null. CBC in place: every unit's chaining block is staged before
// any unit is done (a unit done in place overwrites the next one's).
function cipherCall(spec, ready, st, pos, src, dst, enc, chain) {
  const len = src.length;
  const B = spec.blockSize;
  const threads = ready.length + 1;
  let unit = Math.max(UNIT_MIN_BYTES, Math.ceil(len / (threads * CIPHER_UNITS_PER_THREAD)), Math.ceil(len / (MAX_UNITS - 1)));
  unit = Math.ceil(unit / B) * B;
  const n = Math.ceil(len / unit);
  const pool = ready.slice(0, Math.max(0, n - 1));
  if (pool.length === 0) return spec.range(st, pos, src, dst, enc, chain === null ? null : chain.slice());
  const keyAt = Math.ceil(len / 16) * 16;
  const nonceAt = keyAt + st.key.length;
  const chainAt = chain === null ? -1 : Math.ceil((nonceAt + st.nonce.length) / 16) * 16;
  const bytes = chain === null ? nonceAt + st.nonce.length : chainAt + 16 * n;
  const buf = new Uint8Array(takeStaging(bytes), 0, bytes);
  buf.set(st.key, keyAt);
  buf.set(st.nonce, nonceAt);
  if (chain !== null) {
    buf.set(chain, chainAt);
    for (let u = 1; u < n; u++) buf.set(src.subarray(u * unit - 16, u * unit), chainAt + 16 * u);
  }
  const call = newCall(pool.length);
  call.ctl[CLAIM] = (n - pool.length) << 16;
  call.ctl[COPIED] = n;
  // done[u] = 1 once a worker has done unit u: this thread copies such units out (and zeroes
  // them) from the back between its own units, rather than all at the end.
  const done = new Int32Array(new SharedArrayBuffer(4 * n));
  let kept = n; // units [kept, n) are in dst, and zero in the staging buffer
  const harvest = (floor, all) => {
    while (kept > floor && (all || Atomics.load(done, kept - 1) === 1)) {
      const a = --kept * unit, b = Math.min(len, a + unit);
      dst.set(buf.subarray(a, b), a);
      wipeRange(buf, a, b);
    }
  };
  const job = { type: 'cipher', staging: buf.buffer, done: done.buffer, len, unit, pos, keyAt, keyLength: st.key.length, nonceAt, nonceLength: st.nonce.length, params: st.params, enc, chainAt };
  const mem = sharedMemory(spec);
  sendAll(call, pool, n, null, spec, mem, job, cipherNames.get(spec));
  let ok = false;
  try {
    shareSync(
      call,
      n,
      (u) => buf.set(src.subarray(u * unit, Math.min(len, (u + 1) * unit)), u * unit),
      (u) => {
        const a = u * unit, b = Math.min(len, a + unit);
        const c = chain === null ? null : buf.slice(chainAt + 16 * u, chainAt + 16 * u + 16);
        try {
          spec.range(st, pos + a, src.subarray(a, b), dst.subarray(a, b), enc, c);
        } finally {
          if (c !== null) c.fill(0);
        }
        harvest(0, false);
      },
      Math.max(2 * pool.length, Math.ceil(CIPHER_AHEAD_BYTES / unit)),
    );
    ok = true;
  } finally {
    const failure = failureOf(call, mem, spec);
    try {
      if (failure === null && ok) {
        harvest(call.first, true); // (every unit from first on was a worker's, and is done)
      } else {
        ok = false;
        dst.fill(0); // (nothing of a failed call reaches the caller)
      }
    } finally {
      // Units this thread did were never in the staging buffer (but those it copied first), the
      // workers' units are zero once copied out; after a failure, all of it is zeroed.
      release(call, buf, ok ? [Math.min(call.copied, call.first) * unit, Math.max(call.copied, call.first) * unit, keyAt, bytes] : null);
    }
    if (failure !== null) throw failure;
  }
}

// ---- Ciphers in place: an engine with spec.inPlace (runtime/arx.js: a kernel over the heap of
// modules/chacha.js, chacha_xor_at / salsa_xor_at) has its workers' units staged in the caller's
// shared memory itself, past the MAX_COPIES copies of the layout (the memory's maximum leaves
// STAGE_PAGES there: runtime/link.js), and a worker XORs a whole unit where it lies with one
// kernel call (spec.inPlace.run), instead of copying it into its `data` region and back 16 KiB
// at a time. Units are whole granules (groups of four blocks: the kernel XORs whole groups); the
// call's last bytes past the last whole granule are done by this thread through spec.range. The
// key and nonce go in a small staging buffer as before. This thread copies units in and out and
// zeroes each unit's bytes once copied out (the staging area holds no message byte after the
// call, failed ones included). A call whose workers may still write (one died or was stopped)
// moves the next call's staging area past its own.
const stageShift = new WeakMap(); // memory -> bytes the staging area starts past its first place
function stagingArea(memory, memoryBytes, bytes) {
  const at = MAX_COPIES * memoryBytes + (stageShift.get(memory) ?? 0);
  const need = at + bytes;
  const have = memory.buffer.byteLength;
  if (need > MAX_COPIES * memoryBytes + STAGE_PAGES * 65536) return -1; // (a memory without the room falls back)
  if (have < need) {
    try {
      memory.grow(Math.ceil((need - have) / 65536));
    } catch {
      return -1;
    }
  }
  return at;
}
// Returns false, having done nothing, when the memory has no room for the staging area. A call
// that is not the last of its cipherSync (`last` false; 64 MiB goes as two calls) zeroes nothing
// of its workers' units: it records them in carry.range (absolute bytes), and the next call's
// units overwrite them and are zeroed one by one as usual; the last call zeroes what is left
// (carry.range outside its own units), a failure all of it. (Saves a zeroing pass over the
// workers' share of every call but the last: the staging area holds message bytes between the
// calls of one cipher call only.)
function cipherInPlace(spec, ready, st, pos, src, dst, enc, carry, last) {
  const G = spec.inPlace.granule;
  const len = src.length;
  const body = len - (len % G);
  const threads = ready.length + 1;
  let unit = Math.max(UNIT_MIN_BYTES, Math.ceil(body / (threads * CIPHER_UNITS_PER_THREAD)), Math.ceil(body / (MAX_UNITS - 1)));
  unit = Math.ceil(unit / G) * G;
  const n = body === 0 ? 0 : Math.ceil(body / unit);
  const pool = ready.slice(0, Math.max(0, n - 1));
  if (pool.length === 0) return false;
  const memory = sharedMemory(spec);
  const bytes = engineInstance(spec).target.memoryBytes;
  for (const w of pool) copyFor(memory, bytes, w.index);
  const S = stagingArea(memory, bytes, body);
  if (S < 0) return false;
  const mem = new Uint8Array(memory.buffer);
  const keyLength = st.key.length;
  const keys = new Uint8Array(takeStaging(keyLength + st.nonce.length), 0, keyLength + st.nonce.length);
  keys.set(st.key, 0);
  keys.set(st.nonce, keyLength);
  const call = newCall(pool.length);
  call.ctl[CLAIM] = (n - pool.length) << 16;
  call.ctl[COPIED] = n;
  const done = new Int32Array(new SharedArrayBuffer(4 * n));
  let kept = n; // units [kept, n) are in dst, and zero in the staging area
  const harvest = (floor, all) => {
    while (kept > floor && (all || Atomics.load(done, kept - 1) === 1)) {
      const a = --kept * unit, b = Math.min(body, a + unit);
      dst.set(mem.subarray(S + a, S + b), a);
      if (last) wipeRange(mem, S + a, S + b);
    }
  };
  carry.mem = mem;
  const job = { type: 'cipher', staging: keys.buffer, done: done.buffer, len: body, unit, pos, at: S, keyAt: 0, keyLength, nonceAt: keyLength, nonceLength: st.nonce.length, params: st.params, enc, chainAt: -1 };
  sendAll(call, pool, n, null, spec, memory, job, cipherNames.get(spec));
  let ok = false;
  try {
    shareSync(
      call,
      n,
      (u) => mem.set(src.subarray(u * unit, Math.min(body, (u + 1) * unit)), S + u * unit),
      (u) => {
        const a = u * unit, b = Math.min(body, a + unit);
        spec.range(st, pos + a, src.subarray(a, b), dst.subarray(a, b), enc, null);
        harvest(0, false);
      },
      Math.max(2 * pool.length, Math.ceil(CIPHER_AHEAD_BYTES / unit)),
    );
    ok = true;
  } finally {
    const failure = failureOf(call, memory, spec);
    try {
      if (failure === null && ok) harvest(call.first, true);
      else {
        ok = false;
        dst.fill(0);
      }
    } finally {
      // Units this thread copied and then did itself; after a failure, the whole area. The units
      // of an earlier call: zeroed now but where this call's zeroed units lie over them.
      const z0 = S + Math.min(call.copied, call.first) * unit, z1 = S + body;
      const r = carry.range;
      if (!ok) {
        wipeRange(mem, S, S + body);
        if (r !== null) wipeRange(mem, r[0], r[1]);
        carry.range = null;
      } else if (last) {
        wipeRange(mem, z0, S + Math.max(call.copied, call.first) * unit);
        if (r !== null) {
          if (r[0] < Math.min(r[1], z0)) wipeRange(mem, r[0], Math.min(r[1], z0));
          if (Math.max(r[0], z1) < r[1]) wipeRange(mem, Math.max(r[0], z1), r[1]);
        }
        carry.range = null;
      } else carry.range = r === null ? [z0, z1] : [Math.min(r[0], z0), Math.max(r[1], z1)];
      release(call, keys);
      if (!call.reusable) stageShift.set(memory, (stageShift.get(memory) ?? 0) + Math.ceil(body / 65536) * 65536);
    }
    if (failure !== null) throw failure;
  }
  if (body < len) spec.range(st, pos + body, src.subarray(body), dst.subarray(body), enc, null);
  return true;
}
