// Emitters (pass 7) and wrappers (pass 8): each turns a lowered, scheduled IR
// module into the text of one target file, `targets/<target>/<module>.js`.
#pragma once
#include <string>
#include <vector>

#include "diag.h"
#include "ir.h"
#include "rewrite.h"

namespace awasmc {

std::string emit_wasm_target(const Module& m, bool threads);  // emit_wasm.cpp (Binaryen)
std::string emit_wasm_binary(const Module& m, bool threads, bool import_memory);  // the raw .wasm bytes
std::string emit_wasm_text(const Module& m, bool threads);    // the optimized module as wat (dump)
// What Binaryen is working on ("modules/sha2.js for target wasm"), or "" when idle.
// Binaryen runs its passes on threads of its own, where an exception (out of
// memory) ends in std::terminate; the CLI's terminate handler names the job.
const char* binaryen_job();
std::string emit_js_target(const Module& m, const SourceSet& sources);  // emit_js.cpp
std::string emit_runtime_target(const Module& m);                       // emit_bytecode.cpp

// wrap.cpp: the parts every target file shares.
std::string target_header(const Module& m, Target t);
std::string target_layout(const Module& m);  // memoryBytes, regions, functions exports
std::string base64(const std::string& bytes);
std::string data_init_js(const Module& m, const std::string& bytes_view);  // fills constant regions
// Per-function target files (docs/target-contract.md): every kernel function is also exported on
// its own as a descriptor `$name`, which `link([...descriptors])` instantiates over a fresh memory,
// so that a bundler keeps only the functions an application's hashes use.
std::vector<size_t> data_regions_read(const Module& m, const Function& f);  // constant regions f loads from
// The regions function f loads from or stores to (by the byte offset of each access), in layout order.
std::vector<size_t> regions_touched(const Module& m, const Function& f);
Module single_function(const Module& m, size_t i);  // m with only function i and the constant data it reads
// `export const $name = Object.freeze({ name, params, result[, data: [[offset, base64]...]]` (no
// closing brace): `data` is the constant regions f reads, which link() writes into the memory.
std::string descriptor_head(const Module& m, const Function& f, bool with_data);
// `link(list)` returning `link_expr` (which may use `list`), and `instantiate()` = link of every function.
std::string target_link(const Module& m, const std::string& link_expr, const std::string& params = "list");
// A module with a heap: the pages `link(list, at)` adds for `at.heapBytes` (0 without), as JS.
std::string heap_pages_js();
// The JavaScript function a kernel function is called through when its JS signature differs from
// the IR's (u64 parameters or result), as an arrow function calling `callee`; `u32_view` is an
// expression for a Uint32Array over the memory. "" when the function needs none.
std::string boundary_wrapper(const Function& f, const std::string& callee, const std::string& u32_view);

}  // namespace awasmc
