// awasmc dump --pass lower_ops --target wasm
// andnot(a, b) inside a runtime loop, on every word type: wasm has no scalar `not`, so it is
// lowered to a & (b ^ ~0) in the loop body. (Regression: the lowering once probed by emitting a
// `not` and removing the function's last statement, which deleted the loop on wasm.) The kernels
// also run on every backend (tests/lib/kernels.test.js), so a wrong lowering shows as a mismatch.
import { u32, u64, u32x4, fn, memory, loop, andnot } from 'awasm';

const s = memory('s', u64.array(4));
const w = memory('w', u32.array(4));
const v = memory('v', u32x4.array(2));

export const andnot64 = fn([u32], (n) => {
  let a = s.load(0);
  loop(n, () => {
    a = andnot(a, s.load(1));
  });
  s.store(0, a);
});
export const andnot32 = fn([u32], (n) => {
  let a = w.load(0);
  loop(n, (i) => {
    a = andnot(a, w.load(1)) + i;
  });
  w.store(0, a);
});
export const andnotv = fn([u32], (n) => {
  let a = v.load(0);
  loop(n, () => {
    a = andnot(a, v.load(1)) ^ a;
  });
  v.store(0, a);
});
