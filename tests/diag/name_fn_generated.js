// A kernel named like a variable of the generated instantiate() (M32 is the js
// target's Int32Array view) would redeclare it.
import { u32, fn } from 'awasm';

const opts = { targets: ['js', 'runtime'], name: 'M32' };
export const f = fn([u32], (x) => x, opts);
