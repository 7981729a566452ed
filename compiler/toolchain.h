// The toolchain that produces the targets, as recorded in targets/MANIFEST.json
// and printed by --version. Binaryen and tree-sitter are shared libraries: the
// versions that matter are those of the libraries this process has loaded,
// which an upgrade changes without awasmc being rebuilt or reconfigured. They
// are read at run time from the package database (dpkg) that owns the loaded
// files; where there is none, the versions awasmc was built against stand in.
#pragma once
#include <string>

namespace awasmc {

struct Toolchain {
  std::string binaryen, tree_sitter, grammar;  // grammar: compiled in, so always the build's
  std::string built_binaryen, built_tree_sitter;  // what the headers at build time belonged to
  bool from_runtime = false;                    // versions read off the loaded libraries
};

// Computed once per process (thread-safe); stable for the process's life.
const Toolchain& toolchain();

// One line when the loaded libraries are not the ones awasmc was built against, else empty.
std::string toolchain_mismatch();

// Addresses of one function in each library (defined in the only files that include their headers).
const void* binaryen_symbol();
const void* tree_sitter_symbol();

}  // namespace awasmc
