// Growing an array inside a runtime loop changes its shape.
import { u32, fn, memory, loop } from 'awasm';

const m = memory('m', u32.array(16));
export const f = fn([u32], (n) => {
  const seen = [m.load(0)];
  loop(n, (i) => {
    seen.push(m.load(i));
  });
  m.store(1, seen[0]);
});
