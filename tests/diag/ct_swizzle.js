// Constant-time check: a swizzle by secret indices in a kernel built for js and runtime.
import { u8x16, fn, memory, swizzle } from 'awasm';

const state = memory('state', u8x16.array(2));
export const f = fn([], () => {
  state.store(0, swizzle(state.load(0), state.load(1)));
});
