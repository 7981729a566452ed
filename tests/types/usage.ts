// Type-checked (not run) by tests/lib/types.test.js: the declarations in types/ must accept the
// documented uses and reject wrong ones (the @ts-expect-error lines must be errors).
import { sha256, sha512, blake3, type Hash } from 'awasmc-noble';
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
const b1: Uint8Array = blake3(msg, { dkLen: 100, context: 'app 2026 purpose' });
const b2: Uint8Array = blake3.create({ key: new Uint8Array(32) }).update(msg).xof(64);
// @ts-expect-error a key is bytes
blake3(msg, { key: 'secret' });
// @ts-expect-error a string is not a message
sha256('abc');
// @ts-expect-error unknown option
sha256(msg, { outpos: 1 });
// @ts-expect-error streams are not hashes
const wrong: Uint8Array = sha256.create();
void [d2, many, p, q, n, platform, hex, wrong, b1, b2];
