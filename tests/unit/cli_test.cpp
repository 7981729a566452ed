// The command line as CI and auditors use it: `awasmc verify` on an exact copy
// of the project exits 0; after any change to a generated file it exits 1 and
// names the file; `build` writes nothing when a kernel has an error; --help,
// --version and bad arguments.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

namespace {

struct Result {
  int code;
  std::string out;
};

Result run(const std::string& args) {
  std::string cmd = std::string(AWASMC_BINARY) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  int status = pclose(p);
  return {WEXITSTATUS(status), out};
}

// A scratch copy of the project's modules/ and targets/.
struct Project {
  fs::path dir;
  Project() {
    dir = fs::temp_directory_path() / ("awasmc-cli-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
    fs::remove_all(dir);
    fs::create_directories(dir);
    fs::copy(fs::path(AWASMC_SOURCE_DIR) / "modules", dir / "modules", fs::copy_options::recursive);
    fs::copy(fs::path(AWASMC_SOURCE_DIR) / "targets", dir / "targets", fs::copy_options::recursive);
  }
  ~Project() { fs::remove_all(dir); }
  static int& counter() {
    static int c = 0;
    return c;
  }
  std::string root() const { return "--root " + dir.string(); }
};

}  // namespace

TEST_CASE("verify: identical tree passes, any changed, missing or extra file fails by name") {
  Project p;
  Result ok = run("verify " + p.root());
  CHECK(ok.code == 0);
  CHECK(ok.out.find("identical") != std::string::npos);

  // Flip one byte in the middle of the wasm target.
  fs::path f = p.dir / "targets/wasm/sha2.js";
  std::string bytes;
  {
    std::ifstream in(f, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  bytes[bytes.size() / 2] ^= 1;
  {
    std::ofstream o(f, std::ios::binary | std::ios::trunc);
    o << bytes;
  }
  Result changed = run("verify " + p.root());
  CHECK(changed.code == 1);
  CHECK(changed.out.find("differs:   targets/wasm/sha2.js") != std::string::npos);

  fs::remove(p.dir / "targets/js/sha2.js");
  std::ofstream(p.dir / "targets/js/extra.js") << "// stray\n";
  Result more = run("verify " + p.root());
  CHECK(more.code == 1);
  CHECK(more.out.find("missing:   targets/js/sha2.js") != std::string::npos);
  CHECK(more.out.find("unexpected: targets/js/extra.js") != std::string::npos);

  // Rebuilding repairs the tree (the stray file is the user's to delete).
  fs::remove(p.dir / "targets/js/extra.js");
  CHECK(run("build -j2 " + p.root()).code == 0);
  CHECK(run("verify " + p.root()).code == 0);
}

TEST_CASE("build writes no target when a kernel has an error") {
  Project p;
  fs::remove_all(p.dir / "targets");
  std::ofstream(p.dir / "modules/zz_bad.js") << "import { u32, fn } from 'awasm';\nexport const f = fn([u32], (x) => x + 1n + u64);\n";
  Result r = run("build " + p.root());
  CHECK(r.code == 1);
  CHECK(r.out.find("modules/zz_bad.js:2:") != std::string::npos);
  CHECK(r.out.find("^") != std::string::npos);
  CHECK_FALSE(fs::exists(p.dir / "targets"));
}

TEST_CASE("help, version and bad arguments") {
  Result h = run("--help");
  CHECK(h.code == 0);
  CHECK(h.out.find("verify") != std::string::npos);
  Result v = run("--version");
  CHECK(v.code == 0);
  CHECK(v.out.find("awasmc ") == 0);
  CHECK(run("").code == 2);
  CHECK(run("frobnicate").code == 2);
  CHECK(run("build -j 0").code == 2);
  CHECK(run("dump --pass nosuchpass modules/sha2.js").code == 1);
}

TEST_CASE("verify explains a toolchain difference recorded in the manifest") {
  Project p;
  fs::path m = p.dir / "targets/MANIFEST.json";
  std::string text;
  {
    std::ifstream in(m, std::ios::binary);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  size_t at = text.find("\"binaryen\": \"");
  REQUIRE(at != std::string::npos);
  text.insert(at + 13, "999-");
  {
    std::ofstream o(m, std::ios::binary | std::ios::trunc);
    o << text;
  }
  Result r = run("verify " + p.root());
  CHECK(r.code == 1);
  CHECK(r.out.find("differs:   targets/MANIFEST.json") != std::string::npos);
  CHECK(r.out.find("made with another toolchain") != std::string::npos);
  CHECK(r.out.find("999-") != std::string::npos);
}
