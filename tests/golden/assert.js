// awasmc dump --pass stage
// assert(cond, message) checks a static condition at build time and adds
// nothing to the IR when it holds (a failing assert is a build error, see
// tests/diag/assert_failed.js). Useful to pin tables and layouts.
import { u32, fn, memory, assert } from 'awasm';

const K = [0x428a2f98, 0x71374491, 0xb5c0fbcf];
const state = memory('state', u32.array(8));
assert(K.length === 3, 'three round constants');
assert(state.bytes === 32 && state.offset % 16 === 0, 'state is 32 aligned bytes');
assert(K.every((k) => k >>> 0 === k), 'constants are u32');

export const asserts = fn([u32], (x) => {
  assert(typeof x !== 'number', 'x is a runtime value');
  K.forEach((k, i) => {
    assert(i < state.length);
    state.store(i, x ^ k);
  });
});
