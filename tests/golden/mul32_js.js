// awasmc dump --pass emit --target js
// mul32 on the js target: after lower_simd and lower_u64 the low word of the product is
// Math.imul of the low words and the high word is mulhi_u, exact from the double product
// ((a * b - lo + 2^31) / 2^32 truncated: the double is within 2^11 of the product). A u64x2
// mul32 is one per lane. Argon2's BlaMka is the user: x + y + 2 * lo(x) * lo(y), the doubling a shift.
import { u64, u64x2, fn, memory, mul32 } from 'awasm';

const q = memory('q', u64.array(3));
const v = memory('v', u64x2.array(3));

export const blamka = fn([], () => {
  const x = q.load(0), y = q.load(1);
  q.store(2, x + y + (mul32(x, y) << 1));
  v.store(2, mul32(v.load(0), v.load(1)));
});
