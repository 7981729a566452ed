// The other half of the cycle: b.js imports a.js, which imports b.js.
import { A } from './a.js';

export const B = A + 1;
