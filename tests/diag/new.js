// new: arrays are made with literals or Array.from.
import { u32, fn } from 'awasm';

const table = new Array(16);
export const f = fn([u32], (x) => x);
