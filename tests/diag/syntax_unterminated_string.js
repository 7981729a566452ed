// A string literal that does not end on its line.
import { u32, fn, memory } from 'awasm';

const m = memory('state, u32.array(4));
export const f = fn([], () => m.store(0, 1));
