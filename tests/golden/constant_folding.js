// awasmc dump --pass simplify
// simplify folds operations on constants with the op table's semantics
// (wrap-around, unsigned vs signed comparisons and shifts, 64-bit values) and
// applies one-way identities: x + 0, x | 0, x ^ 0, x - 0, x << 0 (and any
// shift or rotation by a multiple of the width), x & -1, x * 1, select on a
// constant condition or equal arms, ~~x, bswap(bswap(x)), retag to the same
// type. Unused pure nodes disappear.
import { u32, i32, u64, fn, memory, rotl, rotr, bswap, select, eqz } from 'awasm';

const w = memory('w', u32.array(16));
const s = memory('s', i32.array(2));
const d = memory('d', u64.array(3));

export const fold_constants = fn([], () => {
  const a = u32(0xfffffff0), b = u32(0x20);
  w.store(0, a + b);                    // 0x10: wraps
  w.store(1, a * b);                    // 0xfffffe00
  w.store(2, b - a);                    // 0x30
  w.store(3, a >>> 4);                  // 0x0fffffff
  w.store(4, a >> 4);                   // 0xffffffff: arithmetic
  w.store(5, rotl(a, 8) ^ rotr(b, 1));
  w.store(6, bswap(u32(0x11223344)));
  w.store(7, a > b);                    // 1: unsigned
  w.store(8, i32(a) > i32(b));          // 0: signed
  w.store(9, eqz(a & 0xf));
  w.store(10, select(a > b, a, b));     // the select folds too
  s.store(0, i32(-8) >> 1);
  d.store(0, u64(0xffffffffffffffffn) + 2n);  // 1
  d.store(1, u64(a) << 32n);
  d.store(2, bswap(u64(0x0102030405060708n)));
});
export const identities = fn([u32, u32], (x, c) => {
  w.store(0, x + 0);
  w.store(1, (x | 0) ^ 0);
  w.store(2, x - 0);
  w.store(3, (x << 32) >>> 0);
  w.store(4, rotl(x, 64));
  w.store(5, (x & 0xffffffff) * 1);
  w.store(6, select(c, x, x));
  w.store(7, ~~x);
  w.store(8, bswap(bswap(x)));
  w.store(9, u32(i32(x)));              // a retag of a retag is left alone
  const unused = x * c;                 // dead
});
