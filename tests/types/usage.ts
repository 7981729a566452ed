// Type-checked (not run) by tests/lib/types.test.js: the declarations in types/ must accept the
// documented uses and reject wrong ones (the @ts-expect-error lines must be errors).
import { blake256, blake2b, blake2s, sha256, sha512, type Hash } from 'awasmc-noble';
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
// BLAKE and BLAKE2 options.
const b2: Uint8Array = blake2b(msg, { key: msg, salt: new Uint8Array(16), personalization: new Uint8Array(16), dkLen: 32 });
const b2s = blake2s.create({ key: msg, dkLen: 16 }).update(msg).digest();
const b1: Uint8Array = blake256(msg, { salt: new Uint8Array(16) });
const hb: Hash<{ key?: Uint8Array }> = blake2b;
// @ts-expect-error BLAKE has no key
blake256(msg, { key: msg });
void [b2, b2s, b1, hb];
