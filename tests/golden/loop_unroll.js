// awasmc dump --pass stage
// loop(n, body, { unroll: targets }) runs the body n times with a static index on the listed
// targets and is one runtime loop elsewhere: the kernel is staged once per target and targets
// with the same IR share a function (see targets(...)). A static index into a memory.data table
// reads the constant, so SIGMA.load(r * 4 + k) is a constant when unrolled and a load when rolled.
import { u8, u32, memory, fn, loop, rotr } from 'awasm';

const SIGMA = memory.data('sigma', u8, [2, 0, 3, 1, 1, 3, 0, 2]);
const m = memory('m', u32.array(4));
const s = memory('s', u32.array(2));

export const rounds = fn([], () => {
  let [a, b] = [s.load(0), s.load(1)];
  loop(2, (r) => {
    for (let k = 0; k < 4; k += 2) {
      a = rotr(a + b + m.load(SIGMA.load(r * 4 + k)), 16);
      b = rotr(b ^ a ^ m.load(SIGMA.load(r * 4 + k + 1)), 7);
    }
  }, { unroll: ['wasm', 'wasm_threads'] });
  s.store(0, a);
  s.store(1, b);
});
