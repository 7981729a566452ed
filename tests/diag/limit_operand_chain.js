// A static loop that unrolls into one long chain of operations, each using the
// one before: Binaryen's optimizer takes time quadratic in such a chain (and
// the emitters once recursed down it), so a chain longer than 2,000 is refused.
import { u32, memory, fn } from 'awasm';

const out = memory('out', u32.array(1));
export const f = fn([u32], (x) => {
  let acc = x;
  for (let i = 0; i < 20000; i++) acc = (acc + u32(i)) ^ x;
  out.store(0, acc);
});
