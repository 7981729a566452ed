// A static index past the end of a memory view.
import { u32, fn, memory } from 'awasm';

const state = memory('state', u32.array(8));
export const f = fn([u32], (x) => {
  for (let i = 0; i <= 8; i++) state.store(i, x);
});
