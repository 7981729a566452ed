// assert(cond, message) fails the build with the message.
import { u32, fn, assert } from 'awasm';

const K = [1, 2, 3];
assert(K.length === 4, 'K needs four round constants');
export const f = fn([u32], (x) => x + K[0]);
