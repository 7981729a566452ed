// Calling a value that is not a function.
import { u32, fn } from 'awasm';

const cfg = { rounds: 64 };
export const f = fn([u32], (x) => x + cfg.rounds(1));
