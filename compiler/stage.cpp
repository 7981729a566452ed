// Pass 2, stage: the build-time JavaScript evaluator (see stage.h).
//
// Statements and expressions are evaluated with JavaScript semantics over static
// values. Operators on runtime values call rt_binary/rt_unary, which append IR
// nodes. Anything outside the documented subset is a CompileError naming the
// construct. Evaluation is bounded: a step budget catches unbounded static
// loops, a call-depth limit catches runaway recursion.
//
// Limits (the numbers are in stage_impl.h, namespace limits; docs/language.md
// "Limits" gives each with what modules/sha2.js uses and why it was chosen).
// Each is a CompileError at the construct that crosses it, naming the limit, so
// a typo or a runaway static loop fails in about a second with little memory
// instead of ending in std::bad_alloc.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ct.h"
#include "names.h"
#include "stage_impl.h"

namespace awasmc {

namespace {

// What a closure is charged against limits::kStaticBytes: itself and the scopes it
// keeps alive (scopes are freed after a block or call unless a closure was made in it).
constexpr uint64_t kClosureBytes = sizeof(Closure) + 512;
constexpr int kMaxDepth = 200;
constexpr int kMaxNest = 2000;

bool is_int(double d) { return std::isfinite(d) && std::trunc(d) == d; }

uint32_t to_uint32(double d) {
  if (!std::isfinite(d)) return 0;
  double m = std::fmod(std::trunc(d), 4294967296.0);
  if (m < 0) m += 4294967296.0;
  return static_cast<uint32_t>(m);
}
int32_t to_int32(double d) { return static_cast<int32_t>(to_uint32(d)); }

}  // namespace

// Number::toString for finite values, as JavaScript prints them.
std::string number_to_string(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d < 0 ? "-Infinity" : "Infinity";
  if (d == 0) return "0";
  std::string sign = d < 0 ? "-" : "";
  d = std::fabs(d);
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
  std::string sci(buf, r.ptr);  // d.ddde[+-]xx
  size_t epos = sci.find('e');
  std::string digits = sci.substr(0, 1) + (epos > 2 ? sci.substr(2, epos - 2) : "");
  int n = std::stoi(sci.substr(epos + 1)) + 1;  // decimal point position
  int k = static_cast<int>(digits.size());
  std::string out;
  if (k <= n && n <= 21) out = digits + std::string(n - k, '0');
  else if (0 < n && n <= 21) out = digits.substr(0, n) + "." + digits.substr(n);
  else if (-6 < n && n <= 0) out = "0." + std::string(-n, '0') + digits;
  else {
    int e = n - 1;
    out = digits.substr(0, 1) + (k > 1 ? "." + digits.substr(1) : "") + "e" + (e >= 0 ? "+" : "-") + std::to_string(std::abs(e));
  }
  return sign + out;
}

std::string bigint_to_string(BigInt v) {
  if (v == 0) return "0";
  bool neg = v < 0;
  unsigned __int128 u = neg ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string s;
  while (u) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  }
  return neg ? "-" + s : s;
}

// ======================================================================= setup

struct NestGuard {
  Stager& s;
  NestGuard(Stager& st, const Ast* at) : s(st) {
    if (++s.nest_ > kMaxNest) s.error(at, "expressions and calls nest deeper than " + std::to_string(kMaxNest) + " levels (unbounded recursion?)");
  }
  ~NestGuard() { s.nest_--; }
};

// Frees the environments created since a mark when no closure was created
// since then (nothing can refer to them any more). Keeps long static loops and
// deep call chains from growing the arena without bound.
void Stager::reclaim(size_t envs, size_t closures) {
  if (closures_.size() == closures && envs_.size() > envs) envs_.resize(envs);
}

Env* Stager::new_env(Env* parent) {
  envs_.push_back(std::make_unique<Env>());
  envs_.back()->parent = parent;
  return envs_.back().get();
}
// ---- limits on static values (see stage_impl.h). Arrays and objects stay in
// the arena until staging ends, so what they take is charged once, when made
// or grown; strings are charged when made, which also bounds the work of
// building one piece by piece.

std::string with_commas(uint64_t n) {
  // Built by appending (GCC 12 at -O3 warns, wrongly, about string::insert here: -Wrestrict).
  const std::string digits = std::to_string(n);
  std::string s;
  for (size_t i = 0; i < digits.size(); i++) {
    if (i && (digits.size() - i) % 3 == 0) s += ',';
    s += digits[i];
  }
  return s;
}

void Stager::charge(uint64_t bytes, const Ast* at) {
  static_bytes_ += bytes;
  if (static_bytes_ > limits::kStaticBytes)
    error(at ? at : at_, "static values take more than " + with_commas(limits::kStaticBytes) + " bytes (" +
                             std::to_string(limits::kStaticBytes >> 20) +
                             " MiB) in total (the limit for static allocation; an unbounded static loop?)");
}
void Stager::check_array_length(size_t n, const Ast* at) {
  if (n > limits::kArrayLength)
    error(at ? at : at_, "static array longer than " + with_commas(limits::kArrayLength) +
                             " elements (the limit for static values)");
}
void Stager::check_string_length(size_t n, const Ast* at) {
  if (n > limits::kStringLength)
    error(at ? at : at_, "static string longer than " + with_commas(limits::kStringLength) +
                             " characters (the limit for static values)");
}
Value Stager::new_string(std::string s, const Ast* at) {
  check_string_length(s.size(), at);
  charge(s.size(), at);
  return Value::str(std::move(s));
}
Array* Stager::new_array(std::vector<Value> items, const Ast* at) {
  check_array_length(items.size(), at);
  charge(sizeof(Array) + items.size() * sizeof(Value), at);
  arrays_.push_back(std::make_unique<Array>());
  arrays_.back()->items = std::move(items);
  return arrays_.back().get();
}
void Stager::array_push(Array* arr, Value v, const Ast* at) {
  check_array_length(arr->items.size() + 1, at);
  charge(sizeof(Value), at);
  arr->items.push_back(std::move(v));
}
Object* Stager::new_object(const Ast* at) {
  charge(sizeof(Object), at);
  objects_.push_back(std::make_unique<Object>());
  return objects_.back().get();
}
void Stager::object_set(Object* o, const std::string& key, Value v, const Ast* at) {
  if (!o->find(key)) {
    if (o->props.size() >= limits::kObjectProps)
      error(at ? at : at_, "static object with more than " + with_commas(limits::kObjectProps) +
                               " properties (the limit for static values)");
    charge(sizeof(std::pair<std::string, Value>) + key.size(), at);
  }
  o->set(key, std::move(v));
}
Native* Stager::new_native(Native n) {
  charge(sizeof(Native), nullptr);
  natives_.push_back(std::make_unique<Native>(std::move(n)));
  return natives_.back().get();
}

void Stager::step(const Ast* at) {
  at_ = at;
  if (++steps_ > limits::kSteps)
    error(at, "static evaluation did not finish within " + with_commas(limits::kSteps) +
                  " steps (an unbounded static loop? runtime loops use loop(n, body))");
}

ModuleRecord* Stager::load_module(const std::string& rel_path, const Ast* at) {
  auto it = modules_.find(rel_path);
  if (it != modules_.end()) {
    if (!it->second->done) error(at, "import cycle: " + rel_path + " is still being evaluated");
    return it->second.get();
  }
  // Contained by real path: '../' and symlinks that lead out of the folder are refused alike.
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path base_real = fs::weakly_canonical(fs::path(root_) / base_, ec);
  const fs::path real = fs::weakly_canonical(fs::path(root_) / rel_path, ec);
  const std::string inside = real.lexically_relative(base_real).generic_string();
  if (ec || inside.empty() || inside == "." || inside.rfind("..", 0) == 0) {
    const std::string folder = base_.empty() ? std::string("the project") : base_ + "/";
    std::string msg = "module " + js_comment(rel_path) + " is outside " + folder;
    if (real.lexically_normal() != (fs::path(root_) / rel_path).lexically_normal()) msg += " (through a symlink)";
    if (at) error(at, msg + "; imports stay inside " + folder);
    throw CompileError({}, msg);
  }
  std::ifstream in(fs::path(root_) / rel_path, std::ios::binary);
  if (!in) {
    if (at) error(at, "cannot read module " + js_comment(rel_path));  // escaped: a path may hold a newline
    throw CompileError({}, "cannot read module " + js_comment(rel_path));
  }
  ec.clear();
  uintmax_t size = fs::file_size(fs::path(root_) / rel_path, ec);
  if (!ec && size > limits::kSourceBytes) {
    // Point at the import, or at the file's first line (kept short) for the module being built.
    std::string msg = rel_path + " has " + with_commas(size) + " bytes; the limit for a source file is " +
                      with_commas(limits::kSourceBytes) + " bytes (" + std::to_string(limits::kSourceBytes >> 20) + " MiB)";
    if (at) error(at, msg);
    std::string first(120, '\0');
    in.read(first.data(), static_cast<std::streamsize>(first.size()));
    first.resize(static_cast<size_t>(in.gcount()));
    int file = sources_.add(rel_path, first.substr(0, first.find('\n')));
    throw CompileError(SrcLoc{file, 1, 1}, msg);
  }
  std::stringstream ss;
  ss << in.rdbuf();
  int file = sources_.add(rel_path, ss.str());
  auto rec = std::make_unique<ModuleRecord>();
  rec->path = rel_path;
  rec->parsed = parse_file(sources_, file);
  ModuleRecord* m = rec.get();
  modules_.emplace(rel_path, std::move(rec));
  run_module(m);
  m->done = true;
  return m;
}

static std::string unescape_string(const Ast* str, Stager& st);

void Stager::run_module(ModuleRecord* m) {
  Env* globals = new_env(nullptr);
  install_globals(globals);
  m->env = new_env(globals);
  const Ast* root = m->parsed.root;
  std::vector<const Ast*> stmts = root->named_kids();
  hoist(stmts, m->env);
  hoist_lexical(stmts, m->env);
  for (const Ast* s : stmts) {
    if (s->type == "import_statement") {
      const Ast* src = s->field("source");
      const std::string spec = unescape_string(src, *this);  // escapes count, as in JavaScript
      Value mod;
      if (spec == "awasm") {
        mod = prelude_module();
      } else {
        bool relative = spec.rfind("./", 0) == 0 || spec.rfind("../", 0) == 0;
        if (!relative || spec.size() < 4 || spec.substr(spec.size() - 3) != ".js")
          error(src, "imports are 'awasm' or a relative path to a .js file, like './common.js' (got " + js_string(spec) + ")");
        std::filesystem::path p = std::filesystem::path(m->path).parent_path() / spec;
        std::string rel = p.lexically_normal().generic_string();
        const std::string base_prefix = base_.empty() ? "" : base_ + "/";
        if (rel.rfind("../", 0) == 0 || std::filesystem::path(rel).is_absolute() || rel.rfind(base_prefix, 0) != 0)
          error(src, "import " + js_string(spec) + " leaves " + (base_.empty() ? std::string("the project directory") : base_ + "/"));
        ModuleRecord* dep = load_module(rel, src);
        Object* o = new_object();
        for (auto& [k, v] : dep->exports) o->set(k, v);
        mod = Value::object(o);
      }
      for (const Ast* k : s->named_kids()) {
        if (k->type != "import_clause") continue;
        for (const Ast* c : k->named_kids()) {
          if (c->type == "named_imports") {
            for (const Ast* spec_node : c->named_kids()) {
              const Ast* name = spec_node->field("name");
              const Ast* alias = spec_node->field("alias");
              std::string local = alias ? alias->text : name->text;
              Value* v = mod.obj->find(name->text);
              if (!v) error(name, "'" + name->text + "' is not exported by " + js_string(spec));
              if (m->env->find_here(local)) error(name, "'" + local + "' is already declared");
              m->env->vars.push_back({local, *v, true, true});
            }
          } else if (c->type == "namespace_import") {
            const Ast* id = c->named_kids().at(0);
            m->env->vars.push_back({id->text, mod, true, true});
          } else {
            error(c, "default imports are not supported; use import { name } from " + js_string(spec));
          }
        }
      }
      continue;
    }
    if (s->type == "export_statement") {
      if (const Ast* d = s->field("declaration")) {
        exec(d, m->env);
        std::vector<std::string> names;
        if (d->type == "function_declaration") names.push_back(d->field("name")->text);
        else if (d->type == "lexical_declaration") {
          for (const Ast* vd : d->named_kids()) {
            const Ast* nm = vd->field("name");
            if (nm->type != "identifier") error(nm, "export a destructuring declaration by name: export { a, b }");
            names.push_back(nm->text);
          }
        } else error(d, d->type + " cannot be exported");
        for (size_t i = 0; i < names.size(); i++) {
          m->exports.emplace_back(names[i], lookup(names[i], m->env, d)->v);
          m->export_nodes.push_back(d->type == "function_declaration" ? d->field("name") : d->named_kids()[i]->field("name"));
        }
        continue;
      }
      bool clause = false;
      for (const Ast* c : s->named_kids()) {
        if (c->type != "export_clause") continue;
        clause = true;
        for (const Ast* sp : c->named_kids()) {
          const Ast* name = sp->field("name");
          const Ast* alias = sp->field("alias");
          // `export { f as "any string" }` is JavaScript too; the naming rule below decides whether it is a kernel name.
          std::string exported = !alias ? name->text : alias->type == "string" ? unescape_string(alias, *this) : alias->text;
          m->exports.emplace_back(exported, lookup(name->text, m->env, name)->v);
          m->export_nodes.push_back(alias ? alias : name);
        }
      }
      if (!clause || s->field("source")) error(s, "only `export const/function ...` and `export { a, b as c }` are supported");
      continue;
    }
    Flow f = exec(s, m->env);
    if (f != Flow::Normal) error(s, "break, continue or return outside a function");
  }
}

Module Stager::run(const std::string& rel_path) {
  Module out;
  out_ = &out;
  out.source = rel_path;
  out.name = std::filesystem::path(rel_path).stem().string();
  ModuleRecord* m = load_module(rel_path, nullptr);
  std::vector<std::pair<std::string, Native*>> kernels;
  for (size_t i = 0; i < m->exports.size(); i++) {
    const auto& [name, v] = m->exports[i];
    if (v.k != Value::Nat || v.nat->kind != Native::Kernel) continue;
    // fn(..., { name }) was checked where it was written.
    if (v.nat->export_name.empty()) check_name(name, NameKind::Function, "exported kernel name", m->export_nodes[i]);
    kernels.emplace_back(v.nat->export_name.empty() ? name : v.nat->export_name, v.nat);
  }
  std::stable_sort(kernels.begin(), kernels.end(), [](auto& a, auto& b) { return a.first < b.first; });
  // One name may be given to several functions only for disjoint sets of targets.
  for (size_t i = 0; i + 1 < kernels.size(); i++) {
    for (size_t j = i + 1; j < kernels.size() && kernels[j].first == kernels[i].first; j++) {
      const auto& a = kernels[i].second->targets;
      const auto& b = kernels[j].second->targets;
      bool overlap = a.empty() || b.empty();
      for (const auto& t : a) overlap |= std::find(b.begin(), b.end(), t) != b.end();
      if (overlap)
        throw CompileError(kernels[j].second->loc, "two kernel functions are named '" + kernels[i].first + "' for the same target; give them disjoint { targets }");
    }
  }
  if (kernels.empty() && !library_ok_) throw CompileError(SrcLoc{0, 1, 1}, "module exports no kernel functions (export const f = fn([...], body))");
  for (auto& [name, k] : kernels) stage_kernel(name, k, out);
  uint32_t pages = (mem_end_ + 65535) / 65536;
  out.memory_bytes = (pages ? pages : 1) * 65536;
  out_ = nullptr;
  return out;
}

// A kernel is staged once for every target, unless a loop inside it is unrolled on some targets
// only (loop(n, body, { unroll: ['wasm'] })): then it is staged once per target it is built for,
// and targets whose functions come out the same share one function (with those targets).
void Stager::stage_kernel(const std::string& name, Native* k, Module& out) {
  stage_target_.clear();
  per_target_ = false;
  Function f = stage_kernel_once(name, k);
  if (!per_target_) {
    module_nodes_ += f.nodes.size() - 1;
    out.functions.push_back(std::move(f));
    return;
  }
  std::vector<std::pair<std::string, Function>> variants;  // printed IR -> function, in target order
  for (const char* t : {"wasm", "wasm_threads", "js", "runtime"}) {
    if (!k->targets.empty() && std::find(k->targets.begin(), k->targets.end(), t) == k->targets.end()) continue;
    stage_target_ = t;
    Function g = stage_kernel_once(name, k);
    g.targets.clear();
    std::string text = print_function(g);
    auto it = std::find_if(variants.begin(), variants.end(), [&](const auto& v) { return v.first == text; });
    if (it == variants.end()) {
      variants.emplace_back(std::move(text), std::move(g));
      it = variants.end() - 1;
    }
    it->second.targets.push_back(t);
  }
  stage_target_.clear();
  for (auto& [text, g] : variants) {
    module_nodes_ += g.nodes.size() - 1;
    out.functions.push_back(std::move(g));
  }
}

Function Stager::stage_kernel_once(const std::string& name, Native* k) {
  Function f;
  f.name = name;
  f.loc = k->loc;
  // A u64 parameter is two u32 IR parameters, low word first (the boundary splits a JS number).
  const bool wide = std::find(k->params.begin(), k->params.end(), Ty::U64) != k->params.end();
  for (Ty t : k->params) {
    f.locals.push_back(t == Ty::U64 ? Ty::U32 : t);
    if (t == Ty::U64) f.locals.push_back(Ty::U32);
  }
  if (wide) f.js_params = k->params;
  f.nparams = static_cast<uint32_t>(f.locals.size());
  f.targets = k->targets;
  fn_ = &f;
  chain_.clear();
  chain_work_ = 0;
  blocks_ = {&f.body};
  const Ast* site = k->fn->node;
  std::vector<Value> args;
  for (uint32_t i = 0; i < f.nparams; i++) {
    Node n;
    n.op = Op::LocalGet;
    n.ty = f.locals[i];
    n.imm = i;
    Value v = emit(n, site);
    if (wide && k->params[args.size()] == Ty::U64) {
      // (u64(hi) << 32) | u64(lo)
      n.imm = ++i;
      Value hi = emit(n, site);
      Value lo64 = convert(Ty::U64, v, site);
      Value hi64 = convert(Ty::U64, hi, site);
      Value up = rt_binary(Op::Shl, hi64, Value::num(32), site);
      v = rt_binary(Op::Or, up, lo64, site);
    }
    args.push_back(v);
  }
  Value r = call(Value::closure(k->fn), args, site);
  if (r.k == Value::Rt && r.ty == Ty::U64) {
    // The high word goes to memory (one 16-byte region for the module), the low word is returned.
    if (!result_hi_) {
      if (!heap_.empty())
        error(site, "kernel " + name + " returns a u64, whose high word would go to a region 'u64_result' after the heap '" + heap_ +
                        "'; in a module with a heap, return a u32 or store the result in memory");
      for (const Region& reg : out_->regions)
        if (reg.name == "u64_result")
          error(site, "kernel " + name + " returns a u64, whose high word goes to a region named 'u64_result'; a memory region of this module already has that name: rename it");
      result_hi_ = alloc_region("u64_result", 16, site) + 1;
    }
    f.js_result = Ty::U64;
    f.result_hi = result_hi_ - 1;
    Value down = rt_binary(Op::ShrU, r, Value::num(32), site);
    Value hi = convert(Ty::U32, down, site);
    Node st;
    st.op = Op::Store;
    st.imm = f.result_hi;
    st.imm2 = static_cast<uint64_t>(Ty::U32);
    st.b = hi.node;
    emit(st, site);
    r = convert(Ty::U32, r, site);
  }
  if (r.k == Value::Rt) {
    if (r.ty != Ty::U32 && r.ty != Ty::I32)
      error(site, "exported kernel " + name + " returns " + ty_name(r.ty) + "; results must be u32, i32 or u64");
    f.result = r.ty;
    Node n;
    n.op = Op::Return;
    n.a = r.node;
    emit(n, site);
  } else if (r.k != Value::Undef) {
    error(site, "kernel " + name + " must return a runtime value or nothing, not " + describe(r));
  }
  fn_ = nullptr;
  blocks_.clear();
  return f;
}

const Ast* Stager::arg_node(const Ast* site, size_t i) {
  const Ast* args = site && site->type == "call_expression" ? site->field("arguments") : nullptr;
  if (!args || args->type != "arguments") return site;
  std::vector<const Ast*> kids = args->named_kids();
  for (size_t k = 0; k < kids.size() && k <= i; k++) {
    if (kids[k]->type == "spread_element") return site;
    if (k == i) return kids[k];
  }
  return site;
}

const Ast* Stager::prop_node(const Ast* obj, const std::string& key) {
  const Ast* found = obj;
  if (!obj || obj->type != "object") return obj;
  for (const Ast* k : obj->named_kids()) {
    if (k->type == "shorthand_property_identifier" && k->text == key) found = k;
    if (k->type != "pair") continue;
    const Ast* kn = k->field("key");
    std::string text;
    if (kn->type == "property_identifier") text = kn->text;
    else if (kn->type == "string")
      for (const Ast* f : kn->kids)
        if (f->type == "string_fragment") text += f->text;
    if (text == key) found = k;
  }
  return found;
}

void Stager::check_name(const std::string& name, NameKind kind, const std::string& what, const Ast* at) {
  std::string problem = name_problem(name, kind);
  if (!problem.empty()) error(at, what + " " + js_string(name) + " " + problem + " (see \"Names\" in docs/language.md)");
}

uint32_t Stager::alloc_region(const std::string& name, uint32_t bytes, const Ast* at, std::string data, bool secret) {
  if (!out_) error(at, "memory regions can only be declared while building a module");
  for (const Region& r : out_->regions)
    if (r.name == name) error(at, "memory region '" + name + "' is declared twice");
  if (bytes == 0 || bytes > (1u << 30)) error(at, "memory region '" + name + "' must have between 1 byte and 1 GiB");
  if (!heap_.empty())
    error(at, "memory region '" + name + "' is declared after the heap '" + heap_ +
                  "': the heap starts where the static regions end, so declare every other region before memory.heap");
  uint32_t off = (mem_end_ + 15) & ~15u;
  const bool constant = !data.empty();
  out_->regions.push_back({name, off, bytes, std::move(data)});
  out_->regions.back().secret = secret && !constant;
  mem_end_ = off + bytes;
  return off;
}

uint32_t Stager::alloc_heap(const std::string& name, const Ast* at, bool secret) {
  if (!out_) error(at, "memory regions can only be declared while building a module");
  if (!heap_.empty()) error(at, "memory.heap: this module already has a heap, '" + heap_ + "' (at most one per module)");
  for (const Region& r : out_->regions)
    if (r.name == name) error(at, "memory region '" + name + "' is declared twice");
  // The static layout ends at a page boundary (memoryBytes, at least one page); the heap starts there.
  const uint32_t pages = (mem_end_ + 65535) / 65536;
  const uint32_t off = (pages ? pages : 1) * 65536;
  Region r{name, off, 0, {}};
  r.heap = true;
  r.secret = secret;
  out_->regions.push_back(std::move(r));
  heap_ = name;
  mem_end_ = off;
  return off;
}

// ================================================================= statements

void Stager::hoist(const std::vector<const Ast*>& stmts, Env* env) {
  for (const Ast* s : stmts) {
    const Ast* d = s;
    if (s->type == "export_statement" && s->field("declaration")) d = s->field("declaration");
    if (d->type != "function_declaration") continue;
    std::string name = d->field("name")->text;
    if (env->find_here(name)) error(d, "'" + name + "' is already declared");
    env->vars.push_back({name, make_closure(d, env, name), false, true});
  }
}

void Stager::pattern_names(const Ast* pat, std::vector<const Ast*>& out) {
  if (pat->type == "identifier" || pat->type == "shorthand_property_identifier_pattern") {
    out.push_back(pat);
    return;
  }
  if (pat->type == "assignment_pattern" || pat->type == "object_assignment_pattern") return pattern_names(pat->field("left"), out);
  if (pat->type == "pair_pattern") return pattern_names(pat->field("value"), out);
  for (const Ast* k : pat->named_kids()) pattern_names(k, out);
}

// let/const bindings exist from the start of their block, uninitialized until
// their declaration runs (the temporal dead zone).
void Stager::hoist_lexical(const std::vector<const Ast*>& stmts, Env* env) {
  for (const Ast* s : stmts) {
    const Ast* d = s;
    if (s->type == "export_statement" && s->field("declaration")) d = s->field("declaration");
    if (d->type != "lexical_declaration") continue;
    for (const Ast* vd : d->named_kids()) {
      if (vd->type != "variable_declarator") continue;
      std::vector<const Ast*> names;
      pattern_names(vd->field("name"), names);
      for (const Ast* n : names) {
        if (env->find_here(n->text)) error(n, "'" + n->text + "' is already declared");
        env->vars.push_back({n->text, Value::undef(), false, false});
      }
    }
  }
}

Flow Stager::exec_block(const std::vector<const Ast*>& stmts, Env* env) {
  for (const Ast* s : stmts) {
    Flow f = exec(s, env);
    if (f != Flow::Normal) return f;
  }
  return Flow::Normal;
}

void Stager::declare(const Ast* decl, Env* env) {
  bool is_const = false;
  for (const Ast* k : decl->kids)
    if (!k->named && k->type == "const") is_const = true;
  for (const Ast* vd : decl->named_kids()) {
    if (vd->type != "variable_declarator") continue;
    const Ast* name = vd->field("name");
    const Ast* value = vd->field("value");
    if (is_const && !value) error(vd, "const declaration needs a value");
    Value v;
    if (value) {
      v = eval(value, env);
      if (v.k == Value::Fn && v.fn->name.empty() && name->type == "identifier") v.fn->name = name->text;
    }
    bind_pattern(name, v, env, is_const ? 1 : 0, vd);
  }
}

Flow Stager::exec(const Ast* s, Env* env) {
  step(s);
  NestGuard guard(*this, s);
  const std::string& t = s->type;
  if (t == "expression_statement") {
    auto k = s->named_kids();
    if (!k.empty()) eval(k[0], env);
    return Flow::Normal;
  }
  if (t == "lexical_declaration") {
    declare(s, env);
    return Flow::Normal;
  }
  if (t == "function_declaration" || t == "empty_statement" || t == "comment") return Flow::Normal;
  if (t == "statement_block") {
    size_t env_mark = envs_.size(), fn_mark = closures_.size();
    Env* inner = new_env(env);
    auto stmts = s->named_kids();
    hoist(stmts, inner);
    hoist_lexical(stmts, inner);
    Flow f = exec_block(stmts, inner);
    reclaim(env_mark, fn_mark);
    return f;
  }
  if (t == "if_statement") {
    Value c = eval(s->field("condition"), env);
    if (c.k == Value::Rt)
      error(s->field("condition"), "if on a runtime value: use when(cond, () => { ... }, () => { ... }) for runtime branches");
    if (truthy(c, s)) return exec(s->field("consequence"), env);
    if (const Ast* alt = s->field("alternative")) return exec(alt->named_kids().at(0), env);
    return Flow::Normal;
  }
  if (t == "for_statement") {
    Env* loop_env = new_env(env);
    const Ast* init = s->field("initializer");
    const Ast* cond = s->field("condition");
    const Ast* inc = s->field("increment");
    if (init) {
      if (init->type == "lexical_declaration") declare(init, loop_env);
      else if (init->type == "variable_declaration") error(init, "var is not allowed in kernels; use let or const");
      else if (init->named && init->type != "empty_statement") eval(init, loop_env);
    }
    for (;;) {
      step(s);
      if (cond && cond->named && cond->type != "empty_statement") {
        Value c = eval(cond, loop_env);
        if (c.k == Value::Rt) error(cond, "for loop condition is a runtime value: use loop(count, i => { ... }) for runtime loops");
        if (!truthy(c, cond)) break;
      }
      // A fresh copy of the loop variables per iteration, as JavaScript does for let
      // (it matters only to closures created in the body; without them it is reclaimed).
      size_t env_mark = envs_.size(), fn_mark = closures_.size();
      Env* iter = new_env(env);
      iter->vars = loop_env->vars;
      Flow f = exec(s->field("body"), iter);
      loop_env->vars = iter->vars;
      reclaim(env_mark, fn_mark);
      if (f == Flow::Break) break;
      if (f == Flow::Return) return f;
      if (inc) eval(inc, loop_env);
    }
    return Flow::Normal;
  }
  if (t == "for_in_statement") {
    const Ast* op = s->field("operator");
    if (!op || op->type != "of") error(s, "for...in is not allowed in kernels; use for (const k of Object.keys(o))");
    const Ast* kind = s->field("kind");
    if (!kind) error(s, "declare the loop variable: for (const x of ...)");
    if (kind->type == "var") error(kind, "var is not allowed in kernels; use let or const");
    Value coll = eval(s->field("right"), env);
    if (coll.k != Value::Arr && coll.k != Value::Str)
      error(s->field("right"), "for...of needs an array or a string, not " + describe(coll));
    // Arrays are iterated live (the body may push), as in JavaScript.
    for (size_t i = 0; i < (coll.k == Value::Arr ? coll.arr->items.size() : coll.text().size()); i++) {
      Value item = coll.k == Value::Arr ? coll.arr->items[i] : Value::str(std::string(1, coll.text()[i]));
      size_t env_mark = envs_.size(), fn_mark = closures_.size();
      Env* iter = new_env(env);
      bind_pattern(s->field("left"), item, iter, kind->type == "const" ? 1 : 0, s);
      Flow f = exec(s->field("body"), iter);
      reclaim(env_mark, fn_mark);
      if (f == Flow::Break) break;
      if (f == Flow::Return) return f;
    }
    return Flow::Normal;
  }
  if (t == "while_statement" || t == "do_statement") {
    bool first = t == "do_statement";
    for (;;) {
      step(s);
      if (!first) {
        Value c = eval(s->field("condition"), env);
        if (c.k == Value::Rt) error(s->field("condition"), "while condition is a runtime value: use loop(count, i => { ... })");
        if (!truthy(c, s)) break;
      }
      first = false;
      Flow f = exec(s->field("body"), env);
      if (f == Flow::Break) break;
      if (f == Flow::Return) return f;
    }
    return Flow::Normal;
  }
  if (t == "return_statement") {
    auto k = s->named_kids();
    ret_ = k.empty() ? Value::undef() : eval(k[0], env);
    return Flow::Return;
  }
  if (t == "break_statement" || t == "continue_statement") {
    if (!s->named_kids().empty()) error(s, "labelled break/continue is not allowed in kernels");
    return t == "break_statement" ? Flow::Break : Flow::Continue;
  }
  if (t == "variable_declaration") error(s, "var is not allowed in kernels; use let or const");
  if (t == "import_statement" || t == "export_statement") error(s, t + " is only allowed at the top level of a module");
  if (t == "throw_statement") error(s, "throw_statement is not allowed in kernels; use assert(condition, 'message')");
  error(s, t + " is not allowed in kernels");
}

// ================================================================ expressions

Value Stager::make_closure(const Ast* fnode, Env* env, std::string name) {
  for (const Ast* k : fnode->kids) {
    if (k->named) continue;
    if (k->type == "async") error(fnode, "async functions are not allowed in kernels");
    if (k->type == "*") error(fnode, "generator functions are not allowed in kernels");
    if (k->type == "get" || k->type == "set") error(fnode, "getters and setters are not allowed in kernels");
  }
  if (fnode->type == "function_expression" && fnode->field("name")) {
    // A named function expression sees its own name.
    Env* self = new_env(env);
    charge(kClosureBytes, fnode);
    closures_.push_back(std::make_unique<Closure>());
    Closure* c = closures_.back().get();
    c->node = fnode;
    c->env = self;
    c->name = std::move(name);
    self->vars.push_back({fnode->field("name")->text, Value::closure(c), true, true});
    return Value::closure(c);
  }
  charge(kClosureBytes, fnode);
  closures_.push_back(std::make_unique<Closure>());
  Closure* c = closures_.back().get();
  c->node = fnode;
  c->env = env;
  c->name = std::move(name);
  return Value::closure(c);
}

Binding* Stager::lookup(const std::string& name, Env* env, const Ast* at) {
  for (Env* e = env; e; e = e->parent)
    if (Binding* b = e->find_here(name)) return b;
  // JavaScript's other globals exist in a browser or node, not in a kernel: say so by name.
  static const char* const kNotInKernels[] = {
      "Date", "JSON", "console", "globalThis", "window", "self", "process", "require", "Symbol", "Map", "Set",
      "WeakMap", "WeakSet", "Promise", "Reflect", "Proxy", "RegExp", "Error", "TypeError", "RangeError", "parseInt",
      "parseFloat", "isNaN", "isFinite", "eval", "Function", "Intl", "Atomics", "SharedArrayBuffer", "ArrayBuffer",
      "DataView", "Uint8Array", "Uint16Array", "Uint32Array", "Int8Array", "Int16Array", "Int32Array", "Float32Array",
      "Float64Array", "BigInt64Array", "BigUint64Array", "WebAssembly", "crypto", "performance", "setTimeout",
      "queueMicrotask", "structuredClone", "encodeURIComponent", "decodeURIComponent", "atob", "btoa", "Boolean"};
  for (const char* g : kNotInKernels)
    if (name == g)
      error(at, name + " is not supported in kernels: they run at build time and must build the same bytes every time "
                       "(globals in kernels: Math, Array, Object, BigInt, Number, String, Infinity, NaN)");
  error(at, "'" + name + "' is not defined");
}

static double parse_number(const std::string& raw, bool& ok) {
  std::string s;
  for (char c : raw)
    if (c != '_') s += c;
  ok = true;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'o' || s[1] == 'O' || s[1] == 'b' || s[1] == 'B')) {
    int base = (s[1] == 'o' || s[1] == 'O') ? 8 : 2;
    double v = 0;
    for (size_t i = 2; i < s.size(); i++) {
      int d = s[i] - '0';
      if (d < 0 || d >= base) ok = false;
      v = v * base + d;
    }
    return v;
  }
  if (s.size() > 1 && s[0] == '0' && std::isdigit(static_cast<unsigned char>(s[1]))) ok = false;  // legacy octal
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (!end || *end) ok = false;
  return v;
}

static bool parse_bigint(const std::string& raw, BigInt& out) {
  std::string s;
  for (char c : raw)
    if (c != '_' && c != 'n') s += c;
  int base = 10;
  size_t i = 0;
  if (s.size() > 2 && s[0] == '0' && std::isalpha(static_cast<unsigned char>(s[1]))) {
    char p = static_cast<char>(std::tolower(s[1]));
    base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
    if (!base) return false;
    i = 2;
  }
  unsigned __int128 v = 0;
  const unsigned __int128 limit = static_cast<unsigned __int128>(1) << 126;
  for (; i < s.size(); i++) {
    int d = std::isdigit(static_cast<unsigned char>(s[i])) ? s[i] - '0' : std::tolower(s[i]) - 'a' + 10;
    if (d < 0 || d >= base) return false;
    v = v * base + d;
    if (v >= limit) return false;
  }
  out = static_cast<BigInt>(v);
  return true;
}

static std::string unescape_string(const Ast* str, Stager& st) {
  std::string out;
  for (const Ast* k : str->kids) {
    if (k->type == "string_fragment") out += k->text;
    else if (k->type == "escape_sequence") {
      const std::string& e = k->text;
      char c = e.size() > 1 ? e[1] : '\\';
      switch (c) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case '0': out += '\0'; break;
        case 'x': out += static_cast<char>(std::stoi(e.substr(2, 2), nullptr, 16)); break;
        case 'u': {
          if (e.size() != 6) st.error(k, "only \\uXXXX escapes are supported in kernel strings");
          unsigned cp = static_cast<unsigned>(std::stoi(e.substr(2, 4), nullptr, 16));
          if (cp >= 0x80) st.error(k, "non-ASCII characters are not supported in kernel strings");
          out += static_cast<char>(cp);
          break;
        }
        case '\n': break;
        default: out += c;
      }
    }
  }
  return out;
}

std::vector<Value> Stager::eval_args(const Ast* args, Env* env) {
  std::vector<Value> out;
  for (const Ast* a : args->named_kids()) {
    if (a->type == "spread_element") {
      Value v = eval(a->named_kids().at(0), env);
      if (v.k != Value::Arr) error(a, "spread needs an array, not " + describe(v));
      check_array_length(out.size() + v.arr->items.size(), a);
      out.insert(out.end(), v.arr->items.begin(), v.arr->items.end());
    } else {
      out.push_back(eval(a, env));
    }
  }
  return out;
}

Value Stager::eval_template(const Ast* e, Env* env) {
  std::string out;
  for (const Ast* k : e->kids) {
    if (k->type == "string_fragment") out += k->text;
    else if (k->type == "escape_sequence") {
      Ast tmp;
      tmp.kids = {k};
      tmp.fields = {nullptr};
      out += unescape_string(&tmp, *this);
    } else if (k->type == "template_substitution") {
      std::string part = to_string(eval(k->named_kids().at(0), env), k);
      check_string_length(out.size() + part.size(), k);
      out += part;
    }
  }
  return new_string(std::move(out), e);
}

Value Stager::eval_array(const Ast* e, Env* env) {
  std::vector<Value> items;
  bool pending_hole = true;
  for (const Ast* k : e->kids) {
    if (!k->named) {
      if (k->type == ",") {
        if (pending_hole) error(k, "array holes are not allowed in kernels");
        pending_hole = true;
      }
      continue;
    }
    if (k->type == "comment") continue;
    pending_hole = false;
    if (k->type == "spread_element") {
      Value v = eval(k->named_kids().at(0), env);
      if (v.k != Value::Arr) error(k, "spread needs an array, not " + describe(v));
      check_array_length(items.size() + v.arr->items.size(), k);
      items.insert(items.end(), v.arr->items.begin(), v.arr->items.end());
    } else {
      items.push_back(eval(k, env));
    }
  }
  return Value::array(new_array(std::move(items), e));
}

Value Stager::eval_object(const Ast* e, Env* env) {
  Object* o = new_object(e);
  for (const Ast* k : e->named_kids()) {
    if (k->type == "pair") {
      const Ast* key = k->field("key");
      std::string name;
      if (key->type == "property_identifier") name = key->text;
      else if (key->type == "string") name = unescape_string(key, *this);
      else if (key->type == "number") name = to_string(eval(key, env), key);
      else if (key->type == "computed_property_name") name = to_string(eval(key->named_kids().at(0), env), key);
      else error(key, key->type + " keys are not allowed in kernels");
      Value v = eval(k->field("value"), env);
      if (v.k == Value::Fn && v.fn->name.empty()) v.fn->name = name;
      object_set(o, name, v, k);
    } else if (k->type == "shorthand_property_identifier") {
      object_set(o, k->text, lookup(k->text, env, k)->v, k);
    } else if (k->type == "spread_element") {
      Value v = eval(k->named_kids().at(0), env);
      if (v.k != Value::Obj) error(k, "object spread needs a plain object, not " + describe(v));
      for (auto& p : v.obj->props) object_set(o, p.first, p.second, k);
    } else if (k->type == "method_definition") {
      const Ast* name = k->field("name");
      if (name->type != "property_identifier") error(name, "computed method names are not allowed in kernels");
      object_set(o, name->text, make_closure(k, env, name->text), k);
    } else {
      error(k, k->type + " is not allowed in object literals in kernels");
    }
  }
  return Value::object(o);
}

Value Stager::eval(const Ast* e, Env* env) {
  step(e);
  NestGuard guard(*this, e);
  const std::string& t = e->type;
  if (t == "number") {
    if (!e->text.empty() && e->text.back() == 'n') {
      BigInt b;
      if (!parse_bigint(e->text, b)) error(e, "BigInt literal " + e->text + " is out of the supported range (|x| < 2^126)");
      if (mut_) mut_->bigint(e->loc, e->text, b);
      return Value::bigint(b);
    }
    bool ok;
    double d = parse_number(e->text, ok);
    if (!ok) error(e, "unsupported number literal " + e->text);
    if (mut_) mut_->number(e->loc, e->text, d);
    return Value::num(d);
  }
  if (t == "string") return new_string(unescape_string(e, *this), e);
  if (t == "template_string") return eval_template(e, env);
  if (t == "true") return Value::boolean(true);
  if (t == "false") return Value::boolean(false);
  if (t == "null") return Value::null();
  if (t == "undefined") return Value::undef();
  if (t == "identifier") {
    if (e->text == "undefined") return Value::undef();
    Binding* b = lookup(e->text, env, e);
    if (!b->ready) error(e, "'" + e->text + "' is used before its declaration");
    return b->v;
  }
  if (t == "parenthesized_expression") return eval(e->named_kids().at(0), env);
  if (t == "sequence_expression") {
    Value v;
    for (const Ast* k : e->named_kids()) v = eval(k, env);
    return v;
  }
  if (t == "array") return eval_array(e, env);
  if (t == "object") return eval_object(e, env);
  if (t == "arrow_function" || t == "function_expression" || t == "function") {
    const Ast* name = e->field("name");
    return make_closure(e, env, name ? name->text : "");
  }
  if (t == "call_expression") return eval_call(e, env);
  if (t == "member_expression" || t == "subscript_expression") return eval_member(e, env);
  if (t == "binary_expression") return eval_binary(e, env);
  if (t == "unary_expression") return eval_unary(e, env);
  if (t == "assignment_expression" || t == "augmented_assignment_expression" || t == "update_expression")
    return eval_assign(e, env);
  if (t == "ternary_expression") {
    Value c = eval(e->field("condition"), env);
    if (c.k == Value::Rt)
      error(e->field("condition"), "?: on a runtime condition: use select(cond, a, b) (computes both values) or when(cond, ...) (runs one arm)");
    return truthy(c, e) ? eval(e->field("consequence"), env) : eval(e->field("alternative"), env);
  }
  if (t == "spread_element") error(e, "spread is only allowed in array literals, object literals and call arguments");
  if (t == "new_expression")
    error(e, "new is not allowed in kernels (an array of n elements is Array(n) or Array.from({ length: n }, f))");
  if (t == "this") error(e, "this is not allowed in kernels");
  if (t == "regex") error(e, "regex is not allowed in kernels");
  if (t == "await_expression" || t == "yield_expression") error(e, t + " is not allowed in kernels");
  if (t == "class" || t == "class_declaration") error(e, t + " is not allowed in kernels");
  error(e, t + " is not allowed in kernels");
}

// ---------------------------------------------------------------- calls

Value Stager::eval_call(const Ast* e, Env* env) {
  const Ast* callee = e->field("function");
  const Ast* args_node = e->field("arguments");
  if (e->field("optional_chain")) error(e, "optional calls (?.) are not allowed in kernels");
  if (!args_node || args_node->type != "arguments") error(e, "tagged templates are not allowed in kernels");
  if (callee->type == "import") error(callee, "dynamic import() is not allowed in kernels");
  if (callee->type == "member_expression" || callee->type == "subscript_expression") {
    const Ast* obj_node = callee->field("object");
    Value obj = eval(obj_node, env);
    std::string name;
    if (callee->type == "member_expression") name = callee->field("property")->text;
    else if (obj.k != Value::Arr) name = to_string(eval(callee->field("index"), env), callee);
    std::vector<Value> args = eval_args(args_node, env);
    if (obj.k == Value::Arr) {
      if (callee->type == "subscript_expression") return call(get_member(obj, eval(callee->field("index"), env), callee), std::move(args), e);
      return array_method(obj.arr, name, args, e);
    }
    if (obj.k == Value::Str) {
      Value m = string_member(obj.text(), name, callee);
      return call(m, std::move(args), e);
    }
    Value fnv = get_member(obj, Value::str(name), callee);
    if (fnv.k != Value::Fn && fnv.k != Value::Nat) not_callable(callee, fnv);
    return call(fnv, std::move(args), e);
  }
  Value fnv = eval(callee, env);
  if (fnv.k != Value::Fn && fnv.k != Value::Nat) not_callable(callee, fnv);
  return call(fnv, eval_args(args_node, env), e);
}

// The name of a callee for messages: `mix`, `Math.random`, `cfg.rounds`; "" for anything else.
static std::string callee_name(const Ast* a) {
  if (!a) return "";
  if (a->type == "identifier" || a->type == "property_identifier") return a->text.substr(0, 40);
  if (a->type != "member_expression") return "";
  std::string obj = callee_name(a->field("object")), prop = callee_name(a->field("property"));
  return obj.empty() || prop.empty() ? "" : obj + "." + prop;
}

// "'cfg.mix' is undefined, not a function".
void Stager::not_callable(const Ast* callee, const Value& v) {
  const std::string name = callee_name(callee);
  const std::string what = name.empty() ? "" : "'" + name + "' is ";
  // (A member that Math, Array or Object lack is an error where it is read: check_namespace_member.)
  error(callee, what + describe(v) + ", not a function");
}

Value Stager::call(const Value& callee, std::vector<Value> args, const Ast* site) {
  if (callee.k == Value::Nat) {
    Native* nat = callee.nat;
    if (nat->kind == Native::Kernel) return call(Value::closure(nat->fn), std::move(args), site);
    return call_builtin(nat, args, site);
  }
  if (callee.k != Value::Fn) error(site, describe(callee) + " is not a function");
  if (++depth_ > kMaxDepth) error(site, "call depth exceeds " + std::to_string(kMaxDepth) + " (unbounded recursion?)");
  Closure* c = callee.fn;
  const Ast* fnode = c->node;
  size_t env_mark = envs_.size(), fn_mark = closures_.size();
  Env* fenv = new_env(c->env);
  // Parameters.
  if (const Ast* single = fnode->field("parameter")) {
    bind_pattern(single, args.empty() ? Value::undef() : args[0], fenv, 0, site);
  } else if (const Ast* params = fnode->field("parameters")) {
    size_t i = 0;
    for (const Ast* p : params->named_kids()) {
      if (p->type == "rest_pattern") {
        std::vector<Value> rest;
        for (size_t j = i; j < args.size(); j++) rest.push_back(args[j]);
        bind_pattern(p->named_kids().at(0), Value::array(new_array(std::move(rest), p)), fenv, 0, site);
        i = args.size();
        continue;
      }
      bind_pattern(p, i < args.size() ? args[i] : Value::undef(), fenv, 0, site);
      i++;
    }
  }
  const Ast* body = fnode->field("body");
  Value result;
  if (body->type == "statement_block") {
    auto stmts = body->named_kids();
    hoist(stmts, fenv);
    hoist_lexical(stmts, fenv);
    Flow f = exec_block(stmts, fenv);
    if (f == Flow::Return) result = ret_;
    else if (f != Flow::Normal) error(body, "break or continue outside a loop");
    else result.no_return = site;  // fell off the end: an error that meets this undefined says where it came from
    ret_ = Value::undef();
  } else {
    result = eval(body, fenv);
  }
  depth_--;
  // The call's scope can go unless a closure (or a runtime loop body) captured it.
  if (result.k != Value::Fn) reclaim(env_mark, fn_mark);
  return result;
}

// ---------------------------------------------------------------- patterns

// mode: 0 = let (new mutable binding), 1 = const, 2 = assignment to existing targets
void Stager::bind_pattern(const Ast* pat, Value v, Env* env, int mode, const Ast* site) {
  const std::string& t = pat->type;
  if (t == "identifier" || t == "shorthand_property_identifier_pattern") {
    if (mode == 2) {
      assign_target(pat, v, env);
      return;
    }
    if (pat->text == "undefined") error(pat, "cannot declare 'undefined'");
    if (Binding* b = env->find_here(pat->text)) {
      if (b->ready) error(pat, "'" + pat->text + "' is already declared");
      b->v = v;
      b->ready = true;
      b->is_const = mode == 1;
      return;
    }
    env->vars.push_back({pat->text, v, mode == 1, true});
    return;
  }
  if (t == "assignment_pattern" || t == "object_assignment_pattern") {
    if (v.k == Value::Undef) v = eval(pat->field("right"), env);
    bind_pattern(pat->field("left"), v, env, mode, site);
    return;
  }
  if (t == "array_pattern") {
    if (v.k != Value::Arr) error(pat, "array destructuring needs an array, not " + describe(v));
    std::vector<Value> items = v.arr->items;  // copy: the right side may alias the targets
    size_t idx = 0;
    for (const Ast* k : pat->kids) {
      if (!k->named) {
        if (k->type == ",") idx++;
        continue;
      }
      if (k->type == "comment") continue;
      if (k->type == "rest_pattern") {
        std::vector<Value> rest;
        for (size_t j = idx; j < items.size(); j++) rest.push_back(items[j]);
        bind_pattern(k->named_kids().at(0), Value::array(new_array(std::move(rest), k)), env, mode, site);
        continue;
      }
      bind_pattern(k, idx < items.size() ? items[idx] : Value::undef(), env, mode, site);
    }
    return;
  }
  if (t == "object_pattern") {
    if (v.k != Value::Obj && v.k != Value::Nat) error(pat, "object destructuring needs an object, not " + describe(v));
    std::vector<std::string> used;
    for (const Ast* k : pat->named_kids()) {
      if (k->type == "shorthand_property_identifier_pattern") {
        used.push_back(k->text);
        bind_pattern(k, get_member(v, Value::str(k->text), k), env, mode, site);
      } else if (k->type == "object_assignment_pattern") {
        const Ast* left = k->field("left");
        used.push_back(left->text);
        Value x = get_member(v, Value::str(left->text), k);
        if (x.k == Value::Undef) x = eval(k->field("right"), env);
        bind_pattern(left, x, env, mode, site);
      } else if (k->type == "pair_pattern") {
        const Ast* key = k->field("key");
        std::string name;
        if (key->type == "property_identifier") name = key->text;
        else if (key->type == "string") name = unescape_string(key, *this);
        else if (key->type == "computed_property_name") name = to_string(eval(key->named_kids().at(0), env), key);
        else error(key, key->type + " keys are not allowed in kernels");
        used.push_back(name);
        bind_pattern(k->field("value"), get_member(v, Value::str(name), k), env, mode, site);
      } else if (k->type == "rest_pattern") {
        if (v.k != Value::Obj) error(k, "rest in object destructuring needs a plain object");
        Object* o = new_object(k);
        for (auto& p : v.obj->props)
          if (std::find(used.begin(), used.end(), p.first) == used.end()) object_set(o, p.first, p.second, k);
        bind_pattern(k->named_kids().at(0), Value::object(o), env, mode, site);
      } else {
        error(k, k->type + " is not allowed in destructuring");
      }
    }
    return;
  }
  if (mode == 2 && (t == "member_expression" || t == "subscript_expression" || t == "parenthesized_expression")) {
    assign_target(pat, v, env);
    return;
  }
  error(pat, t + " is not allowed as a binding target");
}

void Stager::assign_target(const Ast* target, Value v, Env* env) {
  const std::string& t = target->type;
  if (t == "identifier") {
    Binding* b = lookup(target->text, env, target);
    if (b->is_const) error(target, "assignment to constant '" + target->text + "'");
    b->v = std::move(v);
    return;
  }
  if (t == "parenthesized_expression") return assign_target(target->named_kids().at(0), std::move(v), env);
  if (t == "member_expression" || t == "subscript_expression") {
    Value obj = eval(target->field("object"), env);
    Value key = t == "member_expression" ? Value::str(target->field("property")->text) : eval(target->field("index"), env);
    set_member(obj, key, std::move(v), target);
    return;
  }
  if (t == "array_pattern" || t == "object_pattern") return bind_pattern(target, std::move(v), env, 2, target);
  error(target, t + " is not an assignable target");
}

Value Stager::eval_assign(const Ast* e, Env* env) {
  const std::string& t = e->type;
  if (t == "assignment_expression") {
    Value v = eval(e->field("right"), env);
    const Ast* left = e->field("left");
    if (v.k == Value::Fn && v.fn->name.empty() && left->type == "identifier") v.fn->name = left->text;
    assign_target(left, v, env);
    return v;
  }
  const Ast* target = t == "update_expression" ? e->field("argument") : e->field("left");
  while (target->type == "parenthesized_expression") target = target->named_kids().at(0);
  std::string op = e->field("operator")->type;
  // A member target's object and key are evaluated once, as in JavaScript.
  Value obj, key, old;
  const bool member = target->type == "member_expression" || target->type == "subscript_expression";
  if (member) {
    obj = eval(target->field("object"), env);
    key = target->type == "member_expression" ? Value::str(target->field("property")->text) : eval(target->field("index"), env);
    old = get_member(obj, key, target);
  } else {
    old = eval(target, env);
  }
  Value rhs;
  std::string bop;
  if (t == "update_expression") {
    rhs = old.k == Value::Big ? Value::bigint(1) : Value::num(1);
    bop = op == "++" ? "+" : "-";
    if (old.k != Value::Num && old.k != Value::Big && old.k != Value::Rt)
      error(e, op + " needs a number or a runtime value, not " + describe(old));
  } else {
    bop = op.substr(0, op.size() - 1);
    if (bop == "&&" || bop == "||" || bop == "??") error(e, "logical assignment operators are not allowed in kernels");
    rhs = eval(e->field("right"), env);
    if (mut_) bop = mut_->binary(e->field("operator")->loc, bop, old.k == Value::Rt || rhs.k == Value::Rt);
  }
  Value nv = static_binary(bop, old, rhs, e);
  if (member) set_member(obj, key, nv, target);
  else assign_target(target, nv, env);
  bool prefix = t == "update_expression" && !e->kids.empty() && !e->kids[0]->named;
  if (t == "update_expression" && !prefix) return old;
  return nv;
}

// ---------------------------------------------------------------- members

Value Stager::eval_member(const Ast* e, Env* env, Value* object_out) {
  if (e->field("optional_chain")) error(e, "optional chaining (?.) is not allowed in kernels");
  Value obj = eval(e->field("object"), env);
  if (object_out) *object_out = obj;
  if (e->type == "member_expression") {
    const Ast* prop = e->field("property");
    if (prop->type == "private_property_identifier") error(prop, "private names are not allowed in kernels");
    return get_member(obj, Value::str(prop->text), e);
  }
  return get_member(obj, eval(e->field("index"), env), e);
}

Value Stager::get_member(const Value& obj, const Value& key, const Ast* at) {
  switch (obj.k) {
    case Value::Arr: {
      const auto& items = obj.arr->items;
      if (key.k == Value::Num) {
        if (!is_int(key.n) || key.n < 0 || key.n >= static_cast<double>(items.size()))
          error(at, "static index " + number_to_string(key.n) + " is out of range for an array of length " + std::to_string(items.size()));
        return items[static_cast<size_t>(key.n)];
      }
      if (key.k == Value::Str && key.text() == "length") return Value::num(static_cast<double>(items.size()));
      if (key.k == Value::Rt) error(at, "arrays cannot be indexed by a runtime value; use a memory view");
      error(at, "arrays have no property " + to_string(key, at) + " (methods must be called directly)");
    }
    case Value::Str: {
      if (key.k == Value::Num) {
        if (!is_int(key.n) || key.n < 0 || key.n >= static_cast<double>(obj.text().size()))
          error(at, "static index " + number_to_string(key.n) + " is out of range for a string of length " + std::to_string(obj.text().size()));
        return Value::str(obj.text().substr(static_cast<size_t>(key.n), 1));
      }
      return string_member(obj.text(), to_string(key, at), at);
    }
    case Value::Obj: {
      std::string k = to_string(key, at);
      if (Value* v = obj.obj->find(k)) return *v;
      check_namespace_member(obj.obj, k, at);
      return Value::undef();
    }
    case Value::Nat: return native_member(obj.nat, to_string(key, at), at);
    case Value::Rt: error(at, std::string("runtime ") + ty_name(obj.ty) + " values have no properties");
    default: error(at, "cannot read property " + (key.k == Value::Str ? "'" + key.text() + "' " : "") + "of " + describe(obj));
  }
}

void Stager::set_member(const Value& obj, const Value& key, Value v, const Ast* at) {
  if (obj.k == Value::Arr) {
    auto& items = obj.arr->items;
    if (key.k != Value::Num || !is_int(key.n) || key.n < 0 || key.n > static_cast<double>(items.size()))
      error(at, "static index " + to_string(key, at) + " is out of range for an array of length " + std::to_string(items.size()) +
                    " (arrays grow one element at a time)");
    size_t i = static_cast<size_t>(key.n);
    if (i == items.size()) array_push(obj.arr, std::move(v), at);
    else items[i] = std::move(v);
    return;
  }
  if (obj.k == Value::Obj) {
    object_set(obj.obj, to_string(key, at), std::move(v), at);
    return;
  }
  if (obj.k == Value::Nat && obj.nat->kind == Native::View)
    error(at, "memory views are written with view.store(index, value)");
  error(at, "cannot set a property of " + describe(obj));
}

// ---------------------------------------------------------------- operators

bool Stager::truthy(const Value& v, const Ast* at) {
  switch (v.k) {
    case Value::Undef: case Value::Null: return false;
    case Value::Bool: return v.b;
    case Value::Num: return v.n != 0 && !std::isnan(v.n);
    case Value::Big: return v.big != 0;
    case Value::Str: return !v.text().empty();
    case Value::Rt: error(at, "a runtime value cannot be used as a static condition");
    default: return true;
  }
}

bool Stager::strict_equal(const Value& a, const Value& b) {
  if (a.k != b.k) return false;
  switch (a.k) {
    case Value::Undef: case Value::Null: return true;
    case Value::Bool: return a.b == b.b;
    case Value::Num: return a.n == b.n;
    case Value::Big: return a.big == b.big;
    case Value::Str: return a.text() == b.text();
    case Value::Arr: return a.arr == b.arr;
    case Value::Obj: return a.obj == b.obj;
    case Value::Fn: return a.fn == b.fn;
    case Value::Nat: return a.nat == b.nat;
    case Value::Rt: return a.node == b.node;
  }
  return false;
}

std::string Stager::to_string(const Value& v, const Ast* at) {
  switch (v.k) {
    case Value::Undef: return "undefined";
    case Value::Null: return "null";
    case Value::Bool: return v.b ? "true" : "false";
    case Value::Num: return number_to_string(v.n);
    case Value::Big: return bigint_to_string(v.big);
    case Value::Str: return v.text();
    case Value::Nat:
      if (v.nat->kind == Native::Type) return ty_name(v.nat->ty);
      [[fallthrough]];
    default: error(at, "cannot convert " + describe(v) + " to a string");
  }
}

std::string Stager::describe(const Value& v) const {
  switch (v.k) {
    case Value::Undef:
      if (v.no_return && v.no_return->type == "call_expression")
        return "undefined (the call " + callee_name(v.no_return->field("function")) + "(...) at line " + std::to_string(v.no_return->loc.line) +
               " returned nothing: its function body ends without a return statement)";
      return "undefined";
    case Value::Null: return "null";
    case Value::Bool: return v.b ? "true" : "false";
    case Value::Num: return "number " + number_to_string(v.n);
    case Value::Big: return "BigInt " + bigint_to_string(v.big) + "n";
    case Value::Str: return "string '" + v.text() + "'";
    case Value::Arr: return "an array";
    case Value::Obj: return "an object";
    case Value::Fn: return "function " + (v.fn->name.empty() ? std::string("(anonymous)") : v.fn->name);
    case Value::Nat:
      switch (v.nat->kind) {
        case Native::Type: return std::string("type ") + ty_name(v.nat->ty);
        case Native::View: return "memory view " + v.nat->name;
        case Native::Kernel: return "kernel function";
        default: return "built-in " + v.nat->name;
      }
    case Value::Rt: return std::string("a runtime ") + ty_name(v.ty) + " value";
  }
  return "?";
}

static bool big_checked(const std::string& op, BigInt a, BigInt b, BigInt& r) {
  const BigInt lim = static_cast<BigInt>(1) << 126;
  bool ovf = false;
  if (op == "+") ovf = __builtin_add_overflow(a, b, &r);
  else if (op == "-") ovf = __builtin_sub_overflow(a, b, &r);
  else if (op == "*") ovf = __builtin_mul_overflow(a, b, &r);
  else if (op == "/") r = a / b;
  else if (op == "%") r = a % b;
  else if (op == "&") r = a & b;
  else if (op == "|") r = a | b;
  else if (op == "^") r = a ^ b;
  else if (op == "<<") {
    if (b < 0 || b > 126) return false;
    r = a << static_cast<int>(b);
    if ((r >> static_cast<int>(b)) != a) return false;
  } else if (op == ">>") {
    if (b < 0) return false;
    r = b > 126 ? (a < 0 ? -1 : 0) : a >> static_cast<int>(b);
  } else if (op == "**") {
    if (b < 0) return false;
    r = 1;
    for (BigInt i = 0; i < b; i++)
      if (__builtin_mul_overflow(r, a, &r) || r >= lim || r <= -lim) return false;
  } else return false;
  return !ovf && r < lim && r > -lim;
}

Value Stager::static_binary(const std::string& op, const Value& l, const Value& r, const Ast* at) {
  if (l.k == Value::Rt || r.k == Value::Rt) {
    static const std::pair<const char*, Op> table[] = {
        {"+", Op::Add}, {"-", Op::Sub}, {"*", Op::Mul}, {"&", Op::And}, {"|", Op::Or}, {"^", Op::Xor},
        {"<<", Op::Shl}, {">>>", Op::ShrU}, {">>", Op::ShrS}, {"===", Op::Eq}, {"!==", Op::Ne},
        {"==", Op::Eq}, {"!=", Op::Ne}, {"<", Op::LtU}, {"<=", Op::LeU}, {">", Op::GtU}, {">=", Op::GeU}};
    for (auto& [s, o] : table)
      if (op == s) return rt_binary(o, l, r, at);
    error(at, "operator " + op + " is not defined on runtime values");
  }
  if (op == "===" || op == "!==") return Value::boolean(strict_equal(l, r) == (op == "==="));
  if (op == "==" || op == "!=") {
    bool nullish_l = l.k == Value::Undef || l.k == Value::Null, nullish_r = r.k == Value::Undef || r.k == Value::Null;
    bool eq;
    if (nullish_l || nullish_r) eq = nullish_l && nullish_r;
    else if (l.k != r.k) error(at, "== between " + describe(l) + " and " + describe(r) + " coerces; use ===");
    else eq = strict_equal(l, r);
    return Value::boolean(eq == (op == "=="));
  }
  if (op == "+" && (l.k == Value::Str || r.k == Value::Str)) {
    std::string a = to_string(l, at), b = to_string(r, at);
    check_string_length(a.size() + b.size(), at);
    return new_string(a + b, at);
  }
  if (l.k == Value::Str && r.k == Value::Str) {
    if (op == "<") return Value::boolean(l.text() < r.text());
    if (op == "<=") return Value::boolean(l.text() <= r.text());
    if (op == ">") return Value::boolean(l.text() > r.text());
    if (op == ">=") return Value::boolean(l.text() >= r.text());
  }
  if (l.k == Value::Big && r.k == Value::Big) {
    const BigInt a = l.big, b = r.big;
    if (op == "<") return Value::boolean(a < b);
    if (op == "<=") return Value::boolean(a <= b);
    if (op == ">") return Value::boolean(a > b);
    if (op == ">=") return Value::boolean(a >= b);
    if ((op == "/" || op == "%") && b == 0) error(at, "BigInt division by zero");
    if (op == ">>>") error(at, "BigInts have no unsigned right shift");
    BigInt res;
    if (!big_checked(op, a, b, res)) error(at, "BigInt result of " + op + " is out of the supported range (|x| < 2^126)");
    return Value::bigint(res);
  }
  if (l.k == Value::Big || r.k == Value::Big) error(at, "cannot mix BigInt and " + describe(l.k == Value::Big ? r : l) + " in " + op);
  if (l.k != Value::Num || r.k != Value::Num)
    error(at, "operator " + op + " needs numbers, not " + describe(l.k != Value::Num ? l : r));
  const double a = l.n, b = r.n;
  if (op == "+") return Value::num(a + b);
  if (op == "-") return Value::num(a - b);
  if (op == "*") return Value::num(a * b);
  if (op == "/") return Value::num(a / b);
  if (op == "%") return Value::num(std::fmod(a, b));
  if (op == "**") return Value::num(std::pow(a, b));
  if (op == "&") return Value::num(to_int32(a) & to_int32(b));
  if (op == "|") return Value::num(to_int32(a) | to_int32(b));
  if (op == "^") return Value::num(to_int32(a) ^ to_int32(b));
  if (op == "<<") return Value::num(static_cast<int32_t>(to_uint32(a) << (to_uint32(b) & 31)));
  if (op == ">>") return Value::num(to_int32(a) >> (to_uint32(b) & 31));
  if (op == ">>>") return Value::num(to_uint32(a) >> (to_uint32(b) & 31));
  if (op == "<") return Value::boolean(a < b);
  if (op == "<=") return Value::boolean(a <= b);
  if (op == ">") return Value::boolean(a > b);
  if (op == ">=") return Value::boolean(a >= b);
  error(at, "operator " + op + " is not allowed in kernels");
}

Value Stager::eval_binary(const Ast* e, Env* env) {
  std::string op = e->field("operator")->type;
  if (op == "&&" || op == "||" || op == "??") {
    Value l = eval(e->field("left"), env);
    if (l.k == Value::Rt) error(e, "operator " + op + " on a runtime value: use & | or select()");
    if (op == "&&") return truthy(l, e) ? eval(e->field("right"), env) : l;
    if (op == "||") return truthy(l, e) ? l : eval(e->field("right"), env);
    return (l.k == Value::Undef || l.k == Value::Null) ? eval(e->field("right"), env) : l;
  }
  if (op == "in" || op == "instanceof") error(e, "operator " + op + " is not allowed in kernels");
  Value l = eval(e->field("left"), env);
  Value r = eval(e->field("right"), env);
  if (mut_) op = mut_->binary(e->field("operator")->loc, op, l.k == Value::Rt || r.k == Value::Rt);
  return static_binary(op, l, r, e);
}

Value Stager::eval_unary(const Ast* e, Env* env) {
  std::string op = e->field("operator")->type;
  if (op == "typeof") {
    const Ast* arg = e->field("argument");
    Value v = eval(arg, env);
    switch (v.k) {
      case Value::Undef: return Value::str("undefined");
      case Value::Bool: return Value::str("boolean");
      case Value::Num: return Value::str("number");
      case Value::Big: return Value::str("bigint");
      case Value::Str: return Value::str("string");
      case Value::Fn: return Value::str("function");
      case Value::Nat: return Value::str(v.nat->kind == Native::View ? "object" : "function");
      default: return Value::str("object");
    }
  }
  if (op == "delete" || op == "void") error(e, "operator " + op + " is not allowed in kernels");
  Value v = eval(e->field("argument"), env);
  if (v.k == Value::Rt) {
    if (op == "~") return rt_unary(Op::Not, v, e);
    if (op == "!") return rt_unary(Op::Eqz, v, e);
    if (op == "-") {
      Value zero = rt_const(Value::num(0), v.ty, e);
      return rt_binary(Op::Sub, zero, v, e);
    }
    error(e, "unary " + op + " is not defined on runtime values");
  }
  if (op == "!") return Value::boolean(!truthy(v, e));
  if (v.k == Value::Big) {
    if (op == "-") return Value::bigint(-v.big);
    if (op == "~") return Value::bigint(~v.big);
    error(e, "unary " + op + " is not defined on BigInts");
  }
  if (v.k != Value::Num) error(e, "unary " + op + " needs a number, not " + describe(v));
  if (op == "-") return Value::num(-v.n);
  if (op == "+") return v;
  if (op == "~") return Value::num(~to_int32(v.n));
  error(e, "unary " + op + " is not allowed in kernels");
}

Module stage_module(const std::string& root, const std::string& rel_path, SourceSet& sources, const std::string& contain,
                    bool library_ok, Mutator* mut) {
  std::string base = std::filesystem::path(contain).lexically_normal().generic_string();
  if (base == ".") base.clear();
  if (!base.empty() && base.back() == '/') base.pop_back();
  Stager s(root, sources, base);
  s.library_ok_ = library_ok;
  s.mut_ = mut;
  Module m = s.run(rel_path);
  // The constant-time check (ct.cpp) is part of staging: a kernel that leaks a secret does not stage.
  check_constant_time(m);
  return m;
}

}  // namespace awasmc
