// Classes are not part of the kernel language.
import { u32, fn } from 'awasm';

class Hasher {}
export const f = fn([u32], (x) => x);
