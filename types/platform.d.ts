// Types of platform.js (docs/api.md, "Where wasm is refused").
/** null where WebAssembly (with SIMD) compiles at run time here, else the reason it does not. */
export declare function wasmRefused(): Error | null;
/**
 * Hands the wasm backend modules compiled ahead of time (a WebAssembly.Module each), named as
 * tools/wasm-files.mjs names their .wasm files (`<function>.<hash>`, without `.wasm`).
 */
export declare function useWasmModules(modules: Record<string, object> | Map<string, object>): void;
/** The name of a kernel function's module (`<function>.<hash>`) for a target's `$name` descriptor. */
export declare function wasmModuleKey(descriptor: { readonly name: string; readonly wasm: string }): string;
