// Constant-time check: select() on a secret condition in a kernel built for js and runtime.
import { u32, fn, memory, select } from 'awasm';

const key = memory('key', u32.array(4));
export const f = fn([u32, u32], (a, b) => select(key.load(0) & 1, a, b));
