// A kernel returns a runtime value or nothing, not a build-time number.
import { u32, fn } from 'awasm';

export const f = fn([u32], (x) => 42);
