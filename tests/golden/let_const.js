// awasmc dump --pass stage
// let and const: block scoping, shadowing, reassignment, closures capturing a
// binding (not a value), and a fresh `let` per for-loop iteration.
import { u32, fn, memory } from 'awasm';

const out = memory('out', u32.array(6));

export const scopes = fn([], () => {
  const a = 1;
  let b = 2;
  {
    const a = 10;  // shadows the outer a in this block only
    b = b + a;     // 12
  }
  out.store(0, a);  // 1
  out.store(1, b);  // 12

  let c;            // undefined until assigned
  out.store(2, c === undefined ? 3 : 4);  // 3
  c = 5;
  const read = () => c;  // sees later assignments to c
  c = 6;
  out.store(3, read());  // 6

  // Each iteration gets its own i: the closures see 0, 1, 2.
  const fs = [];
  for (let i = 0; i < 3; i++) fs.push(() => i);
  const [x, y, z] = fs.map((f) => f());
  out.store(4, x * 100 + y * 10 + z);  // 12

  // const arrays and objects can still be changed in place.
  const arr = [1];
  arr.push(2);
  const obj = { n: 1 };
  obj.n += arr.length;
  out.store(5, obj.n);  // 3
});
