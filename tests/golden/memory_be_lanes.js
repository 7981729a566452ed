// awasmc dump --pass wat
// Big-endian lane views byte-swap each lane on its own: a u32x4.be load is a
// v128 load and an i8x16.shuffle reversing every 4 bytes; u64x2.be reverses
// every 8 bytes. Stores swap the same way before the v128 store.
import { u32, u32x4, u64x2, fn, memory, lane } from 'awasm';

const v = memory('v', u32x4.be.array(2));
const q = memory('q', u64x2.be.array(1));

export const be_lanes = fn([u32], (x) => {
  v.store(1, u32x4(x));
  return lane(v.load(0), 0) ^ u32(lane(q.load(0), 1));
});
