// awasmc dump --pass lower_simd
// shuffle(a, b, lanes) picks lanes from a (0..3) and b (4..7); on js and runtime, lower_simd
// turns it into plain renaming of scalar lanes. A lane-type constructor of static values is one
// v128 constant.
import { u32, u32x4, memory, fn, shuffle } from 'awasm';

const v = memory('v', u32x4.array(3));

export const shuffles = fn([], () => {
  const a = v.load(0), b = v.load(1);
  v.store(2, shuffle(a, b, [1, 2, 3, 4]) + u32x4(1, 2, 3, 0xffffffff));
});
