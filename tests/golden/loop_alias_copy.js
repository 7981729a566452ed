// awasmc dump --pass simplify
// A copy of an array (let h = [...key]) may be given new arrays inside a runtime loop: the copy's
// elements get their own locals, and 'key' keeps its values (the accepted form of
// tests/diag/loop_alias_reassigned.js).
import { u32, memory, fn, loop } from 'awasm';
const m = memory('m', u32.array(16));
export const k = fn([u32], (n) => {
  const key = [m.load(0), m.load(1)];
  loop(n, (c) => {
    let h = [...key];
    loop(4, () => { h = [h[1], h[0] + 1]; });
    m.store(c + 2, h[0] ^ key[1]);
  });
});
