// Constant-time check: a 64-bit rotation by a secret amount in a kernel built for js and runtime.
import { u32, u64, fn, memory, rotr } from 'awasm';

const state = memory('state', u64.array(2));
export const f = fn([], () => {
  const n = u64(u32(state.load(1)) & 63);
  state.store(0, rotr(state.load(0), n));
});
