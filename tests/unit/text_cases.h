// Shared by golden_test.cpp and diag_test.cpp: the text-case directories
// (tests/golden, tests/diag), reading files, and a short report of the first
// line where an actual output differs from its .expected file.
#pragma once
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace text_cases {

namespace fs = std::filesystem;

inline fs::path source_dir() { return fs::path(AWASMC_SOURCE_DIR); }

inline std::string read_text(const fs::path& p, bool* ok = nullptr) {
  std::ifstream in(p, std::ios::binary);
  if (ok) *ok = static_cast<bool>(in);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The kernels of one case directory (relative to the source dir, e.g.
// "tests/golden"), as relative paths in name order. Subfolders hold files that
// the kernels import and are not cases themselves.
inline std::vector<std::string> kernels_in(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(source_dir() / dir))
    if (e.is_regular_file() && e.path().extension() == ".js") out.push_back(dir + "/" + e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

inline std::string expected_path(const std::string& kernel) {
  return kernel.substr(0, kernel.size() - 3) + ".expected";
}

inline std::vector<std::string> split_lines(const std::string& s) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < s.size()) {
    size_t end = s.find('\n', start);
    if (end == std::string::npos) end = s.size();
    lines.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// "" when equal; otherwise the first differing line, e.g.
//   line 7:
//     expected: %3 = add %1, %2 : u32
//     actual:   %3 = sub %1, %2 : u32
inline std::string first_difference(const std::string& expected, const std::string& actual) {
  if (expected == actual) return "";
  const std::vector<std::string> e = split_lines(expected), a = split_lines(actual);
  size_t i = 0;
  while (i < e.size() && i < a.size() && e[i] == a[i]) i++;
  auto show = [](const std::vector<std::string>& v, size_t k) {
    return k < v.size() ? v[k] : std::string("<end of output>");
  };
  std::string out = "line " + std::to_string(i + 1) + ":\n    expected: " + show(e, i) + "\n    actual:   " + show(a, i);
  if (i >= e.size() && i >= a.size()) out = "the outputs differ only in a trailing newline";
  return out;
}

}  // namespace text_cases
