// A u32x4 has lanes 0..3.
import { u32, u32x4, fn, lane } from 'awasm';

export const f = fn([u32], (x) => lane(u32x4(x), 4));
