// The command line as CI and auditors use it: `awasmc verify` on an exact copy
// of the project exits 0; after any change to a generated file it exits 1 and
// names the file; `build` writes nothing when a kernel has an error; --help,
// --version and bad arguments; running out of memory in a build worker is an
// error message with exit status 1, never SIGABRT; oversized source files.
#include <doctest/doctest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

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

namespace {

// Runs awasmc in a forked child whose address space is limited to `bytes`
// (setrlimit RLIMIT_AS): the child's allocations fail as on a machine out of memory.
struct Limited {
  int code = -1;
  int signal = 0;
  std::string out;
};

Limited run_limited(const std::vector<std::string>& args, rlim_t bytes) {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    dup2(fds[1], 1);
    dup2(fds[1], 2);
    close(fds[0]);
    close(fds[1]);
    rlimit lim{bytes, bytes};
    setrlimit(RLIMIT_AS, &lim);
    std::vector<char*> argv{const_cast<char*>(AWASMC_BINARY)};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(AWASMC_BINARY, argv.data());
    _exit(127);
  }
  close(fds[1]);
  Limited r;
  char buf[4096];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof buf)) > 0) r.out.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFEXITED(status)) r.code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  return r;
}

struct Scratch {
  fs::path dir;
  explicit Scratch(const char* name) {
    dir = fs::temp_directory_path() / ("awasmc-" + std::string(name) + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "modules");
  }
  ~Scratch() { fs::remove_all(dir); }
};

}  // namespace

TEST_CASE("out of memory in a build worker: an error naming module and target, exit 1, no SIGABRT") {
  // Small to stage (~6,000 nodes), large to lower: each 64-bit multiply becomes many
  // 32-bit operations on js and runtime (about 100 MB in all). No wasm target, so the
  // memory runs out in awasmc's own worker threads, not inside Binaryen.
  Scratch s("oom");
  std::ofstream(s.dir / "modules/big.js") << R"(import { u64, fn, memory } from 'awasm';
const m = memory('m', u64.array(8));
export const big = fn([], () => {
  let x = m.load(0);
  for (let i = 0; i < 2000; i++) x = x * x + m.load(i & 7);
  m.store(0, x);
}, { targets: ['js', 'runtime'] });
)";
  Limited r = run_limited({"build", "-j2", "--root", s.dir.string(), "--out", (s.dir / "out").string()}, 80u << 20);
  INFO(r.out);
  CHECK(r.signal == 0);
  CHECK(r.code == 1);
  CHECK(r.out.find("modules/big.js") != std::string::npos);
  CHECK(r.out.find("error: out of memory") != std::string::npos);
  CHECK(r.out.find("terminate") == std::string::npos);
  CHECK(!fs::exists(s.dir / "out"));
}

TEST_CASE("a source file over 4 MiB is refused with its size") {
  Scratch s("big-source");
  {
    std::ofstream o(s.dir / "modules/huge.js");
    o << "// padding\n";
    std::string line(1000, ' ');
    line += "\n";
    for (int i = 0; i < 4200; i++) o << line;
    o << "export const f = 1;\n";
  }
  Result r = run("build --root " + s.dir.string() + " --out " + (s.dir / "out").string());
  CHECK(r.code == 1);
  CHECK(r.out.find("modules/huge.js:1:1: error: modules/huge.js has 4,204,") != std::string::npos);
  CHECK(r.out.find("the limit for a source file is 4,194,304 bytes (4 MiB)") != std::string::npos);
}
