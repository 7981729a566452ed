// loop(count, body): the body must be a function.
import { u32, fn, loop } from 'awasm';

export const f = fn([u32], (n) => {
  loop(n, 4);
});
