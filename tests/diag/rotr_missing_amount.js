// rotr(x, n) needs the amount; the error says which argument is missing.
import { u32, fn, rotr } from 'awasm';

export const f = fn([u32], (x) => rotr(x) ^ x);
