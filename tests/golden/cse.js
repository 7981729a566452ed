// awasmc dump --pass simplify
// Common-subexpression elimination of pure nodes: a repeated computation
// (also with the operands of a commutative op swapped) is computed once,
// constants are shared, and a node from an enclosing block is reused inside a
// loop or branch, but not the other way round. Loads are not pure: two loads
// of the same address stay (a store may come between them).
import { u32, fn, memory, loop, when } from 'awasm';

const w = memory('w', u32.array(8));

export const cse = fn([u32, u32], (x, y) => {
  const t = (x ^ y) + 5;
  w.store(0, t);
  w.store(1, (y ^ x) + 5);             // same as t
  w.store(2, x * y + y * x);           // one mul
  w.store(3, w.load(7) + w.load(7));   // two loads
  loop(y, (i) => {
    w.store(4, (x ^ y) + i);           // x ^ y from outside the loop
    w.store(5, x - i);
  });
  w.store(6, x - 3);
  when(x, () => {
    w.store(6, x - y);                 // computed only in the branch...
  });
  w.store(7, x - y);                   // ...so computed again here
});
