// Exercises lane types on every target: tests/unit/passes_test.cpp runs it in
// the reference interpreter before and after each target's lowering.
import { u32, u64, u32x4, u64x2, memory, fn, loop, lane, withLane, rotr, rotl, bswap, select, andnot, shuffle, eqz } from 'awasm';

const a = memory('a', u32x4.array(4), { secret: false }); // public: operator tests, not secrets
const b = memory('b', u64x2.array(4), { secret: false }); // public: operator tests, not secrets
const bytes = memory('bytes', u32x4.be.array(2), { secret: false }); // public: operator tests, not secrets
const out = memory('out', u32.array(32), { secret: false }); // public: operator tests, not secrets

export const lanes32 = fn([u32], (n) => {
  let acc = u32x4(1, 2, 3, 0xffffffff);
  loop(n, (i) => {
    const x = a.load(i & 3);
    acc = rotr(acc + x, 7) ^ (x << 3) ^ rotl(acc, 13) ^ andnot(x, acc);
    acc = withLane(acc, 2, lane(acc, 1) * 3);
  });
  const m = acc > u32x4(0x80000000);
  a.store(0, acc);
  a.store(1, m);
  a.store(2, bswap(acc) - bytes.load(0));
  a.store(3, shuffle(acc, m, [0, 5, 2, 7]) ^ shuffle(m, u32x4(0), [7, 4, 1, 3]));
  a.store(0, select(m, acc, a.load(1)) + eqz(acc & u32x4(0xff, 0, 0xffff, 1)));
  bytes.store(1, acc);
  out.store(0, select(lane(m, 0), lane(acc, 3), u32(7)));
  return lane(acc, 0) ^ lane(acc, 3);
});

export const lanes64 = fn([u32], (n) => {
  let acc = u64x2(u64(0x0123456789abcdefn));
  loop(n, (i) => {
    const x = b.load(i & 3);
    acc = rotr(acc + x, 19) ^ (x >>> 5) ^ (acc << 41) ^ ~x;
  });
  b.store(0, acc);
  b.store(1, acc === b.load(2));
  b.store(2, bswap(acc));
  b.store(3, shuffle(acc, b.load(3), [3, 0]));
  b.store(0, select(acc === b.load(1), acc, b.load(2)) ^ eqz(acc & u64x2(1n)));
  return u32(lane(acc, 0) ^ lane(acc, 1));
});

export const lanes64_compare = fn([], () => {
  const x = b.load(0), y = b.load(1);
  b.store(2, select(x < y, x, y) ^ (x >= y) ^ select(x <= y, y, x) ^ (x > y));
});
