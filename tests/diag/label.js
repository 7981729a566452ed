// Labelled statements are not allowed.
import { u32, fn } from 'awasm';

let n = 0;
outer: for (let i = 0; i < 4; i++) {
  n += i;
}
export const f = fn([u32], (x) => x + n);
