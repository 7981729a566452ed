// A stray token in an expression.
import { u32, fn } from 'awasm';

export const f = fn([u32], (x) => x + # 1);
