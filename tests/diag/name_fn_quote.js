// A quote in fn(..., { name }) is rejected at the name.
import { u32, fn } from 'awasm';

export const f = fn([u32], (x) => x, { targets: ['wasm'], name: "f'" });
