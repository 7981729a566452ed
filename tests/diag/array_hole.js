// Array holes are not allowed: every element needs a value.
import { u32, fn } from 'awasm';

const K = [1, , 3];
export const f = fn([u32], (x) => x);
