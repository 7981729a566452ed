// T.from(v) reinterprets the 16 bytes of a lane type; a scalar is splatted with T(x) instead.
import { u32, u32x4, memory, fn } from 'awasm';
const v = memory('v', u32x4.array(2));
export const f = fn([u32], (x) => { v.store(1, u32x4.from(x)); });
