import { u32, fn } from 'awasm';
export const f = fn([u32], (x) => x + JSON.stringify([1]).length);
