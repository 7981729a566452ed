// awasmc dump --pass stage
// Lane comparisons give masks (all ones or zero per lane); eqz(v) is v === 0 per lane, and
// select(mask, a, b) is a bit select: (a & mask) | (b & ~mask).
import { u32x4, memory, fn, select, eqz } from 'awasm';

const v = memory('v', u32x4.array(3));

export const masks = fn([], () => {
  const a = v.load(0), b = v.load(1);
  v.store(2, select(a > b, a, b) + eqz(a));
});
