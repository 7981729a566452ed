// awasmc dump --pass lower_u64
import { u32, u64, i64, memory, fn, rotl, rotr } from 'awasm';
const m = memory('m', u64.array(8));
const s = memory('s', i64.array(1));
export const vshift = fn([u32], (k) => {
  const x = m.load(0), a = u64(k);
  m.store(1, x << a);
  m.store(2, x >>> a);
  m.store(3, rotr(x, a));
  m.store(4, rotl(x, a));
  s.store(0, s.load(0) >> i64(k));
});
