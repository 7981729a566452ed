// A fraction cannot become a u32 constant.
import { u32, fn } from 'awasm';

const scale = 10 / 4;
export const f = fn([u32], (x) => x * scale);
