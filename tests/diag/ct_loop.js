// Constant-time check: a runtime loop whose count is secret.
import { u32, fn, memory, loop } from 'awasm';

const key = memory('key', u32.array(4));
export const f = fn([], () => {
  let y = u32(0);
  loop(key.load(1) & 7, () => {
    y = y + 3;
  });
  return y;
});
