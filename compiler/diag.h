// Diagnostics: every error awasmc reports points at a source position and is
// printed as `file:line:col: error: message`, the source line and a caret.
// Errors travel as CompileError exceptions inside the compiler only; they never
// cross a C library boundary (tree-sitter and Binaryen calls are leaf calls).
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace awasmc {

struct SrcLoc {
  int file = -1;  // index into SourceSet::files, -1 when unknown
  uint32_t line = 0, col = 0;  // 1-based
};

class CompileError : public std::runtime_error {
 public:
  CompileError(SrcLoc loc, std::string msg) : std::runtime_error(msg), loc(loc) {}
  SrcLoc loc;
};

[[noreturn]] inline void fail(SrcLoc loc, const std::string& msg) { throw CompileError(loc, msg); }

struct SourceFile {
  std::string path;  // as given on the command line / relative to the project root
  std::string text;
};

// All source files seen by one compilation, so a SrcLoc can be printed.
struct SourceSet {
  std::vector<SourceFile> files;
  int add(std::string path, std::string text) {
    files.push_back({std::move(path), std::move(text)});
    return static_cast<int>(files.size()) - 1;
  }
  std::string format(const CompileError& e) const;
  std::string where(SrcLoc loc) const;  // "file:line"
};

}  // namespace awasmc
