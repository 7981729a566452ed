// A misspelled name.
import { u32, fn } from 'awasm';

const rounds = 64;
export const f = fn([u32], (x) => x + round);
