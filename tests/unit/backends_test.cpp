// Kernels run on every backend: the kernels of tests/unit/kernels/ named below
// are built for wasm, wasm_threads, js and runtime in a scratch project, and a
// node program runs each function on the same pseudo-random memory with the
// same arguments on all four. Results and memory must agree byte for byte
// (the reference interpreter checks of passes_test.cpp stop at the lowered IR;
// this covers the emitters, the wrappers and runtime/interp.js as well).
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "run_command.h"

namespace fs = std::filesystem;

namespace {

// Prints, per target, one line per (function, arguments): the result and an FNV-1a hash of the
// whole memory after the call. Arguments: 0, 1, 5 and 33 in turn, the same value for every
// parameter (loop counts stay small).
const char* kRunner = R"JS(
const [,, name] = process.argv;
const lines = {};
for (const t of ['wasm', 'wasm_threads', 'js', 'runtime']) {
  const m = await import(`./targets/${t}/${name}.js`);
  const out = [];
  for (const f of m.functions) {
    for (const x of [0, 1, 5, 33]) {
      const { mem, fns } = m.instantiate();
      let s = 0x9e3779b9;
      for (const [, r] of Object.entries(m.regions)) {
        if (r.constant) continue;
        for (let i = r.offset; i < r.offset + r.bytes; i++) {
          s ^= s << 13; s ^= s >>> 17; s ^= s << 5;
          mem[i] = s & 0xff;
        }
      }
      const res = fns[f](x, x, x, x);
      let h = 0x811c9dc5;
      for (let i = 0; i < mem.length; i++) h = Math.imul(h ^ mem[i], 0x01000193);
      out.push(`${f}(${x}) = ${res} mem ${(h >>> 0).toString(16)}`);
    }
  }
  lines[t] = out.join('\n');
}
for (const t of ['wasm_threads', 'js', 'runtime'])
  if (lines[t] !== lines.wasm) { console.log(`${t} differs from wasm:\n${lines[t]}\nwasm:\n${lines.wasm}`); process.exit(1); }
console.log(lines.wasm);
)JS";

struct Scratch {
  fs::path dir;
  explicit Scratch(const std::string& kernel) {
    dir = fs::temp_directory_path() / ("awasmc-backends-" + std::to_string(::getpid()) + "-" + kernel);
    fs::remove_all(dir);
    fs::create_directories(dir / "modules");
    fs::copy(fs::path(AWASMC_SOURCE_DIR) / "tests/unit/kernels" / (kernel + ".js"), dir / "modules" / (kernel + ".js"));
    fs::copy(fs::path(AWASMC_SOURCE_DIR) / "runtime", dir / "runtime", fs::copy_options::recursive);
    std::ofstream(dir / "run.mjs") << kRunner;
  }
  ~Scratch() { fs::remove_all(dir); }
};

bool have_node() { return std::system("node --version >/dev/null 2>&1") == 0; }

}  // namespace

TEST_CASE("kernels give the same results and memory on wasm, wasm_threads, js and runtime") {
  if (!have_node()) {
    MESSAGE("node not found: skipped");
    return;
  }
  for (const char* kernel : {"lanes", "bytes", "unroll", "views", "wide", "rotxor"}) {
    INFO("tests/unit/kernels/" << kernel << ".js");
    Scratch s(kernel);
    CommandResult b = run_command(std::string(AWASMC_BINARY) + " build --root " + s.dir.string() + " 2>&1");
    REQUIRE_MESSAGE(b.code == 0, b.out);
    CommandResult n = run_command("cd " + s.dir.string() + " && node run.mjs " + kernel + " 2>&1");
    CHECK_MESSAGE(n.code == 0, n.out);
    CHECK(n.out.find(" = ") != std::string::npos);
  }
}
