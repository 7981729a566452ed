// Static arrays made in a loop (each one kept until staging ends) stop at the total budget.
import { u32, fn } from 'awasm';
const keep = [];
for (let i = 0; i < 1000; i++) keep.push(Array.from({ length: 100000 }));
export const f = fn([u32], (x) => x + keep.length);
