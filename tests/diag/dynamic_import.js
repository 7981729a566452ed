// import() is not allowed.
import { u32, fn } from 'awasm';

const lib = import('./lib/values.js');
export const f = fn([u32], (x) => x);
