// awasmc dump --pass stage
// Kernel functions: fn(paramTypes, body). Parameters are u32 or i32 locals
// $0, $1, ...; the result is the body's runtime u32 / i32 value, or nothing.
// Exported kernels become IR functions sorted by export name, whatever the
// source order. A kernel called from another kernel is inlined like any
// helper, and a fn that is not exported produces no function.
import { u32, i32, fn, memory, select } from 'awasm';

const out = memory('out', u32.array(1));

export const zeta_none = fn([], () => {
  out.store(0, 1);
});
export const max = fn([u32, u32], (a, b) => select(a > b, a, b));
export const neg = fn([i32], (x) => -x);
export const three = fn([u32, i32, u32], (a, b, c) => {
  const sum = a + u32(b) + c;
  return sum;  // u32
});
const hidden = fn([u32], (x) => x + 1);
export const calls = fn([u32], (x) => max(hidden(x), 10));
export const returns_undefined = fn([u32], (x) => {
  out.store(0, x);
  return undefined;
});
