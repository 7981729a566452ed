// A kernel with a u64 result uses a region named u64_result for the high word: the name is taken.
import { u64, memory, fn } from 'awasm';
const r = memory('u64_result', u64.array(1));
export const f = fn([u64], (x) => x + r.load(0));
