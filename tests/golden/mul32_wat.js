// awasmc dump --pass wat
// mul32 on wasm: scalar, i64.mul of the masked low halves (Binaryen drops the mask of a value
// it knows is zero-extended); u64x2, the low words of each operand gathered into lanes 0 and 1
// (one i8x16.shuffle each) and one i64x2.extmul_low_i32x4_u (V8 on x64: two unpacks and pmuludq).
import { u32, u64, u64x2, fn, memory, mul32 } from 'awasm';

const w = memory('w', u32.array(2));
const q = memory('q', u64.array(4));
const v = memory('v', u64x2.array(3));

export const mul32_wat = fn([], () => {
  q.store(2, mul32(w.load(0), w.load(1)));
  q.store(3, mul32(q.load(0), q.load(1)));
  v.store(2, mul32(v.load(0), v.load(1)));
});
