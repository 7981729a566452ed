// awasmc dump --pass emit --target js
// The js target of a module with a heap: its region is exported with `heap: true` and bytes 0,
// and link(list, at) passes { heapBytes } to linkJs; heap accesses index the typed arrays past
// memoryBytes.
import { u8, u32, memory, fn } from 'awasm';

const out = memory('out', u32.array(4));
const H = memory.heap('heap', u32.be);

export const heap_word = fn([u32], (i) => {
  out.store(0, H.load(i));
  H.as(u8).store(i, 0);
});
