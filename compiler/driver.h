// The awasmc driver: the pipeline (build_all, lower_for_target), the
// manifest, and the command line.
#pragma once
#include <string>
#include <vector>

#include "diag.h"
#include "ir.h"
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

int cli_main(int argc, char** argv);

}  // namespace awasmc
