// Package root: the `wasm` backend (see docs/api.md for the other entry points).
export * from './wasm.js';
