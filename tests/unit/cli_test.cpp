// The command line as CI and auditors use it: `awasmc verify` on an exact copy
// of the project exits 0; after any change to a generated file it exits 1 and
// names the file; `build` writes nothing when a kernel has an error; --help,
// --version and bad arguments; running out of memory in a build worker is an
// error message with exit status 1, never SIGABRT; oversized source files.
#include <doctest/doctest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "run_command.h"

namespace fs = std::filesystem;

namespace {

struct Result {
  int code;
  std::string out;
};

Result run(const std::string& args, const std::string& env = "") {
  CommandResult r = run_command((env.empty() ? "" : "env " + env + " ") + std::string(AWASMC_BINARY) + " " + args + " 2>&1");
  REQUIRE(r.started);
  return {r.code, r.out};
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

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void spit(const fs::path& p, const std::string& bytes) {
  std::ofstream o(p, std::ios::binary | std::ios::trunc);
  o << bytes;
}

}  // namespace

TEST_CASE("verify names CRLF line endings, symlinks and stray folders") {
  Project p;
  // A checkout with core.autocrlf=true: the manifest's lines end in CRLF.
  fs::path m = p.dir / "targets/MANIFEST.json";
  std::string crlf;
  for (char c : slurp(m)) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  spit(m, crlf);
  Result r = run("verify " + p.root());
  CHECK(r.code == 1);
  CHECK(r.out.find("crlf:      targets/MANIFEST.json (differs only in CRLF line endings)") != std::string::npos);
  CHECK(r.out.find("core.autocrlf") != std::string::npos);
  CHECK(r.out.find("targets/js/sha2.js") == std::string::npos);  // only the damaged file is named
  CHECK(run("build " + p.root()).code == 0);

  // A target replaced by a symlink to identical bytes is still not what build writes.
  fs::path t = p.dir / "targets/js/sha2.js";
  fs::rename(t, p.dir / "sha2-copy.js");
  fs::create_symlink(p.dir / "sha2-copy.js", t);
  r = run("verify " + p.root());
  CHECK(r.code == 1);
  CHECK(r.out.find("symlink:   targets/js/sha2.js") != std::string::npos);
  fs::remove(t);
  fs::rename(p.dir / "sha2-copy.js", t);
  CHECK(run("verify " + p.root()).code == 0);

  // Empty and stray folders, and a stray symlink, are named too.
  fs::create_directories(p.dir / "targets/empty");
  fs::create_directories(p.dir / "targets/js/nested/deeper");
  fs::create_symlink(p.dir / "modules", p.dir / "targets/link");
  r = run("verify " + p.root());
  CHECK(r.code == 1);
  CHECK(r.out.find("unexpected: targets/empty/") != std::string::npos);
  CHECK(r.out.find("unexpected: targets/js/nested/") != std::string::npos);
  CHECK(r.out.find("unexpected: targets/js/nested/deeper/") != std::string::npos);
  CHECK(r.out.find("unexpected: targets/link (a symlink)") != std::string::npos);
  CHECK(r.out.find("targets/link/") == std::string::npos);  // not followed
}

TEST_CASE("the manifest records the toolchain that runs, not the one cmake saw") {
  // A package database in which the loaded libbinaryen.so belongs to binaryen 999-upgraded:
  // what an upgrade without rebuilding awasmc looks like.
  Project p;
  fs::path admin = p.dir / "dpkg";
  fs::create_directories(admin / "info");
  std::string real_status = slurp("/var/lib/dpkg/status");
  if (real_status.find("Package: binaryen\n") == std::string::npos) {
    MESSAGE("no Debian binaryen package on this machine; skipped");
    return;
  }
  fs::copy_file("/var/lib/dpkg/info/binaryen.list", admin / "info/binaryen.list");
  spit(admin / "status",
       "Package: binaryen\nStatus: install ok installed\nArchitecture: amd64\nVersion: 999-upgraded\nDescription: test\n\n");
  Result v = run("--version");
  Result up = run("--version", "DPKG_ADMINDIR=" + admin.string());
  CHECK(v.out.find("999-upgraded") == std::string::npos);
  CHECK(up.out.find("binaryen 999-upgraded") != std::string::npos);
  CHECK(up.out.find("built against binaryen") != std::string::npos);
  Result b = run("build " + p.root(), "DPKG_ADMINDIR=" + admin.string());
  CHECK(b.code == 0);
  CHECK(b.out.find("warning: awasmc was built against binaryen") != std::string::npos);
  CHECK(slurp(p.dir / "targets/MANIFEST.json").find("\"binaryen\": \"999-upgraded\"") != std::string::npos);
  Result r = run("verify " + p.root());  // with the real database: the manifest claims another toolchain
  CHECK(r.code == 1);
  CHECK(r.out.find("made with another toolchain") != std::string::npos);
}

TEST_CASE("build: imports stay inside modules/, by path and by real path") {
  Project p;
  fs::remove_all(p.dir / "targets");
  spit(p.dir / "outside.js", "export const K = 1;\n");
  spit(p.dir / "modules/zz_up.js", "import { u32, fn } from 'awasm';\nimport { K } from '../outside.js';\nexport const f = fn([u32], (x) => x + K);\n");
  Result up = run("build " + p.root());
  CHECK(up.code == 1);
  CHECK(up.out.find("modules/zz_up.js:2:19: error: import '../outside.js' leaves modules/") != std::string::npos);
  CHECK_FALSE(fs::exists(p.dir / "targets"));

  // The same file reached through a symlink inside modules/.
  fs::remove(p.dir / "modules/zz_up.js");
  fs::create_directory_symlink(p.dir, p.dir / "modules/zz_link");
  spit(p.dir / "modules/zz_via.js", "import { u32, fn } from 'awasm';\nimport { K } from './zz_link/outside.js';\nexport const f = fn([u32], (x) => x + K);\n");
  Result via = run("build " + p.root());
  CHECK(via.code == 1);
  CHECK(via.out.find("modules/zz_via.js:2:19: error: module modules/zz_link/outside.js is outside modules/ (through a symlink)") != std::string::npos);
  CHECK_FALSE(fs::exists(p.dir / "targets"));

  // A module file that is itself a symlink to a file outside modules/.
  fs::remove(p.dir / "modules/zz_via.js");
  fs::remove(p.dir / "modules/zz_link");
  spit(p.dir / "kernel.js", "import { u32, fn } from 'awasm';\nexport const f = fn([u32], (x) => x);\n");
  fs::create_symlink(p.dir / "kernel.js", p.dir / "modules/zz_kernel.js");
  Result link = run("build " + p.root());
  CHECK(link.code == 1);
  CHECK(link.out.find("module modules/zz_kernel.js is outside modules/ (through a symlink)") != std::string::npos);
  fs::remove(p.dir / "modules/zz_kernel.js");
  CHECK(run("build " + p.root()).code == 0);
}

// A module's file name becomes targets/<target>/<name>.js, a MANIFEST.json key and
// header comment text: only plain names are built, and a bad one is named, escaped.
TEST_CASE("build rejects module file names that are not plain names, and writes nothing") {
  const char* kKernel = "import { u32, fn } from 'awasm';\nexport const f = fn([u32], (x) => x);\n";
  struct Case {
    std::string file, shown;
  };
  for (const Case& c : {Case{"it's.js", "'modules/it\\'s.js'"}, Case{"a\nb.js", "'modules/a\\nb.js'"},
                        Case{"my kernel.js", "'modules/my kernel.js'"}, Case{"sha2-copy.js", "'modules/sha2-copy.js'"},
                        Case{"back\\slash.js", "'modules/back\\\\slash.js'"}, Case{"$k.js", "'modules/$k.js'"}}) {
    Project p;
    fs::remove_all(p.dir / "targets");
    std::ofstream(p.dir / "modules" / c.file) << kKernel;
    Result r = run("build " + p.root());
    CHECK_MESSAGE(r.code == 1, c.file);
    CHECK_MESSAGE(r.out.find("error: module file " + c.shown) != std::string::npos, r.out);
    CHECK_MESSAGE(r.out.find("rename the file") != std::string::npos, r.out);
    CHECK_MESSAGE(std::count(r.out.begin(), r.out.end(), '\n') == 1, r.out);  // the name cannot break the message's line
    CHECK_FALSE(fs::exists(p.dir / "targets"));
  }
  // Underscores and digits are fine.
  Project p;
  std::ofstream(p.dir / "modules/my_kernel_2.js") << kKernel;
  CHECK(run("build " + p.root()).code == 0);
  CHECK(fs::exists(p.dir / "targets/js/my_kernel_2.js"));
}

// Paths of imported modules are not restricted (they are never file names of targets),
// so they reach the js target's `// file:line` comments escaped. The folder name holds a
// quote and U+2028, a line terminator in JavaScript (and allowed raw in a string literal).
TEST_CASE("a hostile import path stays inside its comment in the js target") {
  Project p;
  fs::remove_all(p.dir / "targets");
  const std::string dir = "we'i\xe2\x80\xa8rd";
  fs::create_directories(p.dir / "modules" / dir);
  std::ofstream(p.dir / "modules" / dir / "lib.js")
      << "import { u32, fn, loop } from 'awasm';\n"
         "export const make = () => fn([u32], (n) => {\n"
         "  let s = u32(0);\n"
         "  loop(n, (i) => { s = s + i; });\n"
         "  return s;\n"
         "});\n";
  std::ofstream(p.dir / "modules/k.js") << "import { make } from \"./" << dir << "/lib.js\";\nexport const k = make();\n";
  Result r = run("build " + p.root());
  REQUIRE_MESSAGE(r.code == 0, r.out);
  std::string js;
  {
    std::ifstream in(p.dir / "targets/js/k.js", std::ios::binary);
    js.assign(std::istreambuf_iterator<char>(in), {});
  }
  CHECK(js.find("  // modules/we'i\\u2028rd/lib.js:2\n  function k(l0) {\n") != std::string::npos);
  CHECK(js.find("{ // modules/we'i\\u2028rd/lib.js:4\n") != std::string::npos);
  if (std::system("node --version >/dev/null 2>&1") == 0) {
    // Every target still parses and runs (the runtime target imports ../../runtime/interp.js).
    fs::copy(fs::path(AWASMC_SOURCE_DIR) / "runtime", p.dir / "runtime", fs::copy_options::recursive);
    std::ofstream(p.dir / "check.mjs") << "for (const t of ['wasm', 'wasm_threads', 'js', 'runtime']) {\n"
                                          "  const m = await import(`./targets/${t}/k.js`);\n"
                                          "  if (m.instantiate().fns.k(5) !== 10) throw new Error(t);\n"
                                          "}\n"
                                          "process.stdout.write('ok');\n";
    CommandResult n = run_command("node " + (p.dir / "check.mjs").string() + " 2>&1");
    CHECK_MESSAGE(n.out == "ok", n.out);
  }
}

TEST_CASE("build: a module in modules/ that exports no kernel is a library for the others") {
  Project p;
  spit(p.dir / "modules/zz_common.js", "export const K = [1, 2, 3];\nexport const add = (a, b) => a + b;\n");
  spit(p.dir / "modules/zz_user.js",
       "import { u32, fn } from 'awasm';\nimport { K, add } from './zz_common.js';\nexport const f = fn([u32], (x) => add(x, K[2]));\n");
  Result r = run("build " + p.root());
  CHECK_MESSAGE(r.code == 0, r.out);
  CHECK(fs::exists(p.dir / "targets/js/zz_user.js"));
  CHECK_FALSE(fs::exists(p.dir / "targets/js/zz_common.js"));
  CHECK(slurp(p.dir / "targets/MANIFEST.json").find("zz_common") == std::string::npos);
  CHECK(run("verify " + p.root()).code == 0);
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
  // Small to stage (~6,000 nodes in four chains), large to lower: each 64-bit multiply becomes many
  // 32-bit operations on js and runtime (about 100 MB in all). No wasm target, so the
  // memory runs out in awasmc's own worker threads, not inside Binaryen.
  Scratch s("oom");
  std::ofstream(s.dir / "modules/big.js") << R"(import { u64, fn, memory } from 'awasm';
const m = memory('m', u64.array(8));
export const big = fn([], () => {
  for (let k = 0; k < 4; k++) {
    let x = m.load(k);
    for (let i = 0; i < 500; i++) x = x * x + m.load(i & 7);
    m.store(k, x);
  }
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
