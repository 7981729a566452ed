// A helper with a block body that forgets `return` gives undefined; the error
// names the call that returned nothing.
import { u32, fn } from 'awasm';

const mix = (a, b) => {
  a + b;
};

export const f = fn([u32, u32], (x, y) => mix(x, y) ^ x);
