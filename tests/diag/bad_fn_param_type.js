// Kernel parameters are u32 or i32 (JavaScript numbers at the boundary).
import { u64, fn } from 'awasm';

export const f = fn([u64], (x) => {});
