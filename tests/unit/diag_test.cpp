// Diagnostics tests. Every tests/diag/<name>.js is a malformed kernel; staging
// it must throw a CompileError whose formatted text (file:line:col: error:
// message, the source line, a caret) equals tests/diag/<name>.expected, which
// tools/regen-goldens captures from `awasmc dump --pass stage` (exit code 1).
// The same cases also run through the binary, to check the exit code and that
// the CLI prints exactly the in-process text. Then: `build` with one bad
// kernel in modules/ fails and writes nothing, and truncated copies of
// modules/sha2.js fail with a CompileError, never a crash or a hang.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <typeinfo>

#include <unistd.h>

#include "driver.h"
#include "run_command.h"
#include "stage.h"
#include "text_cases.h"

using namespace awasmc;
using namespace text_cases;

namespace {

#ifdef AWASMC_BINARY
const std::string kBinary = AWASMC_BINARY;
#else
const std::string kBinary = std::string(AWASMC_SOURCE_DIR) + "/build/awasmc";
#endif

// How staging one kernel ended.
struct Outcome {
  enum Kind { Compiled, Error, Crashed } kind = Compiled;
  std::string text;  // the formatted CompileError, or what() of any other exception
};

Outcome stage_file(const std::string& root, const std::string& rel) {
  SourceSet sources;
  try {
    Module m = stage_module(root, rel, sources);
    verify_module(m);
    return {Outcome::Compiled, ""};
  } catch (const CompileError& e) {
    return {Outcome::Error, sources.format(e)};
  } catch (const std::exception& e) {
    return {Outcome::Crashed, std::string("uncaught ") + typeid(e).name() + ": " + e.what()};
  }
}

// `file:line:col: error: message`, the source line indented by two, and a
// caret line under it: the shape every diagnostic must have.
std::string shape_problem(const std::string& text, const std::string& dir) {
  const std::vector<std::string> lines = split_lines(text);
  if (lines.size() != 3) return "expected 3 lines (message, source line, caret), got " + std::to_string(lines.size());
  const std::string& head = lines[0];
  if (head.rfind(dir + "/", 0) != 0) return "the message does not start with a path under " + dir + "/";
  const size_t err = head.find(": error: ");
  if (err == std::string::npos) return "no ': error: ' in the first line";
  // path:line:col before ": error: "
  const std::string where = head.substr(0, err);
  const size_t c2 = where.rfind(':'), c1 = where.rfind(':', c2 - 1);
  if (c1 == std::string::npos || c2 == std::string::npos) return "no :line:col in '" + where + "'";
  const std::string line_no = where.substr(c1 + 1, c2 - c1 - 1), col_no = where.substr(c2 + 1);
  if (line_no.empty() || col_no.empty() || line_no.find_first_not_of("0123456789") != std::string::npos ||
      col_no.find_first_not_of("0123456789") != std::string::npos)
    return "line and column are not numbers in '" + where + "'";
  if (head.size() <= err + 9) return "empty message";
  if (lines[1].rfind("  ", 0) != 0) return "the source line is not indented by two spaces";
  const std::string& caret = lines[2];
  if (caret.empty() || caret.back() != '^' || caret.find_first_not_of(" \t") != caret.size() - 1)
    return "the third line is not a caret";
  // The caret sits under column `col` of the source line, or just past its end
  // (the formatter keeps tabs, so characters line up one to one).
  const size_t spaces = caret.size() - 3, col = std::stoul(col_no), line_len = lines[1].size() - 2;
  if (spaces != std::min(col - 1, line_len)) return "the caret is not under column " + col_no;
  return "";
}

struct Run {
  int code = -1;
  bool signaled = false;
  std::string err;
};

// Runs `awasmc <args>` from the source dir, capturing stderr only.
Run run_binary(const std::string& args) {
  const std::string cmd = "cd '" + std::string(AWASMC_SOURCE_DIR) + "' && '" + kBinary + "' " + args + " 2>&1 1>/dev/null";
  CommandResult c = run_command(cmd);
  Run r;
  r.code = c.code;
  r.signaled = c.signaled;
  r.err = std::move(c.out);
  return r;
}

// A scratch directory, removed at the end of the test.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& tag) {
    static int serial = 0;
    path = std::filesystem::temp_directory_path() /
           ("awasmc-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(serial++));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  void write(const std::string& rel, const std::string& text) const {
    std::filesystem::create_directories((path / rel).parent_path());
    std::ofstream(path / rel, std::ios::binary) << text;
  }
};

}  // namespace

TEST_CASE("diag: every malformed kernel in tests/diag fails with its .expected message") {
  const std::vector<std::string> kernels = kernels_in("tests/diag");
  REQUIRE_MESSAGE(kernels.size() >= 35, "tests/diag holds only " << kernels.size() << " malformed kernels");
  for (const std::string& kernel : kernels) {
    CAPTURE(kernel);
    bool ok = false;
    const std::string expected = read_text(source_dir() / expected_path(kernel), &ok);
    if (!ok) {
      FAIL_CHECK(kernel << ": " << expected_path(kernel) << " is missing; run tools/regen-goldens");
      continue;
    }
    const Outcome out = stage_file(AWASMC_SOURCE_DIR, kernel);
    if (out.kind == Outcome::Compiled) {
      FAIL_CHECK(kernel << " compiled without an error; expected:\n" << expected);
      continue;
    }
    if (out.kind == Outcome::Crashed) {
      FAIL_CHECK(kernel << ": the compiler failed with something other than a CompileError: " << out.text);
      continue;
    }
    const std::string diff = first_difference(expected, out.text);
    if (!diff.empty())
      FAIL_CHECK("diag " << kernel << " differs from " << expected_path(kernel) << " at " << diff
                         << "\n  (if the change is intended, run tools/regen-goldens and review the diff)");
    const std::string bad_shape = shape_problem(out.text, "tests/diag");
    if (!bad_shape.empty()) FAIL_CHECK("diag " << kernel << ": " << bad_shape << ":\n" << out.text);
  }
}

TEST_CASE("diag: the CLI prints the same text and exits 1 for every malformed kernel") {
  REQUIRE_MESSAGE(std::filesystem::exists(kBinary), kBinary << " is missing; build the awasmc target");
  for (const std::string& kernel : kernels_in("tests/diag")) {
    CAPTURE(kernel);
    const Run r = run_binary("dump --pass stage " + kernel);
    CHECK_MESSAGE(!r.signaled, kernel << ": awasmc was killed by a signal (a crash)");
    CHECK_MESSAGE(r.code == 1, kernel << ": exit code " << r.code << ", expected 1");
    const std::string expected = read_text(source_dir() / expected_path(kernel));
    const std::string diff = first_difference(expected, r.err);
    CHECK_MESSAGE(diff.empty(), kernel << ": the stderr of awasmc differs from " << expected_path(kernel) << " at " << diff);
  }
}

TEST_CASE("diag: no .expected file without its kernel") {
  for (const auto& e : std::filesystem::directory_iterator(source_dir() / "tests/diag")) {
    if (e.path().extension() != ".expected") continue;
    std::filesystem::path js = e.path();
    js.replace_extension(".js");
    CHECK_MESSAGE(std::filesystem::exists(js), e.path().generic_string() << " has no kernel; run tools/regen-goldens");
  }
}

TEST_CASE("diag: build fails as a whole and writes nothing when one kernel is malformed") {
  const std::string sha2 = read_text(source_dir() / "modules/sha2.js");
  const std::string pbkdf2 = read_text(source_dir() / "modules/pbkdf2.js");  // sha2.js imports it
  // An error in a module staged after a good one (zz_bad.js) and in one staged
  // before it (aa_bad.js): either way the build stops and writes nothing. (No
  // kernel the stager accepts fails in lowering any more, so the parallel
  // phase's error path has no case here; it reports errors the same way.)
  const struct {
    const char* name;
    const char* file;
    const char* text;
    const char* where;
  } cases[] = {
      {"stage error after a good module", "modules/zz_bad.js",
       "import { u32, u64, fn } from 'awasm';\nexport const f = fn([u32], (x) => x + u64(x));\n",
       "modules/zz_bad.js:2:35: error: type mix: u32 add u64"},
      {"stage error before a good module", "modules/aa_bad.js",
       "import { u32, fn, memory } from 'awasm';\nconst d = memory('d', u32.array(2));\n"
       "export const f = fn([u32], (n) => d.store(2, n));\n",
       "modules/aa_bad.js:3:35: error: index into memory view 'd': 2 is out of range 0..1"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.name);
    TempDir project("diag-build");
    project.write("modules/sha2.js", sha2);
    project.write("modules/pbkdf2.js", pbkdf2);
    project.write(c.file, c.text);

    // In-process: build_all throws the formatted error and returns nothing.
    SourceSet sources;
    std::string message;
    bool threw = false;
    try {
      build_all(project.path.string(), 2, sources);
    } catch (const std::runtime_error& e) {
      threw = true;
      message = e.what();
    }
    CHECK_MESSAGE(threw, "build_all did not fail");
    CHECK_MESSAGE(message.rfind(c.where, 0) == 0, "build_all's error: " << message);
    CHECK_MESSAGE(message.find("\n  ") != std::string::npos, "no source line in: " << message);
    CHECK_MESSAGE(message.find('^') != std::string::npos, "no caret in: " << message);

    // The binary: exit 1, the same message, no target file written.
    const std::filesystem::path out = project.path / "targets";
    const Run r = run_binary("build -j2 --root '" + project.path.string() + "' --out '" + out.string() + "'");
    CHECK_FALSE(r.signaled);
    CHECK(r.code == 1);
    CHECK_MESSAGE(r.err == message, "awasmc build printed:\n" << r.err);
    CHECK_MESSAGE(!std::filesystem::exists(out), "awasmc build created " << out.string());
  }
}

TEST_CASE("diag: truncated copies of modules/sha2.js fail with a CompileError, never a crash or a hang") {
  const std::string sha2 = read_text(source_dir() / "modules/sha2.js");
  REQUIRE(sha2.size() > 1000);
  // Cuts before the first `fn([` cannot hold a kernel (an error either way:
  // a syntax error or "exports no kernel functions"); cuts inside the first
  // kernel's body and just after the last '(' leave brackets open.
  const size_t first_fn = sha2.find("fn([");
  REQUIRE(first_fn != std::string::npos);
  const size_t last_paren = sha2.rfind('(');
  std::vector<size_t> cuts = {0, 1, 7};
  for (int k = 1; k <= 7; k++) cuts.push_back(first_fn * k / 8);
  cuts.push_back(first_fn + 3);
  cuts.push_back(first_fn + 40);
  cuts.push_back(last_paren + 1);

  TempDir project("diag-fuzz");
  for (size_t cut : cuts) {
    CAPTURE(cut);
    const std::string rel = "modules/sha2_cut_" + std::to_string(cut) + ".js";
    project.write(rel, sha2.substr(0, cut));
    const auto start = std::chrono::steady_clock::now();
    const Outcome out = stage_file(project.path.string(), rel);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK_MESSAGE(out.kind == Outcome::Error, "cut at byte " << cut << ": "
                                                << (out.kind == Outcome::Compiled ? "compiled" : out.text));
    if (out.kind == Outcome::Error) {
      // Errors in the truncated file point into it, with a caret; an empty file has
      // no line to show.
      CHECK_MESSAGE(out.text.rfind(rel + ":", 0) == 0, out.text);
      if (cut > 0) CHECK_MESSAGE(shape_problem(out.text, "modules").empty(), shape_problem(out.text, "modules") << ":\n" << out.text);
    }
    CHECK_MESSAGE(seconds < 10, "cut at byte " << cut << " took " << seconds << " s");
  }
}
