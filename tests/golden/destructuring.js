// awasmc dump --pass stage
// Destructuring of arrays and objects in declarations, parameters and
// assignments: defaults, rest, holes, nesting, renaming, computed keys, and the
// swap idiom that rotates runtime values without evaluating anything twice.
import { u32, fn, memory } from 'awasm';

const out = memory('out', u32.array(8));

const key = 'k';
const sum = ({ a, b = 10 }, [c, , d = 100] = []) => a + b + (c ?? 0) + d;

export const destructuring = fn([u32, u32, u32], (x, y, z) => {
  const [p, q = 5, ...rest] = [1, undefined, 3, 4];
  out.store(0, p * 1000 + q * 100 + rest[0] * 10 + rest.length);   // 1532
  const { m, n: renamed, o = 7, [key]: computed, ...others } = { m: 1, n: 2, k: 3, extra1: 0, extra2: 0 };
  out.store(1, m + renamed + o + computed + Object.keys(others).length);  // 1 + 2 + 7 + 3 + 2 = 15
  const { deep: { list: [, second] } } = { deep: { list: [8, 9] } };
  out.store(2, second);                                             // 9
  out.store(3, sum({ a: 1 }) + sum({ a: 1, b: 2 }, [3, 4, 5]));     // 111 + 11 = 122

  // Assignment destructuring on runtime values: a rotation of three.
  let [a, b, c] = [x, y, z];
  [a, b, c] = [b, c, a];
  out.store(4, a);  // y
  out.store(5, b);  // z
  out.store(6, c);  // x
  // Into object properties and array elements.
  const t = { v: 0 }, arr = [0, 0];
  ({ u: t.v, w: arr[1] } = { u: x, w: 6 });
  out.store(7, t.v + arr[1]);  // x + 6
});
