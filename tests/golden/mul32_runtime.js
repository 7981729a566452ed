// awasmc dump --pass emit --target runtime
// mul32 on the runtime target: the interpreter's mul (Math.imul) gives the low word and its
// mulhi_u(a, b, lo) the high word (runtime/interp.js: the same formula as the js target).
import { u64, fn, memory, mul32 } from 'awasm';

const q = memory('q', u64.array(3));

export const blamka = fn([], () => {
  const x = q.load(0), y = q.load(1);
  q.store(2, x + y + (mul32(x, y) << 1));
});
