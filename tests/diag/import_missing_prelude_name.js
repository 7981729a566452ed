// The prelude has no function named rotate.
import { u32, fn, rotate } from 'awasm';

export const f = fn([u32], (x) => rotate(x, 3));
