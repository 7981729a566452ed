// memory(name, spec) needs a type spec such as u32.array(16).
import { u32, fn, memory } from 'awasm';

const m = memory('m', 16);
export const f = fn([u32], (x) => x);
