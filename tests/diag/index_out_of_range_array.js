// Reading past the end of a static array is an error, not undefined.
import { u32, fn } from 'awasm';

const K = [1, 2, 3, 4];
const sum = (n) => {
  let s = 0;
  for (let i = 0; i <= n; i++) s += K[i];
  return s;
};
export const f = fn([u32], (x) => x + sum(K.length));
