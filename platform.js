// Package entry `awasmc-noble/platform.js`: what this platform allows (docs/api.md, "Where wasm is
// refused"). wasmRefused() is the probe the package root uses to fall back to the js backend;
// useWasmModules() hands the wasm backend modules compiled ahead of time, for platforms that run
// those but refuse to compile code at run time (tools/wasm-files.mjs writes the .wasm files).
export { wasmRefused } from './runtime/auto.js';
export { useWasmModules, wasmModuleKey } from './runtime/link.js';
