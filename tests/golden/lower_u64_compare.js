// awasmc dump --pass lower_u64
// 64-bit comparisons on (hi, lo) pairs: eq/ne compare both halves; an ordered
// comparison compares the high words (signed for i64, strictly) or, when they
// are equal, the low words unsigned; eqz ors the halves. select picks each half.
// Conversions: extend_u pairs with a zero high word, extend_s with the sign
// (x >> 31; an i32 is retagged to u32 first), wrap keeps the low word
// (retagged to i32 for an i32 result), retag keeps both.
import { u32, i32, u64, i64, fn, memory, select } from 'awasm';

const s = memory('s', u64.array(4), { secret: false }); // public: this test is about operators, not secrets
const t = memory('t', i64.array(4), { secret: false }); // public: this test is about operators, not secrets
const flags = memory('flags', u32.array(8), { secret: false }); // public: this test is about operators, not secrets

export const compare_u64 = fn([], () => {
  const a = s.load(0), b = s.load(1);
  flags.store(0, a === b);
  flags.store(1, a !== b);
  flags.store(2, a < b);
  flags.store(3, a >= b);
  flags.store(4, !a);
  s.store(2, select(a <= b, a, b));
});
export const compare_i64 = fn([], () => {
  const a = t.load(0), b = t.load(1);
  flags.store(5, a < b);
  flags.store(6, a >= b);
  flags.store(7, a > b);
});
const w = memory('w', i32.array(1), { secret: false }); // public: this test is about operators, not secrets
export const convert = fn([u32, i32], (x, y) => {
  s.store(0, u64(x));
  t.store(3, i64(y));
  flags.store(0, u32(s.load(1)));
  w.store(0, i32(t.load(2)));
  s.store(1, u64(t.load(1)));
});
