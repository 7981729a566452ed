// awasmc dump --pass stage
// memory.heap(name, type): a view over the memory after the static layout (at memoryBytes, page
// aligned), whose length link(list, { heapBytes }) chooses. Indices are runtime values, unchecked;
// .as() gives the same bytes as another type, also from a static byte offset.
import { u32, u64, u32x4, memory, fn, loop } from 'awasm';

const state = memory('state', u32.array(4));
const H = memory.heap('heap', u32);
const H64 = H.as(u64);
const V = H.as(u32x4, 32);

// Fills n words of the heap, then sums them back; the static index 1000000 is not checked.
export const heap_sum = fn([u32], (n) => {
  loop(n, (i) => {
    H.store(i, i * 3 + 1);
  });
  let s = u32(0);
  loop(n, (i) => {
    s = s + H.load(i);
  });
  H.store(1000000, s);
  H64.store(1, u64(s));
  V.store(0, V.load(1) + u32x4(s));
  state.store(0, s);
  return s;
});
