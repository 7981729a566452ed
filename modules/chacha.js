// The Salsa20/ChaCha family and Poly1305 (one target file, so that an AEAD links its stream and MAC
// kernels over one memory and makes one pass over each chunk of data; docs/target-contract.md
// "modules/chacha.js"). Until the kernels below land this file exports none and is a library.
//
// Two sections, each with its own regions and kernels:
//   1. Salsa20 and ChaCha (the stream kernels, HSalsa20/HChaCha20 for the extended-nonce forms).
//   2. Poly1305 (at the end of the file; the limb arithmetic lives in modules/poly1305.js).

// ---- 1. Salsa20 and ChaCha ----------------------------------------------------------------------

// ---- 2. Poly1305 --------------------------------------------------------------------------------
