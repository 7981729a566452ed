// fn(..., { name }) names a JavaScript function in the js target: reserved words are errors.
import { u32, fn } from 'awasm';

export const f = fn([u32], (x) => x, { targets: ['js'], name: 'delete' });
