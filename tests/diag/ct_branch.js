// Constant-time check: a runtime branch on a secret.
import { u32, fn, memory, when } from 'awasm';

const key = memory('key', u32.array(4));
export const f = fn([u32], (x) => {
  let y = x;
  when(key.load(0) === 0, () => {
    y = y + 1;
  });
  return y;
});
