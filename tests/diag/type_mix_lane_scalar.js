// A lane type and a scalar: splat the scalar first, u32x4(x).
import { u32, u32x4, fn, memory } from 'awasm';

const v = memory('v', u32x4.array(2));
export const f = fn([u32], (x) => {
  v.store(1, v.load(0) + x);
});
