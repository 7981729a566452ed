// Pass 7 for the runtime target: dense bytecode of the lowered IR for the tiny interpreter in
// runtime/interp.js. A register machine in SSA form: every value-producing instruction writes a
// register of its own (the next one: no destination operand), and an operand names either a value
// by its distance back in the stream of values (1 = the value just before) or a fixed register: a
// local, or a constant of the function's pool. Each op has only the operands it needs, every field
// is a base-45 varint written in 90 printable characters, and the stream gzips well: the same
// shape of code gives the same text wherever it stands (distances, not register numbers), and the
// most used locals and constants get the one-character register numbers. docs/architecture.md
// ("The runtime bytecode") describes the format; interp.js's FORMATS table is its other half.
#include <algorithm>
#include <map>

#include "emit.h"
#include "names.h"
#include "schedule.h"

namespace awasmc {

namespace {

// The interpreter's ops in the order of their opcodes, with the fields each has in the text
// (FORMATS in runtime/interp.js): v the instruction's value (implicit), r an operand, n a number
// (a fixed register, an element offset or an immediate), j / J a jump target as a distance forward
// / back in instructions. `const` only comes from the constant pool; `to k` is a prefix: the next
// instruction writes its value to fixed register k. A program begins with kVersion, which the
// interpreter checks, so that a program and an interpreter of different tables never meet.
constexpr int kVersion = 3;
constexpr std::pair<const char*, const char*> kOps[] = {
    {"const", ""}, {"mov", "vr"}, {"set", "nr"}, {"load8", "vrn"}, {"load16", "vrn"}, {"load32", "vrn"},
    {"store8", "rrn"}, {"store16", "rrn"}, {"store32", "rrn"}, {"return", "r"}, {"add", "vrr"}, {"sub", "vrr"},
    {"mul", "vrr"}, {"and", "vrr"}, {"or", "vrr"}, {"xor", "vrr"}, {"shl", "vrr"}, {"shr_u", "vrr"}, {"shr_s", "vrr"},
    {"eq", "vrr"}, {"ne", "vrr"}, {"lt_u", "vrr"}, {"lt_s", "vrr"}, {"le_u", "vrr"}, {"le_s", "vrr"}, {"not", "vr"},
    {"eqz", "vr"}, {"select", "vrrr"}, {"fsr", "vrrn"}, {"fsl", "vrrr"}, {"loop_test", "nrj"}, {"loop_next", "nJ"},
    {"jump", "j"}, {"jump_if_zero", "rj"}, {"carry", "vrrr"}, {"to", "n"},
    {"mulhi_u", "vrrr"},  // after `to`, so that programs without it kept their bytes
};
int opcode(const std::string& name) {
  for (size_t i = 0; i < std::size(kOps); i++)
    if (name == kOps[i].first) return static_cast<int>(i);
  return -1;
}
// a > b is b < a, a >= b is b <= a: four ops fewer in the interpreter.
const std::map<std::string, std::string> kSwapped = {{"gt_u", "lt_u"}, {"gt_s", "lt_s"}, {"ge_u", "le_u"}, {"ge_s", "le_s"}};

// What an operand names: a local, a constant (by value) or the value of an instruction (by its
// number in the stream of values).
struct Ref {
  enum Kind : uint8_t { Local, Const, Value } kind = Const;
  uint32_t id = 0;
  auto key() const { return std::pair<int, uint32_t>(kind, id); }
};

struct Field {
  char t;  // r (ref), L (a local's register, as a number), n (number), j / J (target instruction)
  Ref ref;
  int64_t n = 0;
};

struct Ins {
  std::string op;
  std::vector<Field> fields;
  int64_t value = -1;  // the value it makes (its number in emission order), or -1
  int64_t dest = -1;   // a local it writes its value to instead (see moves())
  bool dead = false;   // removed by moves()
};

bool is_control(const std::string& op) { return op == "loop_test" || op == "loop_next" || op == "jump" || op == "jump_if_zero"; }
// Whether the instruction writes local k.
bool writes(const Ins& in, uint32_t k) {
  if (in.dest == static_cast<int64_t>(k)) return true;
  return (in.op == "set" || in.op == "loop_next") && in.fields[0].ref.id == k;
}
// Whether it reads local k.
bool reads(const Ins& in, uint32_t k) {
  for (const Field& x : in.fields)
    if ((x.t == 'r' || x.t == 'L') && x.ref.kind == Ref::Local && x.ref.id == k && !(x.t == 'L' && in.op == "set")) return true;
  return false;
}

// Fewer moves, on straight-line stretches of the code (no jump or loop op in between):
// - a copy of local k (mov: a read that the schedule could not leave at its uses, since it has
//   several) is dropped and its uses read k itself when nothing writes k before the last of them;
// - a value whose only use is `set k` is written to k directly (prefix `to k`) when nothing reads
//   or writes k in between.
// In a run of sets [w, last] (the write-back at the end of a loop body), moves `set k` at w to
// after `last`, where the sets in between neither read nor write k, the set's operand is not a
// local they write, and no jump lands inside: then reads of k's old value up to `last` (the
// copies moves() drops) stay right.
bool sink(std::vector<Ins>& code, size_t w, size_t last, uint32_t k) {
  const Ins& set = code[w];
  if (set.op != "set") return false;
  for (const Ins& in : code)
    for (const Field& x : in.fields)
      if ((x.t == 'j' || x.t == 'J') && x.n > static_cast<int64_t>(w) && x.n <= static_cast<int64_t>(last)) return false;
  const Ref src = set.fields[1].ref;
  for (size_t j = w + 1; j <= last; j++) {
    const Ins& in = code[j];
    if (in.dead) continue;
    if (in.op != "set" || in.dest >= 0 || in.fields[0].ref.id == k) return false;
    if (in.fields[1].ref.kind == Ref::Local && in.fields[1].ref.id == k) return false;
    if (src.kind == Ref::Local && in.fields[0].ref.id == src.id) return false;
  }
  std::rotate(code.begin() + static_cast<std::ptrdiff_t>(w), code.begin() + static_cast<std::ptrdiff_t>(w) + 1,
              code.begin() + static_cast<std::ptrdiff_t>(last) + 1);
  return true;
}

// Whether the instruction names local k at all (reads, writes, loop counter).
bool touches(const Ins& in, uint32_t k) {
  if (in.dest == static_cast<int64_t>(k)) return true;
  for (const Field& x : in.fields)
    if ((x.t == 'r' || x.t == 'L') && x.ref.kind == Ref::Local && x.ref.id == k) return true;
  return false;
}

// One local for a value carried into a loop and back: the stager gives every runtime loop fresh
// locals for the values it carries, so a loop on j is typically `j <- i` (or j <- a new value)
// before it and `set i <- j` after it. When j is named nowhere else, its first use writes it and
// nothing in between names i, j becomes i and the sets that copy go.
void coalesce(std::vector<Ins>& code, uint32_t nparams) {
  for (size_t last = 0; last < code.size(); last++) {
    const Ins& back = code[last];
    if (back.dead || back.op != "set" || back.dest >= 0 || back.fields[1].ref.kind != Ref::Local) continue;
    const uint32_t i = back.fields[0].ref.id, j = back.fields[1].ref.id;
    if (i == j || j < nparams) continue;
    size_t p1 = code.size(), end = 0;
    for (size_t q = 0; q < code.size(); q++)
      if (!code[q].dead && touches(code[q], j)) p1 = std::min(p1, q), end = q;
    if (end != last || p1 >= last) continue;
    Ins& first = code[p1];
    const bool writes_j = first.dest == static_cast<int64_t>(j) || (first.op == "set" && first.fields[0].ref.id == j);
    if (!writes_j || reads(first, j)) continue;
    bool ok = true;
    for (size_t q = p1 + 1; q < last && ok; q++) ok = code[q].dead || !touches(code[q], i);
    // No jump into or out of the stretch.
    auto inside = [&](int64_t q) { return q > static_cast<int64_t>(p1) && q < static_cast<int64_t>(last); };
    for (size_t q = 0; q < code.size() && ok; q++)
      for (const Field& x : code[q].fields)
        if ((x.t == 'j' || x.t == 'J') && !code[q].dead && inside(static_cast<int64_t>(q)) != (inside(x.n) || x.n == static_cast<int64_t>(last)))
          ok = false;
    if (!ok) continue;
    for (size_t q = p1; q < last; q++) {
      Ins& c = code[q];
      if (c.dest == static_cast<int64_t>(j)) c.dest = i;
      for (Field& x : c.fields)
        if ((x.t == 'r' || x.t == 'L') && x.ref.kind == Ref::Local && x.ref.id == j) x.ref.id = i;
    }
    if (first.op == "set" && first.dest < 0 && first.fields[1].ref.kind == Ref::Local && first.fields[1].ref.id == i) first.dead = true;
    code[last].dead = true;
  }
}

void moves(std::vector<Ins>& code, uint32_t nparams) {
  auto uses_of = [&](int64_t v) {
    std::vector<size_t> at;
    for (size_t i = 0; i < code.size(); i++)
      for (const Field& x : code[i].fields)
        if (x.t == 'r' && x.ref.kind == Ref::Value && x.ref.id == v && !code[i].dead) at.push_back(i);
    return at;
  };
  auto straight = [&](size_t from, size_t to) {
    for (size_t i = from; i <= to && i < code.size(); i++)
      if (!code[i].dead && is_control(code[i].op)) return false;
    return true;
  };
  for (size_t i = 0; i < code.size(); i++) {
    Ins& mv = code[i];
    if (mv.op != "mov" || mv.fields[0].ref.kind != Ref::Local) continue;
    const uint32_t k = mv.fields[0].ref.id;
    std::vector<size_t> at = uses_of(mv.value);
    const size_t last = at.empty() ? i : at.back();
    if (!straight(i + 1, last)) {
      // Uses across loops or branches: nothing in between may write k, up to the end of every
      // loop that begins before the last use (its next iteration comes after that use).
      size_t end = last;
      for (size_t j = i + 1; j <= end; j++)
        if (!code[j].dead && code[j].op == "loop_test") end = std::max(end, static_cast<size_t>(code[j].fields[2].n) - 1);
      bool ok = true;
      for (size_t j = i + 1; j <= end && ok; j++) ok = code[j].dead || !writes(code[j], k) || (j == last && end == last);
      if (!ok) continue;
    } else {
      size_t w = i + 1;
      while (w < last && (code[w].dead || !writes(code[w], k))) w++;
      if (w < last && !sink(code, w, last, k)) continue;
      at = uses_of(mv.value);
    }
    for (size_t j : at)
      for (Field& x : code[j].fields)
        if (x.t == 'r' && x.ref.kind == Ref::Value && x.ref.id == mv.value) x.ref = {Ref::Local, k};
    mv.dead = true;
  }
  coalesce(code, nparams);
  for (Ins& in : code)  // `set k <- k`, left by coalescing
    if (in.op == "set" && in.dest < 0 && in.fields[1].ref.kind == Ref::Local && in.fields[1].ref.id == in.fields[0].ref.id)
      in.dead = true;
  std::map<int64_t, size_t> def;  // value -> its instruction
  for (size_t i = 0; i < code.size(); i++)
    if (code[i].value >= 0) def[code[i].value] = i;
  for (size_t s = 0; s < code.size(); s++) {
    Ins& set = code[s];
    if (set.dead || set.op != "set" || set.fields[1].ref.kind != Ref::Value) continue;
    const uint32_t k = set.fields[0].ref.id;
    const int64_t v = set.fields[1].ref.id;
    const size_t d = def.at(v);
    if (code[d].dest >= 0 || uses_of(v).size() != 1 || !straight(d + 1, s - 1)) continue;
    bool ok = true;
    for (size_t j = d + 1; j < s && ok; j++) ok = code[j].dead || (!writes(code[j], k) && !reads(code[j], k));
    if (!ok) continue;
    code[d].dest = k;
    set.dead = true;
  }
}

const char* mem_suffix(Ty t) { return t == Ty::U8 ? "8" : t == Ty::U16 ? "16" : "32"; }

struct FnCompiler {
  const Function& f;
  Schedule sch = schedule_function(f);
  std::vector<Ins> code;
  std::vector<int64_t> slot;      // per node: its value number, or -1
  std::vector<uint8_t> fused;     // per node: a shift folded into the funnel shift of its use
  uint32_t values = 0;

  explicit FnCompiler(const Function& fn) : f(fn), slot(fn.nodes.size(), -1), fused(fn.nodes.size(), 0) {
    // (p >>> k) | (q << (32 - k)) with both shifts used only there, inline: one `fsr` (rotations
    // and the halves of 64-bit rotations and shifts, after lower_ops / lower_u64).
    for (uint32_t id = 1; id < f.nodes.size(); id++) {
      uint32_t s = 0, t = 0;
      if (funnel(id, s, t) || funnel_left(id, s, t)) fused[s] = fused[t] = 1;
      if (funnel_left(id, s, t) && single(f[s].b)) fused[f[s].b] = 1;
    }
  }

  bool single(uint32_t id) const { return sch.inlined[id] && sch.uses[id] == 1; }
  // (q << t) | (p >>> (32 - t)) with a runtime amount t (rotl(x, t) after lower_ops), the shifts
  // used only there: one `fsl`.
  bool funnel_left(uint32_t id, uint32_t& s, uint32_t& t) const {
    const Node& n = f[id];
    if (n.op != Op::Or) return false;
    s = n.a, t = n.b;
    if (f[s].op != Op::ShrU) std::swap(s, t);
    if (f[s].op != Op::ShrU || f[t].op != Op::Shl || !single(s) || !single(t)) return false;
    const Node& sub = f[f[s].b];
    return sub.op == Op::Sub && is_const(sub.a) && static_cast<uint32_t>(f[sub.a].imm) == 32 && sub.b == f[t].b;
  }

  bool is_const(uint32_t id) const { return id && f[id].op == Op::Const; }
  bool funnel(uint32_t id, uint32_t& s, uint32_t& t) const {
    const Node& n = f[id];
    if (n.op != Op::Or) return false;
    s = n.a, t = n.b;
    if (f[s].op != Op::ShrU) std::swap(s, t);
    if (f[s].op != Op::ShrU || f[t].op != Op::Shl) return false;
    if (!sch.inlined[s] || !sch.inlined[t] || sch.uses[s] != 1 || sch.uses[t] != 1) return false;
    if (!is_const(f[s].b) || !is_const(f[t].b)) return false;
    const uint32_t ks = static_cast<uint32_t>(f[f[s].b].imm), kt = static_cast<uint32_t>(f[f[t].b].imm);
    return ks <= 32 && ks + kt == 32;
  }

  Ref ref(uint32_t id) const {
    const Node& n = f[id];
    if (n.op == Op::Const) return {Ref::Const, static_cast<uint32_t>(n.imm)};
    if (n.op == Op::LocalGet && sch.inlined[id]) return {Ref::Local, static_cast<uint32_t>(n.imm)};
    if (n.op == Op::Retag && slot[id] < 0) return ref(n.a);
    if (slot[id] < 0) fail(n.loc, "internal: bytecode operand used before its definition");
    return {Ref::Value, static_cast<uint32_t>(slot[id])};
  }
  Field r(uint32_t id) const { return {'r', id ? ref(id) : Ref{Ref::Const, 0}, 0}; }
  static Field num(int64_t v) { return {'n', {}, v}; }
  static Field local(uint32_t k) { return {'L', {Ref::Local, k}, 0}; }

  size_t emit(const std::string& op, std::vector<Field> fields, uint32_t value_of = 0) {
    code.push_back({op, std::move(fields)});
    if (value_of) code.back().value = slot[value_of] = values++;
    return code.size() - 1;
  }

  void block(const Block& b) {
    for (const Stmt& s : b) {
      if (s.kind == Stmt::Loop) {
        emit("set", {local(s.local), r(0)});
        size_t test = emit("loop_test", {local(s.local), r(s.node), {'j', {}, 0}});
        block(s.body);
        emit("loop_next", {local(s.local), {'J', {}, static_cast<int64_t>(test)}});
        code[test].fields[2].n = static_cast<int64_t>(code.size());
        continue;
      }
      if (s.kind == Stmt::If) {
        size_t jz = emit("jump_if_zero", {r(s.node), {'j', {}, 0}});
        block(s.body);
        size_t jend = s.els.empty() ? 0 : emit("jump", {{'j', {}, 0}});
        code[jz].fields[1].n = static_cast<int64_t>(code.size());
        if (s.els.empty()) continue;
        block(s.els);
        code[jend].fields[0].n = static_cast<int64_t>(code.size());
        continue;
      }
      const uint32_t id = s.node;
      const Node& n = f[id];
      if (fused[id]) continue;
      switch (n.op) {
        case Op::Const: break;  // constants are fixed registers, set once per call
        case Op::LocalGet:
          if (!sch.inlined[id]) emit("mov", {{'r', {Ref::Local, static_cast<uint32_t>(n.imm)}, 0}}, id);
          break;
        case Op::Retag:
          // A retag is its operand, unless that is a local read that may be overwritten before
          // the retag's uses.
          if (!sch.inlined[id] && ref(n.a).kind == Ref::Local) emit("mov", {r(n.a)}, id);
          break;
        case Op::LocalSet: emit("set", {local(static_cast<uint32_t>(n.imm)), r(n.a)}); break;
        case Op::Load:
        case Op::Store: {
          const Ty t = static_cast<Ty>(n.imm2);
          const int size = t == Ty::U8 ? 1 : t == Ty::U16 ? 2 : 4;
          if (n.imm % size) fail(n.loc, "internal: unaligned access reached the bytecode emitter");
          const int64_t at = static_cast<int64_t>(n.imm / size);
          if (n.op == Op::Load) emit(std::string("load") + mem_suffix(t), {r(n.a), num(at)}, id);
          else emit(std::string("store") + mem_suffix(t), {r(n.a), r(n.b), num(at)});
          break;
        }
        case Op::Return: emit("return", {r(n.a)}); break;
        case Op::Or: {
          uint32_t sh = 0, sl = 0;
          if (funnel(id, sh, sl)) {
            emit("fsr", {r(f[sh].a), r(f[sl].a), num(static_cast<int64_t>(f[f[sh].b].imm))}, id);
            break;
          }
          if (funnel_left(id, sh, sl)) {
            emit("fsl", {r(f[sl].a), r(f[sh].a), r(f[sl].b)}, id);
            break;
          }
          [[fallthrough]];
        }
        default: {
          std::string name = op_info(n.op).text;
          const bool swap = kSwapped.count(name);
          if (swap) name = kSwapped.at(name);
          const int code = opcode(name);
          if (ty_is64(n.ty) || ty_vector(n.ty) || code < 0 || kOps[code].second[0] != 'v')
            fail(n.loc, "internal: op '" + name + "' (or a 64-bit or lane value) reached the bytecode emitter");
          const int arity = static_cast<int>(std::string(kOps[code].second).size()) - 1;
          std::vector<Field> fs;
          for (int i = 0; i < arity; i++) fs.push_back(r(n.operand(i)));
          if (swap) std::swap(fs[0], fs[1]);
          emit(name, std::move(fs), id);
        }
      }
    }
  }
};

// A base-45 varint in the 90 characters '#'..'~' without ' and backslash: every digit but the
// last is 45 + digit, most significant first.
void put(std::string& out, uint64_t v) {
  char digits[16];
  int n = 0;
  digits[n++] = static_cast<char>(v % 45);
  for (v /= 45; v; v /= 45) digits[n++] = static_cast<char>(45 + v % 45);
  while (n) {
    int c = 35 + digits[--n];
    if (c >= 39) c++;
    if (c >= 92) c++;
    out += static_cast<char>(c);
  }
}

// The text of one function: the number of fixed registers, the constant pool (register, zigzag
// value), then the instructions: the op (its index in the module's op list) and its fields.
std::string program_text(const Function& f, const std::vector<Ins>& code) {
  // Fixed registers: the parameters first (where the caller puts the arguments), then the locals
  // and constants the code uses, the most used first; the constant 0 is always there (the
  // operand of an absent index or result).
  std::map<std::pair<int, uint32_t>, uint32_t> uses;
  uses[{Ref::Const, 0}] += 0;
  for (const Ins& in : code) {
    if (in.dead) continue;
    if (in.dest >= 0) uses[{Ref::Local, static_cast<uint32_t>(in.dest)}]++;
    for (const Field& x : in.fields)
      if ((x.t == 'r' || x.t == 'L') && x.ref.kind != Ref::Value) uses[x.ref.key()]++;
  }
  std::vector<std::pair<uint32_t, std::pair<int, uint32_t>>> order;
  for (const auto& [k, n] : uses)
    if (!(k.first == Ref::Local && k.second < f.nparams)) order.push_back({n, k});
  std::stable_sort(order.begin(), order.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  std::map<std::pair<int, uint32_t>, uint32_t> reg;
  for (uint32_t i = 0; i < f.nparams; i++) reg[{Ref::Local, i}] = i;
  uint32_t fixed = f.nparams;
  std::vector<std::pair<uint32_t, uint32_t>> pool;
  for (const auto& [n, k] : order) {
    reg[k] = fixed;
    if (k.first == Ref::Const) pool.push_back({fixed, k.second});
    fixed++;
  }

  std::string out;
  put(out, kVersion);
  put(out, fixed);
  put(out, pool.size());
  for (const auto& [r, v] : pool) {
    put(out, r);
    put(out, (v << 1) ^ static_cast<uint32_t>(static_cast<int32_t>(v) >> 31));
  }
  // Live instructions and values, numbered again without the removed ones.
  std::vector<int64_t> index(code.size() + 1), number;
  int64_t live = 0, values = 0;
  for (size_t i = 0; i <= code.size(); i++) {
    index[i] = live;
    if (i == code.size() || code[i].dead) continue;
    live++;
    if (code[i].value >= 0) {
      if (number.size() <= static_cast<size_t>(code[i].value)) number.resize(code[i].value + 1, -1);
      if (code[i].dest < 0) number[code[i].value] = values++;
    }
  }
  auto op = [&](const std::string& name) { put(out, static_cast<uint64_t>(opcode(name))); };
  values = 0;
  for (size_t i = 0; i < code.size(); i++) {
    const Ins& in = code[i];
    if (in.dead) continue;
    if (in.dest >= 0) {
      op("to");
      put(out, reg.at({Ref::Local, static_cast<uint32_t>(in.dest)}));
    }
    op(in.op);
    const int64_t at = index[i];
    for (const Field& x : in.fields) {
      switch (x.t) {
        case 'r':
          if (x.ref.kind == Ref::Value) put(out, 2ull * static_cast<uint64_t>(values - number.at(x.ref.id) - 1));
          else put(out, 2ull * reg.at(x.ref.key()) + 1);
          break;
        case 'L': put(out, reg.at(x.ref.key())); break;
        case 'n': put(out, static_cast<uint64_t>(x.n)); break;
        case 'j': put(out, static_cast<uint64_t>(index[x.n] - at)); break;
        case 'J': put(out, static_cast<uint64_t>(at - index[x.n])); break;
      }
    }
    if (in.value >= 0 && in.dest < 0) values++;
  }
  return out;
}

}  // namespace

// One bytecode program per kernel function (jumps are relative), as descriptors that link()
// (runtime/interp.js) runs over a fresh memory, so that a bundler drops the unused ones.
std::string emit_runtime_target(const Module& m) {
  std::string out = target_header(m, Target::Runtime);
  out += "import { linkProgram } from '../../runtime/interp.js';\n";
  out += target_layout(m);
  for (const Function& f : m.functions) {
    FnCompiler c{f};
    c.block(f.body);
    c.emit("return", {c.r(0)});
    moves(c.code, f.nparams);
    out += descriptor_head(m, f, true) + ", code: " + js_string(program_text(f, c.code)) + " });\n";
  }
  // A module with a heap links with { heapBytes } (runtime/interp.js); the others as before.
  if (has_heap(m)) out += target_link(m, "linkProgram(memoryBytes + " + heap_pages_js() + " * 65536, list)", "list, at");
  else out += target_link(m, "linkProgram(memoryBytes, list)");
  return out;
}

}  // namespace awasmc
