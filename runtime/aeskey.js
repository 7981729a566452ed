// The regions an AES session writes in a modules/aes.js instance, and their wipe: one place for
// runtime/aes.js, runtime/aesmodes.js and runtime/gcm.js. A session writes the key to `aes_key`,
// expands it (`aes_rk`; on js/runtime also the bitsliced round keys `aes_rkb` and encryption's
// turned ones `aes_rkt`; on wasm encryption's round keys in the S-box basis, in `aes_rkb`), may
// use the IV/counter block `aes_iv`, and moves blocks through `data` (on js the CTR kernels hold
// the blocks' states bitsliced in `aes_st`, as many bytes as the blocks); `wipe(used)` zeroes all of
// them (of `data` and `aes_st`, the first `used` bytes, rounded up to a group of four blocks: what a
// wasm group may have written past them) in a `finally`.
const DATA_BYTES = 16384;

/** The session layout of instance I; with `needIV`, I must have `aes_iv` (no ECB kernel has it). */
export function aesRegions(I, needIV) {
  const KEY = I.region('aes_key', 32).offset;
  const RK = I.region('aes_rk', 240).offset;
  // js/runtime: the bitsliced round keys; wasm: encryption's round keys in the S-box basis
  const rkb = I.target.regions.aes_rkb;
  const rkt = I.target.regions.aes_rkt; // js/runtime: encryption's turned round keys (unused on wasm)
  const st = I.target.regions.aes_st; // js: the CTR kernels' bitsliced states (unused elsewhere)
  const ivRegion = needIV ? I.region('aes_iv', 16) : I.target.regions.aes_iv;
  const IV = ivRegion === undefined ? -1 : ivRegion.offset;
  const D = I.region('data', DATA_BYTES + 64).offset;
  const wipe = (used) => {
    I.zero(KEY, 32);
    I.zero(RK, 240);
    if (rkb !== undefined) I.zero(rkb.offset, rkb.bytes);
    if (rkt !== undefined) I.zero(rkt.offset, rkt.bytes);
    if (IV >= 0) I.zero(IV, 16);
    I.zero(D, (used + 63) & ~63);
    if (st !== undefined) I.zero(st.offset, Math.min((used + 63) & ~63, st.bytes));
  };
  return { KEY, IV, D, wipe };
}
