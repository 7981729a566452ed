// Fuzz seed: static strings and arrays that double every iteration (resource
// limits: must be a compile error, not gigabytes and std::bad_alloc).
import { u32, fn, memory } from 'awasm';

const out = memory('out', u32.array(1));
let s = 'ab';
for (let i = 0; i < 40; i++) s = s + s;
let a = [1];
for (let i = 0; i < 40; i++) a = [...a, ...a];

export const f = fn([u32], (x) => {
  out.store(0, x + u32(s.length + a.length));
});
