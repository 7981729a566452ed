// awasmc dump --pass wat
// The wasm module Binaryen builds from the final IR (after its optimizer): a
// memory export, exports sorted by name, params and results as i32, a runtime
// loop as a block/loop with a counter local, and a big-endian load as a plain
// load plus the bswap expansion.
import { u32, fn, memory, loop } from 'awasm';

const data = memory('data', u32.be.array(16));
const acc = memory('acc', u32.array(1));

export const sum = fn([u32], (count) => {
  let s = acc.load(0);
  loop(count, (i) => {
    s = s + data.load(i);
  });
  acc.store(0, s);
});
export const first = fn([], () => data.load(0));
