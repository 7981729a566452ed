// Which Binaryen and tree-sitter this process runs with (see toolchain.h):
// dladdr() names the file each library was loaded from, and dpkg's database
// (under $DPKG_ADMINDIR, default /var/lib/dpkg) names the package that owns
// that file and the package's version, without running any program.
#include "toolchain.h"

#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <set>
#include <sstream>
#include <vector>

namespace awasmc {

namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The version of the Debian package owning the file `sym` was loaded from, or "".
// Only packages whose names start with one of `prefixes` are considered (reading
// their file lists is fast; asking dpkg-query -S to search them all is not).
std::string package_version_of(const void* sym, std::initializer_list<const char*> prefixes) {
  Dl_info info{};
  if (!sym || !dladdr(sym, &info) || !info.dli_fname) return {};
  std::error_code ec;
  const fs::path loaded(info.dli_fname);
  // dpkg lists files under their /usr paths: resolve the folder (/lib -> /usr/lib), or the whole link chain.
  std::set<std::string> names{loaded.string(), (fs::canonical(loaded.parent_path(), ec) / loaded.filename()).string(),
                              fs::canonical(loaded, ec).string()};
  const char* env = std::getenv("DPKG_ADMINDIR");
  const fs::path admin = env && *env ? fs::path(env) : fs::path("/var/lib/dpkg");
  std::vector<std::string> lists;
  for (auto it = fs::directory_iterator(admin / "info", ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::string f = it->path().filename().string();
    if (f.size() < 6 || f.substr(f.size() - 5) != ".list") continue;
    for (const char* p : prefixes)
      if (f.rfind(p, 0) == 0) lists.push_back(f.substr(0, f.size() - 5));
  }
  std::sort(lists.begin(), lists.end());
  std::string owner;
  for (const std::string& pkg : lists) {
    std::istringstream text(slurp(admin / "info" / (pkg + ".list")));
    for (std::string line; std::getline(text, line);)
      if (names.count(line)) owner = pkg;
    if (!owner.empty()) break;
  }
  if (owner.empty()) return {};
  // "name:arch" names the list files of multi-arch packages; the status file has Package: and Architecture:.
  std::string name = owner.substr(0, owner.find(':'));
  std::string arch = owner.find(':') == std::string::npos ? "" : owner.substr(owner.find(':') + 1);
  std::istringstream status(slurp(admin / "status"));
  std::string line, pkg, pkg_arch, version;
  auto matches = [&] { return pkg == name && (arch.empty() || pkg_arch == arch) && !version.empty(); };
  while (std::getline(status, line)) {
    if (line.empty()) {
      if (matches()) break;
      pkg.clear(), pkg_arch.clear(), version.clear();
    } else if (line.rfind("Package: ", 0) == 0) {
      pkg = line.substr(9);
    } else if (line.rfind("Architecture: ", 0) == 0) {
      pkg_arch = line.substr(14);
    } else if (line.rfind("Version: ", 0) == 0) {
      version = line.substr(9);
    }
  }
  if (!matches()) return {};
  // Debian versions are [A-Za-z0-9.+~:-]; anything else is not a version and is not written out.
  for (char ch : version)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && !std::strchr(".+~:-", ch)) return {};
  return version;
}

}  // namespace

const Toolchain& toolchain() {
  static Toolchain t;
  static std::once_flag once;
  std::call_once(once, [] {
    t.built_binaryen = BINARYEN_VERSION;
    t.built_tree_sitter = TREE_SITTER_VERSION;
    t.grammar = GRAMMAR_VERSION;
    std::string b = package_version_of(binaryen_symbol(), {"binaryen", "libbinaryen"}), ts = package_version_of(tree_sitter_symbol(), {"libtree-sitter"});
    t.from_runtime = !b.empty() && !ts.empty();
    t.binaryen = b.empty() ? t.built_binaryen : b;
    t.tree_sitter = ts.empty() ? t.built_tree_sitter : ts;
  });
  return t;
}

std::string toolchain_mismatch() {
  const Toolchain& t = toolchain();
  if (t.binaryen == t.built_binaryen && t.tree_sitter == t.built_tree_sitter) return {};
  return "awasmc was built against binaryen " + t.built_binaryen + " and tree-sitter " + t.built_tree_sitter +
         " but runs with binaryen " + t.binaryen + " and tree-sitter " + t.tree_sitter +
         "; the manifest records what runs (rebuild awasmc to match its headers)";
}

}  // namespace awasmc
