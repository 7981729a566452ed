// / and % are not defined on runtime values (use shifts and masks).
import { u32, fn } from 'awasm';

export const f = fn([u32], (x) => x / 4);
