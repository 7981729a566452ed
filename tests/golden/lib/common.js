// A library module for tests/golden/imports.js: it exports no kernel function,
// so it only provides values and helpers to the modules that import it.
import { u32, rotr } from 'awasm';

export const ROUNDS = 3;
export const IV = [0x6a09e667, 0xbb67ae85];
export function mix(x, k) {
  return rotr(x, k) ^ x;
}
const twice = (x) => x + x;
export { twice as double, u32 as word };
