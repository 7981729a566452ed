// Mutation testing (compiler/mutate.cpp, docs/auditing.md §7): the sites are found while
// staging, the same on every run; ids name where the change is; a mutant changes exactly its
// site and the modules that reach it; the CLI refuses to write a mutant into targets/.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>

#include "driver.h"
#include "mutate.h"
#include "run_command.h"

using namespace awasmc;
namespace fs = std::filesystem;

namespace {

// A project with one small kernel module and one library it imports.
struct MiniProject {
  fs::path dir;
  MiniProject() {
    dir = fs::temp_directory_path() / ("awasmc-mutate-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
    fs::remove_all(dir);
    fs::create_directories(dir / "modules");
    write("modules/lib.js",
          "import { rotr } from 'awasm';\n"
          "export const mix = (a, b) => rotr(a, 7) ^ (b + 0x12345678);\n");
    write("modules/k.js",
          "import { u32, memory, fn } from 'awasm';\n"
          "import { mix } from './lib.js';\n"
          "const io = memory('io', u32.array(4));\n"
          "export const k = fn([], () => {\n"
          "  let a = io.load(0);\n"
          "  a ^= io.load(1);\n"
          "  io.store(2, mix(a, io.load(3)));\n"
          "});\n");
    write("modules/unused.js", "export const twice = (x) => x + x;\n");  // a library nobody reaches
  }
  ~MiniProject() { fs::remove_all(dir); }
  void write(const std::string& rel, const std::string& text) {
    std::ofstream(dir / rel, std::ios::binary) << text;
  }
  static int& counter() {
    static int c = 0;
    return c;
  }
  std::string root() const { return dir.string(); }
};

std::string file_of(const std::vector<OutputFile>& files, const std::string& path) {
  for (const OutputFile& f : files)
    if (f.path == path) return f.bytes;
  FAIL("no output " << path);
  return "";
}

}  // namespace

TEST_CASE("mutants: the sites of a small kernel, with stable ids, in source order") {
  MiniProject p;
  std::vector<MutSite> sites = mutation_sites(p.root());
  std::vector<std::string> ids;
  for (const MutSite& s : sites) ids.push_back(s.id + " " + s.from + " -> " + s.to);
  // lib.js: the rotation (its literal amount is not listed twice), the xor, the add, the constant;
  // k.js: the literals and the compound xor, and the region one element smaller (the `4` of its
  // size is not a const site as well).
  const std::vector<std::string> want = {
      "k:3:25:shrink 4 elements -> 3 elements",
      "k:5:19:const 0 -> 1",
      "k:6:5:op ^ -> |",
      "k:6:16:const 1 -> 2",
      "k:7:12:const 2 -> 3",
      "k:7:30:const 3 -> 4",
      "lib:2:30:rot+1 rotr(x, n) -> rotr(x, n + 1)",
      "lib:2:30:rot-1 rotr(x, n) -> rotr(x, n - 1)",
      "lib:2:41:op ^ -> |",
      "lib:2:46:op + -> -",
      "lib:2:48:flip 0x12345678 -> 0x2345678",
  };
  CHECK(ids == want);
  for (const MutSite& s : sites) {
    CHECK(s.modules == std::set<std::string>{"modules/k.js"});  // the library's sites reach k.js only
    CHECK(s.file == (s.id.rfind("lib:", 0) == 0 ? "modules/lib.js" : "modules/k.js"));
  }
  // Only one file's sites.
  CHECK(mutation_sites(p.root(), "modules/lib.js").size() == 5);
  CHECK(mutation_sites(p.root(), "./modules/k.js").size() == 6);
}

TEST_CASE("mutants: enumerating the project's modules twice gives the same list, ids unique and sorted") {
  std::vector<MutSite> a = mutation_sites(AWASMC_SOURCE_DIR);
  std::vector<MutSite> b = mutation_sites(AWASMC_SOURCE_DIR);
  REQUIRE(a.size() == b.size());
  REQUIRE(a.size() > 1000);
  std::set<std::string> ids;
  for (size_t i = 0; i < a.size(); i++) {
    CHECK(a[i].id == b[i].id);
    CHECK(a[i].from == b[i].from);
    CHECK(a[i].to == b[i].to);
    CHECK(a[i].modules == b[i].modules);
    CHECK(!a[i].modules.empty());
    ids.insert(a[i].id);
    if (i) CHECK(std::tie(a[i - 1].file, a[i - 1].line, a[i - 1].col, a[i - 1].kind) < std::tie(a[i].file, a[i].line, a[i].col, a[i].kind));
  }
  CHECK(ids.size() == a.size());
}

TEST_CASE("build_mutant: changes its one site, in the modules that reach it, and nothing else") {
  MiniProject p;
  // The unmutated js target of k, built the ordinary way.
  SourceSet sources;
  std::vector<OutputFile> base = build_all(p.root(), 1, sources);
  const std::string k_js = file_of(base, "js/k.js");

  std::vector<OutputFile> m = build_mutant(p.root(), "lib:2:46:op", {Target::Js});
  REQUIRE(m.size() == 1);  // k.js only (lib.js and unused.js have no kernels), the js target only
  CHECK(m[0].path == "js/k.js");
  CHECK(m[0].bytes != k_js);
  CHECK(m[0].bytes.find("- 0x12345678)") != std::string::npos);  // b - 0x12345678
  CHECK(k_js.find("+ 0x12345678)") != std::string::npos);

  // Every target by default; each mutant differs from the base on every target.
  std::vector<OutputFile> all = build_mutant(p.root(), "lib:2:48:flip", {});
  CHECK(all.size() == 4);
  for (const OutputFile& f : all) CHECK(f.bytes != file_of(base, f.path));
  // Rotation amounts off by one either way, and the same mutant twice gives the same bytes.
  CHECK(build_mutant(p.root(), "lib:2:30:rot+1", {Target::Js})[0].bytes != k_js);
  CHECK(build_mutant(p.root(), "lib:2:30:rot-1", {Target::Js})[0].bytes != k_js);
  CHECK(build_mutant(p.root(), "lib:2:30:rot-1", {Target::Js})[0].bytes == build_mutant(p.root(), "lib:2:30:rot-1", {Target::Js})[0].bytes);
  // The region one element smaller: k's static index 3 is then past its end, which the stager
  // refuses (tools/mutate counts a mutant that does not compile as killed).
  CHECK_THROWS_WITH(build_mutant(p.root(), "k:3:25:shrink", {Target::Js}), doctest::Contains("'io': 3 is out of range 0..2"));

  // An id no module reaches, and ids that are not ids.
  CHECK_THROWS_AS(build_mutant(p.root(), "lib:1:1:op", {}), std::invalid_argument);
  CHECK_THROWS_AS(build_mutant(p.root(), "lib:2:48", {}), std::runtime_error);
  CHECK_THROWS_AS(build_mutant(p.root(), "lib:x:48:op", {}), std::runtime_error);
  CHECK_THROWS_AS(build_mutant(p.root(), "lib:2:48:swap", {}), std::runtime_error);
}

TEST_CASE("build_mutant: a mutant that breaks the kernel is a compile error at its site") {
  MiniProject p;
  // io.load(3) -> io.load(4): out of the region's 4 elements.
  try {
    build_mutant(p.root(), "k:7:30:const", {Target::Js});
    FAIL("the mutant compiled");
  } catch (const std::invalid_argument&) {
    FAIL("the mutant was not reached");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()).find("modules/k.js:7:") != std::string::npos);
  }
}

TEST_CASE("CLI: mutants and build --mutate, which never writes into targets/") {
  MiniProject p;
  auto run = [](const std::string& args) { return run_command(std::string(AWASMC_BINARY) + " " + args + " 2>&1"); };
  CommandResult list = run("mutants --root " + p.root());
  CHECK(list.code == 0);
  CHECK(list.out.find("lib:2:41:op  modules/lib.js:2:41  ^ -> |\n") != std::string::npos);
  CHECK(list.out.find("awasmc: 11 mutants\n") != std::string::npos);
  CommandResult json = run("mutants --json --root " + p.root() + " modules/lib.js");
  CHECK(json.code == 0);
  CHECK(json.out.find("{\"id\": \"lib:2:46:op\", \"file\": \"modules/lib.js\", \"line\": 2, \"col\": 46, \"kind\": \"op\", \"from\": \"+\", \"to\": \"-\", "
                      "\"modules\": [\"modules/k.js\"], \"source\": \"export const mix = (a, b) => rotr(a, 7) ^ (b + 0x12345678);\"}") != std::string::npos);

  CommandResult no_out = run("build --mutate lib:2:46:op --root " + p.root());
  CHECK(no_out.code == 1);
  CHECK(no_out.out.find("needs --out") != std::string::npos);
  CommandResult into_targets = run("build --mutate lib:2:46:op --root " + p.root() + " --out " + (p.dir / "targets").string());
  CHECK(into_targets.code == 1);
  CHECK(!fs::exists(p.dir / "targets"));
  CommandResult unreached = run("build --mutate lib:1:1:op --root " + p.root() + " --out " + (p.dir / "m").string());
  CHECK(unreached.code == 2);
  CommandResult ok = run("build --mutate lib:2:46:op --target js --root " + p.root() + " --out " + (p.dir / "m").string());
  CHECK(ok.code == 0);
  CHECK(fs::exists(p.dir / "m" / "js" / "k.js"));
  CHECK(!fs::exists(p.dir / "m" / "wasm"));
  CommandResult target_without_mutate = run("build --target js --root " + p.root());
  CHECK(target_without_mutate.code == 1);
}
