// Pass 2, stage: runs a kernel module at build time.
//
// The stager is a small JavaScript evaluator. Static values (numbers, BigInts,
// strings, arrays, objects, closures) behave as in JavaScript; runtime values
// are typed handles to IR nodes, and every operation on them appends a node to
// the function being built. Exported kernel functions (made with `fn`) become
// the module's IR functions. See docs/language.md for the language.
#pragma once
#include <string>

#include "diag.h"
#include "ir.h"

namespace awasmc {

class Mutator;  // mutate.h

// Stages `modules/<name>.js` (path relative to `root`) into an IR module.
// Source files are added to `sources` as they are imported, so errors can be printed.
// Every module it loads, the first included, must lie inside root/`contain` by
// its real path (`awasmc build` passes "modules"; "" is root itself).
// A module that exports no kernel function is an error unless `library_ok`
// (build: it is a library for the others and gives a module with no functions).
// With `mut`, mutation sites are recorded or one mutant is applied while evaluating (mutate.h).
// Throws CompileError.
Module stage_module(const std::string& root, const std::string& rel_path, SourceSet& sources, const std::string& contain = "",
                    bool library_ok = false, Mutator* mut = nullptr);

}  // namespace awasmc
