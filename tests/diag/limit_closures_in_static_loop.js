// An endless static loop that makes a closure per iteration (each keeps its scope alive)
// stops at the static allocation budget, not after gigabytes.
import { u32, fn } from 'awasm';
const fs = [];
for (let r = 0; r < 64; r) fs.push(() => r);
export const f = fn([u32], (x) => x);
