// Views at any byte offset (view.as(type, byteOffset)) on every target: tests/unit/passes_test.cpp
// runs it in the reference interpreter before and after each target's lowering, and
// tests/unit/backends_test.cpp on all four targets (js and runtime split unaligned accesses into bytes).
import { u8, u16, u32, u64, u32x4, u8x16, memory, fn, loop } from 'awasm';

const buf = memory('buf', u8.array(96), { secret: false }); // public: operator tests, not secrets
const w1 = buf.as(u32, 1);          // u32 words starting at byte 1
const h3 = buf.as(u16.be, 3);       // big-endian u16 at byte 3
const q6 = buf.as(u64, 6);
const v5 = buf.as(u32x4, 5);
const b7 = buf.as(u8x16, 7);

export const views = fn([u32], (n) => {
  let acc = w1.load(0) ^ u32(q6.load(1));
  loop(n, (i) => {
    const j = i & 3;
    acc = acc + w1.load(j) + h3.load(j + 1);
    w1.store(j + 8, acc);
    h3.store(j, acc);
  });
  q6.store(2, q6.load(0) + u64(acc));
  v5.store(4, v5.load(0) + v5.load(n & 1));
  b7.store(3, b7.load(0) - b7.load(1));
  return acc ^ w1.load(n & 7);
});
