// Types of the package root, index.js (docs/api.md, "Where wasm is refused"): every name of the
// backend entries (hashes.d.ts), on the wasm backend or, where wasm is refused, the js backend.
export * from './hashes.js';
/** The backend the package root's functions run on: 'wasm', or 'js' where wasm cannot be compiled. */
export declare function backend(): 'wasm' | 'js';
