// awasmc dump --pass wat
// Lane types on wasm: v128 loads and stores, i32x4 / i64x2 arithmetic and
// comparisons, splat, extract_lane and replace_lane, v128 constants.
import { u32, u64, u32x4, u64x2, fn, memory, lane, withLane, select } from 'awasm';

const v = memory('v', u32x4.array(2), { secret: false }); // public: this test is about operators, not secrets
const q = memory('q', u64x2.array(2), { secret: false }); // public: this test is about operators, not secrets

export const lanes_wat = fn([u32], (x) => {
  const a = v.load(0);
  v.store(1, withLane(a + u32x4(x), 0, 7) ^ (a > 5));
  const p = q.load(0);
  q.store(1, p - u64x2(u64(lane(a, 3))));
  return select(lane(p === p, 0) === 0, x, u32(0));
});
