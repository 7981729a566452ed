// Type-checked (not run) by tests/lib/types.test.js: ghash, polyval, gcm and gcmsiv
// (types/hashes.d.ts, types/ciphers.d.ts); the @ts-expect-error lines must be errors.
import { ghash, polyval, gcm, gcmsiv, type GcmOpts } from 'awasmc-noble';

const key = new Uint8Array(16);
const msg = new Uint8Array(100);
const g: Uint8Array = ghash(msg, key);
const p: Uint8Array = polyval.create(key).update(msg).digest();
const opts: GcmOpts = { tagLength: 12 };
const sealed: Uint8Array = gcm(key, new Uint8Array(12), new Uint8Array(3), opts).encrypt(msg);
const opened: Uint8Array = gcmsiv(key, new Uint8Array(12)).decrypt(sealed);
const fin = gcm(key, new Uint8Array(12)).encrypt.create().finish();
const tag: Uint8Array | undefined = fin.tag;
// @ts-expect-error tagLength is a number
gcm(key, new Uint8Array(12), undefined, { tagLength: '12' });
void [g, p, opened, tag];
