// awasmc dump --pass final --target js
// u64 parameters and results are plain JavaScript numbers 0 .. 2^53-1 at the boundary: a u64
// parameter is two u32 IR parameters (low word, high word; the generated wrapper passes x and
// x / 2^32), a u64 result returns its low word and stores the high word in region u64_result,
// which the wrapper reads back and clears. js(...) in the header is the JavaScript signature.
import { u32, u64, memory, fn } from 'awasm';

const out = memory('out', u64.array(1));

export const next_counter = fn([u64, u32], (ctr, n) => {
  out.store(0, ctr);
  return ctr + u64(n);
});
