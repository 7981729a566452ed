// Comparing an i32 with a u32: signed or unsigned? Convert one side.
import { u32, i32, fn } from 'awasm';

export const f = fn([i32, u32], (a, b) => a < b);
