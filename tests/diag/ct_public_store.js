// Constant-time check: a secret stored into a region declared public comes back out as public.
import { u32, fn, memory } from 'awasm';

const key = memory('key', u32.array(4));
const lengths = memory('lengths', u32.array(4), { secret: false });
export const f = fn([], () => {
  lengths.store(0, key.load(0));
});
