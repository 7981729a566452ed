// Package entry `awasmc-noble/kdf.js`: the key derivation functions of the default (wasm) entry:
// pbkdf2 (over any hash), scrypt, argon2d, argon2i, argon2id. The other backend entries export
// their own (js.js's run the js kernels). See docs/api.md, "Key derivation"; the code is
// runtime/kdf.js, runtime/scrypt.js and runtime/argon2.js.
export { argon2d, argon2i, argon2id, pbkdf2, scrypt } from './wasm.js';
