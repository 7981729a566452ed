// Public byte helpers: hex, UTF-8, concatBytes, equalBytes, randomBytes (see docs/api.md).
export * from './runtime/utils.js';
