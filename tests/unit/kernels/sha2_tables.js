// Writes the SHA-2 tables of modules/sha2.js to memory, so that
// tests/unit/sha2_constants.cpp can compare them with values derived from
// their definition in FIPS 180-4.
import { u32, u64, memory, fn } from 'awasm';
import { K256, K512, IV } from '../../../modules/sha2.js';

const k256 = memory('t_k256', u32.array(64));
const k512 = memory('t_k512', u64.array(80));
const iv32 = memory('t_iv32', u32.array(16));
const iv64 = memory('t_iv64', u64.array(32));

export const tables = fn([], () => {
  K256.forEach((k, i) => k256.store(i, k));
  K512.forEach((k, i) => k512.store(i, k));
  [...IV.sha224, ...IV.sha256].forEach((x, i) => iv32.store(i, x));
  [...IV.sha384, ...IV.sha512, ...IV.sha512_224, ...IV.sha512_256].forEach((x, i) => iv64.store(i, x));
});
