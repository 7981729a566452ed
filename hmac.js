// Package entry `awasmc-noble/hmac.js`: HMAC (RFC 2104) over any hash of ours, on any backend
// (or any hash with the same shape, such as @noble/hashes'): hmac(hash, key, msg) and
// hmac.create(hash, key). See docs/api.md; the code is runtime/hmac.js.
export { hmac } from './runtime/hmac.js';
