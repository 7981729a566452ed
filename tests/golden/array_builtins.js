// awasmc dump --pass stage
// Array(n) is n undefined elements (fill or map them), Array(a, b) the elements a and b;
// flatMap and flat spread one level (flat(d): d levels).
import { u32, memory, fn } from 'awasm';
const m = memory('m', u32.array(16));
const sizes = Array(3).fill(0).map((_, i) => i + 1);
const pairs = [1, 2].flatMap((x) => [x, x * 10]);
const deep = [[1, [2]], [3]].flat(2);
export const f = fn([], () => {
  [...sizes, ...pairs, ...deep, ...Array(7, 8)].forEach((x, i) => m.store(i, x));
});
