// Optional chaining is not allowed: a missing property is an error to fix.
import { u32, fn } from 'awasm';

const cfg = { inner: { rounds: 64 } };
export const f = fn([u32], (x) => x + cfg.inner?.rounds);
