// Adding a u32 and a u64 needs an explicit conversion.
import { u32, u64, fn, memory } from 'awasm';

const d = memory('d', u64.array(2));
export const f = fn([u32], (x) => {
  d.store(1, d.load(0) + x);
});
