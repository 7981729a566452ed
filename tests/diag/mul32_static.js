import { fn, mul32 } from 'awasm';

export const f = fn([], () => mul32(3, 5));
