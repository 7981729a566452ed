// The in operator is not allowed.
import { u32, fn } from 'awasm';

const cfg = { rounds: 64 };
const has = 'rounds' in cfg;
export const f = fn([u32], (x) => x);
