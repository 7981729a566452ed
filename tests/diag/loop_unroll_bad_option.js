import { u32, memory, fn, loop } from 'awasm';
const m = memory('m', u32.array(4));
export const f = fn([], () => {
  loop(4, (i) => { m.store(0, m.load(0) + i); }, { unroll: ['wasm', 'node'] });
});
