// u8 is a memory type: loads give u32, there are no u8 values.
import { u8, u32, fn } from 'awasm';

export const f = fn([u32], (x) => u8(x));
