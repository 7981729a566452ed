// awasmc dump --pass emit --target runtime
// The runtime backend's output for the same kernel as emit_js: bytecode for runtime/interp.js
// (LEB128 fields in base64) with the op names it uses.
import { u32, u64, memory, fn, loop, rotr } from 'awasm';

const words = memory('words', u32.array(16));
const acc = memory('acc', u64.array(1));

export const mix = fn([u32], (n) => {
  let h = u32(0x811c9dc5);
  let s = acc.load(0);
  loop(n, (i) => {
    const w = words.load(i & 15);
    h = rotr(h ^ w, 13) * 0x01000193;
    s = s + u64(w);
  });
  acc.store(0, s);
  return h;
});
