// Type-checked (not run) by tests/lib/types.test.js: the declarations in types/ must accept the
// documented uses and reject wrong ones (the @ts-expect-error lines must be errors).
import { blake256, blake2b, blake2s, blake3, sha256, sha512, type Hash } from 'awasmc-noble';
import { sha224, shake256, sha3_256, keccak_256, type XofHash } from 'awasmc-noble/js.js';
import { bytesToHex, utf8ToBytes, concatBytes } from 'awasmc-noble/utils.js';
import { WP } from 'awasmc-noble/workers.js';

const msg: Uint8Array = utf8ToBytes('abc');
const d1: Uint8Array = sha256(msg);
const out = new Uint8Array(64);
sha512(msg, { out, outPos: 0 });
const s = sha256.create().update(msg).update(concatBytes(msg, msg));
const c = s.clone();
const d2: Uint8Array = c.digest();
s.digestInto(out);
s.destroy();
const many: Uint8Array[] = sha224.parallel([msg, msg]);
sha224.parallel([msg], { out: [new Uint8Array(28)] });
const p: Promise<Uint8Array> = sha256.async(msg, { asyncTick: 5, onProgress: (f: number) => void f });
const q: Promise<Uint8Array> = sha256.chunks.async([msg, msg]);
const h: Hash = sha512;
const n: number = h.outputLen + h.blockLen;
const platform: 'wasm' | 'wasm_threads' | 'js' | 'runtime' | 'noble' | 'webcrypto' | 'stub' = h.getPlatform();
const hex: string = bytesToHex(d1);
// @ts-expect-error a string is not a message
sha256('abc');
// @ts-expect-error unknown option
sha256(msg, { outpos: 1 });
// @ts-expect-error streams are not hashes
const wrong: Uint8Array = sha256.create();
const x1: Uint8Array = shake256(msg, { dkLen: 100 });
const xs = shake256.create({ dkLen: 64 }).update(msg);
const x2: Uint8Array = xs.xof(10);
const x3: Uint8Array = xs.xofInto(new Uint8Array(5));
const xh: XofHash = shake256;
const k1: Uint8Array = keccak_256(msg);
const k2: Uint8Array = sha3_256.create().update(msg).digest();
// @ts-expect-error a fixed-length hash is not an XOF
const notXof: XofHash = sha3_256;
const bl3a: Uint8Array = blake3(msg, { dkLen: 100, context: 'app 2026 purpose' });
const bl3b: Uint8Array = blake3.create({ key: new Uint8Array(32) }).update(msg).xof(64);
const bl3c: XofHash = blake3;
// @ts-expect-error a key is bytes
blake3(msg, { key: 'secret' });
void [d2, many, p, q, n, platform, hex, wrong, x1, x2, x3, xh, k1, k2, notXof, bl3a, bl3b, bl3c];

// hmac.js and hkdf.js take any of our hashes (and @noble/hashes')
import { hmac } from 'awasmc-noble/hmac.js';
import { hkdf, extract, expand } from 'awasmc-noble/hkdf.js';
import { sha1 } from 'awasmc-noble/runtime.js';
import { sha3_256 as nobleSha3 } from '@noble/hashes/sha3.js';
const key = new Uint8Array(32);
const tag: Uint8Array = hmac(sha256, key, msg);
const tag2: Uint8Array = hmac(nobleSha3, key, msg);
const tag4: Uint8Array = hmac(sha3_256, key, msg) && hmac(shake256, key, msg);
const mac = hmac.create(sha1, key).update(msg);
const mac2 = mac.clone();
mac.digestInto(out);
const tag3: Uint8Array = mac2.digest();
const n2: number = mac.blockLen + mac.outputLen;
const okm: Uint8Array = hkdf(sha512, msg, undefined, undefined, 64);
const prk: Uint8Array = extract(sha256, msg);
const okm2: Uint8Array = expand(sha256, prk, msg, 100);
const okm3: Uint8Array = expand(sha256, prk);
// @ts-expect-error the hash comes first
hmac(key, sha256, msg);
// @ts-expect-error a stream is not a hash
hkdf(sha256.create(), msg, undefined, undefined, 32);
void [tag, tag2, tag3, tag4, n2, okm, okm2, okm3];
// BLAKE and BLAKE2 options.
const b2: Uint8Array = blake2b(msg, { key: msg, salt: new Uint8Array(16), personalization: new Uint8Array(16), dkLen: 32 });
const b2s = blake2s.create({ key: msg, dkLen: 16 }).update(msg).digest();
const b1: Uint8Array = blake256(msg, { salt: new Uint8Array(16) });
const hb: Hash<{ key?: Uint8Array }> = blake2b;
// @ts-expect-error BLAKE has no key
blake256(msg, { key: msg });
void [b2, b2s, b1, hb];
// Results are Uint8Array<ArrayBuffer> on TypeScript 5.7+, accepted where an ArrayBuffer-backed
// view is required (as @noble/hashes' results are).
const ab1: Uint8Array<ArrayBuffer> = sha256(msg);
const ab2: ArrayBuffer = sha512.create().update(msg).digest().buffer;
const ab3: Uint8Array<ArrayBuffer> = blake3.create().xof(8);
void [ab1, ab2, ab3];

const threads: number = WP.threads();
WP.setSize(Math.min(4, WP.size));
WP.stop();
// @ts-expect-error: the size is read-only (WP.setSize)
WP.size = 2;

// scrypt: sync and async, string or bytes.
import { scrypt } from 'awasmc-noble';
const sk: Uint8Array = scrypt('password', new Uint8Array(16), { N: 1024, r: 8, p: 1, dkLen: 32, onProgress: (f: number) => void f });
const skAsync: Promise<Uint8Array> = scrypt.async(msg, 'salt', { N: 1024, r: 8, p: 1, asyncTick: 5, maxmem: 2 ** 30 });
void sk;
void skAsync;
// KDFs: pbkdf2 from kdf.js and from a backend entry, over any hash.
import { pbkdf2 } from 'awasmc-noble/kdf.js';
import { pbkdf2 as pbkdf2Js, sha512 as sha512Js } from 'awasmc-noble/js.js';
const dk: Uint8Array = pbkdf2(sha256)('password', utf8ToBytes('salt'), { c: 1000, dkLen: 64, onProgress: (f: number) => void f });
const dk2: Promise<Uint8Array> = pbkdf2Js(sha512Js).async('password', 'salt', { c: 10, asyncTick: 5 });
// @ts-expect-error c is required
pbkdf2(sha256)('password', 'salt', { dkLen: 32 });
// @ts-expect-error asyncTick belongs to .async
pbkdf2(sha256)('password', 'salt', { c: 1, asyncTick: 5 });
// Argon2 (types/hashes.d.ts).
import { argon2id, argon2d, type ArgonOpts } from 'awasmc-noble';
const a2tag: Uint8Array = argon2id('password', msg, { t: 1, m: 8, p: 1, dkLen: 32, key: 'k', personalization: msg, maxmem: 2 ** 20 });
const tagAsync: Promise<Uint8Array> = argon2d.async(msg, 'somesalt', { onProgress: (f: number) => void f, asyncTick: 5 });
const aopts: ArgonOpts = { version: 0x10 };
// @ts-expect-error the options are named as in @noble/hashes
argon2id('password', 'somesalt', { iterations: 1 });
// @ts-expect-error asyncTick belongs to .async
argon2id('password', 'somesalt', { t: 1, asyncTick: 5 });
import { scrypt as scryptKdf, argon2id as argon2idKdf } from 'awasmc-noble/kdf.js';
const skKdf: Uint8Array = scryptKdf('password', 'salt', { N: 1024, r: 8, p: 1 });
const ak: Promise<Uint8Array> = argon2idKdf.async('password', 'saltsalt', { t: 1, m: 64, p: 1 });
// Poly1305 (types/hashes.d.ts): the MAC shape, the key where a hash takes its options.
import { poly1305 } from 'awasmc-noble';
const ptag: Uint8Array = poly1305(msg, msg);
const ptag2: Uint8Array = poly1305(msg, { key: msg, out: new Uint8Array(16) });
const pstream: Uint8Array = poly1305.create(msg).update(msg).digest();
const ptags: Promise<Uint8Array[]> = poly1305.parallel.async([msg], { key: msg, asyncTick: 1 });
// @ts-expect-error a MAC needs its key
poly1305(msg);

// state.js: export a stream's state, resume it on another backend
import { exportState, importState, importHmacState } from 'awasmc-noble/state.js';
import { sha256 as jsSha256 } from 'awasmc-noble/js.js';
const saved: Uint8Array = exportState(sha256.create().update(msg));
const resumed: Uint8Array = importState(jsSha256, saved).update(msg).digest();
const hsaved: Uint8Array = exportState(hmac.create(sha256, key));
const hresumed: Uint8Array = importHmacState(jsSha256, hsaved).digest();
// @ts-expect-error the state is bytes
importState(sha256, 'state');
// AES-CMAC (types/hashes.d.ts): the same MAC shape.
import { cmac } from 'awasmc-noble';
const ctag: Uint8Array = cmac(msg, new Uint8Array(16));
const cstream: Uint8Array = cmac.create({ key: new Uint8Array(32) }).update(msg).digest();
// @ts-expect-error a MAC needs its key
cmac(msg);
void [ctag, cstream];
// The package root's backend (wasm, or js where wasm is refused) and platform.js.
import { backend } from 'awasmc-noble';
import { wasmRefused, useWasmModules } from 'awasmc-noble/platform.js';
const which: 'wasm' | 'js' = backend();
const refused: Error | null = wasmRefused();
useWasmModules(new Map());
// @ts-expect-error: modules are given by name
useWasmModules([1]);
void which, refused;
// noble.js: the same names and shapes (all but ofb), over @noble/hashes and @noble/ciphers.
import { sha256 as nobleSha256, blake2b as nobleBlake2b, chacha20poly1305 as nobleAead } from 'awasmc-noble/noble.js';
const nd: Uint8Array = nobleSha256(msg, { out: new Uint8Array(32) });
const nb2: Promise<Uint8Array> = nobleBlake2b.async(msg, { dkLen: 16, asyncTick: 1 });
const nct: Uint8Array = nobleAead(new Uint8Array(32), new Uint8Array(12)).encrypt(msg);
// @ts-expect-error @noble/ciphers has no OFB, so noble.js does not export it
import { ofb as nobleOfb } from 'awasmc-noble/noble.js';

// stub.js: the same names, and install() of a backend's namespace.
import { sha256 as stubSha256, install, installed } from 'awasmc-noble/stub.js';
import * as jsBackend from 'awasmc-noble/js.js';
const names: string[] = install(jsBackend, { onlyMissing: true });
const sd: Uint8Array = stubSha256(msg);
const whichInstalled: Record<string, string> = installed();
// @ts-expect-error onlyMissing is a boolean
install(jsBackend, { onlyMissing: 1 });

// webcrypto.js: async only; its hashes go where ours do (hmac.js, and stub.js's install).
import * as wc from 'awasmc-noble/webcrypto.js';
const wsup: boolean = wc.isSupported();
const wd: Promise<Uint8Array> = wc.sha256.async(msg, { out: new Uint8Array(32) });
const wh: Promise<Uint8Array> = wc.hmac.async(wc.sha512, msg, msg);
const wk: Promise<Uint8Array> = wc.pbkdf2(wc.sha256).async('pw', 'salt', { c: 1000, dkLen: 16 });
const wg: Promise<Uint8Array> = wc.gcm(new Uint8Array(16), new Uint8Array(12), msg).encrypt.async(msg);
install(wc, { onlyMissing: true });
// @ts-expect-error the sync form never returns
const wsync: Uint8Array = wc.sha256(msg).length;
