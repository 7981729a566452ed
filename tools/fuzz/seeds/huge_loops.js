// Fuzz seed: a static loop that unrolls into millions of runtime operations,
// a runtime loop with the largest trip count and a static loop near the step limit.
import { u32, fn, loop, memory } from 'awasm';

const out = memory('out', u32.array(4));

export const unrolled = fn([u32], (x) => {
  let acc = x;
  for (let i = 0; i < 20000; i++) acc = acc + u32(i) ^ x;
  out.store(0, acc);
});

export const rolled = fn([u32], (x) => {
  loop(4294967295, (i) => { out.store(1, out.load(1) + i + x); });
});

let n = 0;
while (n < 1000000) n++;
