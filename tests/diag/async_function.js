// async functions have no meaning at build time.
import { u32, fn } from 'awasm';
const load = async () => 1;
export const f = fn([u32], (x) => x + load());
