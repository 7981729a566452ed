// u8x16 has + - & | ^ ~ and the byte moves; other ops are named with the way out.
import { u8x16, memory, fn } from 'awasm';
const v = memory('v', u8x16.array(2));
export const f = fn([], () => { v.store(1, v.load(0) * v.load(1)); });
