import { i32, fn, memory, mul32 } from 'awasm';

const m = memory('m', i32.array(2));
export const f = fn([], () => mul32(m.load(0), m.load(1)));
