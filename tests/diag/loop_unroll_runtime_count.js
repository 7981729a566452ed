// An unrolled loop needs a static count; on the other targets it would be a runtime loop.
import { u32, memory, fn, loop } from 'awasm';
const m = memory('m', u32.array(4));
export const f = fn([u32], (n) => {
  loop(n, (i) => { m.store(0, m.load(0) + i); }, { unroll: ['wasm'] });
});
