// awasmc dump --pass lower_simd --target js
// On the js and runtime targets lane types become one scalar per lane: a
// v128 load is one load per lane, splat repeats the scalar, lane ops are one
// op per lane, replace_lane / extract_lane just pick a lane, comparisons make
// all-ones masks (0 - eq), and a u64x2 becomes two u64 values (which
// lower_u64 splits again).
import { u32, u32x4, u64x2, fn, memory, lane, withLane } from 'awasm';

const v = memory('v', u32x4.array(2));
const q = memory('q', u64x2.array(2));

export const lanes_js = fn([u32], (x) => {
  const a = v.load(0);
  v.store(1, withLane(a + u32x4(x), 2, 9) ^ (a === u32x4(x)));
  q.store(1, q.load(0) + 1n);
  return lane(a, 3);
});
