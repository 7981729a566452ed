// An if on a runtime value: use when() for runtime branches.
import { u32, fn } from 'awasm';

export const f = fn([u32], (x) => {
  let r = x;
  if (x > 100) {
    r = u32(100);
  }
  return r;
});
