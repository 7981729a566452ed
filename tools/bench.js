#!/usr/bin/env node
// Benchmark of every hash (and MAC: poly1305 against @noble/ciphers and chainsafe) against the peers named in /work/shared/design/performance.md
// (@noble/hashes, hash-wasm's reused hasher, node:crypto where it has the algorithm), all in one
// process and interleaved: each round runs every implementation for a short time slice (in a
// rotating order), and the table shows the median over rounds. Not a test: numbers are noisy,
// judge by the ratios within one run.
//
//   node tools/bench.js [filter] [--rounds=5] [--slice=100] [--runtime] [--backends=wasm,js] [--argon2-m=65536] [--hashes] [--cpu]
//
// --cpu times the hash, MAC, cipher and AES cases by the process's CPU time (process.cpuUsage,
// all threads: GC helpers count) instead of the wall clock: on a loaded machine a slice that is
// descheduled halfway no longer counts the time it waited, so same-run ratios move much less.
//
// The cipher cases ("chacha20", "salsa20 64B"; CIPHERS below) encrypt with a fresh instance per call.
// --output gives every cipher call that takes one (ours, @noble/ciphers but for its
// xsalsa20poly1305, chainsafe; not node:crypto; AES in CTR and CBC for ours and noble) one
// preallocated output array instead of a fresh result: the numbers then time the
// cipher rather than the allocator. A fresh 1 MiB result can cost more than the cipher: in the VM
// of 2026-12-02 every one took 255 page faults, 2-4 ms of CPU time (docs/notes.md, chacha). The
// cipher tables' last column, `faults`, is the median of the process's minor page faults per call
// over the rounds (process.resourceUsage): a row with about 256 at 1 MiB times the allocator.
// The KDF cases ("pbkdf2", "scrypt", "argon2"; KDFS below) run one derivation per call against
// @noble/hashes, hash-wasm and node:crypto where they have it, and show ms per call and ratios.
//
// `filter` is a substring of the case name ("sha256", "sha3_256 1MiB", "32B", "parallel",
// "blake"), or several separated by commas (a case runs when its name has any of them).
// --hashes runs the hash cases alone (no MACs, KDFs or ciphers) and ends with a summary: one line
// per case, each of our backends as a ratio to noble and to hash-wasm's reused hasher. MB = 1e6 bytes. The runtime backend (the interpreter) is left out of 1 MiB cases
// unless --runtime is given (about a second per call). The parallel case runs our parallel()
// (SIMD lanes on wasm) against the peers hashing in a loop.
import { hash as nodeHashFn, createHash, pbkdf2Sync } from 'node:crypto';
import * as hashWasm from 'hash-wasm';

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const a = args.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.split('=')[1]) : dflt;
};
const filters = (args.find((x) => !x.startsWith('--')) || '').split(',');
const matches = (name) => filters.some((f) => name.includes(f));
const HASHES_ONLY = args.includes('--hashes');
const summary = [];
const ROUNDS = flag('rounds', 5);
const SLICE_MS = flag('slice', 100);
const WITH_RUNTIME = args.includes('--runtime');
const CPU = args.includes('--cpu');
const OUTPUT = args.includes('--output');
// Milliseconds: of CPU time used by this process (--cpu), or of wall-clock time.
const clock = CPU ? () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; } : () => performance.now();
// Which of our backends to load. An application imports one entry; loading all four in one
// process makes the runtime code they share (runtime/shell.js and the engines) see four kinds
// of kernel functions and memories at the same call sites, which V8 optimizes less well than
// one: short calls measured up to 1.3x faster with one backend loaded.
const BACKENDS = (args.find((x) => x.startsWith('--backends=')) || '--backends=wasm,wasm_threads,js,runtime').split('=')[1].split(',');

// Our backends; one that fails to load is reported and left out.
const ours = [];
for (const b of BACKENDS) {
  try {
    ours.push({ name: `awasmc ${b}`, backend: b, mod: await import(`../${b}.js`) });
  } catch (e) {
    console.log(`(awasmc ${b} not loaded: ${e.message})`);
  }
}

const nodeHash =
  typeof nodeHashFn === 'function'
    ? (alg, msg) => nodeHashFn(alg, msg, 'buffer')
    : (alg, msg) => createHash(alg).update(msg).digest();
const nodeLabel = typeof nodeHashFn === 'function' ? 'node:crypto hash()' : 'node:crypto createHash()';

// Every hash: @noble/hashes' module, hash-wasm's hasher factory and node:crypto's name, where the
// peer has it. (noble has them all and is the reference each implementation is checked against.)
const hw = (f, ...a) => () => hashWasm[f](...a);
const ALGS = {
  sha224: { noble: 'sha2', hw: hw('createSHA224'), node: 'sha224' },
  sha256: { noble: 'sha2', hw: hw('createSHA256'), node: 'sha256' },
  sha384: { noble: 'sha2', hw: hw('createSHA384'), node: 'sha384' },
  sha512: { noble: 'sha2', hw: hw('createSHA512'), node: 'sha512' },
  sha512_224: { noble: 'sha2', node: 'sha512-224' },
  sha512_256: { noble: 'sha2', node: 'sha512-256' },
  sha1: { noble: 'legacy', hw: hw('createSHA1'), node: 'sha1' },
  md5: { noble: 'legacy', hw: hw('createMD5'), node: 'md5' },
  ripemd160: { noble: 'legacy', hw: hw('createRIPEMD160'), node: 'ripemd160' },
  sha3_224: { noble: 'sha3', hw: hw('createSHA3', 224), node: 'sha3-224' },
  sha3_256: { noble: 'sha3', hw: hw('createSHA3', 256), node: 'sha3-256' },
  sha3_384: { noble: 'sha3', hw: hw('createSHA3', 384), node: 'sha3-384' },
  sha3_512: { noble: 'sha3', hw: hw('createSHA3', 512), node: 'sha3-512' },
  keccak_224: { noble: 'sha3', hw: hw('createKeccak', 224) },
  keccak_256: { noble: 'sha3', hw: hw('createKeccak', 256) },
  keccak_384: { noble: 'sha3', hw: hw('createKeccak', 384) },
  keccak_512: { noble: 'sha3', hw: hw('createKeccak', 512) },
  shake128: { noble: 'sha3', node: 'shake128' },
  shake256: { noble: 'sha3', node: 'shake256' },
  blake224: { noble: 'blake1' },
  blake256: { noble: 'blake1' },
  blake384: { noble: 'blake1' },
  blake512: { noble: 'blake1' },
  blake2b: { noble: 'blake2', hw: hw('createBLAKE2b', 512), node: 'blake2b512' },
  blake2s: { noble: 'blake2', hw: hw('createBLAKE2s', 256), node: 'blake2s256' },
  blake3: { noble: 'blake3', hw: hw('createBLAKE3') },
};
// Only the hashes our entries export (the list grows with the library).
const ALG_NAMES = Object.keys(ALGS).filter((a) => ours.length > 0 && typeof ours[0].mod[a] === 'function');
// The MACs: a fixed key; @noble/ciphers is the reference, @chainsafe/as-chacha20poly1305's
// Poly1305 (wasm, reused instance) the second peer (in the "x peer" column).
const MAC_KEY = Uint8Array.from({ length: 32 }, (_, i) => i * 7 + 1);
const MACS = {
  poly1305: {
    noble: async () => (await import('@noble/ciphers/_poly1305.js')).poly1305,
    peer: async () => {
      const { Poly1305, newInstance } = (await import('@chainsafe/as-chacha20poly1305')).default;
      const p = new Poly1305(newInstance());
      return { name: 'chainsafe Poly1305', sync: (m) => (p.init(MAC_KEY), p.update(m), p.digest()) };
    },
  },
  // 16-byte keys, noble only
  ghash: { key: MAC_KEY.subarray(0, 16), noble: async () => (await import('@noble/ciphers/_polyval.js')).ghash },
  polyval: { key: MAC_KEY.subarray(0, 16), noble: async () => (await import('@noble/ciphers/_polyval.js')).polyval },
};
const MAC_NAMES = Object.keys(MACS).filter((a) => ours.length > 0 && typeof ours[0].mod[a] === 'function');
async function macImplementations(alg, size) {
  const spec = MACS[alg];
  const nobleMac = await spec.noble();
  const key = spec.key || MAC_KEY;
  const noble = (m) => nobleMac(m, key);
  const list = ours.filter((o) => WITH_RUNTIME || o.backend !== 'runtime' || size <= 64 * 1024).map(({ name, mod }) => {
    const f = mod[alg]; // looked up once (see implementations())
    return { name, sync: (m) => f(m, key) };
  });
  list.push({ name: '@noble/ciphers', sync: noble, ref: 'noble' });
  if (spec.peer !== undefined) list.push({ ...(await spec.peer()), ref: 'hw' });
  return { noble, list, peer: 'x peer' };
}

async function implementations(alg, parallel, size) {
  const spec = ALGS[alg];
  const noble = (await import(`@noble/hashes/${spec.noble}.js`))[alg];
  const hwHasher = spec.hw ? await spec.hw() : null;
  const mine = ours.filter((o) => WITH_RUNTIME || o.backend !== 'runtime' || size <= 64 * 1024);
  const list = [];
  if (parallel) {
    // Many independent messages: ours through parallel() (SIMD lanes on wasm), the peers in a loop.
    // Each returns the first digest (checked), after computing all of them.
    const each = (f) => (ms) => {
      let first = null;
      for (const m of ms) {
        const d = f(m);
        if (first === null) first = d;
      }
      return first;
    };
    // sha224_lanes/sha256_lanes: the same hash with parallel() in SIMD lanes (an opt-in export).
    for (const { name, mod } of mine) list.push({ name, sync: (ms) => (mod[`${alg}_lanes`] || mod[alg]).parallel(ms)[0] });
    list.push({ name: '@noble/hashes', sync: each((m) => noble(m)), ref: 'noble' });
    if (hwHasher) list.push({ name: 'hash-wasm reused hasher', sync: each((m) => hwHasher.init().update(m).digest('binary')), ref: 'hw' });
    if (spec.node) list.push({ name: nodeLabel, sync: each((m) => nodeHash(spec.node, m)) });
    return { noble, list };
  }
  // The function is looked up once, as the peers' are: a keyed load from a module namespace in
  // every call (`mod[alg](m)`) went megamorphic once a few cases had run, and cost our 32-byte
  // rows up to a quarter of their rate (blake3 32B: 0.89x hash-wasm after md5 and ripemd160 ran,
  // 1.2x alone).
  for (const { name, mod } of mine) {
    const f = mod[alg];
    list.push({ name, sync: (m) => f(m) });
  }
  list.push({ name: '@noble/hashes', sync: (m) => noble(m), ref: 'noble' });
  if (hwHasher) list.push({ name: 'hash-wasm reused hasher', sync: (m) => hwHasher.init().update(m).digest('binary'), ref: 'hw' });
  if (spec.node) list.push({ name: nodeLabel, sync: (m) => nodeHash(spec.node, m) });
  return { noble, list };
}

const KiB = 1024;
const CASES = [];
// The KDF cases: each gives its implementations as { name, sync | async, ref } (ours: one per
// backend; the runtime backend only with --runtime) returning the derived key.
const PW = new TextEncoder().encode('password');
const SALT = new TextEncoder().encode('salt0123456789ab');
const pbkdf2Case = (alg, log2c, hwName, nodeName) => ({
  name: `pbkdf2-${alg} c=2^${log2c}`,
  kdf: async () => {
    const c = 2 ** log2c;
    const nobleHash = (await import('@noble/hashes/sha2.js'))[alg];
    const { pbkdf2: noblePbkdf2 } = await import('@noble/hashes/pbkdf2.js');
    const list = ours.filter((o) => WITH_RUNTIME || o.backend !== 'runtime')
      .map(({ name, mod }) => ({ name, sync: () => mod.pbkdf2(mod[alg])(PW, SALT, { c, dkLen: 32 }) }));
    list.push({ name: '@noble/hashes', sync: () => noblePbkdf2(nobleHash, PW, SALT, { c, dkLen: 32 }), ref: 'noble' });
    list.push({
      name: 'hash-wasm', ref: 'hw',
      async: () => hashWasm.pbkdf2({ password: PW, salt: SALT, iterations: c, hashLength: 32, hashFunction: hashWasm[hwName](), outputType: 'binary' }),
    });
    list.push({ name: 'node:crypto pbkdf2Sync', sync: () => pbkdf2Sync(PW, SALT, c, 32, nodeName), ref: 'node' });
    return list;
  },
});
// scrypt (r = 8, p = 1): against noble, hash-wasm and node:crypto (maxmem raised for N = 2^17).
// With p > 1 (the p = 4 row), wasm_threads runs the lanes across its worker pool (sync: the
// calling thread and the workers; .async: the workers alone), the others one lane after another.
const scryptCase = (log2N, p = 1) => ({
  name: `scrypt N=2^${log2N} r=8 p=${p}`,
  kdf: async () => {
    const N = 2 ** log2N, r = 8, maxmem = 2 ** 31;
    const { scrypt: nobleScrypt } = await import('@noble/hashes/scrypt.js');
    const { scryptSync } = await import('node:crypto');
    const list = ours.filter((o) => WITH_RUNTIME || o.backend !== 'runtime')
      .map(({ name, mod }) => ({ name, sync: () => mod.scrypt(PW, SALT, { N, r, p, dkLen: 32, maxmem }) }));
    const threads = ours.find((o) => o.backend === 'wasm_threads');
    if (p > 1 && threads !== undefined) {
      await threads.mod.scrypt.async(PW, SALT, { N, r, p, dkLen: 32, maxmem }); // the pool is up
      list.push({ name: 'awasmc wasm_threads .async', async: () => threads.mod.scrypt.async(PW, SALT, { N, r, p, dkLen: 32, maxmem }) });
    }
    list.push({ name: '@noble/hashes', sync: () => nobleScrypt(PW, SALT, { N, r, p, dkLen: 32, maxmem }), ref: 'noble' });
    list.push({
      name: 'hash-wasm', ref: 'hw',
      async: () => hashWasm.scrypt({ password: PW, salt: SALT, costFactor: N, blockSize: r, parallelism: p, hashLength: 32, outputType: 'binary' }),
    });
    list.push({ name: 'node:crypto scryptSync', sync: () => scryptSync(PW, SALT, 32, { N, r, p, maxmem }), ref: 'node' });
    return list;
  },
});
// argon2id t=1, m=64 MiB (--argon2-m=KiB to change), p=1, 2 and 4. With p > 1 wasm_threads fills
// the lanes across its worker pool (sync: the calling thread and the workers; .async: the
// workers alone), the others one lane after another.
const ARGON2_M = flag('argon2-m', 65536);
const argon2Case = (p) => ({
  name: `argon2id t=1 m=${ARGON2_M / 1024} MiB p=${p}`,
  kdf: async () => {
    const opts = { t: 1, m: ARGON2_M, p, dkLen: 32 };
    const { argon2id: nobleArgon2id } = await import('@noble/hashes/argon2.js');
    const list = ours.filter((o) => WITH_RUNTIME || o.backend !== 'runtime').map(({ name, mod }) => ({ name, sync: () => mod.argon2id(PW, SALT, opts) }));
    const threads = ours.find((o) => o.backend === 'wasm_threads');
    if (p > 1 && threads !== undefined) {
      await threads.mod.argon2id.async(PW, SALT, opts); // the pool is up
      list.push({ name: 'awasmc wasm_threads .async', async: () => threads.mod.argon2id.async(PW, SALT, opts) });
    }
    list.push({ name: '@noble/hashes', sync: () => nobleArgon2id(PW, SALT, opts), ref: 'noble' });
    list.push({
      name: 'hash-wasm', ref: 'hw',
      async: () => hashWasm.argon2id({ password: PW, salt: SALT, iterations: 1, memorySize: ARGON2_M, parallelism: p, hashLength: 32, outputType: 'binary' }),
    });
    return list;
  },
});
const KDFS = [
  pbkdf2Case('sha256', 16, 'createSHA256', 'sha256'), pbkdf2Case('sha512', 16, 'createSHA512', 'sha512'),
  scryptCase(14), scryptCase(17), scryptCase(14, 4), argon2Case(1), argon2Case(2), argon2Case(4),
];
for (const alg of ALG_NAMES)
  for (const [label, size] of [['32B', 32], ['1KiB', KiB], ['1MiB', KiB * KiB]]) CASES.push({ alg, label, size, name: `${alg} ${label}` });
CASES.push({ alg: 'sha256', label: 'parallel 64x1KiB', size: 64 * KiB, count: 64, name: 'sha256 parallel 64x1KiB' });
for (const alg of MAC_NAMES)
  for (const [label, size] of [['64B', 64], ['1KiB', KiB], ['1MiB', KiB * KiB]]) CASES.push({ alg, label, size, mac: true, name: `${alg} ${label}` });

// hash-wasm's one-shot sha*() resolves to a hex string; everyone else returns bytes.
const toHex = (r) => (typeof r === 'string' ? r : Buffer.from(r.buffer, r.byteOffset, r.length).toString('hex'));
let sink = 0;

// Runs `impl` for about `ms` milliseconds; returns [calls, seconds]. Time is read once per batch
// so that reading the clock does not dominate 32-byte calls.
async function runSlice(impl, msg, ms, state) {
  let calls = 0;
  const t0 = clock();
  let t = t0;
  do {
    const n = state.batch;
    if (impl.async) for (let i = 0; i < n; i++) sink ^= (await impl.async(msg)).length;
    else for (let i = 0; i < n; i++) sink ^= impl.sync(msg)[0];
    calls += n;
    t = clock();
    // aim for ~20 clock reads per slice
    if (t - t0 < ms / 20) state.batch = Math.min(state.batch * 2, 1 << 20);
  } while (t - t0 < ms);
  return [calls, (t - t0) / 1000];
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (x, digits = 0) => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pad = (s, n, left = false) => (left ? String(s).padStart(n) : String(s).padEnd(n));

console.log(`node ${process.version}, ${ROUNDS} rounds of ${SLICE_MS} ms${CPU ? ' of CPU time' : ''} per implementation, median shown; MB = 1e6 bytes`);
const started = performance.now();
for (const c of CASES.filter((x) => matches(x.name) && (!HASHES_ONLY || !x.mac))) {
  const bytes = new Uint8Array(c.size);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 131 + 7) & 255;
  // A parallel case hashes `count` equal-sized messages (different contents) per call.
  const msg = c.count ? Array.from({ length: c.count }, (_, k) => bytes.subarray((k * c.size) / c.count, ((k + 1) * c.size) / c.count)) : bytes;
  const { noble, list: impls, peer = 'x hash-wasm' } = c.mac ? await macImplementations(c.alg, c.size) : await implementations(c.alg, Boolean(c.count), c.size);
  // Everyone must agree (with noble) before anyone is timed.
  const want = toHex(noble(c.count ? msg[0] : msg));
  for (const impl of impls) {
    const got = toHex(impl.async ? await impl.async(msg) : impl.sync(msg));
    if (got !== want) throw new Error(`${impl.name} gives a wrong ${c.name} digest: ${got}`);
  }
  const states = impls.map(() => ({ batch: 1 }));
  for (const [i, impl] of impls.entries()) await runSlice(impl, msg, Math.min(SLICE_MS, 100), states[i]); // warm-up
  const rates = impls.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    for (let j = 0; j < impls.length; j++) {
      const i = (j + r) % impls.length; // rotate who goes first
      const [calls, secs] = await runSlice(impls[i], msg, SLICE_MS, states[i]);
      rates[i].push(calls / secs);
    }
  }
  const med = rates.map(median);
  const nobleRate = med[impls.findIndex((x) => x.ref === 'noble')];
  const hwAt = impls.findIndex((x) => x.ref === 'hw');
  const hwRate = hwAt < 0 ? NaN : med[hwAt];
  console.log(`\n${c.name} (${c.size} bytes)`);
  console.log(`${pad('implementation', 26)} ${pad('MB/s', 10, true)} ${pad('calls/s', 13, true)} ${pad('x noble', 8, true)} ${pad(peer, 12, true)}`);
  impls.forEach((impl, i) => {
    const mbs = (med[i] * c.size) / 1e6;
    console.log(
      `${pad(impl.name, 26)} ${pad(fmt(mbs, mbs < 10 ? 2 : 0), 10, true)} ${pad(fmt(med[i]), 13, true)} ${pad(fmt(med[i] / nobleRate, 2), 8, true)} ${pad(Number.isNaN(hwRate) ? '—' : fmt(med[i] / hwRate, 2), 12, true)}`
    );
  });
  summary.push({
    name: c.name,
    cells: impls.map((impl, i) => ({ impl, noble: med[i] / nobleRate, hw: med[i] / hwRate })).filter((x) => x.impl.name.startsWith('awasmc')),
  });
}
for (const k of KDFS.filter((x) => !HASHES_ONLY && matches(x.name))) {
  const impls = await k.kdf();
  const call = async (impl) => (impl.async ? await impl.async() : impl.sync());
  const want = toHex(await call(impls.find((x) => x.ref === 'noble')));
  for (const impl of impls) {
    const got = toHex(await call(impl));
    if (got !== want) throw new Error(`${impl.name} gives a wrong ${k.name} key: ${got}`);
  }
  const times = impls.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    for (let j = 0; j < impls.length; j++) {
      const i = (j + r) % impls.length; // rotate who goes first
      const t0 = performance.now();
      sink ^= (await call(impls[i]))[0];
      times[i].push(performance.now() - t0);
    }
  }
  const med = times.map(median);
  const at = (ref) => impls.findIndex((x) => x.ref === ref);
  const ratio = (i, ref) => (at(ref) < 0 ? '—' : fmt(med[at(ref)] / med[i], 2));
  console.log(`\n${k.name}`);
  console.log(`${pad('implementation', 26)} ${pad('ms', 10, true)} ${pad('x noble', 8, true)} ${pad('x hash-wasm', 12, true)} ${pad('x node', 8, true)}`);
  impls.forEach((impl, i) => {
    console.log(`${pad(impl.name, 26)} ${pad(fmt(med[i], 1), 10, true)} ${pad(ratio(i, 'noble'), 8, true)} ${pad(ratio(i, 'hw'), 12, true)} ${pad(ratio(i, 'node'), 8, true)}`);
  });
}
// The ciphers and AEADs (CIPHERS below): one encryption per call with a fresh instance (a cipher
// instance encrypts once), against @noble/ciphers, chainsafe's chacha20poly1305 and node:crypto
// where they have the cipher. The runtime
// backend joins the 64 B and 1 KiB rows (1 MiB with --runtime).
const CKEY = new Uint8Array(32).map((_, i) => i * 7 + 1);
const CNONCE = new Uint8Array(24).map((_, i) => i * 13 + 5);
const nobleCipher = async (name) => {
  const m = { ...(await import('@noble/ciphers/chacha.js')), ...(await import('@noble/ciphers/salsa.js')) };
  return m[name];
};
const CIPHERS = {
  chacha20: {
    node: async () => {
      const { createCipheriv } = await import('node:crypto');
      const iv = new Uint8Array(16); // node: 4-byte little-endian counter, then the 12-byte nonce
      iv.set(CNONCE.subarray(0, 12), 4);
      return (m) => createCipheriv('chacha20', CKEY, iv).update(m);
    },
  },
  chacha20orig: {}, xchacha20: {}, salsa20: {}, xsalsa20: {}, chacha8: {}, chacha12: {},
  // The AEADs (no AAD): noble's AEAD objects, chainsafe's seal and node:crypto for chacha20poly1305.
  chacha20poly1305: {
    aead: true,
    node: async () => {
      const { createCipheriv } = await import('node:crypto');
      const n12 = CNONCE.subarray(0, 12);
      return (m) => {
        const c = createCipheriv('chacha20-poly1305', CKEY, n12, { authTagLength: 16 });
        return Buffer.concat([c.update(m), c.final(), c.getAuthTag()]);
      };
    },
    chainsafe: async (out) => {
      const { ChaCha20Poly1305, newInstance } = (await import('@chainsafe/as-chacha20poly1305')).default;
      const c = new ChaCha20Poly1305(newInstance());
      const n12 = CNONCE.subarray(0, 12);
      return (m) => c.seal(CKEY, n12, m, undefined, out);
    },
  },
  xchacha20poly1305: { aead: true }, xsalsa20poly1305: { aead: true },
};
const cipherCases = [];
for (const name of Object.keys(CIPHERS).filter((a) => ours.length > 0 && typeof ours[0].mod[a] === 'function'))
  for (const [label, size] of [['64B', 64], ['1KiB', KiB], ['1MiB', KiB * KiB]]) cipherCases.push({ name: `${name} ${label}`, cipher: name, size });
for (const c of cipherCases.filter((x) => !HASHES_ONLY && matches(x.name))) {
  const msg = new Uint8Array(c.size).map((_, i) => (i * 131 + 7) & 255);
  const nonce = CNONCE.subarray(0, ours[0].mod[c.cipher].nonceLength);
  const noble = await nobleCipher(c.cipher);
  // (--output: one output array, long enough for the ciphertext and an AEAD's tag.)
  const out = OUTPUT ? new Uint8Array(c.size + (CIPHERS[c.cipher].aead ? 16 : 0)) : undefined;
  const impls = ours.filter((o) => WITH_RUNTIME || o.backend !== 'runtime' || c.size <= 64 * KiB)
    .map(({ name, mod }) => {
      const f = mod[c.cipher]; // looked up once (see implementations())
      return { name, sync: (m) => f(CKEY, nonce).encrypt(m, out) };
    });
  // (noble's xsalsa20poly1305 wants an output 32 bytes longer than its result, NaCl's zero
  // padding: it allocates its own there.)
  const nobleOut = c.cipher === 'xsalsa20poly1305' ? undefined : out;
  const nobleRun = CIPHERS[c.cipher].aead ? (m) => noble(CKEY, nonce).encrypt(m, nobleOut) : (m) => noble(CKEY, nonce, m, nobleOut);
  impls.push({ name: '@noble/ciphers', sync: nobleRun, ref: 'noble' });
  if (CIPHERS[c.cipher].chainsafe) impls.push({ name: 'chainsafe', sync: await CIPHERS[c.cipher].chainsafe(out), ref: 'chainsafe' });
  if (CIPHERS[c.cipher].node) impls.push({ name: 'node:crypto', sync: await CIPHERS[c.cipher].node(), ref: 'node' });
  const want = toHex(nobleRun(msg));
  for (const impl of impls) if (toHex(impl.sync(msg)) !== want) throw new Error(`${impl.name} gives a wrong ${c.name} ciphertext`);
  const states = impls.map(() => ({ batch: 1 }));
  for (const [i, impl] of impls.entries()) await runSlice(impl, msg, Math.min(SLICE_MS, 100), states[i]); // warm-up
  const rates = impls.map(() => []);
  const faults = impls.map(() => []); // minor page faults per call (the process's, while the slice ran)
  for (let r = 0; r < ROUNDS; r++)
    for (let j = 0; j < impls.length; j++) {
      const i = (j + r) % impls.length;
      const f0 = process.resourceUsage().minorPageFault;
      const [calls, secs] = await runSlice(impls[i], msg, SLICE_MS, states[i]);
      faults[i].push((process.resourceUsage().minorPageFault - f0) / calls);
      rates[i].push(calls / secs);
    }
  const med = rates.map(median);
  const rateOf = (ref) => (impls.findIndex((x) => x.ref === ref) < 0 ? NaN : med[impls.findIndex((x) => x.ref === ref)]);
  console.log(`\n${c.name} (${c.size} bytes)`);
  console.log(`${pad('implementation', 26)} ${pad('MB/s', 10, true)} ${pad('calls/s', 13, true)} ${pad('x noble', 8, true)} ${pad('x chainsafe', 12, true)} ${pad('x node', 8, true)} ${pad('faults', 8, true)}`);
  impls.forEach((impl, i) => {
    const mbs = (med[i] * c.size) / 1e6;
    const x = (ref) => (Number.isNaN(rateOf(ref)) ? '—' : fmt(med[i] / rateOf(ref), 2));
    const pf = median(faults[i]);
    console.log(`${pad(impl.name, 26)} ${pad(fmt(mbs, mbs < 10 ? 2 : 0), 10, true)} ${pad(fmt(med[i]), 13, true)} ${pad(x('noble'), 8, true)} ${pad(x('chainsafe'), 12, true)} ${pad(x('node'), 8, true)} ${pad(fmt(pf, pf < 10 ? 2 : 0), 8, true)}`);
  });
}
// AES modes (AES_CASES): one encryption per call with a fresh instance, against @noble/ciphers'
// aes.js and node:crypto (the same key and IV; CBC with PKCS#7 padding, as both do by default).
const AES_CASES = [];
for (const [mode, bits] of [['ctr', 256], ['cbc', 256], ['ctr', 128], ['gcm', 256], ['gcmsiv', 256], ['gcm', 128]])
  for (const [label, size] of [['64B', 64], ['1KiB', KiB], ['1MiB', KiB * KiB]]) AES_CASES.push({ name: `aes-${bits}-${mode} ${label}`, mode, bits, size });
for (const c of AES_CASES.filter((x) => !HASHES_ONLY && matches(x.name) && ours.length > 0 && typeof ours[0].mod[x.mode] === 'function')) {
  const msg = new Uint8Array(c.size).map((_, i) => (i * 131 + 7) & 255);
  const key = CKEY.subarray(0, c.bits / 8);
  const iv = CNONCE.subarray(0, c.mode.startsWith('gcm') ? 12 : 16);
  const nobleAes = await import('@noble/ciphers/aes.js');
  const { createCipheriv } = await import('node:crypto');
  // (--output: one output array for ours and noble in the modes where both take one, CTR and CBC
  // (PKCS#7 adds a block); GCM and GCM-SIV refuse it.)
  const out = OUTPUT && (c.mode === 'ctr' || c.mode === 'cbc') ? new Uint8Array(c.size + (c.mode === 'cbc' ? 16 : 0)) : undefined;
  const impls = ours.filter((o) => WITH_RUNTIME || o.backend !== 'runtime' || c.size <= 64 * KiB)
    .map(({ name, mod }) => {
      const f = mod[c.mode]; // looked up once (see implementations())
      return { name, sync: (m) => f(key, iv).encrypt(m, out) };
    });
  impls.push({ name: '@noble/ciphers', sync: (m) => nobleAes[c.mode](key, iv).encrypt(m, out), ref: 'noble' });
  // (node:crypto has no AES-GCM-SIV)
  if (c.mode !== 'gcmsiv')
    impls.push({ name: 'node:crypto', sync: (m) => { const x = createCipheriv(`aes-${c.bits}-${c.mode}`, key, iv); return c.mode === 'ctr' ? x.update(m) : c.mode === 'gcm' ? Buffer.concat([x.update(m), x.final(), x.getAuthTag()]) : Buffer.concat([x.update(m), x.final()]); }, ref: 'node' });
  const want = toHex(nobleAes[c.mode](key, iv).encrypt(msg));
  for (const impl of impls) if (toHex(impl.sync(msg)) !== want) throw new Error(`${impl.name} gives a wrong ${c.name} ciphertext`);
  const states = impls.map(() => ({ batch: 1 }));
  for (const [i, impl] of impls.entries()) await runSlice(impl, msg, Math.min(SLICE_MS, 100), states[i]); // warm-up
  const rates = impls.map(() => []);
  const faults = impls.map(() => []); // minor page faults per call (the process's, while the slice ran)
  for (let r = 0; r < ROUNDS; r++)
    for (let j = 0; j < impls.length; j++) {
      const i = (j + r) % impls.length;
      const f0 = process.resourceUsage().minorPageFault;
      const [calls, secs] = await runSlice(impls[i], msg, SLICE_MS, states[i]);
      faults[i].push((process.resourceUsage().minorPageFault - f0) / calls);
      rates[i].push(calls / secs);
    }
  const med = rates.map(median);
  const rateOf = (ref) => med[impls.findIndex((x) => x.ref === ref)];
  console.log(`\n${c.name} (${c.size} bytes)`);
  console.log(`${pad('implementation', 26)} ${pad('MB/s', 10, true)} ${pad('calls/s', 13, true)} ${pad('x noble', 8, true)} ${pad('x node', 8, true)}`);
  impls.forEach((impl, i) => {
    const mbs = (med[i] * c.size) / 1e6;
    console.log(`${pad(impl.name, 26)} ${pad(fmt(mbs, mbs < 10 ? 2 : 0), 10, true)} ${pad(fmt(med[i]), 13, true)} ${pad(fmt(med[i] / rateOf('noble'), 2), 8, true)} ${pad(Number.isNaN(med[i] / rateOf('node')) ? '—' : fmt(med[i] / rateOf('node'), 2), 8, true)}`);
  });
}
// The AES modes of runtime/aesmodes.js (AES_MODE_CASES): cmac, aessiv (one AD string), aeskw and
// aeskwp with a fresh instance per call, against @noble/ciphers (and node:crypto's id-aes256-wrap).
const AES_MODE_CASES = [];
for (const [label, size] of [['64B', 64], ['1KiB', KiB], ['1MiB', KiB * KiB]]) {
  AES_MODE_CASES.push({ name: `cmac-256 ${label}`, alg: 'cmac', size });
  AES_MODE_CASES.push({ name: `aessiv-256 ${label}`, alg: 'aessiv', size });
}
AES_MODE_CASES.push({ name: 'aeskw-256 32B', alg: 'aeskw', size: 32 }, { name: 'aeskwp-256 20B', alg: 'aeskwp', size: 20 });
for (const c of AES_MODE_CASES.filter((x) => !HASHES_ONLY && matches(x.name) && ours.length > 0 && typeof ours[0].mod[x.alg] === 'function')) {
  const msg = new Uint8Array(c.size).map((_, i) => (i * 131 + 7) & 255);
  const nobleAes = await import('@noble/ciphers/aes.js');
  const { createCipheriv } = await import('node:crypto');
  const key = CKEY.subarray(0, 32);
  const sivKey = new Uint8Array(64).map((_, i) => i * 5 + 3);
  const ad = CNONCE.subarray(0, 16);
  const run = {
    cmac: (lib) => (m) => lib.cmac(m, key),
    aessiv: (lib) => (m) => lib.aessiv(sivKey, ad).encrypt(m),
    aeskw: (lib) => (m) => lib.aeskw(key).encrypt(m),
    aeskwp: (lib) => (m) => lib.aeskwp(key).encrypt(m),
  }[c.alg];
  const impls = ours.filter((o) => WITH_RUNTIME || o.backend !== 'runtime' || c.size <= 64 * KiB).map(({ name, mod }) => ({ name, sync: run(mod) }));
  impls.push({ name: '@noble/ciphers', sync: run(nobleAes), ref: 'noble' });
  if (c.alg === 'aeskw') impls.push({ name: 'node:crypto', sync: (m) => { const x = createCipheriv('id-aes256-wrap', key, Buffer.alloc(8, 0xa6)); return Buffer.concat([x.update(m), x.final()]); }, ref: 'node' });
  const want = toHex(run(nobleAes)(msg));
  for (const impl of impls) if (toHex(impl.sync(msg)) !== want) throw new Error(`${impl.name} gives a wrong ${c.name} result`);
  const states = impls.map(() => ({ batch: 1 }));
  for (const [i, impl] of impls.entries()) await runSlice(impl, msg, Math.min(SLICE_MS, 100), states[i]); // warm-up
  const rates = impls.map(() => []);
  const faults = impls.map(() => []); // minor page faults per call (the process's, while the slice ran)
  for (let r = 0; r < ROUNDS; r++)
    for (let j = 0; j < impls.length; j++) {
      const i = (j + r) % impls.length;
      const f0 = process.resourceUsage().minorPageFault;
      const [calls, secs] = await runSlice(impls[i], msg, SLICE_MS, states[i]);
      faults[i].push((process.resourceUsage().minorPageFault - f0) / calls);
      rates[i].push(calls / secs);
    }
  const med = rates.map(median);
  const nobleRate = med[impls.findIndex((x) => x.ref === 'noble')];
  console.log(`\n${c.name} (${c.size} bytes)`);
  console.log(`${pad('implementation', 26)} ${pad('MB/s', 10, true)} ${pad('calls/s', 13, true)} ${pad('x noble', 8, true)}`);
  impls.forEach((impl, i) => {
    const mbs = (med[i] * c.size) / 1e6;
    console.log(`${pad(impl.name, 26)} ${pad(fmt(mbs, mbs < 10 ? 2 : 0), 10, true)} ${pad(fmt(med[i]), 13, true)} ${pad(fmt(med[i] / nobleRate, 2), 8, true)}`);
  });
}
if (HASHES_ONLY && summary.length > 0) {
  // One line per case: each of our backends as "x noble / x hash-wasm" (— where hash-wasm lacks it).
  const names = summary[0].cells.map((x) => x.impl.name.replace('awasmc ', ''));
  console.log(`\nsummary (x noble / x hash-wasm reused hasher)`);
  console.log(`${pad('case', 22)} ${names.map((n) => pad(n, 16, true)).join(' ')}`);
  for (const row of summary)
    console.log(`${pad(row.name, 22)} ${row.cells.map((x) => pad(`${fmt(x.noble, 2)} / ${Number.isNaN(x.hw) ? '—' : fmt(x.hw, 2)}`, 16, true)).join(' ')}`);
}
console.log(`\n(total ${fmt((performance.now() - started) / 1000, 1)} s; sink ${sink & 1})`);
