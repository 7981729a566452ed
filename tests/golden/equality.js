// awasmc dump --pass stage
// Static equality: === and !== compare primitives by value (NaN !== NaN,
// 0 === -0) and arrays, objects and functions by identity; == and != are
// allowed between values of the same type and between null and undefined
// (which equal only each other).
import { u32, fn, memory, assert } from 'awasm';

const a = [1], o = { k: 1 }, f = () => 1;
const cases = [
  1 === 1, 'x' === 'x', 2n === 2n, true === true, null === null, undefined === undefined,
  a === a, o === o, f === f, [1] !== [1], ({}) !== ({}),
  NaN !== NaN, 0 === -0, 1 !== '1', 1 !== 1n, null !== undefined,
  null == undefined, undefined == null, !(null == 0), !(undefined == ''),
  1 == 1, 'a' != 'b', a == a, a != [1],
];
cases.forEach((ok, i) => assert(ok, `case ${i}`));

const out = memory('out', u32.array(1));
export const equality = fn([], () => out.store(0, cases.length));
