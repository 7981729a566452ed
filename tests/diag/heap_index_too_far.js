// A static index into the heap is not checked against its length, but must stay below 4 GiB.
import { u32, fn, memory } from 'awasm';

const H = memory.heap('heap', u32);
export const f = fn([], () => H.load(2 ** 30));
