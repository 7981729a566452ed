// awasmc dump --pass wat --target wasm_threads
// A module with a heap imports a memory of up to 4 GiB (65536 pages) instead of memoryBytes times
// the copies, and every heap access adds env.base like any writable region: a worker at base
// k * (memoryBytes + heapBytes) has its own heap.
import { u32, memory, fn } from 'awasm';

const table = memory.data('table', u32, [5, 6]);
const H = memory.heap('heap', u32);

export const heap_copy = fn([u32, u32], (from, to) => {
  H.store(to, H.load(from) + table.load(from & 1));
});
