// awasmc dump --pass stage
// mul32(a, b): the full 64-bit product of the low 32 bits of a and b. u32 operands are
// zero-extended to u64 first; u64 operands keep their high halves, which the op ignores; u64x2
// multiplies lane by lane. A static operand becomes a constant of the other's type, and constant
// operands fold (0xffffffff * 0xffffffff = 0xfffffffe00000001).
import { u32, u64, u64x2, fn, memory, mul32 } from 'awasm';

const w = memory('w', u32.array(2));
const q = memory('q', u64.array(6));
const v = memory('v', u64x2.array(3));

export const mul32_forms = fn([], () => {
  q.store(2, mul32(w.load(0), w.load(1)));
  q.store(3, mul32(q.load(0), q.load(1)));
  q.store(4, mul32(q.load(0), 0x9e3779b9));
  q.store(5, mul32(u64(0xffffffff), u64(0xffffffff)));
  v.store(2, mul32(v.load(0), v.load(1)));
});
