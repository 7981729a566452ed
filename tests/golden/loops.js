// awasmc dump --pass stage
// Static loops run at build time and unroll: for (with break and continue),
// for...of over arrays (with destructuring) and strings, while, do...while
// (whose body runs at least once), and nested loops with break.
import { u32, fn, memory } from 'awasm';

const out = memory('out', u32.array(8));

export const loops = fn([u32], (x) => {
  let acc = x;
  for (let i = 0; i < 10; i++) {
    if (i === 1) continue;
    if (i === 4) break;
    acc = acc ^ i;            // unrolled: xor with 0, 2, 3
  }
  out.store(0, acc);

  let s = 0;
  for (const [k, v] of [[1, 10], [2, 20]]) s += k * v;
  out.store(1, s);            // 50

  let letters = '';
  for (const ch of 'abc') letters = ch + letters;
  out.store(2, letters === 'cba' ? 1 : 0);

  let n = 0, w = 100;
  while (w > 1) {
    w = Math.floor(w / 3);
    n++;
  }
  out.store(3, n);            // 100 -> 33 -> 11 -> 3 -> 1: 4

  let d = 0;
  do d++; while (false);
  out.store(4, d);            // 1

  let pairs = 0;
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      if (j > i) break;       // breaks the inner loop only
      pairs++;
    }
  }
  out.store(5, pairs);        // 1 + 2 + 3 + 4 = 10

  let i = 0;
  for (; i < 3; ) i += 2;     // no initializer, no increment
  out.store(6, i);            // 4

  const copy = [];
  for (const v of [5, 6]) copy.push(x + v);   // two runtime adds
  out.store(7, copy[1]);
});
