// awasmc dump --pass stage
// Every JavaScript operator on runtime u32 values: arithmetic and bitwise ops
// wrap modulo 2^32, >>> is a logical and >> an arithmetic shift, comparisons
// are unsigned and give u32 0/1, ! is eqz, -x is 0 - x, select(a, b, c)
// picks without branching, and ++ / += update a binding. Static operands become u32 constants
// on either side.
import { u32, fn, memory, select } from 'awasm';

const out = memory('out', u32.array(24));

export const operators_u32 = fn([u32, u32], (a, b) => {
  const r = [
    a + b, a - b, a * b,
    a & b, a | b, a ^ b, ~a,
    a << b, a >>> b, a >> b,
    a === b, a !== b, a < b, a <= b, a > b, a >= b,
    !a, -a,
    select(a, b, 7),
    a == b, a != b,   // == on two runtime values of one type is ===
    3 - a,            // a static left operand
    0xffffffff & a,
  ];
  r.forEach((v, i) => out.store(i, v));
  let c = a;
  c++;
  c += b;
  c <<= 1;
  c ^= 0x80000000;
  out.store(23, c);
});
