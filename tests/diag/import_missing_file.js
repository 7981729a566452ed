// Importing a file that does not exist.
import { u32, fn } from 'awasm';
import { K } from './lib/no_such_file.js';

export const f = fn([u32], (x) => x + K[0]);
