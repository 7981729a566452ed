// The op table's derived data (names, arity, flags), type helpers, scalar op
// semantics (shared by the constant folder and the reference interpreter),
// the IR printer and the IR verifier.
#include "ir.h"

#include <cstdio>

namespace awasmc {

static const OpInfo kOps[] = {
#define OP(name, text, arity, flags, wk, w32, w64, wv32, wv64, wv8, js) {text, arity, flags, js},
#include "ops.def"
#undef OP
};

const OpInfo& op_info(Op op) { return kOps[static_cast<int>(op)]; }

const char* ty_name(Ty t) {
  switch (t) {
    case Ty::None: return "void";
    case Ty::U8: return "u8";
    case Ty::U16: return "u16";
    case Ty::U32: return "u32";
    case Ty::I32: return "i32";
    case Ty::U64: return "u64";
    case Ty::I64: return "i64";
    case Ty::U32x4: return "u32x4";
    case Ty::U64x2: return "u64x2";
    case Ty::U8x16: return "u8x16";
  }
  return "?";
}

int ty_bytes(Ty t) {
  switch (t) {
    case Ty::None: return 0;
    case Ty::U8: return 1;
    case Ty::U16: return 2;
    case Ty::U32: case Ty::I32: return 4;
    case Ty::U64: case Ty::I64: return 8;
    case Ty::U32x4: case Ty::U64x2: case Ty::U8x16: return 16;
  }
  return 0;
}
bool ty_signed(Ty t) { return t == Ty::I32 || t == Ty::I64; }
bool ty_vector(Ty t) { return t == Ty::U32x4 || t == Ty::U64x2 || t == Ty::U8x16; }
int ty_lanes(Ty t) { return t == Ty::U32x4 ? 4 : t == Ty::U64x2 ? 2 : t == Ty::U8x16 ? 16 : 1; }
Ty ty_lane(Ty t) { return t == Ty::U32x4 ? Ty::U32 : t == Ty::U64x2 ? Ty::U64 : t == Ty::U8x16 ? Ty::U8 : t; }
Ty ty_lane_value(Ty t) { return ty_value(ty_lane(t)); }
bool ty_is64(Ty t) { return t == Ty::U64 || t == Ty::I64; }
Ty ty_value(Ty mem) { return mem == Ty::U8 || mem == Ty::U16 ? Ty::U32 : mem; }
uint64_t ty_mask(Ty t) {
  switch (ty_lane(t)) {
    case Ty::U8: return 0xff;
    case Ty::U16: return 0xffff;
    case Ty::U32: case Ty::I32: return 0xffffffffu;
    default: return ~0ull;
  }
}

bool eval_op(Op op, Ty ty, Ty arg_ty, const uint64_t* v, uint64_t& out) {
  if (ty_vector(ty) || ty_vector(arg_ty)) return false;
  const bool w64 = ty_is64(arg_ty);
  const int bits = w64 ? 64 : 32;
  const uint64_t m = w64 ? ~0ull : 0xffffffffull;
  auto sx = [&](uint64_t x) -> int64_t { return w64 ? static_cast<int64_t>(x) : static_cast<int64_t>(static_cast<int32_t>(x)); };
  uint64_t a = v[0] & m, b = v[1] & m;
  uint64_t sh = b & (bits - 1);
  switch (op) {
    case Op::Add: out = a + b; break;
    case Op::Sub: out = a - b; break;
    case Op::Mul: out = a * b; break;
    case Op::And: out = a & b; break;
    case Op::Or: out = a | b; break;
    case Op::Xor: out = a ^ b; break;
    case Op::Andnot: out = a & ~b; break;
    case Op::Shl: out = a << sh; break;
    case Op::ShrU: out = a >> sh; break;
    case Op::ShrS: out = static_cast<uint64_t>(sx(a) >> sh); break;
    case Op::Rotl: out = sh ? (a << sh) | (a >> (bits - sh)) : a; break;
    case Op::Rotr: out = sh ? (a >> sh) | (a << (bits - sh)) : a; break;
    case Op::Eq: out = a == b; break;
    case Op::Ne: out = a != b; break;
    case Op::LtU: out = a < b; break;
    case Op::LtS: out = sx(a) < sx(b); break;
    case Op::LeU: out = a <= b; break;
    case Op::LeS: out = sx(a) <= sx(b); break;
    case Op::GtU: out = a > b; break;
    case Op::GtS: out = sx(a) > sx(b); break;
    case Op::GeU: out = a >= b; break;
    case Op::GeS: out = sx(a) >= sx(b); break;
    case Op::Not: out = ~a; break;
    case Op::Eqz: out = a == 0; break;
    case Op::Bswap: {
      uint64_t r = 0;
      for (int i = 0; i < bits / 8; i++) r = (r << 8) | ((a >> (8 * i)) & 0xff);
      out = r;
      break;
    }
    case Op::Select: out = (v[0] & 0xffffffffu) ? v[1] : v[2]; break;
    case Op::Carry: out = (a + b + (v[2] & m)) >> 32; break;
    case Op::Mul32: out = (v[0] & 0xffffffffu) * (v[1] & 0xffffffffu); break;
    case Op::MulHiU: out = ((v[0] & 0xffffffffu) * (v[1] & 0xffffffffu)) >> 32; break;  // lo (v[2]) is implied
    case Op::ExtendU: out = v[0] & 0xffffffffu; break;
    case Op::ExtendS: out = static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(v[0]))); break;
    case Op::Wrap: out = v[0] & 0xffffffffu; break;
    case Op::Retag: out = v[0]; break;
    default: return false;
  }
  out &= ty_mask(ty);
  return true;
}

// ---------------------------------------------------------------- printer

namespace {

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

void print_block(const Function& f, const Block& b, int depth, std::string& out) {
  std::string ind(2 * depth, ' ');
  for (const Stmt& s : b) {
    if (s.kind == Stmt::Loop) {
      out += ind + "loop %" + std::to_string(s.node) + " counter $" + std::to_string(s.local) + " {\n";
      print_block(f, s.body, depth + 1, out);
      out += ind + "}\n";
      continue;
    }
    if (s.kind == Stmt::If) {
      out += ind + "if %" + std::to_string(s.node) + " {\n";
      print_block(f, s.body, depth + 1, out);
      if (!s.els.empty()) {
        out += ind + "} else {\n";
        print_block(f, s.els, depth + 1, out);
      }
      out += ind + "}\n";
      continue;
    }
    const Node& n = f[s.node];
    const OpInfo& info = op_info(n.op);
    out += ind;
    if (n.ty != Ty::None) out += "%" + std::to_string(s.node) + " = ";
    out += info.text;
    auto arg = [&](uint32_t id) {
      std::string s = "%";  // appended: "%" + std::to_string(id) trips GCC 12's false -Wrestrict at -O3
      s += std::to_string(id);
      return s;
    };
    switch (n.op) {
      case Op::Const:
        out += " " + hex(n.imm);
        if (ty_vector(n.ty)) out += " " + hex(n.imm2);
        break;
      case Op::LocalGet: out += " $" + std::to_string(n.imm); break;
      case Op::LocalSet: out += " $" + std::to_string(n.imm) + ", " + arg(n.a); break;
      case Op::Load:
      case Op::Store: {
        Ty mt = static_cast<Ty>(n.imm2);
        out += std::string(" ") + ty_name(mt) + " [";
        if (n.a) out += arg(n.a) + "*" + std::to_string(ty_bytes(mt)) + " + ";
        out += std::to_string(n.imm) + "]";
        if (n.op == Op::Store) out += ", " + arg(n.b);
        break;
      }
      case Op::ExtractLane: out += " " + arg(n.a) + ", " + std::to_string(n.imm); break;
      case Op::ReplaceLane: out += " " + arg(n.a) + ", " + std::to_string(n.imm) + ", " + arg(n.b); break;
      case Op::Shuffle:
        out += " " + arg(n.a) + ", " + arg(n.b) + ", [";
        for (int k = 0; k < ty_lanes(n.ty); k++) out += (k ? " " : "") + std::to_string(shuffle_index(n, k));
        out += "]";
        break;
      default:
        for (int i = 0; i < info.arity; i++)
          if (n.operand(i)) out += (i ? ", " : " ") + arg(n.operand(i));
    }
    if (n.ty != Ty::None) out += std::string(" : ") + ty_name(n.ty);
    out += "\n";
  }
}

}  // namespace

std::string print_function(const Function& f) {
  std::string out = "func " + f.name + "(";
  for (uint32_t i = 0; i < f.nparams; i++) out += (i ? ", $" : "$") + std::to_string(i) + ": " + ty_name(f.locals[i]);
  out += ")";
  if (f.result != Ty::None) out += std::string(" -> ") + ty_name(f.result);
  if (!f.js_params.empty() || f.js_result != Ty::None) {
    // The JavaScript signature: js(u64, u32) -> u64 [high word at 64].
    out += " js(";
    for (size_t i = 0; i < f.js_params.size(); i++) out += (i ? ", " : "") + std::string(ty_name(f.js_params[i]));
    out += ")";
    if (f.js_result != Ty::None) out += std::string(" -> ") + ty_name(f.js_result) + " [high word at " + std::to_string(f.result_hi) + "]";
  }
  if (!f.targets.empty()) {
    out += " targets(";
    for (size_t i = 0; i < f.targets.size(); i++) out += (i ? ", " : "") + f.targets[i];
    out += ")";
  }
  out += " {\n";
  if (f.locals.size() > f.nparams) {
    out += "  locals";
    for (size_t i = f.nparams; i < f.locals.size(); i++) out += " $" + std::to_string(i) + ": " + ty_name(f.locals[i]);
    out += "\n";
  }
  print_block(f, f.body, 1, out);
  out += "}\n";
  return out;
}

std::string print_module(const Module& m) {
  std::string out = "module " + m.name + " memory " + std::to_string(m.memory_bytes) + "\n";
  for (const Region& r : m.regions)
    out += "region " + r.name + " offset " + std::to_string(r.offset) + " bytes " + std::to_string(r.bytes) + (r.data.empty() ? "" : " data") + (r.heap ? " heap" : "") + (r.data.empty() && !r.secret ? " public" : "") + "\n";
  for (const Function& f : m.functions) {
    out += '\n';
    out += print_function(f);
  }
  return out;
}

// ---------------------------------------------------------------- verifier

namespace {

struct Verifier {
  const Function& f;
  std::vector<uint8_t> defined, seen;

  [[noreturn]] void bad(uint32_t id, const std::string& msg) {
    SrcLoc loc = id < f.nodes.size() ? f.nodes[id].loc : f.loc;
    fail(loc, "IR verifier: function " + f.name + ": %" + std::to_string(id) + ": " + msg);
  }
  Ty use(uint32_t user, uint32_t id) {
    if (id == 0 || id >= f.nodes.size()) bad(user, "operand %" + std::to_string(id) + " out of range");
    if (!defined[id]) bad(user, "operand %" + std::to_string(id) + " is not defined before this use in an enclosing block");
    return f.nodes[id].ty;
  }
  void expect(uint32_t id, bool ok, const char* what) {
    if (!ok) bad(id, std::string(op_info(f.nodes[id].op).text) + ": " + what);
  }
  void local(uint32_t id, uint64_t l, Ty t) {
    if (l >= f.locals.size()) bad(id, "local $" + std::to_string(l) + " out of range");
    expect(id, f.locals[l] == t, "local type mismatch");
  }

  void node(uint32_t id) {
    if (id == 0 || id >= f.nodes.size()) bad(id, "defined node out of range");
    if (seen[id]) bad(id, "node defined twice");
    seen[id] = 1;
    const Node& n = f.nodes[id];
    const OpInfo& info = op_info(n.op);
    Ty t[3] = {Ty::None, Ty::None, Ty::None};
    for (int i = 0; i < info.arity; i++) {
      uint32_t o = n.operand(i);
      bool optional = (n.op == Op::Load && i == 0) || (n.op == Op::Store && i == 0) || n.op == Op::Return;
      if (o == 0 && optional) continue;
      t[i] = use(id, o);
    }
    for (int i = info.arity; i < 3; i++) expect(id, n.operand(i) == 0, "too many operands");
    switch (n.op) {
      case Op::Const: expect(id, n.ty != Ty::None, "untyped constant"); break;
      case Op::LocalGet: local(id, n.imm, n.ty); break;
      case Op::LocalSet: local(id, n.imm, t[0]); expect(id, n.ty == Ty::None, "has a result"); break;
      case Op::Load:
      case Op::Store: {
        Ty mt = static_cast<Ty>(n.imm2);
        expect(id, ty_bytes(mt) > 0, "no memory type");
        if (n.a) expect(id, t[0] == Ty::U32, "index must be u32");
        if (n.op == Op::Load) expect(id, n.ty == ty_value(mt), "result type does not match the memory type");
        else expect(id, t[1] == ty_value(mt) && n.ty == Ty::None, "stored value type does not match the memory type");
        break;
      }
      case Op::Return: expect(id, t[0] == f.result, "type differs from the function result"); break;
      case Op::Select:
        expect(id, t[0] == Ty::U32 && t[1] == n.ty && t[2] == n.ty, "select(u32, T, T) -> T");
        break;
      case Op::ExtendU: case Op::ExtendS:
        expect(id, !ty_is64(t[0]) && !ty_vector(t[0]) && ty_is64(n.ty), "extend 32 -> 64");
        break;
      case Op::Carry: expect(id, n.ty == Ty::U32 && t[0] == Ty::U32 && t[1] == Ty::U32 && t[2] == Ty::U32, "carry(u32, u32, u32) -> u32"); break;
      case Op::Mul32: expect(id, (n.ty == Ty::U64 || n.ty == Ty::U64x2) && t[0] == n.ty && t[1] == n.ty, "mul32(T, T) -> T for u64, u64x2"); break;
      case Op::MulHiU: expect(id, n.ty == Ty::U32 && t[0] == Ty::U32 && t[1] == Ty::U32 && t[2] == Ty::U32, "mulhi_u(u32, u32, u32) -> u32"); break;
      case Op::ExtMulLowU: expect(id, n.ty == Ty::U64x2 && t[0] == Ty::U32x4 && t[1] == Ty::U32x4, "extmul_low_u(u32x4, u32x4) -> u64x2"); break;
      case Op::Wrap: expect(id, ty_is64(t[0]) && (n.ty == Ty::U32 || n.ty == Ty::I32), "wrap 64 -> 32"); break;
      case Op::Retag: expect(id, ty_bytes(t[0]) == ty_bytes(n.ty) && ty_vector(t[0]) == ty_vector(n.ty), "retag keeps the width"); break;
      case Op::Splat: expect(id, ty_vector(n.ty) && t[0] == ty_lane_value(n.ty), "splat lane type"); break;
      case Op::ExtractLane:
        expect(id, ty_vector(t[0]) && n.ty == ty_lane_value(t[0]) && n.imm < static_cast<uint64_t>(ty_lanes(t[0])), "extract_lane");
        break;
      case Op::ReplaceLane:
        expect(id, ty_vector(n.ty) && t[0] == n.ty && t[1] == ty_lane_value(n.ty) && n.imm < static_cast<uint64_t>(ty_lanes(n.ty)), "replace_lane");
        break;
      case Op::Shuffle: {
        expect(id, ty_vector(n.ty) && t[0] == n.ty && t[1] == n.ty, "shuffle(T, T) -> T on lane types");
        const int L = ty_lanes(n.ty);
        for (int k = 0; k < L; k++) expect(id, shuffle_index(n, k) < 2 * L, "shuffle lane index");
        for (int k = L; k < 16; k++) expect(id, shuffle_index(n, k) == 0, "shuffle has more indices than lanes");
        break;
      }
      default:
        if (info.flags & LANE_ONLY) expect(id, ty_vector(n.ty), "only on lane types");
        if (info.flags & CMP) {
          expect(id, n.ty == (ty_vector(t[0]) ? t[0] : Ty::U32), "comparison result type");
          if (info.arity == 2) expect(id, t[0] == t[1], "operand types differ");
        } else {
          expect(id, n.ty != Ty::None && t[0] == n.ty, "operand type differs from result");
          const bool shift = n.op == Op::Shl || n.op == Op::ShrU || n.op == Op::ShrS || n.op == Op::Rotl || n.op == Op::Rotr;
          if (shift && ty_vector(n.ty)) expect(id, t[1] == Ty::U32, "lane shifts take a u32 amount");
          else if (info.arity == 2) expect(id, t[1] == n.ty, "operand types differ");
        }
    }
  }

  void block(const Block& b) {
    std::vector<uint32_t> here;
    for (const Stmt& s : b) {
      if (s.kind == Stmt::Def) {
        node(s.node);
        defined[s.node] = 1;
        here.push_back(s.node);
        continue;
      }
      if (use(s.node, s.node) != Ty::U32) bad(s.node, "loop count / branch condition must be u32");
      if (s.kind == Stmt::Loop) {
        if (s.local >= f.locals.size() || f.locals[s.local] != Ty::U32) bad(s.node, "loop counter must be a u32 local");
      }
      block(s.body);
      block(s.els);
    }
    for (uint32_t id : here) defined[id] = 0;
  }
};

}  // namespace

void verify_function(const Function& f) {
  Verifier v{f, std::vector<uint8_t>(f.nodes.size()), std::vector<uint8_t>(f.nodes.size())};
  if (f.nparams > f.locals.size()) fail(f.loc, "IR verifier: " + f.name + ": more parameters than locals");
  v.block(f.body);
}

void verify_module(const Module& m) {
  for (const Function& f : m.functions) verify_function(f);
  uint32_t end = 0;
  for (size_t i = 0; i < m.regions.size(); i++) {
    const Region& r = m.regions[i];
    if (r.offset < end || r.offset % 16) fail({}, "IR verifier: region " + r.name + " overlaps or is misaligned");
    if (r.heap && (i + 1 != m.regions.size() || r.offset != m.memory_bytes || r.bytes || !r.data.empty()))
      fail({}, "IR verifier: the heap " + r.name + " is not the last region, at memoryBytes, with no bytes of its own");
    end = r.offset + r.bytes;
  }
  if (end > m.memory_bytes || m.memory_bytes % 65536) fail({}, "IR verifier: memory size does not cover the regions");
}

}  // namespace awasmc
