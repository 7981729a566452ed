// BigInt arithmetic is limited to |x| < 2^126.
import { u64, fn, memory } from 'awasm';

const d = memory('d', u64.array(1));
const big = 2n ** 100n * 2n ** 30n;
export const f = fn([], () => d.store(0, big));
