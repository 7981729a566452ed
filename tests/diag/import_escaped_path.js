// Escape sequences in an import path are decoded as in JavaScript: this names
// './lib/val' + 'ues.js' with a newline between, which does not exist (and
// would not be the file values.js if the escape were dropped).
import { u32, fn } from 'awasm';
import { K } from './lib/val\nues.js';

export const f = fn([u32], (x) => x + K);
