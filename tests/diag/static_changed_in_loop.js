// A static counter changed inside a runtime loop would change once, at build
// time, not once per iteration.
import { u32, fn, memory, loop } from 'awasm';

const m = memory('m', u32.array(16));
export const f = fn([u32], (n) => {
  let offset = 0;
  loop(n, (i) => {
    m.store(i, offset);
    offset += 4;
  });
});
