// A static loop unrolled into more IR nodes than a kernel function may have.
import { u32, fn, memory } from 'awasm';
const m = memory('m', u32.array(262144));
export const f = fn([u32], (x) => {
  for (let i = 0; i < 262144; i++) m.store(i, x ^ i);
});
