// awasmc dump --pass stage
// i32 is the signed view of the same 32 bits: comparisons are signed (lt_s ...),
// arithmetic and bitwise ops are the same as u32, results of comparisons are
// u32, and negative static operands are natural. Returns an i32.
import { u32, i32, fn, memory } from 'awasm';

const out = memory('out', u32.array(6));
const outs = memory('outs', i32.array(4));

export const operators_i32 = fn([i32, i32], (a, b) => {
  out.store(0, a < b);
  out.store(1, a <= b);
  out.store(2, a > -1);
  out.store(3, a >= b);
  out.store(4, a === b);
  out.store(5, !b);
  outs.store(0, a >> 3);      // arithmetic
  outs.store(1, a >>> 3);     // logical, still an i32
  outs.store(2, a * -2);
  outs.store(3, -a);
  return (a + b) ^ -1;
});
