// throw: build-time checks use assert(cond, message).
import { u32, fn } from 'awasm';

const check = (n) => {
  if (n > 4) throw 'too many rounds';
  return n;
};
export const f = fn([u32], (x) => x + check(5));
