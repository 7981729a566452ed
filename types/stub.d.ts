// Types of the `stub.js` entry: every name of the backend entries (hashes.d.ts), as stubs that
// throw until install() puts an implementation behind them.
export * from './hashes.js';

/** Options of install(): `onlyMissing` installs only the names not installed yet. */
export interface InstallOpts {
  onlyMissing?: boolean;
}
/**
 * Installs the functions of `impl` (a backend entry's module namespace: wasm.js, js.js, noble.js,
 * webcrypto.js, ...) behind the stubs; only implementations of the same algorithm are accepted
 * (a TypeError otherwise, and nothing is installed). Returns the names installed.
 */
export declare function install(impl: object, opts?: InstallOpts): string[];
/** The installed names and the platform of each. */
export declare function installed(): Record<string, string>;
