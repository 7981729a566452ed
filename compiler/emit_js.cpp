// Pass 7 for the js target: unrolled plain JavaScript from the lowered IR (all
// values are 32-bit, held as int32 numbers). Each op's expression comes from
// the op table's JS template; temporaries are `const tN`, locals `lN`.
#include <cstdio>
#include <functional>

#include "emit.h"
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

struct JsEmitter {
  const Function& f;
  const SourceSet& sources;
  Schedule sch;
  std::string out;

  std::string expr(uint32_t id) {
    if (!sch.inlined[id]) return "t" + std::to_string(id);
    return build(id);
  }
  std::string address(const Node& n) {
    Ty mt = static_cast<Ty>(n.imm2);
    int shift;
    const char* view = view_of(mt, shift);
    uint64_t base = n.imm >> shift;
    std::string idx;
    if (n.a) idx = base ? paren(expr(n.a)) + " + " + std::to_string(base) : expr(n.a);
    else idx = std::to_string(base);
    return std::string(view) + "[" + idx + "]";
  }
  std::string build(uint32_t id) {
    const Node& n = f[id];
    switch (n.op) {
      case Op::Const: return js_const(n.imm);
      case Op::LocalGet: return "l" + std::to_string(n.imm);
      case Op::Load: return address(n);
      default: break;
    }
    const char* tpl = op_info(n.op).js;
    if (!tpl[0]) fail(n.loc, std::string("internal: ") + op_info(n.op).text + " reached the js emitter");
    std::string s;
    for (const char* p = tpl; *p; p++) {
      if (*p == '$' && p[1] >= '0' && p[1] <= '2') {
        s += paren(expr(n.operand(p[1] - '0')));
        p++;
      } else {
        s += *p;
      }
    }
    return s;
  }
  std::string where(SrcLoc loc) { return sources.where(loc); }

  void block(const Block& b, int depth) {
    std::string ind(2 * depth, ' ');
    for (const Stmt& s : b) {
      if (s.kind == Stmt::Loop) {
        std::string k = "l" + std::to_string(s.local);
        std::string cnt = paren(expr(s.node));
        out += ind + "for (" + k + " = 0; (" + k + " >>> 0) < (" + cnt + " >>> 0); " + k + " = (" + k + " + 1) | 0) { // " + where(s.loc) + "\n";
        block(s.body, depth + 1);
        out += ind + "}\n";
        continue;
      }
      if (s.kind == Stmt::If) {
        out += ind + "if (" + expr(s.node) + ") { // " + where(s.loc) + "\n";
        block(s.body, depth + 1);
        if (!s.els.empty()) {
          out += ind + "} else {\n";
          block(s.els, depth + 1);
        }
        out += ind + "}\n";
        continue;
      }
      const Node& n = f[s.node];
      switch (n.op) {
        case Op::LocalSet: out += ind + "l" + std::to_string(n.imm) + " = " + expr(n.a) + ";\n"; break;
        case Op::Store: out += ind + address(n) + " = " + expr(n.b) + ";\n"; break;
        case Op::Return:
          if (!n.a) out += ind + "return;\n";
          else if (f.result == Ty::U32) out += ind + "return " + paren(expr(n.a)) + " >>> 0;\n";
          else out += ind + "return " + expr(n.a) + ";\n";
          break;
        default:
          if (!sch.inlined[s.node]) out += ind + "const t" + std::to_string(s.node) + " = " + build(s.node) + ";\n";
      }
    }
  }

  std::string run() {
    sch = schedule_function(f);
    out = "  // " + where(f.loc) + "\n  function " + f.name + "(";
    for (uint32_t i = 0; i < f.nparams; i++) out += (i ? ", l" : "l") + std::to_string(i);
    out += ") {\n";
    for (uint32_t i = 0; i < f.nparams; i++) out += "    l" + std::to_string(i) + " |= 0;\n";  // numbers -> int32
    if (f.locals.size() > f.nparams) {
      out += "    let ";
      for (size_t i = f.nparams; i < f.locals.size(); i++) out += (i > f.nparams ? ", l" : "l") + std::to_string(i) + " = 0";
      out += ";\n";
    }
    block(f.body, 2);
    out += "  }\n";
    return out;
  }
};

}  // namespace

std::string emit_js_target(const Module& m, const SourceSet& sources) {
  std::string out = target_header(m, Target::Js);
  out += target_layout(m);
  out += "export function instantiate() {\n";
  out += "  if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) throw new Error('the js target of awasmc needs a little-endian platform');\n";
  out += "  const buffer = new ArrayBuffer(memoryBytes);\n";
  out += "  const M8 = new Uint8Array(buffer);\n  const M16 = new Uint16Array(buffer);\n  const M32 = new Int32Array(buffer);\n";
  for (const Function& f : m.functions) {
    JsEmitter e{f, sources, {}, {}};
    out += e.run();
  }
  out += "  return { mem: M8, fns: { ";
  for (size_t i = 0; i < m.functions.size(); i++) out += (i ? ", " : "") + m.functions[i].name;
  out += " } };\n}\n";
  return out;
}

}  // namespace awasmc
