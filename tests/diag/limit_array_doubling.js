// Doubling a static array with spread stops at the array length limit.
import { u32, fn } from 'awasm';
let a = [1];
for (let i = 0; i < 40; i++) a = [...a, ...a];
export const f = fn([u32], (x) => x);
