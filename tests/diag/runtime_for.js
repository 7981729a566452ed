// A for loop whose condition is a runtime value: use loop(count, body).
import { u32, fn, memory } from 'awasm';

const m = memory('m', u32.array(16));
export const f = fn([u32], (n) => {
  for (let i = u32(0); i < n; i++) m.store(i, 0);
});
