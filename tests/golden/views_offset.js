// awasmc dump --pass final --target js
// view.as(type, byteOffset): the same bytes from a static byte offset on, as whole elements of
// type, checked against the view at build time. On js and runtime an element at an offset that is
// not a multiple of its size is read and written byte by byte (typed arrays index by element);
// wasm loads it directly (alignment hint 1).
import { u8, u16, u32, memory, fn } from 'awasm';

const buf = memory('buf', u8.array(16));
const w = buf.as(u32, 3);   // 3 words at bytes 3..14
const h = buf.as(u16, 4);   // aligned: a plain u16 view at byte 4

export const views_offset = fn([u32], (i) => {
  w.store(2, w.load(i) + h.load(1));
});
