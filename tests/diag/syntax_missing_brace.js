// A function whose closing brace is missing: reported where the brace is due,
// at the end of the file.
import { u32, fn } from 'awasm';

function helper(x) {
  return x + 1;

export const f = fn([u32], (x) => helper(x));
