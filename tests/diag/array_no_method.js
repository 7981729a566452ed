import { u32, fn } from 'awasm';
export const f = fn([u32], (x) => x + [1, 2].findLast((v) => v > 1));
