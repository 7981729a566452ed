// Fuzz seed: constants at and past the edges of u32/u64/doubles/BigInts.
import { u32, i32, u64, i64, u32x4, fn, memory, lane } from 'awasm';

const out = memory('out', u64.array(4));

export const k = fn([u32], (x) => {
  out.store(0, u64(9007199254740993));
  out.store(1, u64(0xffffffffffffffffn) + u64(x));
  out.store(2, u64(i64(-9223372036854775808n)) ^ u64(x));
  out.store(3, u64(2n ** 64n - 1n));
  return u32(4294967295) + u32(i32(-2147483648)) + u32(2 ** 32 - 1) + lane(u32x4(2 ** 32 - 1, 0, -0, 1e9), 0);
});
