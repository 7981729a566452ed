// Region names are plain names: no spaces (the name is computed here, the error is at the argument).
import { u32, fn, memory } from 'awasm';

const base = 'my';
const m = memory(`${base} state`, u32.array(8));
export const f = fn([u32], (x) => x);
