// awasmc dump --pass stage
// Loop-carried values: runtime values in enclosing scopes that a runtime
// loop's body reassigns (plain variables, array elements, object properties,
// destructured swaps) go through locals: stored before the loop, read at the
// top of the body, written back at its end, and read again after the loop.
// Values the body does not change are carried too and cleaned up later (see
// loop_carried_final). Static values that do not change are fine.
import { u32, fn, memory, loop } from 'awasm';

const data = memory('data', u32.array(16));

export const fib = fn([u32], (n) => {
  let a = u32(0), b = u32(1);
  loop(n, () => {
    [a, b] = [b, a + b];
  });
  return a;
});
export const fold_state = fn([u32], (blocks) => {
  const H = [data.load(0), data.load(1)];
  const st = { sum: u32(0), rounds: 2 };   // rounds is static and unchanged
  loop(blocks, (i) => {
    for (let r = 0; r < st.rounds; r++) H[r] = H[r] ^ data.load(i + 2);
    st.sum += H[0];
  });
  data.store(0, H[0]);
  data.store(1, H[1]);
  data.store(2, st.sum);
});
