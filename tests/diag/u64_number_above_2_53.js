// 9007199254740993 cannot be a double: it reads as 2^53, so a u64 built from it
// would silently be off by one. Numbers at or above 2^53 are refused.
import { u64, memory, fn } from 'awasm';

const out = memory('out', u64.array(1));
export const f = fn([], () => {
  out.store(0, u64(9007199254740993));
});
