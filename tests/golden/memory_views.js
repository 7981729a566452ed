// awasmc dump --pass stage
// Memory: regions are 16-byte aligned in declaration order (memory grows in
// 64 KiB pages); a struct spec makes one region per field ('ctx.h', ...).
// Views load and store at a static index (folded into the byte offset) or a
// runtime u32 index (scaled by the element size); u8/u16 load as u32 and store
// the low bits; .as(T) views the same bytes as another type; T.be views
// byte-swap on load and store; length, bytes and offset are static numbers.
import { u8, u16, u32, u64, fn, memory } from 'awasm';

const bytes = memory('bytes', u8.array(7));
const halves = memory('halves', u16.array(4));
const ctx = memory('ctx', { h: u32.array(3), length: u64, flag: u8 });
const big = memory('big', u32.be.array(2));
const large = memory('large', u8.array(70000));   // two pages in total
const words = bytes.as(u8).length === 7 ? large.as(u32) : null;
const be64 = large.as(u64.be);

export const memory_views = fn([u32], (i) => {
  bytes.store(6, bytes.load(0) + 1);         // u8: static offset 6
  bytes.store(i, 0x1ff);                     // u8: runtime index, stores the low 8 bits
  halves.store(i, halves.load(3));           // u16: index scaled by 2
  ctx.h.store(2, ctx.h.load(i));
  ctx.length.store(0, ctx.length.load(0) + 64n);
  ctx.flag.store(0, 1);
  big.store(1, big.load(0));                 // bswap after the load and before the store
  words.store(words.length - 1, i);          // the last u32 of 'large'
  be64.store(i, be64.load(0));
  words.store(0, large.offset + large.bytes + ctx.h.bytes * 1000 + words.length * 0);  // static numbers
});
