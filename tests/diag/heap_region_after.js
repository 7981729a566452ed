// Every other region comes before the heap: the heap starts where the static layout ends.
import { u32, fn, memory } from 'awasm';

const H = memory.heap('heap', u32);
const late = memory('late', u32.array(4));
export const f = fn([u32], (x) => H.load(x) + late.load(0));
