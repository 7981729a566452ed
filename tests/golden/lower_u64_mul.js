// awasmc dump --pass lower_u64
// A 64-bit multiply on (hi, lo) pairs keeps the low 64 bits of the product:
// lo * lo in full from four 16x16-bit products (each fits a u32), then the
// cross terms lo * hi add to the high word (which wraps).
import { u64, fn, memory } from 'awasm';

const s = memory('s', u64.array(3));

export const mul64 = fn([], () => s.store(2, s.load(0) * s.load(1)));
