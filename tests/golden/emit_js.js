// awasmc dump --pass emit --target js
// The js backend's output for a small kernel: int32 arithmetic from the op table's templates,
// typed-array memory, a runtime loop, u64 lowered to pairs, a u32 result with >>> 0.
import { u32, u64, memory, fn, loop, rotr } from 'awasm';

const words = memory('words', u32.array(16));
const acc = memory('acc', u64.array(1));

export const mix = fn([u32], (n) => {
  let h = u32(0x811c9dc5);
  let s = acc.load(0);
  loop(n, (i) => {
    const w = words.load(i & 15);
    h = rotr(h ^ w, 13) * 0x01000193;
    s = s + u64(w);
  });
  acc.store(0, s);
  return h;
});
