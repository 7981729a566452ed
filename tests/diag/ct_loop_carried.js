// Constant-time check: a local read before the assignment that makes it secret (in program order),
// inside a runtime loop: the taint is found on the second time round.
import { u32, fn, memory, loop } from 'awasm';

const key = memory('key', u32.array(4));
const table = memory('table', u32.array(16), { secret: false });
export const f = fn([u32], (n) => {
  let j = u32(0);
  let acc = u32(0);
  loop(n, () => {
    acc = acc + table.load(j & 15);
    j = key.load(0) + acc;
  });
  return acc;
});
