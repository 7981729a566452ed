// awasmc dump --pass final --target js
// A loop-carried u64 on the js target: every 64-bit local becomes two u32
// locals (hi, lo), numbered in place, so u32 locals after it shift; the loop
// counter keeps its own local. After simplify only the carried pair remains.
import { u32, u64, fn, memory, loop } from 'awasm';

const d = memory('d', u64.array(16));

export const sum64 = fn([u32], (n) => {
  let acc = u64(0);
  let count = u32(0);
  loop(n, (i) => {
    acc = acc + d.load(i);
    count = count + 1;
  });
  d.store(0, acc ^ u64(count));
});
