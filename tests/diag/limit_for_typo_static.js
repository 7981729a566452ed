// The `r` for `r++` typo in a purely static for loop with a block body: it stops at the
// step budget in about a second, with bounded memory (scopes without closures are freed).
import { u32, fn } from 'awasm';
let n = 0;
for (let r = 0; r < 64; r) {
  const t = [n, r];
  n = t[0] + 1;
}
export const f = fn([u32], (x) => x + n);
