// Names are ASCII: a non-ASCII letter is shown escaped in the error.
import { u32, fn, memory } from 'awasm';

const m = memory('größe', u32.array(8));
export const f = fn([u32], (x) => x);
