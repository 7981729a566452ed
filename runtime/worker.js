// A thread of the wasm_threads worker pool (runtime/workers.js). It builds the wasm_threads
// entry's hash functions, whose instances link over the callers' shared memories at this
// thread's copy of the layout (Instance.linkAt), and runs the jobs it is sent: each reports
// completion in the job's control word (for a blocked caller) and by a message (for async ones).
import * as entry from '../wasm_threads.js';
import { specOf } from './shell.js';
import { WP } from './workers.js';

// A pool worker hashes its share alone: a pool of its own would hand out the same copies of the
// layout (k + 1 of the caller's memory) as the caller's pool, and its workers would overwrite
// the state of the caller's (BLAKE3 messages of 1 MiB or more in a parallel job hashed wrong).
WP.setSize(1);

// The engine spec of the entry's hash `name`, its instance linked over `memory` at `base` (the
// first job of each hash says where; the memory behind the cloned Memory object is the same
// every time).
function specFor(name, memory, base) {
  const hash = Object.prototype.hasOwnProperty.call(entry, name) ? entry[name] : undefined;
  const spec = hash === undefined ? undefined : specOf(hash);
  if (spec === undefined) throw new Error(`no wasm_threads hash named ${name}`);
  const I = spec.instance;
  if (I.linkAt === null) I.linkAt = { memory, base };
  return spec;
}

const wt =
  typeof process === 'object' && process !== null && typeof process.getBuiltinModule === 'function'
    ? process.getBuiltinModule('node:worker_threads')
    : undefined;
const port = wt !== undefined && wt.parentPort ? wt.parentPort : globalThis;
const post = (m) => port.postMessage(m);
const encoder = new TextEncoder();

function parallel(job) {
  const { name, memory, base, staging, spans, outAt, dkLen, params } = job;
  const spec = specFor(name, memory, base);
  const buf = new Uint8Array(staging);
  const n = spans.length / 2;
  const list = new Array(n);
  const outs = new Array(n);
  for (let i = 0; i < n; i++) {
    list[i] = buf.subarray(spans[2 * i], spans[2 * i] + spans[2 * i + 1]);
    outs[i] = [buf, outAt + i * dkLen];
  }
  // SIMD lanes where the engine has them (as the calling thread does), the rest one by one.
  const done = spec.parallel !== undefined ? spec.parallel(list, params, dkLen, outs, new Array(n)) : 0;
  for (let i = done; i < n; i++) spec.run(list[i], null, params, dkLen, buf, outs[i][1]);
}

function blake3(job) {
  const { name, memory, base, staging, pieces, cvAt, key, mode } = job;
  const spec = specFor(name, memory, base);
  spec.subtrees(new Uint8Array(staging, 0, cvAt), pieces, key, mode, new Uint32Array(staging, cvAt, (8 * pieces.length) / 3));
  key.fill(0);
}

// Test hook (tests/lib/workers.test.js): make the next job throw, or end this thread mid-job.
let poison = null;

// The job under way: if this thread exits during it (process.exit in Node runs 'exit' handlers
// on this thread), a caller blocked in Atomics.wait is told, rather than waiting forever.
let current = null;
let readyFlag = null; // [ready words, this thread's index], from the init message
if (wt !== undefined)
  process.on('exit', () => {
    if (readyFlag !== null) Atomics.store(readyFlag[0], readyFlag[1], 0); // take no more jobs
    if (current === null) return;
    fail(current, 'the worker thread exited during the job');
    Atomics.store(current.ctl, current.slot, 3); // 3: failed, and this thread is gone
    Atomics.notify(current.ctl, current.slot);
  });

function fail(job, message) {
  const text = encoder.encode(message).subarray(0, 255);
  new Uint8Array(job.errors, 256 * job.slot, 256).set(text);
}

function onMessage(job) {
  if (job.type === 'init') {
    readyFlag = [job.ready, job.index];
    Atomics.store(job.ready, job.index, 1);
    Atomics.notify(job.ready, job.index);
    post({ type: 'ready' });
    return;
  }
  if (job.type === 'poison') {
    poison = job.how;
    return;
  }
  let status = 1;
  current = job;
  try {
    if (poison === 'throw') {
      poison = null;
      throw new Error('poisoned job (test)');
    }
    if (poison === 'exit') {
      // Die mid-job, with bytes left in this thread's copy of the layout for the caller to wipe.
      new Uint8Array(job.memory.buffer, job.base, 64).fill(0xaa);
      if (wt !== undefined) process.exit(3);
      globalThis.close();
    }
    if (job.type === 'parallel') parallel(job);
    else if (job.type === 'blake3') blake3(job);
    else throw new Error(`unknown job type ${job.type}`);
  } catch (e) {
    status = 2;
    fail(job, String(e && e.message ? e.message : e));
  }
  current = null;
  Atomics.store(job.ctl, job.slot, status);
  Atomics.notify(job.ctl, job.slot);
  post({ id: job.id, status });
}

if (port === globalThis) globalThis.onmessage = (e) => onMessage(e.data);
else port.on('message', onMessage);
