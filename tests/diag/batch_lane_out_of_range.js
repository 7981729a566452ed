// A batch of 4 copies has lanes 0..3.
import { u32, fn, memory } from 'awasm';
const st = memory.batch('st', 4, u32.array(8));
export const f = fn([], () => st.lane(4).load(0));
