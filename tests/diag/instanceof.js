// instanceof is not allowed.
import { u32, fn } from 'awasm';

const isArray = [] instanceof Array;
export const f = fn([u32], (x) => x);
