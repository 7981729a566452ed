// Constant-time check: a store whose index depends on a secret.
import { u32, fn, memory } from 'awasm';

const state = memory('state', u32.array(16));
export const f = fn([u32], (x) => {
  const s = state.load(0);
  state.store(s & 15, x);
});
