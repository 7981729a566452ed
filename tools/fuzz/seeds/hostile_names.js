// Fuzz seed: region and function names with quotes, backslashes, line terminators
// and comment/template openers that try to call fuzzpwn() in the generated code.
import { u8, u32, u64, memory, fn } from 'awasm';

const a = memory("q'+fuzzpwn()+'", u32.array(4));
const b = memory('d"+fuzzpwn()+"', u8.array(16));
const c = memory('n\n;fuzzpwn();//', u64.array(2));
const d = memory('c*/fuzzpwn();/*', u32.array(1));
const e = memory('t`${fuzzpwn()}`\\', u32.array(1));
const f = memory.data('l\\u2028\r*/fuzzpwn();', u32, [1, 2, 3]);

export const k = fn([u32], (x) => {
  a.store(0, x);
  b.store(1, x);
  c.store(0, u64(x));
  d.store(0, e.load(0) + f.load(x));
  return a.load(1);
}, { targets: ['js', 'wasm'], name: "k'];fuzzpwn();//" });
