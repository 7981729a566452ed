// try/catch is not allowed.
import { u32, fn } from 'awasm';

export const f = fn([u32], (x) => {
  try {
    return x;
  } catch (e) {
    return x;
  }
});
