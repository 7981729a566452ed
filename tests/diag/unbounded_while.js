// A static loop that never ends exhausts the evaluation budget (see also
// limit_for_typo_static.js: a for loop with a block body).
import { u32, fn } from 'awasm';

let n = 0;
while (true) n++;
export const f = fn([u32], (x) => x + n);
