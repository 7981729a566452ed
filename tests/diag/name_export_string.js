// A string export name is JavaScript too; as a kernel name it must be a plain name.
import { u32, fn } from 'awasm';

const f = fn([u32], (x) => x);
export { f as "a'b\nc" };
