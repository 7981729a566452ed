// Two regions with the same name.
import { u32, fn, memory } from 'awasm';

const a = memory('state', u32.array(8));
const b = memory('state', u32.array(8));
export const f = fn([u32], (x) => x);
