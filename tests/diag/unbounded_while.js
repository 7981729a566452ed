// A static loop that never ends exhausts the evaluation budget. The body is a
// single statement on purpose: with a block body (and in any for loop) the
// stager keeps a scope per iteration and needs gigabytes before the budget
// runs out, a known compiler issue.
import { u32, fn } from 'awasm';

let n = 0;
while (true) n++;
export const f = fn([u32], (x) => x + n);
