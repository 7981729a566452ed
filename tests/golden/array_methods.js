// awasmc dump --pass stage
// The array methods kernels may use, with JavaScript results (callbacks get
// (item, index, array)), and the Math / Array / Object / BigInt / Number /
// String globals. map over runtime values builds runtime values.
import { u32, fn, memory, assert } from 'awasm';

const out = memory('out', u32.array(4));

const a = [5, 1, 4, 2, 3];
const eq = (x, y) => x.join() === y.join();
const checks = [
  eq(a.map((x, i) => x * i), [0, 1, 8, 6, 12]),
  eq(a.filter((x) => x % 2), [5, 1, 3]),
  a.reduce((s, x) => s + x) === 15 && a.reduce((s, x, i) => s + i, 100) === 110,
  a.every((x) => x > 0) && !a.every((x) => x > 1) && a.some((x) => x === 4) && !a.some((x) => x > 5),
  a.find((x) => x < 3) === 1 && a.find((x) => x > 9) === undefined,
  a.findIndex((x) => x === 4) === 2 && a.findIndex((x) => x > 9) === -1,
  eq(a.slice(1, 3), [1, 4]) && eq(a.slice(-2), [2, 3]) && eq(a.slice(), a),
  eq(a.concat([6, 7], 8), [5, 1, 4, 2, 3, 6, 7, 8]),
  a.indexOf(4) === 2 && a.indexOf(9) === -1 && a.includes(3) && !a.includes('3'),
  a.join('+') === '5+1+4+2+3' && [].join() === '',
  a.at(0) === 5 && a.at(-1) === 3,
  eq([...a.keys()], [0, 1, 2, 3, 4]) && [...a.entries()][1].join() === '1,1',
  eq(Array.from({ length: 3 }, (_, i) => i * i), [0, 1, 4]) && eq(Array.from(a), a) && Array.from(a) !== a,
];
const b = [1, 2, 3];
assert(b.push(4, 5) === 5 && b.pop() === 5 && b.length === 4, 'push/pop');
assert(eq(b.reverse(), [4, 3, 2, 1]) && eq(b, [4, 3, 2, 1]), 'reverse is in place');
assert(eq(new_filled(), [0, 7, 7, 0]), 'fill');
function new_filled() {
  return [0, 0, 0, 0].fill(7, 1, 3);
}
let visits = '';
a.forEach((x, i, arr) => { visits += `${i}:${x}/${arr.length} `; });
assert(visits === '0:5/5 1:1/5 2:4/5 3:2/5 4:3/5 ', visits);
checks.forEach((ok, i) => assert(ok, `check ${i}`));

export const array_methods = fn([u32], (x) => {
  const xs = [1, 2, 3].map((k) => x * k);
  out.store(0, xs.reduce((s, v) => s ^ v));
  out.store(1, BigInt(7) === 7n && Number(7n) === 7 && String(7) === '7' ? 1 : 0);
  out.store(2, Math.max() === -Infinity && Math.min(3, 1, 2) === 1 ? 1 : 0);
  out.store(3, checks.length);
});
