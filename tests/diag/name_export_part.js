// The js target splits big kernels into helper functions NAME_part0, NAME_part1, ...;
// a kernel named like one could collide with them.
import { u32, fn } from 'awasm';

export const g = fn([u32], (x) => x);
export const g_part0 = fn([u32], (x) => x + 1);
