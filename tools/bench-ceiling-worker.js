// A thread of tools/bench-threads.js's "ceiling" row: the wasm entry, with an instance and input of
// its own, hashing its share of a case whenever told to. Nothing is shared with other threads, so
// these rows show how much two (or n) threads of this machine can do side by side.
import { parentPort } from 'node:worker_threads';
import * as W from '../wasm.js';

let work = null;
parentPort.on('message', (m) => {
  if (m.type === 'setup') {
    const s = m.share;
    if (s.kind === 'chacha20') {
      // (tools/bench-threads-ciphers.js: its share of a chacha20 call, into an output of its own)
      const b = new Uint8Array(s.bytes).fill(7);
      const out = new Uint8Array(s.bytes);
      work = () => W.chacha20(new Uint8Array(32), new Uint8Array(12)).encrypt(b, out);
    } else if (s.kind === 'blake3') {
      const b = new Uint8Array(s.bytes).fill(7);
      work = () => W.blake3(b);
    } else {
      const list = Array.from({ length: s.count }, (_, i) => new Uint8Array(s.len).fill(i));
      work = () => W.sha256.parallel(list);
    }
    parentPort.postMessage('ready');
    return;
  }
  work();
  parentPort.postMessage('done');
});
