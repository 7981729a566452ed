// Export names become function names: `export { f as if }` is JavaScript, but
// the js target cannot declare `function if(`.
import { u32, fn } from 'awasm';

const f = fn([u32], (x) => x);
export { f as if };
