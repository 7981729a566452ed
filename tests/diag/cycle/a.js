// Half of an import cycle for tests/diag/cycle.js (not a case by itself).
import { B } from './b.js';

export const A = B + 1;
