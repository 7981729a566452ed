// A thread of the wasm_threads worker pool (runtime/workers.js). It builds the wasm_threads
// entry's hash functions, whose instances link over the callers' shared memories at this
// thread's copy of the layout (Instance.linkAt), and runs the jobs it is sent: each reports
// completion in the job's control word (for a blocked caller) and by a message (for async ones).
import * as entry from '../wasm_threads.js';
import { specOf } from './shell.js';
import { cipherSpecOf } from './cipher.js';
import { scryptLaneForWorkers, scryptMemoryForTests } from './scrypt.js';
import { argon2FillForWorkers } from './argon2.js';
import { WP, CHUNK, CLAIM, COPIED, FIN, STATUS, wipeRange, ABORT, claimTicket, ticketsEnded, endTicket } from './workers.js';

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

// Claims the next unit from the back of the call, or returns -1 when none is left.
function claim(ctl) {
  for (;;) {
    const c = Atomics.load(ctl, CLAIM);
    const back = c >>> 16;
    if ((c & 0xffff) >= back) return -1;
    if (Atomics.compareExchange(ctl, CLAIM, c, (c & 0xffff) | ((back - 1) << 16)) === c) return back - 1;
  }
}

// Runs unit job.first, then every unit this thread can claim, each once its bytes are in the
// staging buffer; each unit's end is counted in FIN (current.unit: the unit under way, for fail()).
function units(job, each) {
  const ctl = job.ctl;
  for (let u = job.first; u >= 0; u = claim(ctl)) {
    current.unit = u;
    for (let c; (c = Atomics.load(ctl, COPIED)) > u; ) Atomics.wait(ctl, COPIED, c);
    each(u);
    current.unit = -1;
    Atomics.add(ctl, FIN, 1);
    Atomics.notify(ctl, FIN);
  }
}

// The job's options, each byte array a view of the staging buffer (runtime/workers.js
// parallelStaging: keys and salts travel there, not in the message).
function paramsOf(staged, staging) {
  if (staged === null) return null;
  const params = {};
  for (const k of Object.keys(staged)) {
    const v = staged[k];
    params[k] = v !== null && typeof v === 'object' ? new Uint8Array(staging, v.stagedAt, v.length) : v;
  }
  return params;
}

function parallel(job) {
  const { name, memory, base, staging, spans, bounds, outAt, dkLen } = job;
  const spec = specFor(name, memory, base);
  const buf = new Uint8Array(staging);
  const params = paramsOf(job.params, staging);
  units(job, (u) => {
    const a = bounds[u];
    const n = bounds[u + 1] - a;
    const list = new Array(n);
    const outs = new Array(n);
    for (let i = 0; i < n; i++) {
      list[i] = buf.subarray(spans[2 * (a + i)], spans[2 * (a + i)] + spans[2 * (a + i) + 1]);
      outs[i] = [buf, outAt + (a + i) * dkLen];
    }
    // SIMD lanes where the engine has them (as the calling thread does), the rest one by one.
    const done = spec.parallel !== undefined ? spec.parallel(list, params, dkLen, outs, new Array(n)) : 0;
    for (let i = done; i < n; i++) spec.run(list[i], null, params, dkLen, buf, outs[i][1]);
    // This unit's message bytes are done with: zeroed here, in parallel, not by the caller.
    const last = a + n - 1;
    wipeRange(buf, spans[2 * a], spans[2 * last] + spans[2 * last + 1]);
  });
}

function blake3(job) {
  const { name, memory, base, staging, pieces, cvAt, keyAt, mode } = job;
  const spec = specFor(name, memory, base);
  const msg = new Uint8Array(staging, 0, cvAt);
  const key = new Uint32Array(staging, keyAt, 8);
  units(job, (u) => {
    spec.subtrees(msg, pieces.slice(3 * u, 3 * u + 3), key, mode, new Uint32Array(staging, cvAt + 32 * u, 8));
    wipeRange(msg, pieces[3 * u], pieces[3 * u] + pieces[3 * u + 2] * CHUNK); // (see parallel)
  });
}

// Cipher units (runtime/workers.js cipherCall): unit u is bytes [u * unit, ...) of the staging
// buffer, done in place by the entry's cipher `name` linked over the caller's memory at this
// thread's copy (its engine zeroes the kernel regions after each unit). The key and nonce are
// views of the staging buffer (zeroed by the caller after the call), never copied here.
function cipherUnits(job) {
  const { name, memory, base, staging, len, unit, pos, keyAt, keyLength, nonceAt, nonceLength, params, enc, chainAt } = job;
  const fn = Object.prototype.hasOwnProperty.call(entry, name) ? entry[name] : undefined;
  const spec = fn === undefined ? undefined : cipherSpecOf(fn);
  if (spec === undefined || typeof spec.range !== 'function') throw new Error(`no wasm_threads cipher named ${name}`);
  const I = spec.poolInstance !== undefined ? spec.poolInstance : spec.instance;
  if (I.linkAt === null) I.linkAt = { memory, base };
  const buf = new Uint8Array(staging);
  const done = new Int32Array(job.done);
  const st = { key: buf.subarray(keyAt, keyAt + keyLength), nonce: buf.subarray(nonceAt, nonceAt + nonceLength), params };
  // In place (runtime/workers.js cipherInPlace): unit u lies at byte job.at + u * unit of the
  // caller's memory, XORed there by one call of the engine's heap kernel.
  if (job.at !== undefined) {
    if (spec.inPlace === undefined) throw new Error(`${name} has no in-place kernel here`);
    return units(job, (u) => {
      const a = u * unit;
      spec.inPlace.run(st, pos + a, job.at + a, Math.min(len, a + unit) - a);
      Atomics.store(done, u, 1);
    });
  }
  units(job, (u) => {
    const a = u * unit;
    const v = buf.subarray(a, Math.min(len, a + unit));
    spec.range(st, pos + a, v, v, enc, chainAt < 0 ? null : buf.subarray(chainAt + 16 * u, chainAt + 16 * u + 16));
    Atomics.store(done, u, 1); // (the caller may copy it out now)
  });
}

// KDF lanes (runtime/workers.js lanesStart): unit u is scrypt's lane u, the 128 * r bytes at
// u * 128 * r of the staging buffer, mixed in place in this thread's own heap (zeroed after each
// lane by runtime/heap.js; the caller zeroes the staging buffer once it has the results). A
// message after each lane lets an async caller report progress.
function kdfLanes(job) {
  const { name, staging, N, r } = job;
  const kdf = Object.prototype.hasOwnProperty.call(entry, name) ? entry[name] : undefined;
  if (typeof kdf !== 'function') throw new Error(`no wasm_threads KDF named ${name}`);
  const words = 32 * r;
  units(job, (u) => {
    scryptLaneForWorkers(kdf, new Uint32Array(staging, 4 * words * u, words), N, r, poison === 'lane' ? poisonedLane(N) : undefined);
    post({ type: 'lane', id: job.id });
  });
}

// Argon2 lanes (runtime/workers.js argon2Start): tickets of the call's memory, the caller's
// shared heap, filled with this thread's own working blocks (job.own) by the entry's argon2_fill
// linked over that memory for this job; each ticket waits for the slices before it
// (ticketsEnded), in pieces of PIECE blocks. The caller zeroes the memory after the call: this
// thread keeps nothing of it (its instance is dropped with the job). A message after each ticket
// lets an async caller report progress.
const PIECE = 256;
function argon2Lanes(job) {
  const { name, memory, heapBytes, own, lanes, segment, total, ctl } = job;
  const kdf = Object.prototype.hasOwnProperty.call(entry, name) ? entry[name] : undefined;
  if (typeof kdf !== 'function') throw new Error(`no wasm_threads KDF named ${name}`);
  const fill = argon2FillForWorkers(kdf, memory, heapBytes);
  for (let k; (k = claimTicket(ctl, total)) >= 0; ) {
    current.unit = k; // (fail() counts it as ended)
    const round = Math.floor(k / lanes);
    while (ticketsEnded(ctl, round * lanes, 1000) === 0);
    if (Atomics.load(ctl, ABORT) !== 0) break; // (fail() or the loop's end counts the ticket)
    const lane = k - round * lanes, pass = Math.floor(round / 4), slice = round % 4;
    for (let from = round === 0 ? 2 : 0; from < segment; ) {
      const to = Math.min(segment, from + PIECE);
      fill(pass, slice, lane, from, to, own);
      from = to;
      if (poison === 'lane' && from >= segment / 2) {
        poison = null;
        throw new Error('poisoned lane (test)'); // halfway through a segment, blocks written
      }
    }
    current.unit = -1;
    endTicket(ctl);
    post({ type: 'lane', id: job.id });
  }
  if (current.unit >= 0) {
    current.unit = -1;
    endTicket(ctl); // a ticket given up after an abort
  }
}

// Test hook (tests/lib/workers.test.js): make the next job throw, or end this thread mid-job, or
// ('lane') make the next KDF lane throw halfway, once V is filled (its heap left for close() to zero;
// Argon2: halfway through a segment, in the caller's memory that it zeroes).
let poison = null;
const poisonedLane = (N) => (done) => {
  if (done < N) return;
  poison = null;
  throw new Error('poisoned lane (test)');
};

// The job under way and its unit: if this thread exits during it (process.exit in Node runs
// 'exit' handlers on this thread), a caller blocked in Atomics.wait is told, rather than waiting
// forever.
let current = null;
let readyFlag = null; // [ready words, this thread's index], from the init message
if (wt !== undefined)
  process.on('exit', () => {
    if (readyFlag !== null) Atomics.store(readyFlag[0], readyFlag[1], 0); // take no more jobs
    if (current !== null) fail(current.job, 'the worker thread exited during the job', 3);
  });

// Job `job` failed with `message`: its status (2, or 3 when this thread is going away) and error
// text set, and the unit under way counted as ended.
function fail(job, message, status) {
  if (job.type === 'argon2_lanes') Atomics.store(job.ctl, ABORT, 1); // the other threads stop (before FIN below)
  const text = encoder.encode(message).subarray(0, 255);
  new Uint8Array(job.errors, 256 * job.slot, 256).set(text);
  Atomics.store(job.ctl, STATUS + job.slot, status);
  Atomics.notify(job.ctl, STATUS + job.slot);
  if (current !== null && current.unit >= 0) {
    current.unit = -1;
    Atomics.add(job.ctl, FIN, 1);
  }
  Atomics.notify(job.ctl, FIN);
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
  if (job.type === 'kdf_memory') {
    // Test hook: a copy of this thread's scrypt memory (layout and heap), or null.
    const mem = scryptMemoryForTests(entry.scrypt);
    post({ type: 'kdf_memory', bytes: mem === null ? null : mem.slice() });
    return;
  }
  let status = 1;
  current = { job, unit: job.first };
  try {
    if (poison === 'lane' && job.type !== 'kdf_lanes' && job.type !== 'argon2_lanes') poison = null;
    if (poison === 'throw') {
      poison = null;
      throw new Error('poisoned job (test)');
    }
    if (poison === 'exit') {
      // Die mid-job, with bytes left in this thread's copy of the layout for the caller to wipe.
      if (job.memory !== undefined) new Uint8Array(job.memory.buffer, job.base, 64).fill(0xaa);
      if (wt !== undefined) process.exit(3);
      fail(job, 'the worker thread exited during the job', 3); // (a Web Worker has no 'exit' event)
      current = null;
      globalThis.close();
      return;
    }
    if (job.type === 'parallel') parallel(job);
    else if (job.type === 'blake3') blake3(job);
    else if (job.type === 'kdf_lanes') kdfLanes(job);
    else if (job.type === 'cipher') cipherUnits(job);
    else if (job.type === 'argon2_lanes') argon2Lanes(job);
    else throw new Error(`unknown job type ${job.type}`);
    Atomics.store(job.ctl, STATUS + job.slot, 1);
  } catch (e) {
    status = 2;
    fail(job, String(e && e.message ? e.message : e), 2);
  }
  current = null;
  post({ id: job.id, status });
}

if (port === globalThis) globalThis.onmessage = (e) => onMessage(e.data);
else port.on('message', onMessage);
