// The `r` for `r++` typo: a static loop that never ends, around runtime code. It stops at
// the operand-chain limit quickly and with little memory.
import { u32, fn, memory, rotr } from 'awasm';
const st = memory('st', u32.array(8));
const Sigma = (x, [a, b, c]) => rotr(x, a) ^ rotr(x, b) ^ rotr(x, c);
export const f = fn([u32], (w) => {
  let [a, b, c, d, e, f, g, h] = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => st.load(i));
  for (let r = 0; r < 64; r) {
    const T1 = h + Sigma(e, [6, 11, 25]) + w;
    [h, g, f, e, d, c, b, a] = [g, f, e, d + T1, c, b, a, T1 + Sigma(a, [2, 13, 22])];
  }
  [a, b, c, d, e, f, g, h].forEach((x, i) => st.store(i, x));
});
