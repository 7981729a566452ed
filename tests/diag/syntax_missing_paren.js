// A call whose closing parenthesis is missing.
import { u32, fn, memory } from 'awasm';

const m = memory('m', u32.array(4);
export const f = fn([], () => m.store(0, 1));
