// The instance of a target with a heap (memory.heap: a region after the static layout whose length
// is chosen per link, docs/language.md "Memory"), for engines whose memory need is a run-time
// parameter (scrypt's V is 128 * r * N bytes, Argon2's blocks m KiB). A call asks for the heap
// bytes it needs: the instance is linked again when the current heap is smaller. After the call
// the static regions and the heap bytes it used are zeroed, errors included, and an instance
// whose heap is larger than KEEP_HEAP is dropped, so that a 1 GiB memory does not outlive the
// call that needed it (what the engine keeps referencing is all that keeps a memory alive; see
// docs/notes.md for when the process gets the pages back).
import { Instance } from './shell.js';

/** The largest heap kept linked between calls (bytes); larger ones are dropped after their call. */
export const KEEP_HEAP = 4 << 20;
const NUDGE = 64 << 20;

/** The most memory (static layout and heap) a backend addresses: int32 typed-array indices on js and runtime. */
export const heapLimit = (platform) => (platform === 'wasm' || platform === 'wasm_threads' ? 2 ** 32 : 2 ** 31);

export class HeapInstance extends Instance {
  // label, target, required: as Instance; `limit` the most bytes of memory (heapLimit(platform)).
  constructor(label, target, required, limit) {
    super(label, target, required);
    const heap = Object.entries(this.target.regions || {}).find(([, r]) => r && r.heap === true);
    if (heap === undefined || heap[1].offset !== this.target.memoryBytes) this.fail('the target has no heap (memory.heap) at memoryBytes');
    this.limit = limit;
    this.heapBytes = 0; // the heap of the linked memory (whole pages), 0 before the first open()
    // The writable static regions, zeroed after every call: [offset, bytes] pairs.
    this.wipe = Object.values(this.target.regions).filter((r) => !r.constant && !r.heap).map((r) => [r.offset, r.bytes]);
  }
  /**
   * Makes the memory ready for a call that uses `bytes` bytes of heap and enters the instance
   * (the re-entrancy guard of Instance). A RangeError when the backend cannot address that much.
   * Pair with close() in a `finally`.
   */
  open(bytes) {
    if (!Number.isSafeInteger(bytes) || bytes < 0) this.fail(`heap size must be an integer >= 0, got ${bytes}`, RangeError);
    const need = Math.ceil(bytes / 65536) * 65536;
    if (this.target.memoryBytes + need > this.limit)
      this.fail(`${bytes} bytes of memory are more than this backend addresses (${this.limit / 2 ** 30} GiB with the ${this.target.memoryBytes} static bytes)`, RangeError);
    if (this.busy) this.fail('re-entrant call (a hash was called from inside a running hash call)', Error);
    if (this.mem === null || this.heapBytes < need) {
      this.drop();
      this.linkAt = { heapBytes: need };
      this.load();
      this.heapBytes = need;
    }
    this.enter();
  }
  /** After a call: zeroes the static regions and heap[0 .. used), leaves, drops a large heap. */
  close(used) {
    try {
      if (this.mem !== null) {
        for (const [o, n] of this.wipe) this.zero(o, n);
        // Words (a shared memory fills bytes one at a time); not Instance.zero, whose int32 index
        // arithmetic stops at 2 GiB.
        const o = this.target.memoryBytes, n = Math.min(used, this.heapBytes);
        if (this.mem32 !== null) this.mem32.fill(0, o / 4, Math.ceil((o + n) / 4));
        else this.mem.fill(0, o, o + n);
      }
    } finally {
      if (this.heapBytes > KEEP_HEAP) this.drop();
      this.leave();
    }
  }
  /** Forgets the linked memory and functions (the next open() links a new one). */
  drop() {
    const large = this.heapBytes > KEEP_HEAP;
    this.mem = this.mem32 = this.fns = this.memoryObject = this.linkAt = null;
    this.heapBytes = 0;
    // V8 frees a WebAssembly.Memory that nothing references only at a major GC, and does not count
    // it as the external memory that schedules one: a dropped 256 MiB memory stayed resident for
    // 20 s of an idle or lightly allocating process (node 20). An ArrayBuffer is counted: making
    // one of 64 MiB, never touched (zero pages: address space, no resident memory; ~0.1 ms), had
    // the next GC free the dropped memory within 50-200 ms in our measurements (docs/notes.md).
    // A dropped ArrayBuffer (js, runtime) is counted, but a process that allocates nothing after
    // it kept a 256 MiB one resident as long (argon2 on js); the same nudge frees it.
    if (large) new ArrayBuffer(NUDGE);
  }
}
