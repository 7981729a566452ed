// awasmc dump --pass stage
// Per-batch regions: four interleaved copies (word i of copy m at i * 4 + m; .all loads one
// u32x4 holding word i of every copy; .lane(m) is a strided view of copy m) and split copies
// (copy m after copy m - 1). fn(..., { targets }) limits a function to some targets.
import { u8, u32, u32x4, memory, fn, lane } from 'awasm';

const st = memory.batch('st', 4, u32.array(8));
const bk = memory.batch('bk', 4, u8.array(64), 'split');

export const batch_all = fn([], () => {
  const v = st.all.load(2);          // word 2 of all four copies
  st.all.store(3, v + u32x4(1, 2, 3, 4));
}, { targets: ['wasm', 'wasm_threads'] });

export const batch_lanes = fn([u32], (i) => {
  const x = st.lane(1).load(2);      // copy 1, word 2: element 2 * 4 + 1
  st.lane(3).store(i, x);            // runtime index i: element i * 4 + 3
  return bk.lane(2).as(u32.be).load(i) + u32(st.lanes) + lane(st.all.load(0), 1);
});
