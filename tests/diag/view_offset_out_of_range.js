// A byte offset must leave at least one whole element inside the view.
import { u8, u32, memory, fn } from 'awasm';
const buf = memory('buf', u8.array(16));
const w = buf.as(u32, 13);
export const f = fn([], () => { w.store(0, 1); });
