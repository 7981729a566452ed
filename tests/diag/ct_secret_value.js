// Constant-time check: secret(x) marks a parameter secret; indexing by it is rejected.
import { u32, fn, memory, secret } from 'awasm';

const table = memory('table', u32.array(16), { secret: false });
export const f = fn([u32], (x) => table.load(secret(x) & 15));
