// awasmc dump --pass final --target wasm
// The kernels of loop_carried.js after simplify: locals that are written once
// before all their reads are forwarded, copies of values the loop does not
// change disappear, and only the truly loop-carried locals remain.
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
