// BLAKE3 (O'Connor, Aumasson, Neves, Wilcox-O'Hearn, "BLAKE3: one function, fast everywhere",
// 2020): the compression function, whole 1024-byte chunks, parent nodes.
//
// The kernels compress; the runtime (runtime/blake3.js) keeps the tree: it buffers the last,
// possibly partial chunk (which may turn out to be the root), pushes chunk chaining values on a
// stack and merges them (the paper's rule, §5.1.2), and produces the root output and the XOF
// stream. Layout and functions: docs/target-contract.md.
//
// On wasm and wasm_threads four chunks are hashed at once, one per u32x4 lane; the block words
// are transposed with shuffles so that vector i holds word i of the four chunks.
import { u8, u8x16, u32, u32x4, memory, fn, loop, rotr, shuffle, swizzle } from 'awasm';

const range = (n) => Array.from({ length: n }, (_, i) => i);

// §2.2: the IV is SHA-256's initial hash value (FIPS 180-4 §5.3.3).
export const IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
// §2.2, Table 2: the message word permutation applied between rounds.
const PERMUTATION = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];
// §2.1, Table 3: domain separation flags (the runtime adds ROOT and the mode flags).
export const CHUNK_START = 1;
export const CHUNK_END = 2;
export const PARENT = 4;

// Chunks per kernel call: the block region holds CHUNKS whole chunks, cvs one chaining value each.
const CHUNKS = 32;
// `block` comes first, at offset 0: copying a page-aligned message into it is then a plain memcpy.
// At offset 32 (where it was, after `key`), the copy ran at a tenth of the speed (2.4 vs 26 GB/s):
// the destination 32 bytes ahead of the source modulo 4096 makes every load of the copy loop
// falsely depend on the store before it (4K aliasing), and it cost 40% of the 1 MiB hash.
// `key`, `cv` and `out` follow it side by side, so that the runtime wipes all three with one call
// after every hash (a 32-byte one-shot is about 450 ns, and each separate wipe was 10-25 ns).
const block = memory('block', u8.array(CHUNKS * 1024)); // whole chunks, or blocks for compress
const key = memory('key', u32.array(8)); // the key words (the IV unless keyed / derive-key)
const cv = memory('cv', u32.array(8)); // the input chaining value of blake3_compress
const out = memory('out', u32.array(16)); // blake3_compress's 16 output words
const cvs = memory('cvs', u32.array(CHUNKS * 8)); // chaining values, 8 words each

// §2.2: the quarter-round G on words a, b, c, d of the state with message words x, y. Generic over
// the word type: u32, or u32x4 with one chunk per lane. The message word is added before b, the
// newest value, to shorten the chain of dependent steps. `rot` rotates by 16 and by 8: by default
// rotr and shifts; the four-lane kernels pass byte swizzles (swizzleRots below).
const SHIFTS = { r16: (x) => rotr(x, 16), r8: (x) => (x >>> 8) | (x << 24) };
const G = (v, a, b, c, d, x, y, rot = SHIFTS) => {
  v[a] = v[a] + x + v[b];
  v[d] = rot.r16(v[d] ^ v[a]);
  v[c] = v[c] + v[d];
  v[b] = rotr(v[b] ^ v[c], 12);
  v[a] = v[a] + y + v[b];
  v[d] = rot.r8(v[d] ^ v[a]);
  v[c] = v[c] + v[d];
  v[b] = rotr(v[b] ^ v[c], 7);
};
// One round (§2.2): the column step, then the diagonal step, on the 16 state words v (changed in
// place) with the 16 message words w in the round's order.
const round = (v, w, rot) => {
  G(v, 0, 4, 8, 12, w[0], w[1], rot);
  G(v, 1, 5, 9, 13, w[2], w[3], rot);
  G(v, 2, 6, 10, 14, w[4], w[5], rot);
  G(v, 3, 7, 11, 15, w[6], w[7], rot);
  G(v, 0, 5, 10, 15, w[8], w[9], rot);
  G(v, 1, 6, 11, 12, w[10], w[11], rot);
  G(v, 2, 7, 8, 13, w[12], w[13], rot);
  G(v, 3, 4, 9, 14, w[14], w[15], rot);
};
// §2.2: seven rounds over the state (h[0..7], IV[0..3], counter low/high, block length, flags);
// word(r, i) is message word i for round r (the rounds permute which word goes where); rot as in G.
// The state after the rounds, 16 words (not yet folded into the output).
const rounds = (T, h, word, ctrLo, ctrHi, blockLen, flags, rot = SHIFTS) => {
  const v = [...h, T(IV[0]), T(IV[1]), T(IV[2]), T(IV[3]), ctrLo, ctrHi, blockLen, flags];
  let order = range(16);
  for (let r = 0; r < 7; r++) {
    round(v, order.map((i) => word(r, i)), rot);
    order = PERMUTATION.map((i) => order[i]);
  }
  return v;
};
// The same with the rounds as a runtime loop (the message words permuted in locals between
// rounds): a seventh of the code, for the js and runtime targets, where seven unrolled copies
// make the file large and run no faster.
const rolledRounds = (T, h, m, ctrLo, ctrHi, blockLen, flags) => {
  let v = [...h, T(IV[0]), T(IV[1]), T(IV[2]), T(IV[3]), ctrLo, ctrHi, blockLen, flags];
  let w = m.slice(); // (a copy: the loop must not change what `m` holds)
  loop(7, () => {
    const s = v.slice();
    round(s, w, SHIFTS);
    v = s;
    w = PERMUTATION.map((i) => w[i]);
  });
  return v;
};
const words = (m) => (r, i) => m[i];
const unrolled = (T, h, m, ctrLo, ctrHi, blockLen, flags) => rounds(T, h, words(m), ctrLo, ctrHi, blockLen, flags);
// The chaining value: the first eight output words (§2.2: v[i] ^ v[i + 8]).
const chaining = (v) => [0, 1, 2, 3, 4, 5, 6, 7].map((i) => v[i] ^ v[i + 8]);

const keyWords = () => range(8).map((i) => key.load(i));
const W = block.as(u32); // little-endian message words (§2.4)

// Chunk number `c` of the block region (a runtime u32) with chunk counter ctr: 16 blocks with
// CHUNK_START on the first and CHUNK_END on the last; its chaining value goes to cvs[c]. R is
// `unrolled` or `rolledRounds`.
const scalarChunk = (R, c, ctrLo, ctrHi, flags) => {
  let h = keyWords();
  loop(16, (b) => {
    const m = range(16).map((i) => W.load(c * 256 + b * 16 + i));
    const f = flags | (b === 0) | ((b === 15) << 1);
    h = chaining(R(u32, h, m, ctrLo, ctrHi, u32(64), f));
  });
  h.forEach((x, i) => cvs.store(c * 8 + i, x));
};
// The counter of chunk `first + c`, as a (low, high) pair: a carry out of the low word goes up.
const counterAt = (ctrLo, ctrHi, c) => {
  const lo = ctrLo + c;
  return [lo, ctrHi + (lo < ctrLo)];
};

// Four chunks c0..c0+3 at once, one per lane. Word j*4..j*4+3 of a block of the four chunks come
// as four vectors (one per chunk) and a 4x4 transpose (eight shuffles) gives vector i = word i of
// every chunk; the four chaining values are transposed back the same way.
const transpose = ([r0, r1, r2, r3]) => {
  const t0 = shuffle(r0, r1, [0, 4, 1, 5]);
  const t1 = shuffle(r0, r1, [2, 6, 3, 7]);
  const t2 = shuffle(r2, r3, [0, 4, 1, 5]);
  const t3 = shuffle(r2, r3, [2, 6, 3, 7]);
  return [shuffle(t0, t2, [0, 1, 4, 5]), shuffle(t0, t2, [2, 3, 6, 7]), shuffle(t1, t3, [0, 1, 4, 5]), shuffle(t1, t3, [2, 3, 6, 7])];
};
const V = block.as(u32x4); // a chunk is 64 vectors, a block 4
// The rotations by 16 and 8 of the four-lane kernels as byte swizzles by constant masks: V8
// (node 20) makes each one a single `pshufb` with the mask in a register (or reloaded from the
// stack), where the shifts take three operations (swizzles instead of shifts: blake3_chunks
// 1.05-1.10x, docs/notes.md 2026-12-02) and a byte shuffle (`i8x16.shuffle`) rebuilds its mask
// before every use. A mask loaded from memory (as these were until 2026-12-02) adds a `paddusb`
// and a load of its operand's address before every `pshufb`: 224 of the four-lane loop's 1,835
// instructions a block; without them blake3_chunks 1.04-1.11x, a 1 MiB hash 1.02-1.05x (CPU time,
// same process; the loop is near its dependency chain's floor: docs/notes.md, b3simd).
const byteRot = (k) => [0, 1, 2, 3].flatMap((l) => [0, 1, 2, 3].map((i) => l * 4 + ((i + k) & 3)));
const swizzleRots = () => {
  const m16 = u8x16(...byteRot(2));
  const m8 = u8x16(...byteRot(1));
  return { r16: (x) => u32x4.from(swizzle(u8x16.from(x), m16)), r8: (x) => u32x4.from(swizzle(u8x16.from(x), m8)) };
};
const CV4 = cvs.as(u32x4); // a chaining value is 2 vectors
// The 16 words of four blocks, word i of block k in lane k: vector `at(k, j)` of `view` holds words
// 4j..4j+3 of block k.
const laneWords = (view, at) => {
  const m = [];
  for (let j = 0; j < 4; j++) m.push(...transpose(range(4).map((k) => view.load(at(k, j)))));
  return m;
};
// Chaining values 8 words x 4 lanes, stored as cvs[c0 .. c0 + 3].
const storeLaneCVs = (c0, h) => {
  const low = transpose(h.slice(0, 4));
  const high = transpose(h.slice(4, 8));
  for (let k = 0; k < 4; k++) {
    CV4.store((c0 + k) * 2, low[k]);
    CV4.store((c0 + k) * 2 + 1, high[k]);
  }
};
const laneChunks = (c0, ctrLo, ctrHi, flags, rot) => {
  const [base, baseHi] = counterAt(ctrLo, ctrHi, c0);
  const lo = u32x4(base) + u32x4(0, 1, 2, 3);
  const hi = u32x4(baseHi) - (lo < u32x4(base)); // a lane whose low word wrapped: mask -1, carry +1
  let h = keyWords().map((x) => u32x4(x));
  loop(16, (b) => {
    const m = laneWords(V, (k, j) => (c0 + k) * 64 + b * 4 + j);
    const f = flags | (b === 0) | ((b === 15) << 1);
    h = chaining(rounds(u32x4, h, words(m), lo, hi, u32x4(64), u32x4(f), rot));
  });
  storeLaneCVs(c0, h);
};

// blake3_chunks(n, ctrLo, ctrHi, flags): chunks 0..n-1 of the block region (n <= CHUNKS) have
// counters ctr..ctr+n-1; their chaining values go to cvs[0..n-1]. `flags` are the mode flags
// (0, KEYED_HASH, DERIVE_KEY_*); the chunk flags are added here.
// On js the rounds are unrolled (a rolled loop measured about 0.6x as fast); on runtime (the
// interpreter, where size matters more) rolled.
const scalarChunks = (R, options) => fn([u32, u32, u32, u32], (n, ctrLo, ctrHi, flags) => {
  loop(n, (c) => {
    const [lo, hi] = counterAt(ctrLo, ctrHi, c);
    scalarChunk(R, c, lo, hi, flags);
  });
}, options);
export const blake3_chunks = scalarChunks(unrolled, { targets: ['js'] });
export const blake3_chunks_rolled = scalarChunks(rolledRounds, { targets: ['runtime'], name: 'blake3_chunks' });
export const blake3_chunks4 = fn([u32, u32, u32, u32], (n, ctrLo, ctrHi, flags) => {
  const groups = n >>> 2;
  const rot = swizzleRots();
  loop(groups, (g) => laneChunks(g << 2, ctrLo, ctrHi, flags, rot));
  loop(n & 3, (i) => {
    const c = (groups << 2) + i;
    const [lo, hi] = counterAt(ctrLo, ctrHi, c);
    scalarChunk(unrolled, c, lo, hi, flags);
  });
}, { targets: ['wasm', 'wasm_threads'], name: 'blake3_chunks' });

// blake3_parents(n, flags): cvs[i] = the parent of cvs[2i] and cvs[2i+1], for i < n (in place:
// each parent is written after its children are read, and never over a later child). Counter 0,
// block length 64, PARENT added to the mode flags; the key words are the input chaining value.
// Parents are a sixteenth of the work of chunks: rolled rounds on js and runtime.
const scalarParent = (R, i, k, flags) => {
  const m = range(16).map((j) => cvs.load(i * 16 + j));
  const h = chaining(R(u32, k, m, u32(0), u32(0), u32(64), flags | PARENT));
  h.forEach((x, j) => cvs.store(i * 8 + j, x));
};
export const blake3_parents = fn([u32, u32], (n, flags) => {
  const k = keyWords();
  loop(n, (i) => scalarParent(rolledRounds, i, k, flags));
}, { targets: ['js', 'runtime'] });
// Four parents at once on wasm: parents p0..p0+3 read vectors 4 * p0 .. 4 * p0 + 15 and write
// 2 * p0 .. 2 * p0 + 7, below the next group's children.
export const blake3_parents4 = fn([u32, u32], (n, flags) => {
  const k = keyWords();
  const groups = n >>> 2;
  const rot = swizzleRots();
  loop(groups, (g) => {
    const p0 = g << 2;
    const m = laneWords(CV4, (lane, j) => (p0 + lane) * 4 + j);
    const f = u32x4(flags | PARENT);
    storeLaneCVs(p0, chaining(rounds(u32x4, k.map((x) => u32x4(x)), words(m), u32x4(0), u32x4(0), u32x4(64), f, rot)));
  });
  loop(n & 3, (i) => scalarParent(unrolled, (groups << 2) + i, k, flags));
}, { targets: ['wasm', 'wasm_threads'], name: 'blake3_parents' });

// blake3_blocks(n, ctrLo, ctrHi, flags): the first n blocks of a chunk (blocks 0..n-1 of the block
// region, 64 bytes each), chained from the chaining value in `cv`, CHUNK_START added on block 0;
// the result replaces `cv`. For the last chunk of a message, whose last block then goes through
// blake3_compress: one call instead of n. Only on wasm, where a call from JS costs about as much
// as a fifth of a compression; on js the calls are cheap and the file would grow by a third.
export const blake3_blocks = fn([u32, u32, u32, u32], (n, ctrLo, ctrHi, flags) => {
  let h = range(8).map((i) => cv.load(i));
  loop(n, (b) => {
    const m = range(16).map((i) => W.load(b * 16 + i));
    h = chaining(unrolled(u32, h, m, ctrLo, ctrHi, u32(64), flags | (b === 0)));
  });
  h.forEach((x, i) => cv.store(i, x));
}, { targets: ['wasm', 'wasm_threads'] });

// blake3_compress(index, ctrLo, ctrHi, blockLen, flags): the compression function on the 64-byte
// block number `index` of the block region, with the chaining value in `cv`; writes all 16 output
// words to `out` (§2.6: the first eight are the new chaining value, the last eight the extended
// output). For the partial last chunk, the root node and the XOF blocks; `flags` as given.
// Unrolled where speed counts (short messages are a few of these calls), rolled on runtime.
const compressor = (R, options) => fn([u32, u32, u32, u32, u32], (index, ctrLo, ctrHi, blockLen, flags) => {
  const h = range(8).map((i) => cv.load(i));
  const m = range(16).map((i) => W.load(index * 16 + i));
  const v = R(u32, h, m, ctrLo, ctrHi, blockLen, flags);
  for (let i = 0; i < 8; i++) {
    out.store(i, v[i] ^ v[i + 8]);
    out.store(i + 8, v[i + 8] ^ h[i]);
  }
}, options);
export const blake3_compress = compressor(unrolled, { targets: ['wasm', 'wasm_threads', 'js'] });
export const blake3_compress_rolled = compressor(rolledRounds, { targets: ['runtime'], name: 'blake3_compress' });
