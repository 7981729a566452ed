// The C++ reference interpreter of the IR: runs a function over a byte array
// with the op table's semantics (eval_op), lane by lane for lane types. Tests
// use it to check that every pass preserves meaning, and that kernels compute
// known answers before any backend is involved.
#pragma once
#include <cstdint>
#include <vector>

#include "ir.h"

namespace awasmc {

// Runs `f` with the given arguments over `mem` (little-endian, like wasm).
// Returns the result (0 for void functions). Throws CompileError on an
// out-of-bounds access or an op it cannot evaluate.
uint64_t interpret(const Function& f, std::vector<uint8_t>& mem, const std::vector<uint64_t>& args);

// A module's memory as a target starts with it: zeros, and the constant regions' contents.
std::vector<uint8_t> initial_memory(const Module& m);

}  // namespace awasmc
