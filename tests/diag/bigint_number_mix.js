// BigInt and Number do not mix, as in JavaScript.
import { u64, fn, memory } from 'awasm';

const d = memory('d', u64.array(1));
const mask = (1n << 32n) - 1;
export const f = fn([], () => d.store(0, mask));
