// Pass 7 for the js target: unrolled plain JavaScript from the lowered IR (all
// values are 32-bit, held as int32 numbers). Each op's expression comes from
// the op table's JS template; temporaries are `const tN`, locals `lN`.
// Only the locals the code names are declared. Shorter forms where they mean the
// same int32 value: a shr_u inside an op that converts to int32 anyway has no
// `| 0`, a multiply by a power of two is a shift, and an index `x + c` folds c
// into the element offset.
#include <cstdio>
#include <functional>
#include <map>
#include <set>

#include "emit.h"
#include "names.h"
#include "schedule.h"

namespace awasmc {

namespace {

bool is_atom(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}
std::string paren(const std::string& s) { return is_atom(s) ? s : "(" + s + ")"; }

std::string js_const(uint64_t v) {
  int32_t s = static_cast<int32_t>(static_cast<uint32_t>(v));
  char buf[32];
  if (s >= 0 && s < 256) std::snprintf(buf, sizeof buf, "%d", s);
  else if (s >= 0) std::snprintf(buf, sizeof buf, "0x%x", static_cast<unsigned>(s));
  else std::snprintf(buf, sizeof buf, "0x%x | 0", static_cast<unsigned>(static_cast<uint32_t>(v)));
  return buf;
}

const char* view_of(Ty mt, int& shift) {
  switch (mt) {
    case Ty::U8: shift = 0; return "M8";
    case Ty::U16: shift = 1; return "M16";
    default: shift = 2; return "M32";
  }
}

// What a piece of emitted code reads and writes, for splitting big blocks.
struct Refs {
  std::set<uint32_t> t_used, t_defined, l_used, l_set;
  void merge(const Refs& o) {
    t_used.insert(o.t_used.begin(), o.t_used.end());
    t_defined.insert(o.t_defined.begin(), o.t_defined.end());
    l_used.insert(o.l_used.begin(), o.l_used.end());
    l_set.insert(o.l_set.begin(), o.l_set.end());
  }
};

// V8 does not optimize functions whose bytecode exceeds a limit (about 60 KB),
// and a fully unrolled kernel can be far bigger. Blocks larger than this many
// characters of JavaScript are split into parts, each its own function; values
// that cross a part boundary go through a per-kernel Int32Array `X_name`.
constexpr size_t kSplitAbove = 40000, kPartSize = 24000;

struct JsEmitter {
  const Function& f;
  const SourceSet& sources;
  Schedule sch;
  std::string helpers;  // part functions, emitted before the kernel function
  std::vector<std::string> slot_of;  // slot index -> "t12" / "l3"
  std::map<std::string, size_t> slots;
  int parts = 0;
  Refs* rec = nullptr;
  std::set<uint32_t> named;    // the locals the emitted code names (only those are declared)

  size_t slot(const std::string& name) {
    auto it = slots.find(name);
    if (it != slots.end()) return it->second;
    slots[name] = slot_of.size();
    slot_of.push_back(name);
    return slot_of.size() - 1;
  }
  std::string xname() const { return "X_" + f.name; }
  // Temporaries "t12" and locals "l3". Built by appending: GCC 12 at -O3 gives a
  // false -Wrestrict warning for "t" + std::to_string(n).
  static std::string tname(uint64_t id) {
    std::string s = "t";
    s += std::to_string(id);
    return s;
  }
  static std::string lname(uint64_t l) {
    std::string s = "l";
    s += std::to_string(l);
    return s;
  }

  std::string expr(uint32_t id) {
    if (!sch.inlined[id]) {
      if (rec) rec->t_used.insert(id);
      return tname(id);
    }
    return build(id, false);
  }
  // An operand that the op's template converts to int32 itself (bitwise ops and shifts): a
  // shr_u there needs no `| 0` of its own.
  std::string operand(uint32_t id, bool int32_context) {
    if (int32_context && sch.inlined[id] && f[id].op == Op::ShrU) return build(id, true);
    return expr(id);
  }
  std::string address(const Node& n) {
    Ty mt = static_cast<Ty>(n.imm2);
    int shift;
    const char* view = view_of(mt, shift);
    uint64_t base = n.imm >> shift;
    std::string idx;
    uint32_t a = n.a;
    // An inlined `x + c` as the index: x + (c + base). The same element for every index inside
    // the memory (an index that wraps int32 is outside it either way).
    if (a && sch.inlined[a] && f[a].op == Op::Add) {
      const Node& add = f[a];
      for (int k = 0; k < 2; k++) {
        const Node& c = f[add.operand(k)];
        if (c.op != Op::Const || static_cast<int32_t>(static_cast<uint32_t>(c.imm)) < 0) continue;
        base += static_cast<uint32_t>(c.imm);
        a = add.operand(1 - k);
        break;
      }
    }
    if (a) idx = base ? paren(expr(a)) + " + " + std::to_string(base) : expr(a);
    else idx = std::to_string(base);
    return std::string(view) + "[" + idx + "]";
  }
  std::string local(uint64_t l, bool set) {
    named.insert(static_cast<uint32_t>(l));
    if (rec) (set ? rec->l_set : rec->l_used).insert(static_cast<uint32_t>(l));
    return lname(l);
  }
  // `int32_context`: the caller converts the value to int32 (a shr_u may leave out its `| 0`).
  std::string build(uint32_t id, bool int32_context) {
    const Node& n = f[id];
    switch (n.op) {
      case Op::Const: return js_const(n.imm);
      case Op::LocalGet: return local(n.imm, false);
      case Op::Load: return address(n);
      case Op::ShrU:
        if (int32_context) return paren(operand(n.a, true)) + " >>> " + paren(operand(n.b, true));
        break;
      case Op::Mul:  // by a power of two: a shift (the same low 32 bits)
        for (int k = 0; k < 2; k++) {
          const Node& c = f[n.operand(k)];
          uint32_t v = static_cast<uint32_t>(c.imm);
          if (c.op == Op::Const && v > 1 && (v & (v - 1)) == 0) {
            int sh = 0;
            while ((1u << sh) != v) sh++;
            return paren(operand(n.operand(1 - k), true)) + " << " + std::to_string(sh);
          }
        }
        break;
      default: break;
    }
    const char* tpl = op_info(n.op).js;
    if (!tpl[0]) fail(n.loc, std::string("internal: ") + op_info(n.op).text + " reached the js emitter");
    const bool bitwise = n.op == Op::And || n.op == Op::Or || n.op == Op::Xor || n.op == Op::Shl ||
                         n.op == Op::ShrU || n.op == Op::ShrS || n.op == Op::Not;
    std::string s;
    for (const char* p = tpl; *p; p++) {
      if (*p == '$' && p[1] >= '0' && p[1] <= '2') {
        s += paren(operand(n.operand(p[1] - '0'), bitwise));
        p++;
      } else {
        s += *p;
      }
    }
    return s;
  }
  std::string where(SrcLoc loc) { return js_comment(sources.where(loc)); }  // for `// file:line` comments

  // One statement of a block, as text; records what it references in `r`.
  std::string statement(const Stmt& s, int depth, Refs& r) {
    Refs* saved = rec;
    rec = &r;
    std::string ind(2 * depth, ' ');
    std::string out;
    if (s.kind == Stmt::Loop) {
      std::string k = local(s.local, true);
      local(s.local, false);
      std::string cnt = paren(expr(s.node));
      out += ind + "for (" + k + " = 0; (" + k + " >>> 0) < (" + cnt + " >>> 0); " + k + " = (" + k + " + 1) | 0) { // " + where(s.loc) + "\n";
      out += block(s.body, depth + 1);
      out += ind + "}\n";
    } else if (s.kind == Stmt::If) {
      out += ind + "if (" + expr(s.node) + ") { // " + where(s.loc) + "\n";
      out += block(s.body, depth + 1);
      if (!s.els.empty()) {
        out += ind + "} else {\n";
        out += block(s.els, depth + 1);
      }
      out += ind + "}\n";
    } else {
      const Node& n = f[s.node];
      switch (n.op) {
        case Op::LocalSet: {
          std::string v = expr(n.a);
          out += ind + local(n.imm, true) + " = " + v + ";\n";
          break;
        }
        case Op::Store: out += ind + address(n) + " = " + expr(n.b) + ";\n"; break;
        case Op::Return:
          if (!slot_of.empty()) out += ind + xname() + ".fill(0); // no intermediate values stay behind\n";
          if (!n.a) out += ind + "return;\n";
          else if (f.result == Ty::U32) out += ind + "return " + paren(expr(n.a)) + " >>> 0;\n";
          else out += ind + "return " + expr(n.a) + ";\n";
          break;
        default:
          if (!sch.inlined[s.node]) {
            r.t_defined.insert(s.node);
            out += ind + "const t" + std::to_string(s.node) + " = " + build(s.node, false) + ";\n";
          }
      }
    }
    rec = saved;
    if (rec) rec->merge(r);
    return out;
  }

  std::string block(const Block& b, int depth) {
    std::vector<std::string> text(b.size());
    std::vector<Refs> refs(b.size());
    size_t total = 0;
    bool has_return = false;
    for (size_t i = 0; i < b.size(); i++) {
      text[i] = statement(b[i], depth, refs[i]);
      total += text[i].size();
      has_return |= b[i].kind == Stmt::Def && f[b[i].node].op == Op::Return;
    }
    std::string out;
    if (total <= kSplitAbove || has_return) {
      for (auto& t : text) out += t;
      return out;
    }
    // Split into parts of about kPartSize characters.
    std::vector<std::pair<size_t, size_t>> ranges;
    for (size_t i = 0; i < b.size();) {
      size_t j = i, size = 0;
      while (j < b.size() && (j == i || size + text[j].size() <= kPartSize)) size += text[j++].size();
      ranges.emplace_back(i, j);
      i = j;
    }
    std::vector<Refs> part(ranges.size());
    for (size_t p = 0; p < ranges.size(); p++)
      for (size_t i = ranges[p].first; i < ranges[p].second; i++) part[p].merge(refs[i]);
    std::set<uint32_t> all_t_defined, locals;
    for (auto& r : part) {
      all_t_defined.insert(r.t_defined.begin(), r.t_defined.end());
      locals.insert(r.l_used.begin(), r.l_used.end());
      locals.insert(r.l_set.begin(), r.l_set.end());
    }
    std::string ind(2 * depth, ' ');
    std::string X = xname();
    // The caller hands over outer temporaries and every local the parts touch.
    for (size_t p = 0; p < ranges.size(); p++)
      for (uint32_t t : part[p].t_used)
        if (!all_t_defined.count(t)) {
          std::string nm = tname(t);
          out += ind + X + "[" + std::to_string(slot(nm)) + "] = " + nm + ";\n";
          if (rec) rec->t_used.insert(t);
        }
    for (uint32_t l : locals) {
      std::string nm = lname(l);
      out += ind + X + "[" + std::to_string(slot(nm)) + "] = " + nm + ";\n";
      if (rec) rec->l_used.insert(l), rec->l_set.insert(l);
    }
    for (size_t p = 0; p < ranges.size(); p++) {
      std::string name = f.name + "_part" + std::to_string(parts++);
      std::string fn = "  function " + name + "() { // a part of " + js_comment(f.name) + ", split to stay optimizable\n";
      for (uint32_t t : part[p].t_used)
        if (!part[p].t_defined.count(t)) {
          std::string nm = tname(t);
          fn += "    const " + nm + " = " + X + "[" + std::to_string(slot(nm)) + "];\n";
        }
      for (uint32_t l : locals) {
        if (!part[p].l_used.count(l) && !part[p].l_set.count(l)) continue;
        std::string nm = lname(l);
        fn += "    let " + nm + " = " + X + "[" + std::to_string(slot(nm)) + "];\n";
      }
      std::string code;
      for (size_t i = ranges[p].first; i < ranges[p].second; i++) code += text[i];
      fn += view_aliases(code) + code;
      for (uint32_t t : part[p].t_defined) {
        bool later = false;
        for (size_t q = p + 1; q < ranges.size(); q++) later |= part[q].t_used.count(t) > 0;
        if (!later) continue;
        std::string nm = tname(t);
        fn += "    " + X + "[" + std::to_string(slot(nm)) + "] = " + nm + ";\n";
      }
      for (uint32_t l : part[p].l_set) {
        std::string nm = lname(l);
        fn += "    " + X + "[" + std::to_string(slot(nm)) + "] = " + nm + ";\n";
      }
      fn += "  }\n";
      helpers += fn;
      out += ind + name + "();\n";
    }
    for (uint32_t l : locals) {
      std::string nm = lname(l);
      out += ind + nm + " = " + X + "[" + std::to_string(slot(nm)) + "];\n";
    }
    return out;
  }

  // The memory views the code indexes, as constants of the function itself: `make`'s views
  // (X_M8, X_M16, X_M32) read from the closure inside a loop nest lost V8's constant folding of
  // the typed array (a map check, the length and the data pointer loaded again and spilled for
  // every access: docs/notes.md, jsctr); a local const taken at the function's entry keeps it.
  static std::string view_aliases(const std::string& code) {
    std::string decl;
    for (const char* v : {"M8", "M16", "M32"})
      if (code.find(std::string(v) + "[") != std::string::npos) decl += (decl.empty() ? "    const " : ", ") + std::string(v) + " = X_" + v;
    return decl.empty() ? decl : decl + ";\n";
  }

  std::string run() {
    sch = schedule_function(f);
    std::string head = "  // " + where(f.loc) + "\n  function " + f.name + "(";
    for (uint32_t i = 0; i < f.nparams; i++) head += (i ? ", l" : "l") + std::to_string(i);
    head += ") {\n";
    for (uint32_t i = 0; i < f.nparams; i++) head += "    l" + std::to_string(i) + " |= 0;\n";  // numbers -> int32
    std::string body = block(f.body, 2);
    std::string decl;
    for (size_t i = f.nparams; i < f.locals.size(); i++)
      if (named.count(static_cast<uint32_t>(i))) decl += (decl.empty() ? "l" : ", l") + std::to_string(i) + " = 0";
    if (!decl.empty()) head += "    let " + decl + ";\n";
    head += view_aliases(body);
    if (f.result == Ty::None && !slot_of.empty()) body += "    " + xname() + ".fill(0); // no intermediate values stay behind\n";
    std::string out;
    if (!slot_of.empty()) out += "  const " + xname() + " = new Int32Array(" + std::to_string(slot_of.size()) + ");\n";
    out += helpers + head + body + "  }\n";
    return out;
  }
};

}  // namespace

// Every kernel function is a descriptor whose make(X_M8, X_M16, X_M32) returns the function over
// the memory link() creates (runtime/link.js), so that a bundler drops the unused ones. (The
// names start with X_, which kernel names cannot: names.cpp.)
std::string emit_js_target(const Module& m, const SourceSet& sources) {
  std::string out = target_header(m, Target::Js);
  out += "import { linkJs } from '../../runtime/link.js';\n";
  out += target_layout(m);
  for (const Function& f : m.functions) {
    JsEmitter e{f, sources, {}, {}, {}, {}, 0, nullptr, {}};
    out += descriptor_head(m, f, true) + ", make(X_M8, X_M16, X_M32) {\n" + e.run() + "  return " + f.name + ";\n} });\n";
  }
  // A module with a heap links with { heapBytes } (runtime/link.js); the others as before.
  if (has_heap(m)) out += target_link(m, "linkJs(memoryBytes + " + heap_pages_js() + " * 65536, list)", "list, at");
  else out += target_link(m, "linkJs(memoryBytes, list)");
  return out;
}

}  // namespace awasmc
