// Types of workers.js (docs/api.md, "Threads").
export declare const WP: {
  /** How many threads a wasm_threads call may use: the pool size, or 1 where workers cannot run. */
  threads(): number;
  /** The pool size (default: the machine's cores, at most 64). */
  readonly size: number;
  /** Sets the pool size, 1..64 (1 = the calling thread only; async calls then use one worker). */
  setSize(n: number): void;
  /** Ends every worker; jobs under way fail, and a later call starts the pool again. */
  stop(): void;
};
