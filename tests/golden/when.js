// awasmc dump --pass stage
// when(cond, then, else?) is a runtime branch on a u32 condition: each arm is
// staged once, and runtime values the arms reassign are carried through
// locals like loop-carried values. A static condition just picks an arm at
// build time. when works inside loops and loops inside when.
import { u32, fn, memory, loop, when } from 'awasm';

const data = memory('data', u32.array(8), { secret: false }); // public: this test is about operators, not secrets

export const clamp = fn([u32], (x) => {
  let r = x;
  when(x > 100, () => { r = u32(100); });
  return r;
});
export const both_arms = fn([u32], (x) => {
  let r = u32(0);
  when(x & 1, () => { r = x * 3 + 1; }, () => { r = x >>> 1; });
  return r;
});
export const static_cond = fn([u32], (x) => {
  let r = x;
  when(2 > 1, () => { r = r + 1; }, () => { r = r - 1; });
  return r;
});
export const count_odd = fn([u32], (n) => {
  let odd = u32(0);
  loop(n, (i) => {
    when(data.load(i) & 1, () => {
      odd++;
      data.store(i, 0);
    });
  });
  return odd;
});
