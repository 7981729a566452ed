// A runtime loop whose body gives a new array to a name that shares its array with another
// ('h' and 'key'): staged once, the body cannot keep them apart on later iterations.
import { u32, memory, fn, loop } from 'awasm';
const m = memory('m', u32.array(16));
export const k = fn([u32], (n) => {
  const key = [m.load(0), m.load(1)];
  loop(n, (c) => { let h = key; loop(4, (b) => { h = [h[1], h[0] + 1]; }); m.store(c, h[0]); });
});
