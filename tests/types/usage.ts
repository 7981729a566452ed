// Type-checked (not run) by tests/lib/types.test.js: the declarations in types/ must accept the
// documented uses and reject wrong ones (the @ts-expect-error lines must be errors).
import { sha256, sha512, type Hash } from 'awasmc-noble';
import { sha224 } from 'awasmc-noble/js.js';
import { bytesToHex, utf8ToBytes, concatBytes } from 'awasmc-noble/utils.js';

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
const platform: 'wasm' | 'wasm_threads' | 'js' | 'runtime' = h.getPlatform();
const hex: string = bytesToHex(d1);
// @ts-expect-error a string is not a message
sha256('abc');
// @ts-expect-error unknown option
sha256(msg, { outpos: 1 });
// @ts-expect-error streams are not hashes
const wrong: Uint8Array = sha256.create();
void [d2, many, p, q, n, platform, hex, wrong];

// hmac.js and hkdf.js take any of our hashes (and @noble/hashes')
import { hmac } from 'awasmc-noble/hmac.js';
import { hkdf, extract, expand } from 'awasmc-noble/hkdf.js';
import { sha1 } from 'awasmc-noble/runtime.js';
import { sha3_256 as nobleSha3 } from '@noble/hashes/sha3.js';
const key = new Uint8Array(32);
const tag: Uint8Array = hmac(sha256, key, msg);
const tag2: Uint8Array = hmac(nobleSha3, key, msg);
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
void [tag, tag2, tag3, n2, okm, okm2, okm3];
