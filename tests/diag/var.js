// var is not allowed; let and const are.
import { u32, fn } from 'awasm';

var rounds = 64;
export const f = fn([u32], (x) => x + rounds);
