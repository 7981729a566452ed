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
  // Find the line's text.
  size_t start = 0;
  for (uint32_t i = 1; i < l.line && start != std::string::npos; i++) {
    start = f.text.find('\n', start);
    if (start != std::string::npos) start++;
  }
  std::string line;
  if (start != std::string::npos && start <= f.text.size()) {
    size_t end = f.text.find('\n', start);
    line = f.text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
  }
  // Columns from tree-sitter count bytes; people count characters (UTF-8 code points).
  uint32_t col = 1;
  std::string pad;
  for (uint32_t i = 0; i + 1 < l.col && i < line.size(); i++) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    if ((c & 0xc0) == 0x80) continue;
    col++;
    pad += c == '\t' ? '\t' : ' ';  // keep tabs so the caret lines up with the source line
  }
  std::string out = f.path + ":" + std::to_string(l.line) + ":" + std::to_string(col) + ": error: " + e.what() + "\n";
  if (start == std::string::npos || start > f.text.size()) return out;
  out += "  " + line + "\n  " + pad + "^\n";
  return out;
}

}  // namespace awasmc
