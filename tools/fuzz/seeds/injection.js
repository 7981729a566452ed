// Fuzz seed: one region name that, pasted unescaped into a generated object
// literal, still parses and calls fuzzpwn() (the checker must catch it).
import { u32, memory, fn } from 'awasm';

const r = memory("r': fuzzpwn(), 's", u32.array(4));

export const k = fn([u32], (x) => {
  r.store(0, x);
  return r.load(1);
});
