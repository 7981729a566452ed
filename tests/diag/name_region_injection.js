// A region name reaches the generated targets as a string: a quote in it would
// inject code that runs when a target is imported. Names must be plain names.
import { u32, fn, memory } from 'awasm';

const m = memory("x'); globalThis.pwned = 1; ('", u32.array(4));
export const f = fn([u32], (x) => { m.store(0, x); });
