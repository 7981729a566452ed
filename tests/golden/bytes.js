// awasmc dump --pass lower_simd --target js
// u8x16 on js and runtime: four u32 words of packed bytes. Byte adds are SWAR on the words
// (no carry crosses a byte), lane/withLane shift and mask, a byte shuffle that rotates within
// words is one rotation per word, other shuffles mask bytes into place, reinterpreting as u32x4
// is free and as u64x2 joins word pairs.
import { u32, u8x16, u32x4, u64x2, memory, fn, lane, withLane, shuffle } from 'awasm';

const v = memory('v', u8x16.array(4));

export const bytes_js = fn([u32], (x) => {
  const a = v.load(0), b = v.load(1);
  v.store(2, withLane(a + b, 3, x) ^ shuffle(a, b, [1, 2, 3, 0, 16, 17, 18, 19, 8, 9, 10, 11, 5, 0, 31, 14]));
  v.as(u64x2).store(3, u64x2.from(a));
  return lane(a, 6) + lane(u32x4.from(b), 1);
});
