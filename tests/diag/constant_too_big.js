// A static number next to a u32 must fit in 32 bits.
import { u32, fn } from 'awasm';

export const f = fn([u32], (x) => x + 0x100000000);
