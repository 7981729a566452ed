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
