import { u8x16, memory, fn } from 'awasm';
const v = memory('v', u8x16.array(2));
export const f = fn([], () => { v.store(1, v.load(0) + 256); });
