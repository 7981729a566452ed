// awasmc dump --pass stage
// Functions: declarations (hoisted), arrow functions with expression and block
// bodies, default and rest parameters, closures with private state, functions
// returning functions, recursion with a static bound, and helpers that build
// runtime values (inlined at each call).
import { u32, fn, memory } from 'awasm';

const out = memory('out', u32.array(8));

const add3 = (x, y = 2, ...rest) => x + y + rest.length;
function counter(start) {
  let n = start;
  return () => {
    n += 1;
    return n;
  };
}
const fact = (n) => (n <= 1 ? 1 : n * fact(n - 1));
const curry = (a) => (b) => (c) => a * 100 + b * 10 + c;
const quarter = (x) => x >>> 2;  // on a runtime x: one shr_u per call

export const functions = fn([u32], (x) => {
  out.store(0, hoisted());                   // 7, declared below
  out.store(1, add3(1));                     // 1 + 2 + 0 = 3
  out.store(2, add3(1, 10, 'a', 'b'));       // 1 + 10 + 2 = 13
  const c1 = counter(5), c2 = counter(100);
  c1();
  out.store(3, c1() + c2());                 // 7 + 101 = 108
  out.store(4, fact(10));                    // 3628800
  out.store(5, curry(1)(2)(3));              // 123
  out.store(6, quarter(quarter(x)));
  out.store(7, (function (k) { return k * 2; })(4));  // 8, an immediately called function expression
  function hoisted() {
    return 7;
  }
});
