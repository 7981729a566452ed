// A function body that is never closed: the error points at its brace, not at line 1.
import { u32, fn } from 'awasm';
export const f = fn([u32], (x) => {
  return x + 1;
