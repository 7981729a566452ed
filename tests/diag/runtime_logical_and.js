// && and || pick an operand by truthiness, which a runtime value does not have
// at build time: use & | or select().
import { u32, fn } from 'awasm';

export const f = fn([u32, u32], (x, y) => x && y);
