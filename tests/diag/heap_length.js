// The heap's length is chosen when the target is linked: it has no static length.
import { u32, fn, memory, loop } from 'awasm';

const H = memory.heap('heap', u32);
export const f = fn([], () => {
  loop(H.length, (i) => H.store(i, 0));
});
