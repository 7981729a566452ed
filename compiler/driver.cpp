// The awasmc driver. The pipeline reads in two functions: build_all() (per
// module: parse + stage -> verify; then one job per (module, target): lower ->
// emit) and lower_for_target() (the rewrites, each to a fixpoint, verifying
// after every run). Scheduling and wrapping happen inside the emitters. The CLI
// below writes, verifies or dumps.
#include "driver.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <new>
#include <sstream>
#include <thread>

#include "ct.h"
#include "emit.h"
#include "mutate.h"
#include "names.h"
#include "sha256.h"
#include "stage.h"
#include "toolchain.h"

namespace awasmc {

namespace fs = std::filesystem;

namespace {

// Runs one rewrite pass to its fixpoint on every function, verifying after each run.
template <class Pass>
void to_fixpoint(Module& m, Pass pass) {
  for (Function& f : m.functions) {
    for (int round = 0;; round++) {
      if (round > 64) fail(f.loc, "internal: a rewrite of " + f.name + " did not reach a fixpoint");
      bool changed = pass(f);
      verify_function(f);
      if (!changed) break;
    }
  }
}

std::string read_file(const fs::path& p, bool& ok) {
  std::ifstream in(p, std::ios::binary);
  ok = static_cast<bool>(in);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

Module select_target(Module m, Target t) {
  std::erase_if(m.functions, [t](const Function& f) {
    return !f.targets.empty() && std::find(f.targets.begin(), f.targets.end(), target_name(t)) == f.targets.end();
  });
  return m;
}

Module lower_for_target(Module m, Target t, const std::string& stop_after) {
  auto stop = [&](const char* pass) { return stop_after == pass; };
  // Functions made for some targets only (fn(..., { targets })) are dropped from the others.
  m = select_target(std::move(m), t);
  to_fixpoint(m, [](Function& f) { return simplify(f); });
  if (stop("simplify")) return m;
  if (t == Target::Js || t == Target::Runtime) {
    to_fixpoint(m, [](Function& f) { return lower_simd(f); });
    if (stop("lower_simd")) return m;
    to_fixpoint(m, [t](Function& f) { return lower_u64(f, t); });
    if (stop("lower_u64")) return m;
  }
  to_fixpoint(m, [t](Function& f) { return lower_ops(f, t); });
  if (stop("lower_ops")) return m;
  to_fixpoint(m, [](Function& f) { return simplify(f); });
  return m;
}

std::string emit_target(const Module& m, Target t, const SourceSet& sources) {
  check_output_names(m);
  switch (t) {
    case Target::Wasm: return emit_wasm_target(m, false);
    case Target::WasmThreads: return emit_wasm_target(m, true);
    case Target::Js: return emit_js_target(m, sources);
    case Target::Runtime: return emit_runtime_target(m);
  }
  return {};
}

std::vector<OutputFile> build_all(const std::string& root, int jobs, SourceSet& sources, std::string* ct) {
  // Modules in name order; a module that exports no kernel is a library for the others.
  std::vector<std::string> paths;
  for (const auto& e : fs::directory_iterator(fs::path(root) / "modules"))
    if (e.is_regular_file() && e.path().extension() == ".js") paths.push_back("modules/" + e.path().filename().string());
  std::sort(paths.begin(), paths.end());
  // A module's name becomes targets/<target>/<name>.js, a MANIFEST.json key and comment text: plain names only.
  for (const std::string& p : paths) {
    const std::string stem = fs::path(p).stem().string();
    if (std::string problem = name_problem(stem, NameKind::Module); !problem.empty())
      throw std::runtime_error("error: module file " + js_string(p) + ": its name " + js_string(stem) + " " + problem +
                               "; module names become target file names (targets/<target>/<name>.js), so rename the file\n");
  }

  // Parse, stage, verify: sequential (the SourceSet grows as modules import each other).
  std::vector<Module> staged;
  for (const std::string& p : paths) {
    try {
      Module m = stage_module(root, p, sources, "modules", /*library_ok=*/true);
      verify_module(m);
      if (ct && !m.functions.empty()) {
        // stage_module has checked it; this says what the check looked at.
        const CtReport r = check_constant_time(m);
        *ct += "  " + m.source + ": " + std::to_string(r.functions) + " kernels; regions " + std::to_string(r.secret_regions) +
               " secret, " + std::to_string(r.public_regions) + " public, " + std::to_string(r.constant_regions) + " constant; " +
               std::to_string(r.indexed) + " indexed loads/stores, " + std::to_string(r.branches) + " branches, " +
               std::to_string(r.loops) + " loops, " + std::to_string(r.guarded) + " target-dependent forms checked\n";
        // One line per declassify() in the source (kernel variants and static loops repeat them).
        std::vector<std::string> seen;
        for (const CtDeclassified& d : r.declassified) {
          std::string line = "    declassified at " + sources.where(d.loc) + ": " + d.reason + "\n";
          if (std::find(seen.begin(), seen.end(), line) != seen.end()) continue;
          seen.push_back(line);
          *ct += line;
        }
      }
      if (!m.functions.empty()) staged.push_back(std::move(m));
    } catch (const CompileError& e) {
      throw std::runtime_error(sources.format(e));
    } catch (const std::bad_alloc&) {
      // The failed module's values are freed by now, so the message can be built.
      throw std::runtime_error(p + ": error: out of memory while parsing and staging this module\n");
    } catch (const std::exception& e) {
      throw std::runtime_error(p + ": error: while parsing and staging this module: " + e.what() + "\n");
    }
  }

  // Lower, schedule, emit, wrap: one job per (module, target), results in fixed slots.
  const size_t nt = std::size(kTargets);
  std::vector<OutputFile> out(staged.size() * nt);
  std::vector<std::string> errors(out.size());
  // Nothing may escape a worker (an exception leaving a thread is std::terminate):
  // running out of memory is recorded here and reported after the join, when the
  // job's memory is freed and a message can be built.
  std::vector<char> out_of_memory(out.size(), 0);
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i; (i = next++) < out.size();) {
      const Module& m = staged[i / nt];
      Target t = kTargets[i % nt];
      try {
        try {
          Module lowered = lower_for_target(m, t);
          out[i] = {std::string(target_name(t)) + "/" + m.name + ".js", emit_target(lowered, t, sources)};
        } catch (const CompileError& e) {
          errors[i] = sources.format(e);
        } catch (const std::bad_alloc&) {
          out_of_memory[i] = 1;
        } catch (const std::exception& e) {
          errors[i] = m.source + ": error: while compiling for target " + target_name(t) + ": " + e.what() + "\n";
        }
      } catch (...) {  // building a message above ran out of memory too
        out_of_memory[i] = 1;
      }
    }
  };
  std::vector<std::thread> pool;
  for (int k = 1; k < std::max(1, jobs); k++) {
    try {
      pool.emplace_back(worker);
    } catch (const std::exception&) {
      break;  // no thread for this job (resource limits): the threads we have do the work
    }
  }
  worker();
  for (auto& th : pool) th.join();
  for (size_t i = 0; i < out.size(); i++) {
    if (out_of_memory[i])
      throw std::runtime_error(staged[i / nt].source + ": error: out of memory while compiling for target " +
                               target_name(kTargets[i % nt]) + "\n");
    if (!errors[i].empty()) throw std::runtime_error(errors[i]);
  }
  out.push_back({"MANIFEST.json", manifest_json(out)});
  return out;
}

std::string manifest_json(const std::vector<OutputFile>& files) {
  std::vector<std::pair<std::string, std::string>> rows;
  for (const OutputFile& f : files) rows.emplace_back("targets/" + f.path, sha256_hex(f.bytes));
  std::sort(rows.begin(), rows.end());
  // Every string goes through json_string: versions come from the machine's package database, paths from file names.
  std::string out = "{\n  \"compiler\": " + json_string("awasmc " AWASMC_VERSION) + ",\n";
  const Toolchain& tc = toolchain();  // the loaded libraries' versions (see toolchain.cpp)
  out += "  \"toolchain\": {\n    \"binaryen\": " + json_string(tc.binaryen) + ",\n    \"tree-sitter\": " +
         json_string(tc.tree_sitter) + ",\n    \"tree-sitter-javascript\": " + json_string(tc.grammar) + "\n  },\n  \"files\": {\n";
  for (size_t i = 0; i < rows.size(); i++)
    out += "    " + json_string(rows[i].first) + ": " + json_string(rows[i].second) + (i + 1 < rows.size() ? ",\n" : "\n");
  out += "  }\n}\n";
  return out;
}

// ------------------------------------------------------------------ mutation testing

namespace {

// Every modules/*.js under root, in name order (as build_all stages them).
std::vector<std::string> module_paths(const std::string& root) {
  std::vector<std::string> paths;
  for (const auto& e : fs::directory_iterator(fs::path(root) / "modules"))
    if (e.is_regular_file() && e.path().extension() == ".js") paths.push_back("modules/" + e.path().filename().string());
  std::sort(paths.begin(), paths.end());
  return paths;
}

}  // namespace

std::vector<MutSite> mutation_sites(const std::string& root, const std::string& file) {
  SourceSet sources;
  Mutator mut(sources);
  for (const std::string& p : module_paths(root)) {
    mut.set_module(p);
    try {
      stage_module(root, p, sources, "modules", /*library_ok=*/true, &mut);
    } catch (const CompileError& e) {
      throw std::runtime_error(sources.format(e));
    }
  }
  std::vector<MutSite> all = mut.sites();
  if (file.empty()) return all;
  const std::string want = fs::path(file).lexically_normal().generic_string();
  std::erase_if(all, [&](const MutSite& s) { return s.file != want; });
  return all;
}

std::vector<OutputFile> build_mutant(const std::string& root, const std::string& id, const std::vector<Target>& targets) {
  SourceSet sources;
  Mutator mut(sources, id);
  // Only the mutant's module and those that import it, directly or through others, can reach it
  // (imports are `from './name.js'`, docs/language.md): the others are not staged.
  const std::string stem = id.substr(0, id.find(':'));
  std::vector<std::string> paths = module_paths(root), texts;
  for (const std::string& p : paths) {
    bool ok;
    texts.push_back(read_file(fs::path(root) / p, ok));
  }
  std::set<std::string> reaching = {stem};
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t i = 0; i < paths.size(); i++) {
      const std::string name = fs::path(paths[i]).stem().string();
      if (reaching.count(name)) continue;
      for (const std::string& r : reaching)
        if (texts[i].find("./" + r + ".js") != std::string::npos) {
          reaching.insert(name);
          grew = true;
          break;
        }
    }
  }
  std::vector<Module> reached;
  for (const std::string& p : paths) {
    if (!reaching.count(fs::path(p).stem().string())) continue;
    mut.reset_applied();
    try {
      Module m = stage_module(root, p, sources, "modules", /*library_ok=*/true, &mut);
      verify_module(m);
      if (mut.applied() && !m.functions.empty()) reached.push_back(std::move(m));
    } catch (const CompileError& e) {
      if (!mut.applied()) throw std::runtime_error("unmutated module failed: " + sources.format(e));
      throw std::runtime_error(sources.format(e));
    }
  }
  if (reached.empty()) throw std::invalid_argument("awasmc: no kernel module reaches mutant " + id + " (see `awasmc mutants`)");
  std::vector<OutputFile> out;
  for (const Module& m : reached) {
    for (Target t : kTargets) {
      if (!targets.empty() && std::find(targets.begin(), targets.end(), t) == targets.end()) continue;
      try {
        out.push_back({std::string(target_name(t)) + "/" + m.name + ".js", emit_target(lower_for_target(m, t), t, sources)});
      } catch (const CompileError& e) {
        throw std::runtime_error(sources.format(e));
      }
    }
  }
  return out;
}

// ------------------------------------------------------------------ CLI

namespace {

const char* kUsage =
    "usage: awasmc <command> [options]\n"
    "\n"
    "commands:\n"
    "  build [-j N] [--out DIR] [--root DIR]   compile every modules/*.js for every target into DIR\n"
    "                                          (default ROOT/targets) and write DIR/MANIFEST.json\n"
    "  verify [--root DIR]                      rebuild in memory and compare with ROOT/targets;\n"
    "                                          names every differing, missing or unexpected file, exit 1 if any\n"
    "  dump --pass NAME [--target T] FILE       print the IR of a kernel file after a pass:\n"
    "                                          stage, simplify, lower_simd, lower_u64, lower_ops, final, wat,\n"
    "                                          emit (the target file itself)\n"
    "                                          (targets: wasm, wasm_threads, js, runtime; default js)\n"
    "  mutants [--root DIR] [--json] [FILE]     list the mutation sites (docs/auditing.md §7) of every module,\n"
    "                                          or of FILE only: id, file:line:col, what changes\n"
    "  build --mutate ID --out DIR [--target T] build mutant ID: the target files (all targets, or T) of the\n"
    "                                          modules it changes, into DIR (never ROOT/targets)\n"
    "  --help, --version\n"
    "\n"
    "targets: wasm (Binaryen, SIMD128), wasm_threads (shared imported memory), js (unrolled JavaScript),\n"
    "runtime (bytecode for runtime/interp.js)\n";

struct Args {
  std::string cmd, root = ".", out, pass, target = "js", file, mutate;
  int jobs = 1;
  bool target_set = false, json = false;
};

bool parse_args(int argc, char** argv, Args& a, std::string& err) {
  if (argc < 2) {
    err = "missing command";
    return false;
  }
  a.cmd = argv[1];
  for (int i = 2; i < argc; i++) {
    std::string s = argv[i];
    auto value = [&](std::string& into) {
      if (i + 1 >= argc) {
        err = s + " needs a value";
        return false;
      }
      into = argv[++i];
      return true;
    };
    if (s == "-j" || s.rfind("-j", 0) == 0) {
      std::string v = s.size() > 2 ? s.substr(2) : "";
      if (v.empty() && !value(v)) return false;
      char* end = nullptr;
      long n = std::strtol(v.c_str(), &end, 10);
      if (!end || *end || n < 1 || n > 64) {
        err = "-j needs a number from 1 to 64, got '" + v + "'";
        return false;
      }
      a.jobs = static_cast<int>(n);
    } else if (s == "--out") {
      if (!value(a.out)) return false;
    } else if (s == "--root") {
      if (!value(a.root)) return false;
    } else if (s == "--pass") {
      if (!value(a.pass)) return false;
    } else if (s == "--target") {
      if (!value(a.target)) return false;
      a.target_set = true;
    } else if (s == "--mutate") {
      if (!value(a.mutate)) return false;
    } else if (s == "--json") {
      a.json = true;
    } else if (!s.empty() && s[0] == '-') {
      err = "unknown option " + s;
      return false;
    } else if (a.file.empty()) {
      a.file = s;
    } else {
      err = "unexpected argument " + s;
      return false;
    }
  }
  return true;
}

// Said on stderr by build and verify, so that nobody mistakes whose output they got.
void warn_toolchain_mismatch() {
  if (std::string m = toolchain_mismatch(); !m.empty()) std::cerr << "awasmc: warning: " << m << "\n";
}

int cmd_build_mutant(const Args& a) {
  if (a.out.empty()) throw std::runtime_error("awasmc: build --mutate needs --out DIR (a mutant never goes to targets/)");
  const fs::path out = a.out;
  if (fs::weakly_canonical(out) == fs::weakly_canonical(fs::path(a.root) / "targets"))
    throw std::runtime_error("awasmc: build --mutate: --out must not be ROOT/targets");
  std::vector<Target> targets;
  if (a.target_set) {
    for (Target k : kTargets)
      if (a.target == target_name(k)) targets.push_back(k);
    if (targets.empty()) throw std::runtime_error("unknown target '" + a.target + "'");
  }
  std::vector<OutputFile> files;
  try {
    files = build_mutant(a.root, a.mutate, targets);
  } catch (const std::invalid_argument& e) {
    std::cerr << e.what() << "\n";
    return 2;
  }
  for (const OutputFile& f : files) {
    fs::path p = out / f.path;
    fs::create_directories(p.parent_path());
    std::ofstream o(p, std::ios::binary | std::ios::trunc);
    o.write(f.bytes.data(), static_cast<std::streamsize>(f.bytes.size()));
    if (!o) throw std::runtime_error("cannot write " + p.string());
  }
  std::cout << "awasmc: mutant " << a.mutate << ": wrote " << files.size() << " files to " << out.generic_string() << ":";
  for (const OutputFile& f : files) std::cout << " " << f.path;
  std::cout << "\n";
  return 0;
}

int cmd_mutants(const Args& a) {
  std::vector<MutSite> sites = mutation_sites(a.root, a.file);
  auto source_line = [&](const MutSite& s) {
    bool ok;
    std::string text = read_file(fs::path(a.root) / s.file, ok), line;
    size_t start = 0;
    for (uint32_t i = 1; i < s.line && start != std::string::npos; i++)
      if ((start = text.find('\n', start)) != std::string::npos) start++;
    if (start != std::string::npos) line = text.substr(start, text.find('\n', start) - start);
    size_t b = line.find_first_not_of(" \t"), e = line.find_last_not_of(" \t\r");
    return b == std::string::npos ? std::string() : line.substr(b, e - b + 1);
  };
  if (a.json) {
    std::cout << "[\n";
    for (size_t i = 0; i < sites.size(); i++) {
      const MutSite& s = sites[i];
      std::string mods;
      for (const std::string& m : s.modules) mods += (mods.empty() ? "" : ", ") + json_string(m);
      std::cout << "  {\"id\": " << json_string(s.id) << ", \"file\": " << json_string(s.file) << ", \"line\": " << s.line
                << ", \"col\": " << s.col << ", \"kind\": " << json_string(s.kind) << ", \"from\": " << json_string(s.from)
                << ", \"to\": " << json_string(s.to) << ", \"modules\": [" << mods << "], \"source\": " << json_string(source_line(s))
                << "}" << (i + 1 < sites.size() ? "," : "") << "\n";
    }
    std::cout << "]\n";
    return 0;
  }
  for (const MutSite& s : sites)
    std::cout << s.id << "  " << s.file << ":" << s.line << ":" << s.col << "  " << s.from << " -> " << s.to << "\n";
  std::cout << "awasmc: " << sites.size() << " mutants\n";
  return 0;
}

int cmd_build(const Args& a) {
  if (!a.mutate.empty()) return cmd_build_mutant(a);
  if (a.target_set) throw std::runtime_error("awasmc: build --target needs --mutate (a normal build writes every target)");
  warn_toolchain_mismatch();
  SourceSet sources;
  std::string ct;
  std::vector<OutputFile> files = build_all(a.root, a.jobs, sources, &ct);
  fs::path out = a.out.empty() ? fs::path(a.root) / "targets" : fs::path(a.out);
  for (const OutputFile& f : files) {
    fs::path p = out / f.path;
    fs::create_directories(p.parent_path());
    fs::path tmp = p;
    tmp += ".tmp";
    {
      std::ofstream o(tmp, std::ios::binary | std::ios::trunc);
      o.write(f.bytes.data(), static_cast<std::streamsize>(f.bytes.size()));
      if (!o) throw std::runtime_error("cannot write " + tmp.string());
    }
    fs::rename(tmp, p);
  }
  std::cout << "awasmc: wrote " << files.size() << " files to " << out.generic_string() << "\n";
  std::cout << "awasmc: constant-time check passed (no secret reaches an address, a branch, a loop count or a public region):\n" << ct;
  return 0;
}

// What verify says about one generated file on disk: nothing if it is a regular
// file with exactly the expected bytes, else why not.
std::string check_target_file(const fs::path& p, const std::string& want) {
  std::error_code ec;
  fs::file_status st = fs::symlink_status(p, ec);
  if (ec || !fs::exists(st)) return "missing:   ";
  if (fs::is_symlink(st)) return "symlink:   ";  // even if it points at the right bytes: the tree is not what build writes
  if (!fs::is_regular_file(st)) return "not a file: ";
  bool ok;
  std::string have = read_file(p, ok);
  if (!ok) return "unreadable: ";
  if (have == want) return "";
  // A checkout that converted line endings (core.autocrlf) is the usual cause: say so.
  std::string lf;
  for (size_t i = 0; i < have.size(); i++)
    if (!(have[i] == '\r' && i + 1 < have.size() && have[i + 1] == '\n')) lf += have[i];
  if (lf == want) return "crlf:      ";
  return "differs:   ";
}

int cmd_verify(const Args& a) {
  warn_toolchain_mismatch();
  SourceSet sources;
  std::vector<OutputFile> files = build_all(a.root, a.jobs, sources);
  fs::path dir = fs::path(a.root) / "targets";
  int bad = 0;
  bool crlf = false;
  std::set<std::string> expected, expected_dirs;
  for (const OutputFile& f : files) {
    expected.insert(f.path);
    for (fs::path d = fs::path(f.path).parent_path(); !d.empty(); d = d.parent_path()) expected_dirs.insert(d.generic_string());
    std::string why = check_target_file(dir / f.path, f.bytes);
    if (why.empty()) continue;
    const bool only_crlf = why.rfind("crlf", 0) == 0;
    crlf |= only_crlf;
    std::cout << why << "targets/" << f.path << (only_crlf ? " (differs only in CRLF line endings)" : "") << "\n";
    bad++;
  }
  // Anything else under targets/ (files, symlinks, empty or stray folders) is reported by name;
  // symlinks are not followed.
  std::error_code ec;
  const fs::file_status dir_status = fs::symlink_status(dir, ec);
  if (fs::is_directory(dir_status)) {
    std::vector<std::string> stray;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      std::string rel = it->path().lexically_relative(dir).generic_string();  // lexically: never through a symlink
      fs::file_status st = it->symlink_status();
      if (fs::is_directory(st)) {
        if (!expected_dirs.count(rel)) stray.push_back("unexpected: targets/" + rel + "/ (a folder awasmc does not write)");
      } else if (!expected.count(rel)) {
        stray.push_back("unexpected: targets/" + rel + (fs::is_symlink(st) ? " (a symlink)" : ""));
      }
    }
    if (ec) stray.push_back("unreadable: targets/ (" + ec.message() + ")");
    std::sort(stray.begin(), stray.end());
    for (const std::string& s : stray) std::cout << s << "\n";
    bad += static_cast<int>(stray.size());
  } else if (fs::exists(dir_status)) {
    std::cout << "not a folder: targets/" << (fs::is_symlink(dir_status) ? " (a symlink)" : "") << "\n";
    bad++;
  }
  if (bad) {
    std::cout << "awasmc verify: " << bad << " problem(s) against a fresh build\n";
    if (crlf)
      std::cout << "note: CRLF line endings come from a checkout with core.autocrlf=true; the project's .gitattributes\n"
                   "      marks targets/ as binary, so a fresh clone of a current commit is byte-exact\n";
    // A different toolchain explains differences in every file: say so when the manifest shows one.
    bool ok;
    std::string committed = read_file(dir / "MANIFEST.json", ok);
    const std::string fresh = files.back().bytes;
    auto toolchain_of = [](const std::string& manifest) {
      size_t a = manifest.find("\"toolchain\"");
      size_t b = manifest.find('}', a);
      if (a == std::string::npos || b == std::string::npos) return std::string();
      std::string out;  // on one line
      for (char c : manifest.substr(a, b - a + 1))
        if (c != '\n' && c != '\r' && !(c == ' ' && (out.empty() || out.back() == ' ' || out.back() == '{'))) out += c;
      return out;
    };
    if (ok && toolchain_of(committed) != toolchain_of(fresh))
      std::cout << "note: the committed files were made with another toolchain, which explains differences in every file:\n"
                   "  committed:   " << toolchain_of(committed) << "\n  this awasmc: " << toolchain_of(fresh) << "\n";
    return 1;
  }
  std::cout << "awasmc verify: " << files.size() << " files identical to a fresh build\n";
  return 0;
}

int cmd_dump(const Args& a) {
  if (a.file.empty()) throw std::runtime_error("dump needs a kernel file");
  Target t = Target::Js;
  bool found = false;
  for (Target k : kTargets)
    if (a.target == target_name(k)) t = k, found = true;
  if (!found) throw std::runtime_error("unknown target '" + a.target + "'");
  static const char* passes[] = {"stage", "simplify", "lower_simd", "lower_u64", "lower_ops", "final", "wat", "emit"};
  if (std::find_if(std::begin(passes), std::end(passes), [&](const char* p) { return a.pass == p; }) == std::end(passes))
    throw std::runtime_error("unknown pass '" + a.pass + "' (stage, simplify, lower_simd, lower_u64, lower_ops, final, wat, emit)");
  SourceSet sources;
  Module m;
  try {
    m = stage_module(".", fs::path(a.file).lexically_normal().generic_string(), sources);
    verify_module(m);
  } catch (const CompileError& e) {
    throw std::runtime_error(sources.format(e));
  } catch (const std::bad_alloc&) {
    throw std::runtime_error(a.file + ": error: out of memory while parsing and staging\n");
  }
  try {
    if (a.pass == "emit") {
      std::cout << emit_target(lower_for_target(std::move(m), t), t, sources);
      return 0;
    }
    if (a.pass == "wat") {
      if (t != Target::Wasm && t != Target::WasmThreads) t = Target::Wasm;
      m = lower_for_target(std::move(m), t);
      std::cout << emit_wasm_text(m, t == Target::WasmThreads);
      return 0;
    }
    if (a.pass != "stage") m = lower_for_target(std::move(m), t, a.pass == "final" ? "" : a.pass);
  } catch (const CompileError& e) {
    throw std::runtime_error(sources.format(e));
  } catch (const std::bad_alloc&) {
    throw std::runtime_error(a.file + ": error: out of memory while compiling for target " + a.target + "\n");
  }
  std::cout << print_module(m);
  return 0;
}

// The last resort for an exception no one can catch: one thrown on a thread the
// compiler does not own (Binaryen's pass runner) ends in std::terminate. Report
// it as an error with exit status 1 instead of SIGABRT; nothing here allocates.
[[noreturn]] void on_terminate() {
  const char* kind = "internal error: an unexpected exception";
  if (std::exception_ptr e = std::current_exception()) {
    try {
      std::rethrow_exception(e);
    } catch (const std::bad_alloc&) {
      kind = "out of memory";
    } catch (...) {
    }
  }
  const char* job = binaryen_job();
  std::fprintf(stderr, "%s%s%s%s\n", job[0] ? job : "awasmc", ": error: ", kind, job[0] ? " (in Binaryen)" : "");
  std::fflush(stderr);
  std::_Exit(1);
}

}  // namespace

int cli_main(int argc, char** argv) {
  std::set_terminate(on_terminate);
  Args a;
  std::string err;
  if (argc >= 2 && (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "help"))) {
    std::cout << kUsage;
    return 0;
  }
  if (argc >= 2 && !std::strcmp(argv[1], "--version")) {
    const Toolchain& tc = toolchain();
    std::cout << "awasmc " AWASMC_VERSION " (binaryen " << tc.binaryen << ", tree-sitter " << tc.tree_sitter
              << ", tree-sitter-javascript " << tc.grammar << ")\n";
    if (std::string m = toolchain_mismatch(); !m.empty()) std::cout << "note: " << m << "\n";
    return 0;
  }
  if (!parse_args(argc, argv, a, err)) {
    std::cerr << "awasmc: " << err << "\n\n" << kUsage;
    return 2;
  }
  try {
    if (a.cmd == "build") return cmd_build(a);
    if (a.cmd == "verify") return cmd_verify(a);
    if (a.cmd == "dump") return cmd_dump(a);
    if (a.cmd == "mutants") return cmd_mutants(a);
    std::cerr << "awasmc: unknown command '" << a.cmd << "'\n\n" << kUsage;
    return 2;
  } catch (const CompileError& e) {
    // Errors from build_all are already formatted; this path is dump's and stage's.
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "awasmc: error: out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << e.what();
    if (std::strlen(e.what()) && e.what()[std::strlen(e.what()) - 1] != '\n') std::cerr << "\n";
    return 1;
  }
}

}  // namespace awasmc
