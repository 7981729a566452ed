// What the browser tests hash (tests/browser/browsers.test.js): the inputs, made the
// same way in the page, in its Web Worker and in Node (which computes the expected digests with
// node:crypto and @noble/hashes), and the calls run on them. No Node or browser API here: this
// module is loaded by both.

const MiB = 1 << 20;

/** Deterministic bytes (xorshift32 from `seed`), the same everywhere. */
export function bytes(seed, length) {
  const out = new Uint8Array(length);
  let x = (seed * 0x9e3779b9 + 1) >>> 0 || 1;
  for (let i = 0; i < length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x;
    if (i + 1 < length) out[i + 1] = x >>> 8;
    if (i + 2 < length) out[i + 2] = x >>> 16;
    if (i + 3 < length) out[i + 3] = x >>> 24;
  }
  return out;
}

/** The inputs: a batch of eight 1 MiB messages (one a little longer) and one 9 MiB message. */
export function inputs() {
  const batch = [];
  for (let i = 0; i < 8; i++) batch.push(bytes(1 + i, MiB + (i === 3 ? 123 : 0)));
  return { batch, big: bytes(100, 9 * MiB + 77) };
}

/** The Argon2 call: password, salt, options. */
export const ARGON2 = ['password', 'somesalt', { t: 2, m: 1024, p: 2 }];

export const hex = (u8) => Array.from(u8, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Runs every call of the test on one entry (`H`: the wasm_threads or the wasm entry's exports).
 * Returns { digests: { call: hex digest or list of them }, jobs: { call: jobs sent to workers } },
 * the job counts when `stats` (runtime/workers.js poolStatsForTests) is given.
 */
export async function run(H, stats) {
  const { batch, big } = inputs();
  const digests = {};
  const jobs = {};
  const call = async (name, f) => {
    const before = stats ? stats().jobs : 0;
    const out = await f();
    digests[name] = Array.isArray(out) ? out.map(hex) : hex(out);
    if (stats) jobs[name] = stats().jobs - before;
  };
  await call('sha256.parallel.async', () => H.sha256.parallel.async(batch));
  await call('sha256.parallel', () => H.sha256.parallel(batch));
  await call('blake3.parallel.async', () => H.blake3.parallel.async(batch));
  await call('blake3', () => H.blake3(big));
  await call('blake3.async', () => H.blake3.async(big));
  await call('blake3.parallel', () => H.blake3.parallel([big, batch[0]]));
  // Argon2 lanes (p = 2, 1 MiB): on the pool for .async, and for sync calls where the thread may block.
  await call('argon2id', () => H.argon2id(ARGON2[0], ARGON2[1], ARGON2[2]));
  await call('argon2id.async', () => H.argon2id.async(ARGON2[0], ARGON2[1], ARGON2[2]));
  return { digests, jobs };
}

/** The entries every browser case loads (tests/browser/browsers.test.js): each on small inputs. */
export const ENTRIES = ['index', 'wasm', 'wasm_threads', 'js', 'runtime'];

/** Small inputs for every entry (the interpreter of runtime.js is slow): a message, a key, a nonce. */
export function smallInputs() {
  return { msg: bytes(200, 1000 + 37), key: bytes(201, 32), nonce: bytes(202, 12) };
}

/**
 * One call per algorithm family on one entry `H`, on smallInputs(): { call: hex }. The test
 * computes the same with node:crypto, @noble/hashes and @noble/ciphers.
 */
export async function runSmall(H) {
  const { msg, key, nonce } = smallInputs();
  return {
    sha256: hex(H.sha256(msg)),
    sha512: hex(H.sha512.create().update(msg).update(key).digest()),
    sha3_256: hex(H.sha3_256(msg)),
    md5: hex(H.md5(msg)),
    blake2b: hex(H.blake2b(msg)),
    blake2s: hex(H.blake2s(msg)),
    blake3: hex(H.blake3(msg)),
    'sha256.parallel.async': (await H.sha256.parallel.async([msg, key])).map(hex),
    chacha20poly1305: hex(H.chacha20poly1305(key, nonce).encrypt(msg)),
  };
}
