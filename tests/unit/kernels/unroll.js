// A BLAKE2s-shaped compression (10 rounds, the sigma message schedule as a constant table): its
// round loop is unrolled on wasm and wasm_threads and a runtime loop on js and runtime
// (loop(n, body, { unroll })). tests/unit/backends_test.cpp checks that all four agree.
import { u8, u32, memory, fn, loop, rotr } from 'awasm';

const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4], [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13], [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11], [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5], [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];
const S = memory.data('sigma', u8, SIGMA.flat());
const IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const h = memory('h', u32.array(8));
const block = memory('block', u32.array(64));

const compress = (unroll) => (blocks) => {
  let H = IV.map((_, i) => h.load(i));
  loop(blocks, (b) => {
    const m = (i) => block.load(b * 16 + i);
    const v = [...H, ...IV.map((x) => u32(x))];
    const G = (a, bb, c, d, x, y) => {
      v[a] = v[a] + v[bb] + x; v[d] = rotr(v[d] ^ v[a], 16);
      v[c] = v[c] + v[d]; v[bb] = rotr(v[bb] ^ v[c], 12);
      v[a] = v[a] + v[bb] + y; v[d] = rotr(v[d] ^ v[a], 8);
      v[c] = v[c] + v[d]; v[bb] = rotr(v[bb] ^ v[c], 7);
    };
    loop(10, (r) => {
      const s = (i) => m(S.load(r * 16 + i));
      G(0, 4, 8, 12, s(0), s(1)); G(1, 5, 9, 13, s(2), s(3));
      G(2, 6, 10, 14, s(4), s(5)); G(3, 7, 11, 15, s(6), s(7));
      G(0, 5, 10, 15, s(8), s(9)); G(1, 6, 11, 12, s(10), s(11));
      G(2, 7, 8, 13, s(12), s(13)); G(3, 4, 9, 14, s(14), s(15));
    }, { unroll });
    H = H.map((x, i) => x ^ v[i] ^ v[i + 8]);
  });
  H.forEach((x, i) => h.store(i, x));
};

export const compress_split = fn([u32], compress(['wasm', 'wasm_threads']));
export const compress_rolled = fn([u32], compress(false));
export const compress_unrolled = fn([u32], compress(true));
