// Regular expressions are not allowed.
import { u32, fn } from 'awasm';

const pattern = /sha[0-9]+/;
export const f = fn([u32], (x) => x);
