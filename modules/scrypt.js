// scrypt's ROMix (RFC 7914 §5-6): Salsa20/8, BlockMix and the two loops over V, with V in the
// heap (memory.heap: 128 * r * N bytes chosen per call). PBKDF2-HMAC-SHA256 before and after,
// the splitting of B into p blocks and their order are runtime/scrypt.js's.
//
// Heap layout, in 64-byte Salsa blocks (a scrypt block of 128 * r bytes is 2r of them):
//   V[0 .. N]   V[0] = B_i (written by the runtime), V[i + 1] = BlockMix(V[i]); V[N] is X, the
//               block the second loop works on (so the first loop has one shape throughout)
//   V[N + 1]    Y: the second loop alternates X -> Y -> X (BlockMix cannot work in place)
// The runtime reads the result from V[N] and zeroes what it used (runtime/heap.js).
//
// Every 64-byte block is stored with its sixteen words in the *diagonal* order of SIMD Salsa20
// (memory word m holds Salsa word DIAG[m]; runtime/scrypt.js permutes B on the way in and out):
// the order in which u32x4 rows (x0 x5 x10 x15), (x4 x9 x14 x3), ... make every round the same
// four vector steps. wasm computed Salsa20/8 that way until 2026-12-02; on the Zen 5 machine of
// that day the scalar kernel below was 1.66x as fast (docs/notes.md), and every target now runs
// it, on sixteen scalar words in the same memory order (the slots are static, so the order costs
// nothing). Integerify reads word 0 of the last 64-byte block: x0 in either order. BlockMix XORs
// and adds words elementwise, which any fixed order keeps.
//
// The eight rounds are unrolled on wasm and js, and a runtime loop of four double rounds on
// runtime.
import { u32, memory, fn, loop, rotl, declassify } from 'awasm';

// Salsa word in memory slot m (the diagonal order above).
export const DIAG = [0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11];

// No static region: the heap starts at the module's one page (65536).
const H = memory.heap('V', u32);

// The four double rounds of Salsa20/8: unrolled on js (kernels 1.2x as fast as the rolled loop in
// one process: 58 against 71 ms for N = 2^14, r = 8; the js target 52 KB against 27 KB) and wasm,
// a runtime loop on runtime.
const UNROLL = ['js', 'wasm', 'wasm_threads'];

// ---- Sixteen scalar words; w[k] is Salsa word k (loaded from slot DIAG.indexOf(k)).
const SLOT = DIAG.map((_, k) => DIAG.indexOf(k));
const QR = [[0, 4, 8, 12], [5, 9, 13, 1], [10, 14, 2, 6], [15, 3, 7, 11], [0, 1, 2, 3], [5, 6, 7, 4], [10, 11, 8, 9], [15, 12, 13, 14]];
function doubleRound(w) {
  for (const [a, b, c, d] of QR) {
    w[b] = w[b] ^ rotl(w[a] + w[d], 7);
    w[c] = w[c] ^ rotl(w[b] + w[a], 9);
    w[d] = w[d] ^ rotl(w[c] + w[b], 13);
    w[a] = w[a] ^ rotl(w[d] + w[c], 18);
  }
}
function salsaWords(x) {
  const w = [...x];
  loop(4, () => doubleRound(w), { unroll: UNROLL });
  return w.map((v, i) => v + x[i]);
}

// BlockMix (RFC 7914 §4) of the 2r blocks at src (64-byte block index; given `xor` = [x], the
// blocks at src XOR those at x, for the second loop) into dst: Y_i = Salsa(Y_{i-1} ^ B_i) with Y_{-1} =
// B_{2r-1}; even Y_i to dst block i / 2, odd ones to dst block r + (i - 1) / 2.
function blockMixWords(r, src, dst, xor = []) {
  const load = (rel, k) => {
    const x = H.load((src + rel) * 16 + SLOT[k]);
    return xor.length === 0 ? x : x ^ H.load((xor[0] + rel) * 16 + SLOT[k]);
  };
  let X = DIAG.map((_, k) => load(r * 2 - 1, k));
  // One Salsa20/8 in the loop body (not two, as on wasm): half the JavaScript.
  loop(r * 2, (b) => {
    X = salsaWords(X.map((x, k) => x ^ load(b, k)));
    const out = dst + (b >>> 1) + (b & 1) * r;
    X.forEach((x, k) => H.store(out * 16 + SLOT[k], x));
  });
}

// scrypt_fill(r, start, count): V[i + 1] = BlockMix(V[i]) for i = start .. start + count - 1
// (the first loop of ROMix, in pieces: the runtime calls it with start = 0, count = N for the
// whole loop, or in slices to report progress). V[i] is at block 2r * i.
const fill = (blockMix) => (r, start, count) => {
  loop(count, (n) => {
    const i = start + n;
    blockMix(r, i * r * 2, (i + 1) * r * 2);
  });
};
// scrypt_mix(N, r, pairs): 2 * pairs steps of the second loop of ROMix, X = BlockMix(X ^ V[j])
// with j = Integerify(X) mod N, as X -> Y then Y -> X (X = V[N], Y = V[N + 1]).
const mix = (blockMix, word0) => (N, r, pairs) => {
  const X = N * r * 2;
  const Y = X + r * 2;
  const step = (from, to) => {
    // Integerify picks the block of V to read: scrypt's data-dependent addressing, declassified.
    const j = declassify(word0((from + r * 2 - 1)) & (N - 1),
      "Integerify(X) mod N picks the block of V: scrypt's memory-hard loop reads V at password-dependent addresses by design (RFC 7914 §5)");
    // Touch every 64-byte line of V[j] first: independent loads, so its cache misses overlap
    // instead of coming one Salsa20/8 after another (the XOR of them goes to a word of `to`
    // that BlockMix overwrites, only so that the loads are kept).
    let touch = u32(0);
    loop(r * 2, (b) => {
      touch = touch ^ H.load((j * r * 2 + b) * 16);
    });
    H.store(to * 16, touch);
    blockMix(r, from, to, [j * r * 2]);
  };
  loop(pairs, () => {
    step(X, Y);
    step(Y, X);
  });
};
const word0 = (blk) => H.load(blk * 16);

export const scrypt_fill = fn([u32, u32, u32], fill(blockMixWords));
export const scrypt_mix = fn([u32, u32, u32], mix(blockMixWords, word0));
