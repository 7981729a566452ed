// Imports stay inside the project (and inside modules/ for `awasmc build`):
// '../' that leads out is refused, whether or not the file exists.
import { u32, fn } from 'awasm';
import { K } from '../../../outside.js';

export const f = fn([u32], (x) => x + K);
