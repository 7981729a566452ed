// Package entry `awasmc-noble/kdf.js`: PBKDF2 with the kernels of the default (wasm) entry; the
// other backend entries export their own `pbkdf2` (js.js's runs the js kernels). See docs/api.md;
// the code is runtime/kdf.js.
export { pbkdf2 } from './wasm.js';
