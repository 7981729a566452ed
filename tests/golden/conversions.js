// awasmc dump --pass stage
// Conversions between runtime types, written as calls of the type: u64(x)
// zero-extends a u32 and sign-extends an i32 (extend_u / extend_s), u32(y) and
// i32(y) wrap a 64-bit value, same-width conversions only retag the bits, a
// conversion to the value's own type is nothing, and a static argument makes a
// constant of that type.
import { u32, i32, u64, i64, fn, memory } from 'awasm';

const w = memory('w', u32.array(4));
const ws = memory('ws', i32.array(2));
const d = memory('d', u64.array(5));
const ds = memory('ds', i64.array(2));

export const conversions = fn([u32, i32], (x, y) => {
  d.store(0, u64(x));       // extend_u
  d.store(1, u64(y));       // extend_s
  ds.store(0, i64(x));      // extend_u, typed i64
  ds.store(1, i64(y));      // extend_s
  const big = d.load(4);
  w.store(0, u32(big));     // wrap
  ws.store(0, i32(big));    // wrap, typed i32
  w.store(1, u32(y));       // retag i32 -> u32
  ws.store(1, i32(x));      // retag u32 -> i32
  d.store(2, u64(ds.load(0)));  // retag i64 -> u64
  w.store(2, u32(x));       // already a u32: no node
  d.store(3, u64(5));       // static: a u64 constant
  w.store(3, u32(i32(x)) + u32(true));  // true is 1
});
