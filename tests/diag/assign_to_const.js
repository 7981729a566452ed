// Assignment to a const binding.
import { u32, fn } from 'awasm';

const rounds = 64;
rounds = 80;
export const f = fn([u32], (x) => x + rounds);
