// awasmc dump --pass lower_u64 --target js
// The js target keeps one carry per 64-bit add (sum < first operand, unsigned), also inside a
// chain: V8 runs these comparisons faster than the runtime target's carry op (docs/notes.md).
import { u64, fn, memory } from 'awasm';

const m = memory('m', u64.array(4));

export const chain3 = fn([], () => {
  m.store(0, m.load(1) + m.load(2) + m.load(3));
});
