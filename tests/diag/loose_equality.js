// == between values of different types would coerce: use ===.
import { u32, fn } from 'awasm';

const rounds = 64;
const same = rounds == '64';
export const f = fn([u32], (x) => x);
