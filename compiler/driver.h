// The awasmc driver: the pipeline (build_all, lower_for_target), the
// manifest, and the command line.
#pragma once
#include <string>
#include <vector>

#include "diag.h"
#include "ir.h"
#include "mutate.h"
#include "rewrite.h"

namespace awasmc {

struct OutputFile {
  std::string path;   // relative to the output root, e.g. "wasm/sha2.js"
  std::string bytes;
};

constexpr Target kTargets[] = {Target::Wasm, Target::WasmThreads, Target::Js, Target::Runtime};

// The functions of a staged module that are built for target t (fn(..., { targets })).
Module select_target(Module m, Target t);
// Rewrites a staged module for one target, each pass to a fixpoint, verifying the IR after every pass.
// `stop_after` names a pass to stop after (for `awasmc dump`), or is empty.
Module lower_for_target(Module m, Target t, const std::string& stop_after = "");
// Schedules, emits and wraps one target file.
std::string emit_target(const Module& m, Target t, const SourceSet& sources);
// Every generated file for every module under root/modules, plus targets/MANIFEST.json. With
// `ct`, one line per module of what the constant-time check looked at (ct.h), and its
// declassifications, for `awasmc build` to print.
std::vector<OutputFile> build_all(const std::string& root, int jobs, SourceSet& sources, std::string* ct = nullptr);
std::string manifest_json(const std::vector<OutputFile>& files);

// Mutation testing (mutate.h, tools/mutate). Every mutation site reached while staging every
// module under root/modules, sorted; `file` (a path relative to root) keeps that file's only.
std::vector<MutSite> mutation_sites(const std::string& root, const std::string& file = "");
// The target files of the modules that mutant `id` changes, for the targets given (empty: all),
// built with that one site changed. Throws std::runtime_error with the formatted error when the
// mutant does not compile, and std::invalid_argument when no module reaches it.
std::vector<OutputFile> build_mutant(const std::string& root, const std::string& id, const std::vector<Target>& targets);

int cli_main(int argc, char** argv);

}  // namespace awasmc
