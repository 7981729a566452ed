// awasmc dump --pass lower_u64
// 64-bit shifts and rotations by static amounts on (hi, lo) pairs. Below 32,
// bits cross between the halves; at 32 and above the halves move whole (shl:
// lo becomes hi; shr_u: zeros enter; shr_s: hi's sign fills); rotl(x, k) is
// rotr(x, 64 - k), and a rotation by 32 just swaps the halves.
import { u64, i64, fn, memory, rotl, rotr } from 'awasm';

const s = memory('s', u64.array(8));
const t = memory('t', i64.array(4));

export const shl = fn([], () => {
  const x = s.load(0);
  s.store(1, x << 5n);
  s.store(2, x << 32n);
  s.store(3, x << 40n);
});
export const shr_u = fn([], () => {
  const x = s.load(0);
  s.store(1, x >>> 5);
  s.store(2, x >>> 32);
  s.store(3, x >>> 63);
});
export const shr_s = fn([], () => {
  const x = t.load(0);
  t.store(1, x >> 5n);
  t.store(2, x >> 32n);
  t.store(3, x >> 40n);
});
export const rot = fn([], () => {
  const x = s.load(0);
  s.store(1, rotr(x, 14));
  s.store(2, rotr(x, 32));
  s.store(3, rotr(x, 41));
  s.store(4, rotl(x, 8));
  s.store(5, rotl(x, 64 + 3));  // amounts are taken modulo 64
});
