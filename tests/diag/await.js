// await is not allowed (at the top level of a module either).
import { u32, fn } from 'awasm';

const n = await 1;
export const f = fn([u32], (x) => x + n);
