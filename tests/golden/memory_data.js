// awasmc dump --pass final --target js
// memory.data(name, type, values): a constant region with initial contents (a wasm data segment;
// filled at instantiate on js and runtime), read with a runtime index; a static index reads the
// constant at build time (words.load(0) is 0x01020304). Two functions share one
// name for disjoint targets (fn(..., { targets, name })): the same result, computed two ways.
import { u32, u64, memory, fn } from 'awasm';

const table = memory.data('table', u64, [1n, 0x0123456789abcdefn, 3n]);
const words = memory.data('words', u32.be, [0x01020304, 5]);
const out = memory('out', u64.array(2));

export const lookup = fn([u32], (i) => {
  out.store(0, table.load(i) + u64(words.load(0)));
}, { targets: ['js', 'runtime'] });
export const lookup_wasm = fn([u32], (i) => {
  out.store(0, u64(words.load(0)) + table.load(i));
}, { targets: ['wasm', 'wasm_threads'], name: 'lookup' });
