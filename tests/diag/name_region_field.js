// The fields of a struct region name regions too ('ctx.h'): each must be a plain name.
import { u32, u64, fn, memory } from 'awasm';

const ctx = memory('ctx', {
  h: u32.array(8),
  'len"gth': u64,
});
export const f = fn([u32], (x) => x);
