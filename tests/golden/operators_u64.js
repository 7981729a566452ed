// awasmc dump --pass stage
// The runtime operators on u64 and i64: the same ops as on u32, on 64-bit
// values; comparisons give u32; static operands become 64-bit constants from
// BigInts or exactly representable numbers (including negative ones).
import { u32, u64, i64, fn, memory, select } from 'awasm';

const s = memory('s', u64.array(16), { secret: false }); // public: this test is about operators, not secrets
const t = memory('t', i64.array(4), { secret: false }); // public: this test is about operators, not secrets
const flags = memory('flags', u32.array(8), { secret: false }); // public: this test is about operators, not secrets

export const operators_u64 = fn([], () => {
  const a = s.load(0), b = s.load(1);
  const r = [a + b, a - b, a * b, a & b, a | b, a ^ b, ~a, a << 13n, a >>> 7, a >> 1, -a, a + 1, a ^ 0xffffffffffffffffn];
  r.forEach((v, i) => s.store(i + 2, v));
  [a === b, a !== b, a < b, a <= b, a > b, a >= b, !a, a > 0].forEach((v, i) => flags.store(i, v));
  const x = t.load(0), y = t.load(1);
  t.store(2, select(x < y, x, y));   // signed min: lt_s then select
  t.store(3, x >> 63);
});
