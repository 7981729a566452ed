// swizzle works on bytes: a u32x4 is reinterpreted first (u8x16.from(v)).
import { u32x4, memory, fn, swizzle } from 'awasm';
const v = memory('v', u32x4.array(2));
export const f = fn([], () => { v.store(1, swizzle(v.load(0), v.load(1))); });
