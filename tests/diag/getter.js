// Getters and setters are not part of the kernel language.
import { u32, fn } from 'awasm';
const o = { get r() { return 64; } };
export const f = fn([u32], (x) => x + o.r);
