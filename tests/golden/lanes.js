// awasmc dump --pass stage
// Lane types: u32x4(x) splats a u32, u32x4(a, b, c, d) builds lane by lane
// (splat of a, then replace_lane 1..3), lane(v, i) extracts and
// withLane(v, i, x) replaces a lane (i static), operators work lane-wise,
// shifts and rotations take one u32 amount for all lanes, comparisons give a
// lane mask of the same type, and static operands splat into v128 constants.
import { u32, u64, u32x4, u64x2, fn, memory, lane, withLane, andnot, rotl } from 'awasm';

const v = memory('v', u32x4.array(4));
const q = memory('q', u64x2.array(2));
const w = memory('w', u32.array(2));
const d = memory('d', u64.array(1));

export const lanes = fn([u32, u32], (x, n) => {
  const a = u32x4(x);
  const b = u32x4(1, x, 3, n);
  const c = v.load(0);
  v.store(1, (a + b) ^ (c * b) ^ ~(c - 3) ^ (c << n) ^ (c >>> 3));
  v.store(2, withLane(c, 3, x) & 0xff);
  v.store(3, c === b);
  w.store(0, lane(c, 2));
  w.store(1, lane(andnot(rotl(c, 7), a), 0));
  const p = q.load(0);
  q.store(1, p + u64x2(d.load(0)) - 1n);
  d.store(0, lane(p, 1));
});
