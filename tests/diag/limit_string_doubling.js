// Doubling a static string stops at the string length limit, not in std::bad_alloc.
import { u32, fn } from 'awasm';
let s = 'a';
for (let i = 0; i < 40; i++) s = s + s;
export const f = fn([u32], (x) => x);
