// awasmc dump --pass wat
// The wasm text of byte shuffles, swizzles and a lane rotation by 16 bits after Binaryen -O3.
import { u8x16, u32x4, memory, fn, shuffle, swizzle, rotr } from 'awasm';

const v = memory('v', u8x16.array(4), { secret: false }); // public: this test is about operators, not secrets

export const bytes_wat = fn([], () => {
  const a = v.load(0), b = v.load(1);
  v.store(2, swizzle(a, b) ^ shuffle(a, b, [0, 17, 2, 19, 4, 21, 6, 23, 8, 25, 10, 27, 12, 29, 14, 31]));
  v.as(u32x4).store(3, rotr(u32x4.from(a), 16));
});
