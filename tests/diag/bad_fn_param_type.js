// Kernel parameters are u32, i32 or u64 (JavaScript numbers at the boundary), not lane types.
import { u32x4, fn } from 'awasm';

export const f = fn([u32x4], (x) => {});
