// A while loop whose condition is a runtime value.
import { u32, fn } from 'awasm';

export const f = fn([u32], (x) => {
  let y = x;
  while (y > 1) y = y >>> 1;
  return y;
});
