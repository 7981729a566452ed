// Type-checked (not run) by tests/lib/types.test.js: the cipher declarations (types/ciphers.d.ts)
// accept the documented uses and reject wrong ones (the @ts-expect-error lines must be errors).
import { chacha20, xchacha20, salsa20, type CipherInstance } from 'awasmc-noble';
import { chacha20orig } from 'awasmc-noble/js.js';

const key = new Uint8Array(32);
const data = new Uint8Array(100);
const c: CipherInstance = chacha20(key, new Uint8Array(12), { counter: 1 });
const ct: Uint8Array = c.encrypt(data);
c.decrypt(ct, ct);
const p: Promise<Uint8Array> = xchacha20(key, new Uint8Array(24)).encrypt.async(data, undefined, { asyncTick: 5 });
const s = salsa20(key, new Uint8Array(8), { counter: 1n }).encrypt.create();
const part: Uint8Array = s.update(data);
const fin: Uint8Array = s.finish().data;
const n: number = chacha20orig.nonceLength + c.blockSize + c.tagLength;
// @ts-expect-error the counter is a number or bigint
chacha20(key, new Uint8Array(12), { counter: '1' });
// @ts-expect-error unknown option
chacha20(key, new Uint8Array(12), { count: 1 });
// @ts-expect-error a string is not data
c.encrypt('abc');
void [p, part, fin, n];
import { chacha20poly1305, xsalsa20poly1305, secretbox } from 'awasmc-noble';
import { managedNonce } from 'awasmc-noble/utils.js';
const sealed: Uint8Array = chacha20poly1305(key, new Uint8Array(12), new Uint8Array(3)).encrypt(data);
const opened: Uint8Array = xsalsa20poly1305(key, new Uint8Array(24)).decrypt(sealed);
const box = secretbox(key, new Uint8Array(24));
const boxed: Uint8Array = box.seal(data);
const managed: Uint8Array = managedNonce(chacha20poly1305)(key).encrypt(data);
const fin2 = chacha20poly1305(key, new Uint8Array(12)).encrypt.create().finish();
const tag: Uint8Array | undefined = fin2.tag;
// @ts-expect-error NaCl's AEAD takes no AAD
xsalsa20poly1305(key, new Uint8Array(24), new Uint8Array(1));
void [opened, boxed, managed, tag];
import { aessiv } from 'awasmc-noble';
const siv: Uint8Array = aessiv(new Uint8Array(32), new Uint8Array(3), new Uint8Array(12)).encrypt(data);
const sivOpen: Uint8Array = aessiv(new Uint8Array(64)).decrypt(siv);
// @ts-expect-error AD strings are bytes
aessiv(new Uint8Array(32), 'ad');
void sivOpen;
import { aeskw, aeskwp } from 'awasmc-noble';
const wrapped: Uint8Array = aeskw(new Uint8Array(16)).encrypt(new Uint8Array(32));
const unwrapped: Uint8Array = aeskwp(new Uint8Array(32)).decrypt(wrapped);
// @ts-expect-error the key wraps take no nonce
aeskw(new Uint8Array(16), new Uint8Array(8));
void unwrapped;
