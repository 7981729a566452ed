// awasmc dump --pass stage
// Spread in array literals, object literals (later keys win) and call
// arguments, including arrays of runtime values.
import { u32, fn, memory } from 'awasm';

const out = memory('out', u32.array(6));

const max3 = (a, b, c) => Math.max(a, b, c);

export const spread = fn([u32, u32], (x, y) => {
  const a = [1, 2];
  const b = [...a, 3, ...a];                         // [1, 2, 3, 1, 2]
  out.store(0, b.join('') === '12312' ? b.length : 0);  // 5
  const base = { p: 1, q: 2 };
  const o = { ...base, q: 20, r: 30, ...{ r: 300 } };
  out.store(1, o.p + o.q + o.r);                     // 321
  out.store(2, max3(...[4, 9], 2));                  // 9
  out.store(3, Math.min(...b));                      // 1
  const vals = [x, y];
  const both = [...vals, ...vals];
  out.store(4, both[2] + both[3]);                   // x + y
  const pick = (_, second) => second;
  out.store(5, pick(...vals));                       // y
});
