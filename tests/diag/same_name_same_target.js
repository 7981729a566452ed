// One function name may only be used for disjoint sets of targets.
import { u32, fn } from 'awasm';
export const a = fn([u32], (x) => x, { targets: ['wasm', 'js'] });
export const b = fn([u32], (x) => x + 1, { targets: ['js'], name: 'a' });
