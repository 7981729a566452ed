// The instance of a target with a heap (memory.heap: a region after the static layout whose length
// is chosen per link, docs/language.md "Memory"), for engines whose memory need is a run-time
// parameter (scrypt's V is 128 * r * N bytes, Argon2's blocks m KiB). A call asks for the heap
// bytes it needs: the instance is linked again when the current heap is smaller. After the call
// the static regions and the heap bytes it used are zeroed, errors included, and an instance
// whose heap is larger than KEEP_HEAP is dropped (up to LINGER_HEAP: LINGER_MS later, unless
// another call takes it), so that a 1 GiB memory does not outlive the call that needed it (what the engine keeps referencing is all that keeps a memory alive; see
// docs/notes.md for when the process gets the pages back).
import { Instance } from './shell.js';

/**
 * The largest heap kept linked between calls (bytes); larger ones are dropped after their call.
 * 32 MiB keeps scrypt's common N = 2^14, r = 8 (16 MiB) linked: linking a fresh 16 MiB memory for
 * every call (page faults, and the GC that frees the last one) made such a call about 1.45x as
 * slow (62-68 ms against 42-46 ms CPU time, docs/notes.md).
 */
export const KEEP_HEAP = 32 << 20;
/**
 * Heaps over KEEP_HEAP and up to LINGER_HEAP stay linked for LINGER_MS after their call (an
 * unref'd timer drops them; a call in that time reuses them): back-to-back calls of Argon2 with
 * m = 64 MiB ran 2.0x hash-wasm with the heap kept and 1.1x when every call linked and faulted in
 * a fresh 64 MiB (docs/notes.md), while an idle process still gets the memory back. Larger heaps
 * are dropped as their call returns.
 */
export const LINGER_HEAP = 192 << 20;
export const LINGER_MS = 500;
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
    this.linger = null; // the timer that drops a lingering heap (LINGER_HEAP), or null
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
    if (this.linger !== null) {
      clearTimeout(this.linger);
      this.linger = null;
    }
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
      if (this.heapBytes > LINGER_HEAP) this.drop();
      else if (this.heapBytes > KEEP_HEAP) this.lingerThenDrop();
      this.leave();
    }
  }
  /** Drops the heap LINGER_MS from now unless a call takes it first (open() clears the timer). */
  lingerThenDrop() {
    this.linger = setTimeout(() => {
      this.linger = null;
      if (!this.busy) this.drop();
    }, LINGER_MS);
    // Node: a lingering heap never keeps the process alive.
    if (typeof this.linger === 'object' && this.linger !== null && typeof this.linger.unref === 'function') this.linger.unref();
  }
  /** Forgets the linked memory and functions (the next open() links a new one). */
  drop() {
    const bytes = this.heapBytes, large = bytes > KEEP_HEAP;
    this.mem = this.mem32 = this.fns = this.memoryObject = this.linkAt = null;
    this.heapBytes = 0;
    // V8 frees a memory that nothing references only at a major GC, and nothing schedules one
    // soon: a dropped 256 MiB WebAssembly.Memory stayed resident for 20 s of an idle or lightly
    // allocating process (node 20), and so did the js backend's 256 MiB ArrayBuffer dropped after
    // a call (its allocation had raised V8's external-memory limit). Allocating an ArrayBuffer of
    // at least the dropped size, never touched (zero pages: address space, no resident memory;
    // under 1 ms even at 1 GiB), makes V8 start a GC that frees the dropped memory within 50-300
    // ms in our measurements (docs/notes.md).
    if (large) new ArrayBuffer(Math.max(NUDGE, bytes));
  }
}
