#!/usr/bin/env node
// The fast kill check of tools/mutate (docs/auditing.md §7): known answers of every algorithm
// built from the given kernel modules, on one backend, computed by implementations nobody here
// wrote (@noble/hashes, @noble/ciphers, node:crypto) on fixed pseudo-random inputs chosen to
// reach every kernel path (empty, one block, block boundaries, several blocks per kernel call,
// keys, counters, extended outputs).
//
//   node tools/mutate-check.js [--backend js] [--mutant DIR] [--modules sha2,chacha] [--verbose]
//
// --mutant DIR: load DIR/<backend>/<module>.js instead of targets/<backend>/<module>.js where it
// exists (a mutant built by `awasmc build --mutate ID --out DIR`). --modules: only the checks of
// the algorithms those modules build (default: all). Exit 0: every answer right (the mutant
// survived); 1: a wrong answer or an exception (killed; the first difference is printed);
// 2: bad usage; 3: a module this file has no checks for (a new module needs its family below).
import crypto from 'node:crypto';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const args = process.argv.slice(2);
const opt = { backend: 'js', mutant: '', modules: '', verbose: false };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--verbose') opt.verbose = true;
  else if (a === '--backend' || a === '--mutant' || a === '--modules') {
    if (i + 1 >= args.length) usage(`${a} needs a value`);
    opt[a.slice(2)] = args[++i];
  } else usage(`unknown argument ${a}`);
}
function usage(msg) {
  console.error(`mutate-check: ${msg}\nusage: node tools/mutate-check.js [--backend js|runtime|wasm|wasm_threads] [--mutant DIR] [--modules a,b] [--verbose]`);
  process.exit(2);
}
if (!['js', 'runtime', 'wasm', 'wasm_threads'].includes(opt.backend)) usage(`unknown backend ${opt.backend}`);

if (opt.mutant)
  register('./mutate-loader.mjs', import.meta.url, { data: { targets: path.join(root, 'targets'), mutant: path.resolve(opt.mutant) } });

const lib = await import(pathToFileURL(path.join(root, `${opt.backend}.js`)).href);
// The kernel-level checks compare this backend's target of a module (the mutant's, through the
// load hook) with another backend's committed one.
const OTHER = opt.backend === 'js' ? 'wasm' : 'js';
const targetOf = (backend, mod) => import(pathToFileURL(path.join(root, 'targets', backend, `${mod}.js`)).href);
const { pbkdf2: ourPbkdf2 } = lib;
const nh = {
  ...(await import('@noble/hashes/sha2.js')),
  ...(await import('@noble/hashes/legacy.js')),
  ...(await import('@noble/hashes/sha3.js')),
  ...(await import('@noble/hashes/blake1.js')),
  ...(await import('@noble/hashes/blake2.js')),
  ...(await import('@noble/hashes/blake3.js')),
  ...(await import('@noble/hashes/scrypt.js')),
  ...(await import('@noble/hashes/argon2.js')),
  ...(await import('@noble/hashes/pbkdf2.js')),
};
const nc = {
  ...(await import('@noble/ciphers/chacha.js')),
  ...(await import('@noble/ciphers/salsa.js')),
  ...(await import('@noble/ciphers/aes.js')),
  ...(await import('@noble/ciphers/_poly1305.js')),
  ...(await import('@noble/ciphers/_polyval.js')),
};

// ---- inputs: a fixed xorshift stream (the same bytes on every run, so a survivor stays one)
let seed = 0x9e3779b9;
function bytes(n) {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    out[i] = seed >>> 24;
  }
  return out;
}
const hex = (u) => Buffer.from(u.buffer, u.byteOffset, u.length).toString('hex');
const slow = opt.backend === 'runtime';
// Around every block size (64, 128, 72..168 for the sponges), and several blocks in one call.
const LENGTHS = [0, 1, 3, 31, 32, 55, 56, 63, 64, 65, 71, 72, 103, 104, 111, 112, 119, 120, 127, 128, 129, 135, 136, 137, 143,
  144, 167, 168, 169, 200, 256, 513, 1000, slow ? 1500 : 4100];
const MSGS = LENGTHS.map((n) => bytes(n));
const FF = (n) => new Uint8Array(n).fill(0xff);

let checks = 0;
function same(name, got, want) {
  checks++;
  const g = hex(got), w = hex(want);
  if (g !== w) {
    console.log(`killed: ${name}: got ${g.slice(0, 64)}${g.length > 64 ? '...' : ''} (${got.length} bytes), want ${w.slice(0, 64)}${w.length > 64 ? '...' : ''} (${want.length} bytes)`);
    process.exit(1);
  }
  cleanAfter(name);
}

// ---- memory hygiene after every call: each kernel instance a call used (Instance.leave() ran)
// is zero again outside its constant regions, over its whole memory. A kernel that writes past
// its regions, or past what the runtime wipes (a wider group of AES blocks than the spare bytes
// allow, one pair of blocks too many), or a wipe that misses bytes, is killed here (mutants
// aes:128:20:const, aes:129:14:const, aes:293:48:const).
const { Instance } = await import(pathToFileURL(path.join(root, 'runtime', 'shell.js')).href);
const left = new Set();
const leave = Instance.prototype.leave;
Instance.prototype.leave = function () {
  left.add(this);
  return leave.call(this);
};
// The constant regions of a target as instantiate() makes them (each call must leave them so: a
// kernel writing one word past a buffer into a table (mutants legacy:66:8:const, legacy:85:8:const)).
// `target` is an Instance's target, or the record of a shared memory: on js the library's hashes
// of one target file share one memory (runtime/link.js, linkJs), whose constant regions are those
// of every kernel function linked into it (the cache key then counts them: a later hash adds some).
const pristine = new Map();
function constantsOf(target) {
  if (target !== undefined && target.linked !== undefined) {
    const s = target, key = s.linked.size;
    if (!pristine.has(s) || pristine.get(s)[0] !== key) pristine.set(s, [key, s.layout.link([...s.linked.keys()]).mem.slice()]);
    return pristine.get(s)[1];
  }
  if (target === undefined || typeof target.instantiate !== 'function') return null;
  if (!pristine.has(target)) pristine.set(target, target.instantiate().mem.slice());
  return pristine.get(target);
}
// The regions of an Instance's memory: with a shared memory, every linked function's.
const regionsOf = (I) => (I.guard.linked !== undefined ? I.guard.regions : I.target.regions);
const constantsTarget = (I) => (I.guard.linked !== undefined ? I.guard : I.target);
function dirt(mem, regions, target) {
  const constant = Object.values(regions || {}).filter((r) => r.constant).sort((a, b) => a.offset - b.offset);
  const fresh = constantsOf(target);
  if (fresh !== null)
    for (const r of constant)
      for (let i = r.offset; i < r.offset + r.bytes && i < mem.length; i++)
        if (mem[i] !== fresh[i]) {
          const name = Object.entries(regions).find(([, q]) => q === r)[0];
          return `${mem[i].toString(16)} at offset ${i} in constant region ${name} (+${i - r.offset}), which holds ${fresh[i].toString(16)} there`;
        }
  const words = mem.byteOffset % 4 === 0 ? new Uint32Array(mem.buffer, mem.byteOffset, mem.length >> 2) : null;
  let i = 0;
  for (const r of [...constant, { offset: mem.length, bytes: 0 }]) {
    const end = Math.min(r.offset, mem.length);
    if (words !== null)
      for (; i + 4 <= end && i % 4 === 0; i += 4) {
        if (words[i >> 2] !== 0) break;
      }
    for (; i < end; i++) {
      if (mem[i] === 0) continue;
      const inside = Object.entries(regions || {}).find(([, q]) => i >= q.offset && i < q.offset + q.bytes);
      return `${mem[i].toString(16)} at offset ${i} ${inside ? `in region ${inside[0]} (+${i - inside[1].offset})` : 'outside every region'}`;
    }
    i = Math.max(i, r.offset + r.bytes);
  }
  return null;
}
function cleanAfter(name) {
  for (const I of left) {
    const d = dirt(I.memory(), regionsOf(I), constantsTarget(I));
    if (d !== null) {
      console.log(`killed: ${name}: the kernel memory of ${I.label} is not as it was before the call: ${d}`);
      process.exit(1);
    }
  }
  left.clear();
}

// ---- the checks, by the module whose kernels they run
const hashCheck = (names) => () => {
  for (const name of names) {
    for (const m of MSGS) same(`${name}(${m.length} bytes)`, lib[name](m), nh[name](m));
    // a stream in pieces: kernel calls of one block and of many
    const s = lib[name].create();
    const r = nh[name].create();
    for (const m of MSGS.slice(0, 12)) s.update(m), r.update(m);
    same(`${name} stream`, s.digest(), r.digest());
    same(`${name}(ff x 300)`, lib[name](FF(300)), nh[name](FF(300)));
  }
};
const pbkdf2Check = (names) => () => {
  for (const name of names) {
    const pw = bytes(20), salt = bytes(16);
    for (const [c, dkLen] of [[1, 20], [2, 32], [3, 70]])
      same(`pbkdf2(${name}) c=${c} dkLen=${dkLen}`, ourPbkdf2(lib[name])(pw, salt, { c, dkLen }), nh.pbkdf2(nh[name], pw, salt, { c, dkLen }));
  }
};

// AES-GCM and AES-GCM-SIV (the AES counter kernels and GHASH/POLYVAL), in the aes and ghash families.
const gcmCheck = () => {
  if (!lib.gcm) return; // entries from before GCM
  for (const [name, keyLens, nonceLen] of [['gcm', [16, 24, 32], 12], ['gcmsiv', [16, 32], 12]]) {
    for (const keyLen of keyLens) {
      for (const n of [0, 1, 15, 16, 17, 64, 100, 1000]) {
        const key = bytes(keyLen), nonce = bytes(nonceLen), aad = bytes(n % 37), d = bytes(n);
        const sealed = nc[name](key, nonce, aad).encrypt(d);
        same(`${name}-${keyLen * 8}(${n} bytes)`, lib[name](key, nonce, aad).encrypt(d), sealed);
        same(`${name}-${keyLen * 8} decrypt(${n} bytes)`, lib[name](key, nonce, aad).decrypt(sealed), d);
      }
    }
  }
  const n8 = bytes(8);
  same('gcm 8-byte nonce', lib.gcm(bytes(16).fill(1), n8).encrypt(MSGS[20]), nc.gcm(bytes(16).fill(1), n8).encrypt(MSGS[20]));
};

// Counters of 2^32 and more (messages of 512 MiB and more) cannot be reached through the API in
// a fast check: the kernels themselves, with the counter in the state set high, against another
// backend's committed target (the mutant hook replaces only this backend's file).
const counterCheck = (mod, runs) => async () => {
  const A = await targetOf(opt.backend, mod);
  const B = await targetOf(OTHER, mod);
  const block = bytes(256);
  for (const [init, initArgs, compress, final, finalArg] of runs) {
    // init over a state full of other bytes must reset everything compress reads, the counter
    // included (mutants blake1:185:17:const, blake2:84:17:const: the library's memory is zero
    // before init, so only a kernel-level check sees it)
    const dirty = (T) => {
      const { mem, fns } = T.instantiate();
      const S = T.regions.state.offset;
      mem.fill(0xa5, S, S + T.regions.state.bytes);
      fns[init](...initArgs);
      mem.set(block, T.regions.block.offset);
      fns[compress](2);
      fns[final](finalArg);
      return mem.slice(S, S + 80);
    };
    same(`${mod} kernels ${init}/${compress}/${final} over a dirty state on ${opt.backend} and ${OTHER}`, dirty(A), dirty(B));
    // (hi = 0x10: a bit BLAKE-256's constant C6 = 0x299f31d0 has, so t1 ^ C6 and t1 | C6 differ:
    // mutant blake1:71:36:op)
    for (const [lo, hi] of [[0xffffff00, 0], [0x100, 1], [0xfffffe00, 0x8000_0001], [0x200, 0x10]]) {
      const run = (T) => {
        const { mem, fns } = T.instantiate();
        const S = T.regions.state.offset;
        fns[init](...initArgs);
        new DataView(mem.buffer).setUint32(S + 64, lo, true);
        new DataView(mem.buffer).setUint32(S + 68, hi, true);
        mem.set(block, T.regions.block.offset);
        fns[compress](2);
        fns[final](finalArg);
        return mem.slice(S, S + 80);
      };
      same(`${mod} kernels ${compress}/${final} with counter ${hi}:${lo} on ${opt.backend} and ${OTHER}`, run(A), run(B));
    }
  }
};

// BLAKE3's chunk counters across 2^32 (4 TiB into a message): blake3_chunks with the counter
// given, against another backend's committed target (mutant blake3:148:28:op, wasm's lanes).
const blake3CounterCheck = async () => {
  const A = await targetOf(opt.backend, 'blake3');
  const B = await targetOf(OTHER, 'blake3');
  const data = bytes(8 * 1024), keyBytes = bytes(32);
  for (const [lo, hi] of [[0xfffffffe, 0], [0xfffffffb, 7], [0xffffffff, 0xffffffff]]) {
    const run = (T) => {
      const { mem, fns } = T.instantiate();
      mem.set(data, T.regions.block.offset);
      mem.set(keyBytes, T.regions.key.offset);
      fns.blake3_chunks(8, lo, hi, 0);
      return mem.slice(T.regions.cvs.offset, T.regions.cvs.offset + 8 * 32);
    };
    same(`blake3_chunks with counter ${hi}:${lo} on ${opt.backend} and ${OTHER}`, run(A), run(B));
  }
};

const SHA2 = ['sha224', 'sha256', 'sha384', 'sha512', 'sha512_224', 'sha512_256'];
const LEGACY = ['sha1', 'md5', 'ripemd160'];
const SHA3 = ['sha3_224', 'sha3_256', 'sha3_384', 'sha3_512', 'keccak_224', 'keccak_256', 'keccak_384', 'keccak_512'];

const FAMILIES = {
  sha2: [hashCheck(SHA2), pbkdf2Check(SHA2), () => {
    // the lanes kernels (wasm: four messages at once) through parallel()
    for (const name of ['sha224', 'sha256']) {
      const msgs = MSGS.slice(0, 9);
      const got = lib[`${name}_lanes`].parallel(msgs);
      msgs.forEach((m, i) => same(`${name}_lanes.parallel[${i}]`, got[i], nh[name](m)));
    }
  }],
  legacy: [hashCheck(LEGACY), pbkdf2Check(LEGACY)],
  sha3: [hashCheck(SHA3), pbkdf2Check(SHA3), () => {
    for (const name of ['shake128', 'shake256', 'shake128_32', 'shake256_64']) {
      for (const m of MSGS) same(`${name}(${m.length} bytes)`, lib[name](m), nh[name](m));
      for (const dkLen of [0, 1, 167, 168, 169, 500]) same(`${name} dkLen=${dkLen}`, lib[name](MSGS[20], { dkLen }), nh[name](MSGS[20], { dkLen }));
      const s = lib[name].create(), r = nh[name].create();
      s.update(MSGS[25]), r.update(MSGS[25]);
      same(`${name} xof`, s.xof(400), r.xof(400));
    }
  }],
  blake1: [hashCheck(['blake224', 'blake256', 'blake384', 'blake512']), counterCheck('blake1', [
    ['blake256_init', [], 'blake256_compress', 'blake256_final', 440], ['blake512_init', [], 'blake512_compress', 'blake512_final', 888],
  ]), () => {
    for (const name of ['blake224', 'blake256', 'blake384', 'blake512']) {
      const salt = bytes(name === 'blake224' || name === 'blake256' ? 16 : 32);
      same(`${name} salt`, lib[name](MSGS[26], { salt }), nh[name](MSGS[26], { salt }));
    }
  }],
  blake2: [hashCheck(['blake2b', 'blake2s']), counterCheck('blake2', [
    ['blake2b_init', [64, 0], 'blake2b_compress', 'blake2b_final', 100], ['blake2s_init', [32, 0], 'blake2s_compress', 'blake2s_final', 50],
  ]), () => {
    for (const [name, max] of [['blake2b', 64], ['blake2s', 32]]) {
      for (const m of MSGS.filter((_, i) => i % 3 === 0)) {
        const key = bytes(max), salt = bytes(max / 4), personalization = bytes(max / 4);
        same(`${name} key`, lib[name](m, { key }), nh[name](m, { key }));
        same(`${name} key1`, lib[name](m, { key: key.subarray(0, 1) }), nh[name](m, { key: key.subarray(0, 1) }));
        same(`${name} dkLen=${max / 2 + 1} salt personalization`, lib[name](m, { dkLen: max / 2 + 1, salt, personalization }),
          nh[name](m, { dkLen: max / 2 + 1, salt, personalization }));
      }
    }
  }],
  blake3: [blake3CounterCheck, () => {
    const big = bytes(slow ? 3 * 1024 + 5 : 17 * 1024 + 7);
    // more chunks than one kernel call takes (32), so that blake3_parents gets groups of four
    // parents more than once (mutants blake3:205:53:op, blake3:205:56:const)
    const bigger = slow ? [bytes(33 * 1024 + 9)] : [bytes(33 * 1024 + 9), bytes(100 * 1024 + 3)];
    const msgs = [...MSGS, bytes(1024), bytes(1025), bytes(2048), bytes(3073), big, ...bigger];
    const key = bytes(32);
    for (const m of msgs) {
      same(`blake3(${m.length} bytes)`, lib.blake3(m), nh.blake3(m));
      same(`blake3 key (${m.length} bytes)`, lib.blake3(m, { key }), nh.blake3(m, { key }));
    }
    for (const m of msgs.slice(-6 - bigger.length, -bigger.length)) same(`blake3 dkLen=300 (${m.length} bytes)`, lib.blake3(m, { dkLen: 300 }), nh.blake3(m, { dkLen: 300 }));
    same('blake3 context', lib.blake3(MSGS[20], { context: 'awasmc mutate-check 2026' }), nh.blake3(MSGS[20], { context: new TextEncoder().encode('awasmc mutate-check 2026') }));
    const s = lib.blake3.create(), r = nh.blake3.create();
    for (const m of msgs) s.update(m), r.update(m);
    same('blake3 stream', s.digest(), r.digest());
  }],
  scrypt: [() => {
    // (N = 2^14, r = 8: V fills its memory to the page, so loads past V trap on wasm: mutants
    // scrypt:126:39:const, scrypt:126:48:const, whose prefetch reads past V)
    for (const [N, r, p] of slow ? [[4, 1, 1], [8, 2, 2]] : [[16, 1, 1], [32, 3, 2], [4, 8, 1], [2 ** 14, 8, 1]]) {
      const pw = bytes(11), salt = bytes(13);
      same(`scrypt N=${N} r=${r} p=${p}`, lib.scrypt(pw, salt, { N, r, p, dkLen: 72 }), nh.scrypt(pw, salt, { N, r, p, dkLen: 72 }));
    }
  }],
  argon2: [async () => {
    // argon2_fill in calls of one block against whole segments (on another backend's committed
    // target): the address block must be right at a call's first block whatever came before
    // (mutants argon2:153:58:op, argon2:153:62:const: right only when a call holds several blocks,
    // which the runtime's slices almost always do). Two lanes, segments of 5 and of 130 blocks.
    const A = await targetOf(opt.backend, 'argon2');
    const B = await targetOf(OTHER, 'argon2');
    for (const type of [0, 1, 2]) {
      for (const [q, t] of slow ? [[20, 2]] : [[20, 2], [520, 1]]) {
        const lanes = 2, segment = q / 4, first = bytes(2 * lanes * 1024);
        const run = (T, chunk) => {
          const { mem, fns } = T.instantiate({ heapBytes: (5 + lanes * q) * 1024 });
          const heap = T.regions.blocks.offset;
          const w = new DataView(mem.buffer, T.regions.params.offset, 32);
          [lanes, q, segment, lanes * q, t, type, 0x13, Math.floor((2 ** 32 - 1) / lanes)].forEach((x, i) => w.setUint32(4 * i, x, true));
          for (let l = 0; l < lanes; l++) mem.set(first.subarray(2048 * l, 2048 * l + 2048), heap + (5 + l * q) * 1024);
          for (let pass = 0; pass < t; pass++)
            for (let slice = 0; slice < 4; slice++)
              for (let lane = 0; lane < lanes; lane++)
                for (let from = pass === 0 && slice === 0 ? 2 : 0; from < segment; from += chunk) fns.argon2_fill(pass, slice, lane, from, Math.min(segment, from + chunk), 1);
          return mem.slice(heap + 5 * 1024, heap + (5 + lanes * q) * 1024);
        };
        same(`argon2_fill type ${type}, q ${q}, one block a call on ${opt.backend}, whole segments on ${OTHER}`, run(A, 1), run(B, segment));
      }
    }
  }, () => {
    for (const name of ['argon2d', 'argon2i', 'argon2id']) {
      // several lanes and passes; segments of more than 128 blocks, whose data-independent
      // addresses need a second address block (mutant argon2:153:39:op)
      for (const o of slow ? [{ t: 1, m: 8, p: 1 }, { t: 2, m: 32, p: 4 }] : [{ t: 2, m: 32, p: 1 }, { t: 1, m: 64, p: 2 }, { t: 3, m: 16, p: 2 }, { t: 2, m: 64, p: 4 }, { t: 1, m: 128, p: 8 }, { t: 1, m: 1200, p: 1 }]) {
        const pw = bytes(12), salt = bytes(16);
        same(`${name} ${JSON.stringify(o)}`, lib[name](pw, salt, { ...o, dkLen: 40 }), nh[name](pw, salt, { ...o, dkLen: 40 }));
      }
    }
  }],
  chacha: [async () => {
    const lens = [1, 63, 64, 65, 127, 128, 129, 200, 1000, slow ? 1500 : 20000];
    const data = lens.map((n) => bytes(n));
    for (const [name, nonceLen] of [['chacha20', 12], ['chacha20orig', 8], ['xchacha20', 24], ['chacha8', 12], ['chacha12', 12],
      ['salsa20', 8], ['xsalsa20', 24]]) {
      const key = bytes(32), nonce = bytes(nonceLen);
      for (const d of data) same(`${name}(${d.length} bytes)`, lib[name](key, nonce).encrypt(d), nc[name](key, nonce, d));
      const key16 = name === 'salsa20' || name === 'chacha20orig' ? bytes(16) : null;
      if (key16) same(`${name} 16-byte key`, lib[name](key16, nonce).encrypt(data[8]), nc[name](key16, nonce, data[8]));
      for (const counter of [1, 7, 255, 256, 65536])
        same(`${name} counter=${counter}`, lib[name](key, nonce, { counter }).encrypt(data[7]), nc[name](key, nonce, data[7], undefined, counter));
    }
    // 64-bit block counters across 2^32 (noble's stop there): chacha20orig against node:crypto's
    // chacha20 (its 16-byte IV is the 64-bit counter, then the nonce), salsa20 and xsalsa20
    // against another backend's committed entry (mutants chacha:80:25:op, chacha:80:39:op,
    // chacha:111:27:op: the carry into the counter's high word)
    const otherLib = await import(pathToFileURL(path.join(root, `${OTHER}.js`)).href);
    for (const counter of [2 ** 32 - 3, 2 ** 40 - 2]) {
      const key = bytes(32), n8 = bytes(8), n24 = bytes(24), d = data[8];
      const iv = Buffer.alloc(16);
      iv.writeUInt32LE(counter % 2 ** 32, 0);
      iv.writeUInt32LE(Math.floor(counter / 2 ** 32), 4);
      iv.set(n8, 8);
      const node = crypto.createCipheriv('chacha20', key, iv);
      same(`chacha20orig counter=${counter}`, lib.chacha20orig(key, n8, { counter }).encrypt(d), new Uint8Array(Buffer.concat([node.update(d), node.final()])));
      same(`salsa20 counter=${counter}`, lib.salsa20(key, n8, { counter }).encrypt(d), otherLib.salsa20(key, n8, { counter }).encrypt(d));
      same(`xsalsa20 counter=${counter}`, lib.xsalsa20(key, n24, { counter }).encrypt(d), otherLib.xsalsa20(key, n24, { counter }).encrypt(d));
    }
    // Poly1305: random and all-ones keys and messages (the carries), every length around a block
    for (const m of [...MSGS, FF(16), FF(17), FF(1000)]) {
      for (const key of [bytes(32), FF(32), new Uint8Array(32).fill(0xff, 0, 16)]) same(`poly1305(${m.length} bytes)`, lib.poly1305(m, key), nc.poly1305(m, key));
    }
    // r = 1 and all-ones blocks: h ends in [p, 2^130) (two blocks: 2^130 - 2), the final
    // subtraction of p with its carry through every limb (mutant poly1305:92:31:const)
    for (const n of [16, 31, 32, 33, 48, 64]) {
      for (const s of [new Uint8Array(16), FF(16)]) {
        const key = new Uint8Array(32);
        key[0] = 1;
        key.set(s, 16);
        same(`poly1305 r=1 (ff x ${n})`, lib.poly1305(FF(n), key), nc.poly1305(FF(n), key));
      }
    }
    // r = 2, blocks 0 and 2^128 - 2: the last product is 2^131 - 4, which carries to limbs
    // [1, 2^26, 2^26 - 1, 2^26 - 1, 2^26 - 1] (h1 not carried), so the tag's full carry runs
    // through every limb and folds 5 back into h0 (mutants poly1305:85:27:const, 86:*:op)
    for (const tail of [0, 1, 2]) {
      const key = new Uint8Array(32);
      key[0] = 2;
      const m = new Uint8Array(32 + tail).fill(0xff, 16, 32);
      m[16] = 0xfe;
      same(`poly1305 r=2 (0, 2^128 - 2${tail ? `, ${tail} more` : ''})`, lib.poly1305(m, key), nc.poly1305(m, key));
    }
    // r = 2^26 - 1 and one block m with m r = q p + 2^130 + 2^26 - 1 (q = 2^24): carried to limbs
    // [2^26 - 1, 2^26, 2^26 - 1, 2^26 - 1, 2^26 - 1], so the 5 folded into h0 carries out of it too
    // (mutants poly1305:86:38:const, 87:11:op; found by solving for q and m)
    {
      const key = new Uint8Array(32);
      key.set([0xff, 0xff, 0xff, 0x03]);
      const m = Uint8Array.from(Buffer.from('00000140000050000014000005000001', 'hex').reverse());
      same('poly1305 r=2^26-1 (h carried to [2^26 - 1, 2^26, ...])', lib.poly1305(m, key), nc.poly1305(m, key));
    }
    // The two-lane path (wasm, 8 blocks or more): with r = 1 the even blocks sum to 2^130 - 6 in
    // lane 0 and the odd ones to 2^129 + 1 in lane 1 (mod p, carried as they go), so normalize()
    // of the lanes' sum carries out of h4 and the folded 5 carries out of h0 (mutants
    // poly1305:149:38:const, 150:18:op); the tag is 0.
    {
      const key = new Uint8Array(32);
      key[0] = 1;
      const m = new Uint8Array(128).fill(0xff);
      m[48] = 0xfd;
      m[96] = 0xf8;
      m.fill(0, 80, 96);
      m.fill(0, 112, 128);
      same('poly1305 r=1 lanes (2^130 - 6, 2^129 + 1)', lib.poly1305(m, key), nc.poly1305(m, key));
    }
  }],
  ghash: [() => {
    // keys with every bit pattern the reduction folds (all ones, one bit, random)
    const keys = [bytes(16), FF(16), Uint8Array.from({ length: 16 }, (_, i) => (i === 15 ? 0x80 : i === 0 ? 1 : 0)), new Uint8Array(16).fill(1, 0, 1)];
    for (const name of ['ghash', 'polyval']) {
      for (const key of keys) {
        for (const m of [...MSGS, FF(16), FF(48)]) same(`${name}(${m.length} bytes)`, lib[name](m, key), nc[name](m, key));
      }
    }
  }, gcmCheck],
  aes: [gcmCheck, () => {
    if (!lib.cmac) return; // entries from before the AES modes
    for (const keyLen of [16, 24, 32]) {
      const key = bytes(keyLen);
      for (const n of [0, 1, 15, 16, 17, 64, 100]) {
        const m = bytes(n);
        same(`cmac-${keyLen * 8}(${n} bytes)`, lib.cmac(m, key), nc.cmac(m, key));
      }
    }
    for (const keyLen of [32, 48, 64]) {
      const key = bytes(keyLen), ad = bytes(20), nonce = bytes(16);
      for (const n of [0, 1, 16, 17, 100]) {
        const d = bytes(n);
        const sealed = nc.aessiv(key, ad, nonce).encrypt(d);
        same(`aessiv-${keyLen * 4}(${n} bytes)`, lib.aessiv(key, ad, nonce).encrypt(d), sealed);
        same(`aessiv-${keyLen * 4} decrypt(${n} bytes)`, lib.aessiv(key, ad, nonce).decrypt(sealed), d);
      }
    }
    for (const keyLen of [16, 24, 32]) {
      const kek = bytes(keyLen);
      for (const n of [16, 24, 32, 64]) {
        const k = bytes(n);
        same(`aeskw-${keyLen * 8}(${n} bytes)`, lib.aeskw(kek).encrypt(k), nc.aeskw(kek).encrypt(k));
        same(`aeskw-${keyLen * 8} decrypt(${n} bytes)`, lib.aeskw(kek).decrypt(nc.aeskw(kek).encrypt(k)), k);
      }
      for (const n of [1, 7, 8, 9, 20, 64]) {
        const k = bytes(n);
        same(`aeskwp-${keyLen * 8}(${n} bytes)`, lib.aeskwp(kek).encrypt(k), nc.aeskwp(kek).encrypt(k));
        same(`aeskwp-${keyLen * 8} decrypt(${n} bytes)`, lib.aeskwp(kek).decrypt(nc.aeskwp(kek).encrypt(k)), k);
      }
    }
  }, () => {
    for (const keyLen of [16, 24, 32]) {
      const key = bytes(keyLen), iv = bytes(16);
      for (const n of [16, 32, 48, 160, 1024]) {
        const d = bytes(n);
        same(`ecb-${keyLen * 8}(${n})`, lib.ecb(key).encrypt(d), nc.ecb(key).encrypt(d));
        same(`cbc-${keyLen * 8}(${n})`, lib.cbc(key, iv).encrypt(d), nc.cbc(key, iv).encrypt(d));
        same(`cfb-${keyLen * 8}(${n})`, lib.cfb(key, iv).encrypt(d), nc.cfb(key, iv).encrypt(d));
        const ofb = crypto.createCipheriv(`aes-${keyLen * 8}-ofb`, key, iv);
        same(`ofb-${keyLen * 8}(${n})`, lib.ofb(key, iv).encrypt(d), new Uint8Array(Buffer.concat([ofb.update(d), ofb.final()])));
        same(`ecb-${keyLen * 8} decrypt(${n})`, lib.ecb(key).decrypt(nc.ecb(key).encrypt(d)), d);
        same(`cbc-${keyLen * 8} decrypt(${n})`, lib.cbc(key, iv).decrypt(nc.cbc(key, iv).encrypt(d)), d);
        same(`cfb-${keyLen * 8} decrypt(${n})`, lib.cfb(key, iv).decrypt(nc.cfb(key, iv).encrypt(d)), d);
      }
      // (16385 bytes: a kernel call of 1024 blocks, 512 pairs, and one more block: js's CTR passes
      // bound the pair index by `p & 511`, mutants aes:503:21, 515:23, 529:21 flip 511 -> 255)
      for (const n of [1, 15, 17, 100, 1000, 16385]) {
        const d = bytes(n);
        // counters that carry across bytes and words, and with a zero low word (mutant aes:354:17:op)
        for (const c of [iv, FF(16), new Uint8Array(16).fill(0xff, 12), new Uint8Array(16), new Uint8Array(16).fill(7, 0, 12)])
          same(`ctr-${keyLen * 8}(${n})`, lib.ctr(key, c).encrypt(d), nc.ctr(key, c).encrypt(d));
      }
    }
  }],
};
// wasm_threads: the pool's in-place kernels (chacha_xor_at, salsa_xor_at: modules/chacha.js
// section 4), run here on the calling thread over a staging area past the 65 copies, as
// runtime/workers.js cipherInPlace places it: whole groups of four blocks and eight, counters
// across 2^32, and the bytes around the range unchanged (mutants chacha:125:77:op,
// chacha:407:100:const). The library's pool itself is not started by these checks.
FAMILIES.chacha.push(async () => {
  if (opt.backend !== 'wasm_threads') return;
  const { cipherSpecOf } = await import(pathToFileURL(path.join(root, 'runtime', 'cipher.js')).href);
  const otherLib = await import(pathToFileURL(path.join(root, `${OTHER}.js`)).href); // (noble's counters stop at 2^32)
  for (const [name, nonceLen] of [['chacha20', 12], ['chacha20orig', 8], ['xchacha20', 24], ['chacha8', 12], ['salsa20', 8], ['xsalsa20', 24]]) {
    const spec = cipherSpecOf(lib[name]);
    if (spec === undefined || spec.inPlace === undefined) throw new Error(`wasm_threads ${name} has no in-place kernel`);
    const I = spec.instance;
    const memory = (I.memory(), I.memoryObject);
    const S = 65 * I.target.memoryBytes + 256;
    const key = bytes(32), nonce = bytes(nonceLen);
    for (const [n, counter] of [[256, 0], [512, 3], [768, 1], [1280, 9], [33 * 256, 0], [1024, nonceLen === 12 ? 2 ** 31 : 2 ** 32 - 5]]) {
      if (memory.buffer.byteLength < S + n + 512) memory.grow(Math.ceil((S + n + 512 - memory.buffer.byteLength) / 65536));
      const mem = new Uint8Array(memory.buffer);
      const d = bytes(n), guard = bytes(512);
      mem.set(guard.subarray(0, 256), S - 256);
      mem.set(d, S);
      mem.set(guard.subarray(256), S + n);
      spec.inPlace.run({ key, nonce, params: { lo: counter % 2 ** 32, hi: Math.floor(counter / 2 ** 32) } }, 0, S, n);
      const got = mem.slice(S, S + n), around = new Uint8Array([...mem.subarray(S - 256, S), ...mem.subarray(S + n, S + n + 256)]);
      mem.fill(0, S - 256, S + n + 256); // (before the checks, which look at the whole memory)
      same(`${name} in place (${n} bytes, counter ${counter})`, got, otherLib[name](key, nonce, { counter }).encrypt(d));
      same(`${name} in place: the bytes around the range`, around, guard);
    }
  }
});
// The AEADs, after the stream ciphers and Poly1305 (they are the same kernels).
FAMILIES.chacha.push(() => {
  // Messages and AAD whose last block holds 13..15 bytes (the partial block's fourth word:
  // mutant chacha:248:29:const), messages past one 16 KiB chunk and streams, which take the
  // separate kernels and poly1305_lengths (mutants chacha:262:*), and one-call seals of 64, 192
  // and 448 bytes with AAD: one keystream block too many there runs into the AAD, which the
  // runtime puts right after the last group of four blocks (mutants chacha:320:66:const,
  // chacha:321:23:const; tests/lib/aead.test.js's every length 0..1024 fails on them too).
  // Seals and opens whose message or AAD is 128 bytes (LANES_FROM blocks) and the other short:
  // the one-call kernels' Poly1305 init without r^2 below that (macShort's initShort), with it
  // from there on, where the two-lane step reads r^2.
  for (const [n, aadLen] of [[13, 14], [14, 15], [15, 29], [45, 13], [64, 7], [192, 16], [448, 1], [128, 0], [0, 128], [127, 127], [64, 128], [slow ? 2000 : 20000, 19]]) {
    const key = bytes(32), aad = bytes(aadLen), n12 = bytes(12), m = bytes(n);
    const sealed = nc.chacha20poly1305(key, n12, aad).encrypt(m);
    same(`chacha20poly1305(${n} bytes, ${aadLen} AAD)`, lib.chacha20poly1305(key, n12, aad).encrypt(m), sealed);
    same(`chacha20poly1305 decrypt(${n} bytes, ${aadLen} AAD)`, lib.chacha20poly1305(key, n12, aad).decrypt(sealed), m);
    const s = lib.chacha20poly1305(key, n12, aad).encrypt.create();
    const parts = [s.update(m.subarray(0, n >> 1)), s.update(m.subarray(n >> 1))];
    const f = s.finish();
    same(`chacha20poly1305 stream(${n} bytes, ${aadLen} AAD)`, concat([...parts, f.data, f.tag]), nc.chacha20poly1305(key, n12, aad).encrypt(m));
  }
  for (const m of [MSGS[0], MSGS[1], MSGS[9], MSGS[23], MSGS[33]]) {
    const key = bytes(32), aad = bytes(19), n12 = bytes(12), n24 = bytes(24);
    same(`chacha20poly1305(${m.length} bytes)`, lib.chacha20poly1305(key, n12, aad).encrypt(m), nc.chacha20poly1305(key, n12, aad).encrypt(m));
    same(`xchacha20poly1305(${m.length} bytes)`, lib.xchacha20poly1305(key, n24, aad).encrypt(m), nc.xchacha20poly1305(key, n24, aad).encrypt(m));
    same(`xsalsa20poly1305(${m.length} bytes)`, lib.xsalsa20poly1305(key, n24).encrypt(m), nc.xsalsa20poly1305(key, n24).encrypt(m));
    const sealed = nc.chacha20poly1305(key, n12, aad).encrypt(m);
    same(`chacha20poly1305 decrypt(${m.length} bytes)`, lib.chacha20poly1305(key, n12, aad).decrypt(sealed), m);
  }
});
// poly1305_lengths with AAD and ciphertext lengths of 2^32 bytes and more (a stream that long takes
// minutes): the kernel against another backend's committed target (mutants chacha:262:34:op,
// chacha:262:38:const, chacha:262:57:op, chacha:262:61:const).
FAMILIES.chacha.push(async () => {
  const A = await targetOf(opt.backend, 'chacha');
  const B = await targetOf(OTHER, 'chacha');
  const key = bytes(32);
  for (const [a, c] of [[2 ** 32 + 5, 2 ** 33 + 7], [3, 2 ** 40 + 2 ** 32], [2 ** 45 + 1, 9]]) {
    const run = (T) => {
      const { mem, fns } = T.instantiate();
      mem.set(key, T.regions.poly.offset);
      fns.poly1305_init();
      fns.poly1305_lengths(a, c);
      fns.poly1305_finish();
      return mem.slice(T.regions.poly.offset, T.regions.poly.offset + 16);
    };
    same(`poly1305_lengths(${a}, ${c}) on ${opt.backend} and ${OTHER}`, run(A), run(B));
  }
});
const concat = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
};
// A module that other modules import changes the algorithms of those.
const LIBRARIES = { blake_common: ['blake1', 'blake2', 'argon2'], aes_field: ['aes'], poly1305: ['chacha'], pbkdf2: ['sha2', 'legacy'] };

// ---- after each family: every instance the entry has loaded (also those no call left through
// Instance.leave) and the KDFs' kept heap instances are zero too.
const { specOf } = await import(pathToFileURL(path.join(root, 'runtime', 'shell.js')).href);
const { cipherSpecOf } = await import(pathToFileURL(path.join(root, 'runtime', 'cipher.js')).href);
const { argon2MemoryForTests } = await import(pathToFileURL(path.join(root, 'runtime', 'argon2.js')).href);
const { scryptMemoryForTests } = await import(pathToFileURL(path.join(root, 'runtime', 'scrypt.js')).href);
const targetRegions = async (mod) => (await targetOf(opt.backend, mod)).regions;
async function hygiene(family) {
  const memories = [];
  const seen = new Set();
  for (const [name, f] of Object.entries(lib)) {
    if (typeof f !== 'function') continue;
    const top = (specOf(f) ?? cipherSpecOf(f))?.instance;
    for (const I of top?.parts ?? (top ? [top] : [])) {
      if (I.mem === null || seen.has(I)) continue; // never loaded: nothing to check
      seen.add(I);
      memories.push([name, I.memory(), regionsOf(I), constantsTarget(I)]);
    }
  }
  if (family === 'argon2')
    for (const name of ['argon2d', 'argon2i', 'argon2id']) {
      const m = argon2MemoryForTests(lib[name]);
      if (m) memories.push([name, m, await targetRegions('argon2')]);
    }
  if (family === 'scrypt') {
    const m = scryptMemoryForTests(lib.scrypt);
    if (m) memories.push(['scrypt', m, await targetRegions('scrypt')]);
  }
  for (const [name, mem, regions, target] of memories) {
    checks++;
    const d = dirt(mem, regions, target);
    if (d !== null) {
      console.log(`killed: ${family}: the memory behind ${name} is not zero after the calls: ${d}`);
      process.exit(1);
    }
  }
}

const want = opt.modules ? opt.modules.split(',').flatMap((m) => LIBRARIES[m] ?? [m]) : Object.keys(FAMILIES);
const t0 = Date.now();
for (const m of new Set(want)) {
  if (!FAMILIES[m]) {
    console.log(`unchecked: no checks for module ${m} in tools/mutate-check.js (known: ${[...Object.keys(FAMILIES), ...Object.keys(LIBRARIES)].join(', ')})`);
    process.exit(3);
  }
  for (const check of FAMILIES[m]) {
    try {
      await check();
    } catch (e) {
      console.log(`killed: ${m}: ${e?.constructor?.name ?? 'exception'}: ${String(e?.message ?? e).split('\n')[0]}`);
      process.exit(1);
    }
  }
  await hygiene(m);
  if (opt.verbose) console.log(`${m}: ok`);
}
console.log(`survived: ${checks} answers right on ${opt.backend} (${[...new Set(want)].join(', ')}) in ${Date.now() - t0} ms`);
process.exit(0);
