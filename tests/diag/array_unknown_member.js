import { u32, fn } from 'awasm';
export const f = fn([u32], (x) => x + Array.of(1, 2).length);
