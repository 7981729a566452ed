// Importing a name the module does not export.
import { u32, fn } from 'awasm';
import { ROUNDS, IV } from './lib/values.js';

export const f = fn([u32], (x) => x + ROUNDS + IV[0]);
