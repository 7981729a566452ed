// awasmc dump --pass stage
// A runtime loop or branch whose body reaches the kernel's variables only through a closure: the
// body is written in the kernel but handed to a helper, which passes its own arrow function to
// loop()/when(). The variables the body assigns (`acc`, `h[1]`) must be carried between iterations
// (local.set inside the loop, local.get after it) exactly as when loop() is called directly.
// (Regression: the carried values were collected from the helper's scopes only, so the kernel's
// variables were not carried: a verifier error when used after the loop, a silent miscompile when
// only the body used them.)
import { u32, fn, memory, loop, when } from 'awasm';

const w = memory('w', u32.array(8), { secret: false });

const pairs = (n, body) => loop(n, (p) => body(p * 8));
const ifOdd = (x, body) => when((x & 1) === 1, () => body(x));

export const direct = fn([u32], (n) => {
  let acc = u32(1);
  loop(n, (p) => {
    acc = acc * 3 + p * 8;
  });
  w.store(0, acc);
});

export const through_helper = fn([u32], (n) => {
  let acc = u32(1);
  const h = [w.load(2), w.load(3)];
  pairs(n, (q) => {
    acc = acc * 3 + q;
    h[1] = h[1] ^ acc;
  });
  ifOdd(n, (x) => {
    h[0] = h[0] + x;
  });
  w.store(1, acc);
  w.store(2, h[0]);
  w.store(3, h[1]);
});
