// awasmc dump --pass stage
// BigInt literals (decimal, hex, octal, binary, separators) and arithmetic
// with JavaScript semantics (division truncates toward zero, % keeps the
// dividend's sign, >> is arithmetic, ~x = -x - 1), BigInt() and Number()
// conversions, and BigInts becoming u64 / i64 / u32 constants (negative values
// are two's complement; a u64 takes -2^63 .. 2^64-1).
import { u32, u64, i64, fn, memory } from 'awasm';

const out = memory('out', u64.array(16));
const outs = memory('outs', i64.array(2));
const out32 = memory('out32', u32.array(2));

const big = [
  0x428a2f98d728ae22n,
  0xffff_ffff_ffff_ffffn,       // 2^64 - 1
  2n ** 64n - 1n,
  (1n << 63n) + 5n,
  -1n,                          // two's complement: 0xffffffffffffffff
  -(2n ** 63n),                 // 0x8000000000000000
  0o777n + 0b101n,              // 511 + 5 = 516
  -7n / 2n + 10n,               // -3 + 10 = 7
  -7n % 2n + 10n,               // -1 + 10 = 9
  -16n >> 2n,                   // -4
  ~5n,                          // -6
  (1n << 100n) >> 90n,          // 1024: intermediate values may exceed 64 bits
  BigInt(2 ** 40) * 3n,
  BigInt(Number(123n) + 1),     // 124
  (0xffn & 0x0fn) | (1n ^ 3n) << 8n,   // 0x20f
  12345678901234567890n,
];

export const bigints = fn([], () => {
  big.forEach((v, i) => out.store(i, v));
  outs.store(0, -2n);
  outs.store(1, 0x8000000000000000n);  // the unsigned spelling of i64's minimum
  out32.store(0, 0xdeadbeefn);         // BigInts also make u32 constants
  out32.store(1, -1n);
});
