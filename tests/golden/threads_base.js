// awasmc dump --pass wat --target wasm_threads
// On wasm_threads every access to a writable region adds the thread's base (the imported global
// env.base); the constant table stays at its absolute offset, shared by every thread.
import { u32, memory, fn, loop } from 'awasm';

const table = memory.data('table', u32, [1, 2, 3, 4]);
const state = memory('state', u32.array(4));

export const add_table = fn([u32], (n) => {
  loop(n, (i) => {
    state.store(i & 3, state.load(i & 3) + table.load(i & 3));
  });
  state.store(0, state.load(0) + table.load(1));
});
