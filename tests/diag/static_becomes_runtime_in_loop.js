// A variable that holds a static number before a runtime loop and a runtime
// value inside it: initialize it with u32(0).
import { u32, fn, memory, loop } from 'awasm';

const m = memory('m', u32.array(16));
export const f = fn([u32], (n) => {
  let sum = 0;
  loop(n, (i) => {
    sum = sum + m.load(i);
  });
  return sum;
});
