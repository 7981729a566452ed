// Golden tests: every tests/golden/<name>.js is a small kernel whose first line
// gives the dump flags (`// awasmc dump --pass P [--target T]`). It is compiled
// in-process exactly as `awasmc dump` does it (stage, verify, lower to the
// pass, print or emit wat) and compared with tests/golden/<name>.expected.
// The expected files come from tools/regen-goldens and are never edited by hand.
#include <doctest/doctest.h>

#include <sstream>

#include "driver.h"
#include "emit.h"
#include "stage.h"
#include "text_cases.h"

using namespace awasmc;
using namespace text_cases;

namespace {

struct DumpFlags {
  std::string pass;
  std::string target = "js";
};

// Parses line 1 of a golden kernel; returns an error message or "".
std::string parse_flags(const std::string& text, DumpFlags& flags) {
  const std::string first = text.substr(0, text.find('\n'));
  const std::string prefix = "// awasmc dump ";
  if (first.rfind(prefix, 0) != 0) return "line 1 must be '// awasmc dump --pass P [--target T]', got '" + first + "'";
  std::istringstream in(first.substr(prefix.size()));
  std::string word;
  while (in >> word) {
    std::string* into = word == "--pass" ? &flags.pass : word == "--target" ? &flags.target : nullptr;
    if (!into) return "unknown dump flag '" + word + "' on line 1";
    if (!(in >> *into)) return word + " needs a value on line 1";
  }
  if (flags.pass.empty()) return "line 1 names no --pass";
  return "";
}

// What `awasmc dump --pass P --target T <kernel>` prints on stdout, run from the
// source dir (driver.cpp, cmd_dump). Compile errors come back formatted, after
// "COMPILE ERROR:", so that a mismatch shows them.
std::string dump(const std::string& kernel, const DumpFlags& flags) {
  Target t = Target::Js;
  bool known = false;
  for (Target k : kTargets)
    if (flags.target == target_name(k)) t = k, known = true;
  if (!known) return "BAD FLAGS: unknown target '" + flags.target + "'";
  SourceSet sources;
  try {
    Module m = stage_module(AWASMC_SOURCE_DIR, kernel, sources);
    verify_module(m);
    if (flags.pass == "stage") return print_module(m);
    if (flags.pass == "emit") return emit_target(lower_for_target(std::move(m), t), t, sources);
    if (flags.pass == "wat") {
      if (t != Target::Wasm && t != Target::WasmThreads) t = Target::Wasm;
      return emit_wasm_text(lower_for_target(std::move(m), t), t == Target::WasmThreads);
    }
    return print_module(lower_for_target(std::move(m), t, flags.pass == "final" ? "" : flags.pass));
  } catch (const CompileError& e) {
    return "COMPILE ERROR:\n" + sources.format(e);
  }
}

}  // namespace

TEST_CASE("golden: every kernel in tests/golden dumps as its .expected file") {
  const std::vector<std::string> kernels = kernels_in("tests/golden");
  REQUIRE_MESSAGE(kernels.size() >= 30, "tests/golden holds " << kernels.size() << " kernels; expected one per construct");
  int compared = 0;
  for (const std::string& kernel : kernels) {
    CAPTURE(kernel);
    bool ok = false;
    const std::string source = read_text(source_dir() / kernel, &ok);
    REQUIRE_MESSAGE(ok, "cannot read " << kernel);
    DumpFlags flags;
    const std::string bad = parse_flags(source, flags);
    if (!bad.empty()) {
      FAIL_CHECK(kernel << ": " << bad);
      continue;
    }
    const std::string expected = read_text(source_dir() / expected_path(kernel), &ok);
    if (!ok) {
      FAIL_CHECK(kernel << ": " << expected_path(kernel) << " is missing; run tools/regen-goldens");
      continue;
    }
    const std::string actual = dump(kernel, flags);
    const std::string diff = first_difference(expected, actual);
    if (!diff.empty()) {
      FAIL_CHECK("golden " << kernel << " (dump --pass " << flags.pass << " --target " << flags.target
                               << ") differs from " << expected_path(kernel) << " at " << diff
                               << "\n  (if the change is intended, run tools/regen-goldens and review the diff)");
    }
    compared++;
  }
  MESSAGE(compared << " golden kernels compared");
}

TEST_CASE("golden: no .expected file without its kernel") {
  for (const auto& e : std::filesystem::directory_iterator(source_dir() / "tests/golden")) {
    if (e.path().extension() != ".expected") continue;
    std::filesystem::path js = e.path();
    js.replace_extension(".js");
    CHECK_MESSAGE(std::filesystem::exists(js), e.path().generic_string() << " has no kernel; run tools/regen-goldens");
  }
}

TEST_CASE("golden: dumps are deterministic") {
  // Two runs of the same kernel in one process give the same text (no state
  // leaks between stagings, no unordered containers on the output path).
  const std::string kernel = "tests/golden/loop_carried.js";
  DumpFlags flags;
  flags.pass = "final";
  for (const char* target : {"wasm", "js"}) {
    flags.target = target;
    CHECK(dump(kernel, flags) == dump(kernel, flags));
  }
}
