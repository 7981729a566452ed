// A ?: on a runtime condition would have to run both arms; the kernel must say which it means.
import { u32, fn, memory } from 'awasm';
const m = memory('m', u32.array(2));
export const f = fn([u32], (x) => x ? (m.store(0, 1), x) : u32(0));
