// Importing a module that (through another) imports this chain again.
import { u32, fn } from 'awasm';
import { A } from './cycle/a.js';

export const f = fn([u32], (x) => x + A);
