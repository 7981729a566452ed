import { u8x16, memory, fn, shuffle } from 'awasm';
const v = memory('v', u8x16.array(2));
export const f = fn([], () => {
  v.store(1, shuffle(v.load(0), v.load(1), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 32]));
});
