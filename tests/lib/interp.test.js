// runtime/interp.js on hand-written programs in the bytecode format of docs/architecture.md ("The
// runtime bytecode"), encoded here from that description rather than by the compiler: the fields
// each op has, operands as distances back or fixed registers, the constant pool, `to k`, jumps,
// and the decoder's refusals (another version, an unknown opcode, a truncated text). The kernels
// themselves are checked on every backend by the hash tests and tests/unit/backends_test.cpp.
import assert from 'node:assert/strict';
import test from 'node:test';
import { linkProgram } from '../../runtime/interp.js';

const OP = {
  mov: 1, set: 2, load8: 3, load32: 5, store8: 6, store32: 8, return: 9, add: 10, sub: 11, xor: 15, lt_u: 21,
  select: 27, fsr: 28, fsl: 29, loop_test: 30, loop_next: 31, jump: 32, jump_if_zero: 33, carry: 34, to: 35,
  mul: 12, mulhi_u: 36,
};
// A base-45 varint in the 90 characters '#'..'~' without ' and \.
const ALPHABET = [...Array(92)].map((_, i) => String.fromCharCode(35 + i)).filter((c) => c !== "'" && c !== '\\');
const put = (v) => {
  const digits = [v % 45];
  for (v = Math.floor(v / 45); v; v = Math.floor(v / 45)) digits.push(45 + (v % 45));
  return digits.reverse().map((d) => ALPHABET[d]).join('');
};
const fixed = (k) => 2 * k + 1; // operand: fixed register k
const back = (d) => 2 * (d - 1); // operand: the value d values back
const zigzag = (v) => ((v << 1) ^ (v >> 31)) >>> 0;
// program(fixedCount, [[register, value]...], [[fields...]...]) -> the code text.
const program = (nfixed, pool, ins, version = 3) =>
  [version, nfixed, pool.length, ...pool.flatMap(([r, v]) => [r, zigzag(v)]), ...ins.flat()].map(put).join('');
const link = (params, result, code) => linkProgram(65536, [{ name: 'f', params, result, data: [], code }]).fns.f;

test('interp: ALU ops, funnel shifts and the constant pool', () => {
  // f(x, y) = rotr(x, 8) ^ rotl(y, y & 31) - 0x01020304 (registers: x 0, y 1, 31 at 2, constant at 3).
  const code = program(4, [[2, 31], [3, 0x01020304]], [
    [OP.fsr, fixed(0), fixed(0), 8], // v0 = rotr(x, 8)
    [OP.xor, fixed(1), fixed(2)], // v1 = y ^ 31 (only for the and below: here a plain value)
    [OP.fsl, fixed(1), fixed(1), fixed(1)], // v2 = rotl(y, y) (amounts mod 32)
    [OP.xor, back(3), back(1)], // v3 = v0 ^ v2
    [OP.sub, back(1), fixed(3)], // v4 = v3 - constant
    [OP.return, back(1)],
  ]);
  const f = link(2, 'u32', code);
  const rotl = (v, n) => ((v << (n & 31)) | (v >>> ((32 - n) & 31))) >>> 0;
  for (const [x, y] of [[0x12345678, 5], [0xdeadbeef, 0], [1, 31], [0xffffffff, 17]]) {
    const want = ((rotl(x, 24) ^ rotl(y, y)) - 0x01020304) >>> 0;
    assert.equal(f(x, y), want, `f(${x}, ${y})`);
  }
});

test('interp: a loop over memory with select, `to` and set', () => {
  // f(n): for i < n: s = s + (M8[i] < 128 ? M8[i] : 0); M32[64 + i] = s. Returns s. Registers:
  // n 0, counter 1, s 2, constant 0 at 3 and 128 at 4.
  const code = program(5, [[3, 0], [4, 128]], [
    [OP.set, 2, fixed(3)], // s = 0
    [OP.set, 1, fixed(3)], // i = 0
    [OP.loop_test, 1, fixed(0), 7], // 2: exit to 9
    [OP.load8, fixed(1), 0], // v0 = M8[i]
    [OP.lt_u, back(1), fixed(4)], // v1 = v0 < 128
    [OP.select, back(1), back(2), fixed(3)], // v2 = v1 ? v0 : 0
    [OP.to, 2], [OP.add, fixed(2), back(1)], // s = s + v2 (written to s directly)
    [OP.store32, fixed(1), fixed(2), 64], // M32[64 + i] = s
    [OP.loop_next, 1, 6], // 8: back to 2
    [OP.return, fixed(2)], // 9
  ]);
  const { mem, fns } = linkProgram(65536, [{ name: 'f', params: 1, result: 'u32', data: [[0, btoa('\x05\x90\x07\xff\x01')]], code }]);
  assert.equal(fns.f(5), 13);
  assert.deepEqual([...new Uint32Array(mem.buffer, 256, 5)], [5, 5, 12, 12, 13]);
  assert.equal(fns.f(0), 0);
});

test('interp: forward jumps', () => {
  // f(x) = x ? x + 1 : 7, and a second call sees fresh registers.
  const code = program(3, [[1, 1], [2, 7]], [
    [OP.jump_if_zero, fixed(0), 3], // 0: to 3
    [OP.add, fixed(0), fixed(1)],
    [OP.return, back(1)],
    [OP.return, fixed(2)], // 3
  ]);
  const f = link(1, 'i32', code);
  assert.equal(f(41), 42);
  assert.equal(f(0), 7);
  assert.equal(f(-1), 0);
});

test('interp: carry(a, b, c) is the carry out of a + b + c (0, 1 or 2)', () => {
  const f = link(3, 'u32', program(3, [], [[OP.carry, fixed(0), fixed(1), fixed(2)], [OP.return, back(1)]]));
  const M = 0xffffffff;
  for (const [a, b, c] of [[0, 0, 0], [M, 1, 0], [M, M, 1], [M, M, M], [0x80000000, 0x80000000, 0], [0x7fffffff, 0x80000000, 0]])
    assert.equal(f(a, b, c), Math.floor((a + b + c) / 2 ** 32), `carry(${a}, ${b}, ${c})`);
});

test('interp: mulhi_u is the high word of the unsigned 32x32 product (opcode 36, after to)', () => {
  // f(x, y) = high word of x * y: v0 = imul(x, y), v1 = mulhi_u(x, y, v0).
  const f = link(2, 'u32', program(2, [], [
    [OP.mul, fixed(0), fixed(1)],
    [OP.mulhi_u, fixed(0), fixed(1), back(1)],
    [OP.return, back(1)],
  ]));
  const edges = [0, 1, 2, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 0x10000, 0xffff, 0x9e3779b9];
  const pairs = edges.flatMap((x) => edges.map((y) => [x, y]));
  for (let i = 0; i < 2000; i++) pairs.push([(Math.random() * 2 ** 32) >>> 0, (Math.random() * 2 ** 32) >>> 0]);
  for (const [x, y] of pairs) assert.equal(f(x, y), Number((BigInt(x) * BigInt(y)) >> 32n), `mulhi_u(${x}, ${y})`);
});

test('interp: refuses another version, unknown opcodes and truncated text', () => {
  const ok = program(1, [], [[OP.return, fixed(0)]]);
  assert.equal(link(1, 'u32', ok)(5), 5);
  assert.throws(() => link(1, 'u32', program(1, [], [[OP.return, fixed(0)]], 2)), /interp: version/);
  assert.throws(() => link(1, 'u32', program(1, [], [[0, 0, 0]])), /interp: opcode 0$/);
  assert.throws(() => link(1, 'u32', program(1, [], [[OP.mulhi_u + 1]])), /interp: opcode 37$/);
  assert.throws(() => link(1, 'u32', ok.slice(0, -1) + put(45 * 45).slice(0, 1)), /interp: truncated/);
});
