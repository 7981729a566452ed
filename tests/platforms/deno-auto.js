// Run by tests/platforms/deno.test.js under Deno, with and without --v8-flags=--jitless: which
// backend the package root picks, a few of its digests, and what wasm.js throws there. Prints JSON.
import * as I from '../../index.js';
import * as W from '../../wasm.js';
import { bytesToHex } from '../../utils.js';

const msg = new Uint8Array(1000).map((_, i) => (i * 7 + 3) & 255);
const key = new Uint8Array(32).fill(9);
const out = {
  webAssembly: typeof WebAssembly,
  backend: I.backend(),
  sha256: bytesToHex(I.sha256(msg)),
  sha3_256: bytesToHex(I.sha3_256(msg)),
  blake3: bytesToHex(I.blake3(msg)),
  chacha20poly1305: bytesToHex(I.chacha20poly1305(key, key.subarray(0, 12)).encrypt(msg)),
};
try {
  out.wasm = bytesToHex(W.sha256(msg));
} catch (e) {
  out.wasmError = e.message;
}
console.log(JSON.stringify(out));
