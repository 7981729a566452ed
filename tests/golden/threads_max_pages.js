// awasmc dump --pass wat --target wasm_threads
// A layout over 64 MiB has fewer than 65 copies in 4 GiB: the shared memory's maximum is capped at
// 65536 pages (Binaryen rejected pages * 65 over it; found by the fuzzer, seed 1 iteration 983).
import { u32, memory, fn } from 'awasm';

const big = memory('big', u32.array(16777216));

export const touch = fn([u32], (i) => {
  big.store(i, big.load(i) + 1);
});
