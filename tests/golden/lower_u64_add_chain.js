// awasmc dump --pass lower_u64 --target runtime
// Chains of 64-bit adds on the runtime target: an add whose only use is another add in the same
// block is summed by that add. The low words are added in order with one carry op per three of
// them (a last single word gets the comparison carry of one add: sum < previous sum, unsigned),
// and the high words are added with the carries. chain3: one carry op; chain4: a carry op and a
// comparison; chain5: two carry ops (SHA-512's T1 = h + Σ1 + Ch + K + W). shared: t has two
// uses, so it is a leaf of both chains (t + c and t + d), each a single add. loop_root: the inner
// sum is defined outside the loop that uses it, so it stays an add of its own, outside the loop.
// sub: a subtraction ends a chain (only adds are summed). The js target: lower_u64_add_chain_js.
import { u32, u64, fn, memory, loop } from 'awasm';

const m = memory('m', u64.array(8));

export const chain3 = fn([], () => {
  m.store(0, m.load(1) + m.load(2) + m.load(3));
});
export const chain4 = fn([], () => {
  m.store(0, m.load(1) + m.load(2) + m.load(3) + m.load(4));
});
export const chain5 = fn([], () => {
  m.store(0, m.load(1) + (m.load(2) + m.load(3)) + m.load(4) + m.load(5));
});
export const shared = fn([], () => {
  const t = m.load(0) + m.load(1);
  m.store(2, t + m.load(3));
  m.store(4, t + m.load(5));
});
export const loop_root = fn([u32], (n) => {
  const t = m.load(0) + m.load(1);
  loop(n, () => m.store(2, t + m.load(3)));
});
export const sub = fn([], () => {
  m.store(0, m.load(1) + m.load(2) - m.load(3) + m.load(4));
});
