// Keccak-f[1600] (FIPS 202 §3) and the sponge's absorbing step: the kernels under SHA3-224..512,
// Keccak-224..512 (the pre-standard padding) and SHAKE128/256.
//
// The runtime (runtime/sponge.js) pads with the domain byte and the final 0x80, buffers partial
// blocks and squeezes by reading `state`; the one kernel XORs whole blocks into the state and
// permutes (with no block words, it only permutes: squeezing). Layout: docs/target-contract.md.
//
// On wasm and js the 25 lanes live in locals across the blocks of a call; the round is generic
// JavaScript staged once inside a runtime loop of 24 rounds (see `permute` for why not unrolled).
// On runtime every step of a round is a loop over memory (keccak_absorb_rt).
import { u8, u32, u64, memory, fn, loop, rotl, select, assert } from 'awasm';

// FIPS 202 §3.2.2 (Algorithm 2): the rotation offset of lane (x, y) for ρ, from the walk
// (x, y) -> (y, 2x + 3y) starting at (1, 0). Lane (x, y) is lane index x + 5y.
const RHO = Array.from({ length: 25 }, () => 0);
{
  let [x, y] = [1, 0];
  for (let t = 0; t < 24; t++) {
    RHO[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
    [x, y] = [y, (2 * x + 3 * y) % 5];
  }
}
// FIPS 202 §3.2.5 (Algorithms 5 and 6): rc(t) is the output of an 8-bit LFSR (x^8 + x^6 + x^5 +
// x^4 + 1); round i's constant has bit 2^j - 1 set to rc(j + 7i), j = 0..6.
const LFSR = [];
{
  let R = 1;
  for (let t = 0; t < 7 * 24; t++) {
    LFSR.push(R & 1);
    R = R << 1;
    if (R & 0x100) R = (R ^ 0x171) & 0xff;
  }
}
export const RC = Array.from({ length: 24 }, (_, i) => {
  let c = 0n;
  for (let j = 0; j < 7; j++) if (LFSR[j + 7 * i] === 1) c = c | (1n << BigInt((1 << j) - 1));
  return c;
});

// Memory: the 25 lanes of the state (200 bytes, the region rounded up to 208), the message
// blocks to absorb, and the round constants.
const state = memory('state', u64.array(26));
const block = memory('block', u8.array(16384));
const RCdata = memory.data('keccak_rc', u64, RC);
const words = block.as(u64);

// Lane complementing (the Keccak team's implementation overview, §2.2): the state is kept with
// the lanes of COMPLEMENTED stored inverted. θ, ρ, π and ι commute with inversion (they XOR and
// rotate), so only which lanes are inverted needs tracking (FLIP below, at build time), and χ can
// then be written with AND/OR and one NOT per row instead of five (a[x] ^ (~a[x+1] & a[x+2])
// rewritten by De Morgan with the inversions of its inputs and output). Kernels invert these
// lanes after loading the state and before storing it.
const COMPLEMENTED = [1, 2, 8, 12, 17, 20];
// SRC[i]: the lane of A that ρ and π move to lane i of B: (x, y) goes to (y, 2x + 3y).
const SRC = Array.from({ length: 25 }, () => 0);
for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) SRC[y + 5 * ((2 * x + 3 * y) % 5)] = x + 5 * y;
// Inversion flags (0/1) of A (the state between rounds), of the column parities C, of D and of B.
const FLIP_A = Array.from({ length: 25 }, (_, i) => (COMPLEMENTED.includes(i) ? 1 : 0));
const FLIP_C = [0, 1, 2, 3, 4].map((x) => FLIP_A[x] ^ FLIP_A[x + 5] ^ FLIP_A[x + 10] ^ FLIP_A[x + 15] ^ FLIP_A[x + 20]);
const FLIP_D = [0, 1, 2, 3, 4].map((x) => FLIP_C[(x + 4) % 5] ^ FLIP_C[(x + 1) % 5]);
const FLIP_B = SRC.map((s) => FLIP_A[s] ^ FLIP_D[s % 5]);
// χ for output lane x of a row from stored b0 = B[x], b1 = B[x + 1], b2 = B[x + 2], with inversion
// flags f0, f1, f2 and wanted output flag fe: e = b0 ^ f0 ^ fe ^ (~(b1 ^ f1) & (b2 ^ f2)).
// Inverting b0 (n0) moves the constant into the first term; then with c = f0 ^ fe ^ n0 the rest
// is (l1 & l2) for c = 0, or by De Morgan (~l1 | ~l2) for c = 1, each literal inverted or not.
// For each row, the choice (n0 for each lane) whose NOTs touch the fewest distinct lanes wins:
// one per row with these flags (CSE shares a lane inverted twice).
const chiForms = (row) => {
  const forms = [0, 1, 2, 3, 4].map((x) => [0, 1].map((n0) => {
    const i = 5 * row + x;
    const f1 = FLIP_B[5 * row + ((x + 1) % 5)];
    const f2 = FLIP_B[5 * row + ((x + 2) % 5)];
    const c = FLIP_B[i] ^ FLIP_A[i] ^ n0;
    const [n1, n2] = c === 0 ? [1 ^ f1, f2] : [f1, 1 ^ f2];
    return { or: c === 1, n0, n1, n2 };
  }));
  let best = null;
  let bestCost = 6;
  for (let m = 0; m < 32; m++) {
    const pick = forms.map((f, x) => f[(m >> x) & 1]);
    const inverted = [0, 0, 0, 0, 0];
    pick.forEach((p, x) => {
      if (p.n0) inverted[x] = 1;
      if (p.n1) inverted[(x + 1) % 5] = 1;
      if (p.n2) inverted[(x + 2) % 5] = 1;
    });
    const cost = inverted.reduce((a, b) => a + b, 0);
    if (cost < bestCost) [best, bestCost] = [pick, cost];
  }
  assert(bestCost === 1, 'χ: with these COMPLEMENTED lanes a row needs more than one NOT');
  return best;
};
const CHI = [0, 1, 2, 3, 4].map(chiForms);

// One round, FIPS 202 §3.3: Rnd(A, ir) = ι(χ(π(ρ(θ(A))))), on 25 lanes in an array (lane x + 5y),
// computed row by row of the output so that fewer values are live at once.
const round = (A, rc) => {
  // θ: XOR each lane with the parities of two neighbouring columns.
  const C = [0, 1, 2, 3, 4].map((x) => A[x] ^ A[x + 5] ^ A[x + 10] ^ A[x + 15] ^ A[x + 20]);
  const D = [0, 1, 2, 3, 4].map((x) => C[(x + 4) % 5] ^ rotl(C[(x + 1) % 5], 1));
  const E = [];
  for (let row = 0; row < 5; row++) {
    // ρ and π: lane (x, y) rotated by its offset moves to (y, 2x + 3y).
    const B = [0, 1, 2, 3, 4].map((x) => {
      const s = SRC[5 * row + x];
      const a = A[s] ^ D[s % 5];
      return RHO[s] === 0 ? a : rotl(a, RHO[s]);
    });
    // χ: a[x] ^= ~a[x + 1] & a[x + 2] along the row, in the forms chosen above.
    const lit = (x, n) => (n ? ~B[x % 5] : B[x % 5]);
    CHI[row].forEach((f, x) => {
      const t = f.or ? lit(x + 1, f.n1) | lit(x + 2, f.n2) : lit(x + 1, f.n1) & lit(x + 2, f.n2);
      E.push(lit(x, f.n0) ^ t);
    });
  }
  // ι: XOR the round constant into lane (0, 0) (never inverted).
  E[0] = E[0] ^ rc;
  return E;
};
const loadState = () => Array.from({ length: 25 }, (_, i) => (FLIP_A[i] ? ~state.load(i) : state.load(i)));
const storeState = (A) => A.forEach((x, i) => state.store(i, FLIP_A[i] ? ~x : x));

// Keccak-f[1600]: 24 rounds as a runtime loop reading the round constant from a table, the round
// body unrolled. On every target: fully unrolled rounds measured 0.8x hash-wasm on wasm against
// 1.2-1.4x for this loop (V8 compiles the one-round body with the lanes in registers far better
// than 24 rounds of 50 live values), and on js they would be hundreds of KB of 32-bit halves.
const permute = (A) => {
  loop(24, (i) => {
    A = round(A, RCdata.load(i));
  });
  return A;
};

// keccak_absorb(blocks, rateWords): for each of `blocks` consecutive blocks of `rateWords`
// little-endian u64 words from `block` offset 0, XOR the block into the first lanes of the state,
// then permute. `rateWords` is 0..21; every rate of FIPS 202 is at least 9 words, and 0 permutes
// `blocks` times without reading a message (squeezing: one function, not a second copy of the
// rounds, keeps the targets a third smaller). Lanes at or past the rate are left unchanged (a
// select, no branch: the words past the last block are read but not used; they are inside
// `block` or the memory after it).
export const keccak_absorb = fn([u32, u32], (blocks, rateWords) => {
  let A = loadState();
  let p = u32(0);
  loop(blocks, () => {
    for (let i = 0; i < 21; i++) A[i] = A[i] ^ select(u32(i) < rateWords, words.load(p + i), u64(0));
    A = permute(A);
    p = p + rateWords;
  });
  storeState(A);
}, { targets: ['wasm', 'wasm_threads', 'js'] });

// The same function on runtime (the interpreter, built for the size of its bytecode): the state
// stays in `state` (not complemented), each block is XORed into it by a loop of `rateWords` lanes,
// and every step of a round is a runtime loop over memory: θ's column parities into `keccak_c`
// (twice over, so that columns x - 1 and x + 1 need no modulo), θ, ρ and π lane by lane into
// `keccak_b` through the tables of each lane's source and rotation, χ row by row back into
// `state`. A quarter of the bytecode of the rounds in locals (0.4 KB gzip against 1.4), at about
// 0.36x their speed in the interpreter (docs/notes.md, 2026-12-02 (size)): the runtime backend
// is built for size, and with the rounds in locals its SHA-3 bundle was larger than wasm's.
const KC = memory('keccak_c', u64.array(10));
const KB = memory('keccak_b', u64.array(26));
const DST = Array.from({ length: 25 }, () => 0);
SRC.forEach((s, i) => (DST[s] = i));
const PI = memory.data('keccak_pi', u8, [...DST, 0, 0, 0, 0, 0, 0, 0]); // the lane of B that lane s of A goes to
const ROT = memory.data('keccak_rho', u8, [...RHO, 0, 0, 0, 0, 0, 0, 0]); // and its rotation
const rolledRound = (r) => {
  loop(5, (x) => {
    const c = state.load(x) ^ state.load(x + 5) ^ state.load(x + 10) ^ state.load(x + 15) ^ state.load(x + 20);
    KC.store(x, c);
    KC.store(x + 5, c);
  });
  loop(5, (x) => {
    const d = KC.load(x + 4) ^ rotl(KC.load(x + 1), 1);
    loop(5, (y) => {
      const s = x + y * 5;
      KB.store(PI.load(s), rotl(state.load(s) ^ d, u64(ROT.load(s))));
    });
  });
  loop(5, (y) => {
    const b = [0, 1, 2, 3, 4].map((x) => KB.load(y * 5 + x));
    b.forEach((v, x) => state.store(y * 5 + x, v ^ (~b[(x + 1) % 5] & b[(x + 2) % 5])));
  });
  state.store(0, state.load(0) ^ RCdata.load(r));
};
export const keccak_absorb_rt = fn([u32, u32], (blocks, rateWords) => {
  let p = u32(0);
  loop(blocks, () => {
    loop(rateWords, (i) => {
      state.store(i, state.load(i) ^ words.load(p + i));
    });
    loop(24, (r) => rolledRound(r));
    p = p + rateWords;
  });
  // The scratch lanes hold state-derived values: none stay behind (the memory rule of
  // docs/target-contract.md; the other targets never write these regions).
  loop(10, (i) => KC.store(i, u64(0)));
  loop(26, (i) => KB.store(i, u64(0)));
}, { targets: ['runtime'], name: 'keccak_absorb' });

// PBKDF2-HMAC over the SHA-3 and Keccak hashes (runtime/kdf.js drives it; the MD hashes' loops are
// modules/pbkdf2.js). HMAC's key block is one rate block, so the keyed inner and outer states are
// plain sponge states, and every later HMAC input is U (outLen <= 64 bytes, less than any rate):
// one absorbed block, U ‖ domain byte ‖ zeros ‖ 0x80, then one permutation. The runtime writes
// that block's constant part into `pbkdf2.pad` (21 lanes used: zero where U goes) and in `pbkdf2.mask`
// which bits of the first 8 lanes U supplies, so one kernel serves every rate and output length:
//
//   repeat iters times: U = first lanes of f(outer ^ block(f(inner ^ block(U)))) ; T ^= U
//
// (f the permutation). One permutation in the code, run from the inner and then the outer state,
// the two states read from memory by a runtime offset.
const PB = memory('pbkdf2', {
  inner: u64.array(26), outer: u64.array(26), u: u64.array(8), t: u64.array(8), pad: u64.array(22), mask: u64.array(8),
});
assert(PB.outer.offset === PB.inner.offset + 208, 'pbkdf2.outer follows pbkdf2.inner');
export const keccak_pbkdf2 = fn([u32], (iters) => {
  let U = [];
  let T = [];
  for (let i = 0; i < 8; i++) {
    U.push(PB.u.load(i));
    T.push(PB.t.load(i));
  }
  loop(iters, () => {
    loop(2, (j) => {
      const at = j * 26; // inner, then outer
      let A = Array.from({ length: 25 }, (_, i) => (FLIP_A[i] ? ~PB.inner.load(at + i) : PB.inner.load(at + i)));
      for (let i = 0; i < 21; i++) A[i] = A[i] ^ (i < 8 ? (U[i] & PB.mask.load(i)) ^ PB.pad.load(i) : PB.pad.load(i));
      A = permute(A);
      U = U.map((_, i) => (FLIP_A[i] ? ~A[i] : A[i]));
    });
    T = T.map((x, i) => x ^ U[i]);
  });
  U.forEach((x, i) => PB.u.store(i, x));
  T.forEach((x, i) => PB.t.store(i, x));
});
