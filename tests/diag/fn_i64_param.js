// Kernel parameters are u32, i32 or u64 (JavaScript numbers at the boundary).
import { i64, fn } from 'awasm';
export const f = fn([i64], (x) => x);
