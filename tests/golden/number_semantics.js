// awasmc dump --pass stage
// Static numbers are IEEE doubles with JavaScript semantics, observed through
// the u32 constants they become: bitwise operators apply ToInt32 / ToUint32
// (fractions truncate, big values wrap modulo 2^32, NaN and Infinity give 0),
// shift counts are taken modulo 32, % keeps the dividend's sign, and numbers
// print as JavaScript prints them.
import { u32, i32, fn, memory, assert } from 'awasm';

const out = memory('out', u32.array(31));
const outs = memory('outs', i32.array(4));

const values = [
  0xffffffff | 0,             // -1 -> 0xffffffff
  (0xffffffff + 2) | 0,       // 2^32 + 1 wraps to 1
  -1 >>> 0,                   // 4294967295
  1 << 31,                    // -2147483648 -> 0x80000000
  1 << 32,                    // shift count 32 mod 32 = 0: 1
  1 << 33,                    // 2
  -8 >> 1,                    // -4 -> 0xfffffffc
  -8 >>> 28,                  // 15
  ~0,                         // -1
  ~~3.7,                      // 3
  ~~-3.7,                     // -3
  3.9 | 0,                    // 3
  -3.9 | 0,                   // -3
  NaN | 0,                    // 0
  Infinity | 0,               // 0
  2 ** 53 + 2 | 0,            // 2
  0x80000000 ^ 0xffffffff,    // 0x7fffffff
  -7 % 3 + 10,                // -1 + 10 = 9
  7 % -3,                     // 1
  Math.floor(-2.5) + 10,      // 7
  Math.ceil(-2.5) + 10,       // 8
  Math.trunc(-2.5) + 10,      // 8
  Math.imul(0xffffffff, 5),   // -5
  Math.imul(0x10000, 0x10000),  // 0
  0b1010 + 0o17 + 0x1_0,      // 10 + 15 + 16 = 41
  1_000_000,
  (0.1 + 0.2 === 0.3 ? 1 : 0) + (0.5 + 0.25 === 0.75 ? 2 : 0),  // 2
  (NaN === NaN ? 1 : 0) + (-0 === 0 ? 2 : 0) + (1 / -0 < 0 ? 4 : 0),  // 6
  2 ** 32 - 1,                // the largest u32
  Math.sqrt(144) + Math.abs(-3) + Math.pow(2, 10),  // 12 + 3 + 1024
  7 / 2 * 2,                  // 7: division is not integer division
];
const printed = `${1e21} ${123456789012345680000} ${0.000001} ${1e-7} ${-0} ${2 ** 53} ${0.1 + 0.2} ${1 / 3} ${-1.5e300 * 1e10} ${100 / 3}`;
assert(printed === '1e+21 123456789012345680000 0.000001 1e-7 0 9007199254740992 0.30000000000000004 0.3333333333333333 -Infinity 33.333333333333336', printed);

export const numbers = fn([], () => {
  values.forEach((v, i) => out.store(i, v));
  outs.store(0, -1);              // i32 constants take negative numbers
  outs.store(1, -2147483648);
  outs.store(2, 0xffffffff);      // and the unsigned spelling of the same bits
  outs.store(3, i32(-5 >> 1));    // -3
});
