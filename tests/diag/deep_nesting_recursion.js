// Deep nesting and recursion together would overflow the compiler's stack: it stops first.
import { u32, fn } from 'awasm';
const g = (n) => ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((g(n + 1)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))));
export const f = fn([u32], (x) => x + g(0));
