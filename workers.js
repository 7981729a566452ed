// The worker pool of the wasm_threads backend (docs/api.md, "Threads"): `WP.threads()`,
// `WP.size`, `WP.setSize(n)`, `WP.stop()`.
export { WP } from './runtime/workers.js';
