// Package entry `awasmc-noble/state.js`: stream state export and import for every streaming hash
// and MAC of every backend (docs/api.md "State export"; the code is runtime/state.js):
// exportState(stream) -> bytes, importState(hash, bytes) -> stream, importHmacState(hash, bytes).
export { exportState, importState, importHmacState } from './runtime/state.js';
