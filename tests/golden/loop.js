// awasmc dump --pass stage
// loop(count, body) is a runtime loop: count is a runtime u32 or a static
// number (a constant), the body is staged once and gets the counter (a u32
// local running 0 .. count-1). Static loops inside the body unroll inside the
// runtime loop; runtime loops nest.
import { u32, fn, memory, loop } from 'awasm';

const data = memory('data', u32.array(64));

export const loop_runtime_count = fn([u32], (n) => {
  loop(n, (i) => {
    data.store(i, i * 3);
  });
});
export const loop_static_count = fn([], () => {
  loop(4, (i) => {
    for (let k = 0; k < 2; k++) data.store(i * 2 + k, k);  // unrolled twice per iteration
  });
});
export const loop_nested = fn([u32, u32], (rows, cols) => {
  loop(rows, (r) => {
    loop(cols, (c) => data.store(r * 8 + c, r ^ c));
  });
});
