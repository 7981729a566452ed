// Fuzz seed: deeply nested expressions, arrays, blocks and closures (the parser
// and stager cap nesting; the mutator multiplies these).
import { u32, fn } from 'awasm';

const deep = ((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))));
const arr = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[2]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]];
const f = () => () => () => () => () => () => () => () => () => () => () => () => 3;
const rec = (n) => (n === 0 ? 0 : 1 + rec(n - 1));

export const k = fn([u32], (x) => {
  { { { { { { { { { { { { { { { { x = x + u32(deep + rec(150)); } } } } } } } } } } } } } } } }
  return x ^ u32(f()()()()()()()()()()()() + arr[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]);
});
