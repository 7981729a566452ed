// Pass 7 for the runtime target: compact bytecode of the lowered IR for the
// tiny interpreter in runtime/interp.js. A register machine: one register per
// local and per value node; each instruction is five integers (opcode, then
// four operands), written as decimal text in columns (program_text). Opcodes are the op table's
// order followed by four control ops; the program carries the op names so the
// interpreter can check it understands every one.
#include <array>
#include <functional>

#include "emit.h"
#include "names.h"
#include "schedule.h"

namespace awasmc {

namespace {

// The ops a program can hold: the table's ops up to the first LANE_ONLY one (those come last and
// never reach the bytecode: lower_simd has removed them).
constexpr int listed_ops() {
  constexpr uint32_t flags[] = {
#define OP(name, text, arity, fl, wk, w32, w64, wv32, wv64, wv8, js) (fl),
#include "ops.def"
#undef OP
  };
  int n = 0;
  while (n < static_cast<int>(Op::Count_) && !(flags[n] & LANE_ONLY)) n++;
  return n;
}
enum Control : int { kLoopTest = listed_ops(), kLoopNext, kJump, kJumpIfZero };
const char* kControlNames[] = {"loop_test", "loop_next", "jump", "jump_if_zero"};

int mem_code(Ty t) { return t == Ty::U8 ? 0 : t == Ty::U16 ? 1 : 2; }

struct Program {
  std::vector<std::array<int32_t, 5>> code;
  size_t emit(int op, int32_t a = 0, int32_t b = 0, int32_t c = 0, int32_t d = 0) {
    code.push_back({op, a, b, c, d});
    return code.size() - 1;
  }
};

struct FnCompiler {
  const Function& f;
  Program& p;
  Schedule sch = schedule_function(f);
  // A local.get that the scheduler would inline (no write to the local before its use) reads
  // the local's register directly instead of copying it.
  int32_t reg(uint32_t node) const {
    const Node& n = f[node];
    if (n.op == Op::LocalGet && sch.inlined[node]) return static_cast<int32_t>(n.imm);
    return static_cast<int32_t>(f.locals.size() + node);
  }

  void block(const Block& b) {
    for (const Stmt& s : b) {
      if (s.kind == Stmt::Loop) {
        int32_t k = static_cast<int32_t>(s.local);
        p.emit(static_cast<int>(Op::Const), k, 0);
        size_t test = p.emit(kLoopTest, k, reg(s.node), 0);
        block(s.body);
        p.emit(kLoopNext, k, static_cast<int32_t>(test));
        p.code[test][3] = static_cast<int32_t>(p.code.size());
        continue;
      }
      if (s.kind == Stmt::If) {
        size_t jz = p.emit(kJumpIfZero, reg(s.node), 0);
        block(s.body);
        size_t jend = p.emit(kJump, 0);
        p.code[jz][2] = static_cast<int32_t>(p.code.size());
        block(s.els);
        p.code[jend][1] = static_cast<int32_t>(p.code.size());
        continue;
      }
      const uint32_t id = s.node;
      const Node& n = f[id];
      const int op = static_cast<int>(n.op);
      auto r = [&](uint32_t x) { return x ? reg(x) : -1; };
      switch (n.op) {
        case Op::Const: p.emit(op, reg(id), static_cast<int32_t>(static_cast<uint32_t>(n.imm))); break;
        case Op::LocalGet:
          if (!sch.inlined[id]) p.emit(op, reg(id), static_cast<int32_t>(n.imm));
          break;
        case Op::LocalSet: p.emit(op, static_cast<int32_t>(n.imm), r(n.a)); break;
        case Op::Load: p.emit(op, reg(id), r(n.a), static_cast<int32_t>(n.imm), mem_code(static_cast<Ty>(n.imm2))); break;
        case Op::Store: p.emit(op, mem_code(static_cast<Ty>(n.imm2)), r(n.a), r(n.b), static_cast<int32_t>(n.imm)); break;
        case Op::Return: p.emit(op, f.result == Ty::U32 ? 1 : 0, r(n.a)); break;
        default:
          if (ty_is64(n.ty) || ty_vector(n.ty)) fail(n.loc, "internal: 64-bit or lane value reached the bytecode emitter");
          p.emit(op, reg(id), r(n.a), r(n.b), r(n.c));
      }
    }
  }
};

// The text of a program: five comma-separated columns of decimal integers, separated by ';':
// opcodes, then the operands d, a, b as differences from the instruction's index, then c as is.
// Registers are numbered in program order, so most differences are small and repeat: this gzips
// to about a quarter of base64 LEB128 bytes (SHA-1: 2.8 KB against 10.2 KB).
std::string program_text(const Program& p) {
  std::string out;
  for (size_t k = 0; k < 5; k++) {
    if (k) out += ';';
    for (size_t i = 0; i < p.code.size(); i++) {
      int64_t v = p.code[i][k];
      if (k >= 1 && k <= 3) v -= static_cast<int64_t>(i);
      if (i) out += ',';
      out += std::to_string(v);
    }
  }
  return out;
}

}  // namespace

// One bytecode program per kernel function (jumps are relative to its start), as descriptors that
// link() (runtime/interp.js) runs over a fresh memory, so that a bundler drops the unused ones.
std::string emit_runtime_target(const Module& m) {
  std::string ops;
  for (int i = 0; i < kLoopTest; i++) ops += (i ? ", " : "") + js_string(op_info(static_cast<Op>(i)).text);
  for (const char* c : kControlNames) ops += ", " + js_string(c);

  std::string out = target_header(m, Target::Runtime);
  out += "import { linkProgram } from '../../runtime/interp.js';\n";
  out += target_layout(m);
  out += "const ops = [" + ops + "];\n";
  for (const Function& f : m.functions) {
    Program p;
    FnCompiler c{f, p};
    c.block(f.body);
    p.emit(static_cast<int>(Op::Return), f.result == Ty::U32 ? 1 : 0, -1);
    out += descriptor_head(m, f, true) + ", ops, instructions: " + std::to_string(p.code.size()) +
           ", registers: " + std::to_string(f.locals.size() + f.nodes.size()) + ", code: '" + program_text(p) + "' });\n";
  }
  out += target_link(m, "linkProgram(memoryBytes, list)");
  return out;
}

}  // namespace awasmc
