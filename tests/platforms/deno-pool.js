// Run by tests/platforms/deno.test.js under Deno (`deno run --allow-read=<repo>`: no env, no net):
// the wasm_threads entry and its worker pool. Prints one JSON line: digests (hex) of sync and async
// parallel() and of a BLAKE3 large enough to split, the wasm entry's for comparison, the pool's
// job count and WP.threads(). It does not call WP.stop(): the test checks that Deno exits by itself.
import * as T from '../../wasm_threads.js';
import * as W from '../../wasm.js';
import { WP } from '../../workers.js';
import { poolStatsForTests } from '../../runtime/workers.js';

const hex = (u) => Array.from(u, (b) => b.toString(16).padStart(2, '0')).join('');
const list = Array.from({ length: 8 }, (_, i) => new Uint8Array((1 << 17) + i).fill(i + 1));
const big = new Uint8Array(9 << 20);
for (let i = 0; i < big.length; i += 997) big[i] = i & 255;

WP.setSize(2);
const asyncDigests = (await T.sha256.parallel.async(list)).map(hex);
const syncDigests = T.sha256.parallel(list).map(hex);
const blake3 = hex(T.blake3(big));
const blake3Async = hex(await T.blake3.async(big));
console.log(
  JSON.stringify({
    threads: WP.threads(),
    jobs: poolStatsForTests().jobs,
    asyncDigests,
    syncDigests,
    wasmDigests: W.sha256.parallel(list).map(hex),
    blake3,
    blake3Async,
    wasmBlake3: hex(W.blake3(big)),
  }),
);
