// Formats a CompileError with the offending source line and a caret under the column.
#include "diag.h"

namespace awasmc {

std::string SourceSet::where(SrcLoc loc) const {
  if (loc.file < 0 || loc.file >= static_cast<int>(files.size())) return "<unknown>";
  return files[loc.file].path + ":" + std::to_string(loc.line);
}

std::string SourceSet::format(const CompileError& e) const {
  const SrcLoc& l = e.loc;
  if (l.file < 0 || l.file >= static_cast<int>(files.size())) return std::string("error: ") + e.what() + "\n";
  const SourceFile& f = files[l.file];
  std::string out = f.path + ":" + std::to_string(l.line) + ":" + std::to_string(l.col) + ": error: " + e.what() + "\n";
  // Find the line's text.
  size_t start = 0;
  for (uint32_t i = 1; i < l.line && start != std::string::npos; i++) {
    start = f.text.find('\n', start);
    if (start != std::string::npos) start++;
  }
  if (start == std::string::npos || start > f.text.size()) return out;
  size_t end = f.text.find('\n', start);
  std::string line = f.text.substr(start, end == std::string::npos ? std::string::npos : end - start);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  out += "  " + line + "\n  ";
  // Keep tabs in the caret line so it lines up with the source line.
  for (uint32_t i = 1; i < l.col && i - 1 < line.size(); i++) out += line[i - 1] == '\t' ? '\t' : ' ';
  out += "^\n";
  return out;
}

}  // namespace awasmc
