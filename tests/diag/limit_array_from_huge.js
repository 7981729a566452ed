// A huge Array.from({ length }) is refused before anything is allocated.
import { u32, fn } from 'awasm';
const table = Array.from({ length: 1e9 }, (_, i) => i);
export const f = fn([u32], (x) => x + table[0]);
