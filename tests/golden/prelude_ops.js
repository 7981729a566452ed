// awasmc dump --pass stage
// The prelude's operations on scalars: rotl/rotr by a static or a runtime
// amount (of the value's type), bswap, select(c, a, b) with a runtime u32
// condition (or a static one, which just picks), andnot(a, b) = a & ~b, and
// eqz(x) = (x === 0) as a u32. Static operands become constants.
import { u32, u64, fn, memory, rotl, rotr, bswap, select, andnot, eqz } from 'awasm';

const w = memory('w', u32.array(10), { secret: false }); // public: this test is about operators, not secrets
const d = memory('d', u64.array(6), { secret: false }); // public: this test is about operators, not secrets

export const prelude_ops = fn([u32, u32], (x, n) => {
  w.store(0, rotl(x, 7));
  w.store(1, rotr(x, n));
  w.store(2, bswap(x));
  w.store(3, select(x > n, x, n));
  w.store(4, select(x, 1, n));       // a static arm becomes a constant
  w.store(5, select(true, x, n));    // a static condition: no select
  w.store(6, andnot(x, n));
  w.store(7, andnot(0xff, x));
  w.store(8, eqz(x));
  w.store(9, eqz(x & 1));
  const y = d.load(0);
  d.store(1, rotl(y, 17));
  d.store(2, rotr(y, 64n));
  d.store(3, bswap(y));
  d.store(4, select(eqz(y), y, 1n));
  d.store(5, andnot(y, d.load(1)));
});
