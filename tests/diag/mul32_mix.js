import { u32, u64, fn, memory, mul32 } from 'awasm';

const a = memory('a', u32.array(1));
const b = memory('b', u64.array(1));
export const f = fn([], () => mul32(a.load(0), b.load(0)));
