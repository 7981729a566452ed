// awasmc dump --pass stage
// Constant-time check, accepted: public regions and parameters pick addresses, a declassified value
// picks one with its reason, a select on a secret in a kernel built only for wasm (one instruction
// there), masks instead of a branch.
import { u32, u32x4, u8x16, fn, memory, select, swizzle, declassify } from 'awasm';

const key = memory('key', u32.array(4));
const lengths = memory('lengths', u32.array(4), { secret: false });
const table = memory('table', u32.array(16), { secret: false });
const lanes = memory('lanes', u8x16.array(2));
export const lookup = fn([u32], (i) => table.load((lengths.load(0) + i) & 15));
export const chosen = fn([], () => table.load(declassify(key.load(0), 'a test: the index may be public') & 15));
export const masked = fn([u32, u32], (a, b) => {
  const m = u32(0) - (key.load(1) & 1);
  return (a & m) | (b & ~m);
});
export const wasm_select = fn([u32, u32], (a, b) => select(key.load(2) & 1, a, b), { targets: ['wasm', 'wasm_threads'] });
export const wasm_swizzle = fn([], () => lanes.store(0, swizzle(lanes.load(0), lanes.load(1))), { targets: ['wasm', 'wasm_threads'] });
