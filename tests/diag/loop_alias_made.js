// Two names that start out separate and come to share one array inside a runtime loop.
import { u32, memory, fn, loop } from 'awasm';
const m = memory('m', u32.array(16));
export const k = fn([u32], (n) => {
  const key = [m.load(0), m.load(1)];
  let h = [m.load(2), m.load(3)];
  loop(n, (c) => { h = key; m.store(c, h[0]); });
});
