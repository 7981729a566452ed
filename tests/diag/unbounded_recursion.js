// Recursion without a base case.
import { u32, fn } from 'awasm';

const depth = (n) => depth(n + 1);
export const f = fn([u32], (x) => x + depth(0));
