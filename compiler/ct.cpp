// Pass 2b, the constant-time check (docs/auditing.md, "The constant-time check").
//
// Which values are secret: everything loaded from a secret region (every writable region unless
// declared { secret: false }; constant regions are public), what `secret(x)` marks, and whatever is
// computed from a secret, through locals (a local is secret when any value stored into it is; the
// taint is found by iterating to a fixpoint, since a loop can carry a secret into a local read
// before it in program order). Kernel parameters, loop counters and constants are public, and
// `declassify(x, reason)` makes a value public on purpose: the report lists every such reason.
//
// What a secret must not reach:
//   - the index of a load or a store (which address is touched shows through the cache);
//   - the condition of a runtime branch (`when`), the count of a runtime loop;
//   - a public region, as a stored value (the secret would come back out of it as public);
//   - on targets that have no instruction for them, the forms the lowering makes into branches or
//     lookups: select's condition (js and runtime emit a conditional expression), swizzle's indices
//     (a lookup by index there), and the amount of a 64-bit shift or rotation (32-bit shifts and
//     selects on the amount there). Kernels built only for wasm and wasm_threads may use them.
// The IR has no division or remainder, the other instruction whose time depends on its operands.
#include "ct.h"

#include <algorithm>

namespace awasmc {
namespace {

bool wasm_only(const Function& f) {
  if (f.targets.empty()) return false;
  return std::all_of(f.targets.begin(), f.targets.end(), [](const std::string& t) { return t == "wasm" || t == "wasm_threads"; });
}

const Region* region_at(const Module& m, uint64_t offset) {
  for (const Region& r : m.regions) {
    if (r.heap ? offset >= r.offset : offset >= r.offset && offset < static_cast<uint64_t>(r.offset) + r.bytes) return &r;
  }
  return nullptr;
}

class Checker {
 public:
  Checker(const Module& m, const Function& f, CtReport& report)
      : m_(m), f_(f), report_(report), node_(f.nodes.size(), 0), local_(f.locals.size(), 0), mark_(f.locals.size(), 0),
        wasm_only_(wasm_only(f)) {
    for (const CtMark& k : f.ct_marks) mark_[k.local] = k.secret ? 1 : -1;
  }

  void run() {
    // Taint to a fixpoint: each round can only add secret locals, so there are at most locals + 1.
    for (size_t round = 0; round <= f_.locals.size() + 1; round++) {
      changed_ = false;
      block(f_.body);
      if (!changed_) break;
    }
    checking_ = true;
    block(f_.body);
  }

 private:
  bool sec(uint32_t id) const { return id != 0 && node_[id]; }

  SrcLoc where(SrcLoc loc) const { return loc.file >= 0 ? loc : f_.loc; }

  void leak(SrcLoc loc, const std::string& what) const {
    fail(where(loc), what + " (in kernel " + f_.name + "; docs/auditing.md, \"The constant-time check\")");
  }

  void block(const Block& b) {
    for (const Stmt& s : b) {
      switch (s.kind) {
        case Stmt::Def: def(s.node); break;
        case Stmt::Loop:
          if (checking_) {
            report_.loops++;
            if (sec(s.node)) leak(s.loc, "the count of this runtime loop depends on a secret: how long it runs would reveal it");
          }
          block(s.body);
          break;
        case Stmt::If:
          if (checking_) {
            report_.branches++;
            if (sec(s.node))
              leak(s.loc, "this branch's condition depends on a secret: which code runs would reveal it; compute both sides and "
                          "combine them with masks");
          }
          block(s.body);
          block(s.els);
          break;
      }
    }
  }

  void def(uint32_t id) {
    const Node& n = f_[id];
    bool t = false;
    switch (n.op) {
      case Op::Const: break;
      case Op::LocalGet: t = mark_[n.imm] ? mark_[n.imm] > 0 : local_[n.imm] != 0; break;
      case Op::LocalSet:
        if (sec(n.a) && !local_[n.imm]) {
          local_[n.imm] = 1;
          changed_ = true;
        }
        break;
      case Op::Load:
      case Op::Store: {
        const Region* r = region_at(m_, n.imm);
        const std::string name = r ? "'" + r->name + "'" : "at byte " + std::to_string(n.imm);
        const bool secret_region = !r || r->secret;
        if (n.op == Op::Load) t = secret_region;
        if (checking_ && n.a) {
          report_.indexed++;
          if (sec(n.a))
            leak(n.loc, std::string("the index of this ") + (n.op == Op::Load ? "load from" : "store to") + " region " + name +
                            " depends on a secret: the address it touches would reveal it through the cache");
        }
        if (checking_ && n.op == Op::Store && sec(n.b) && !secret_region)
          leak(n.loc, "a secret value is stored into the public region " + name +
                          " (declared { secret: false }); make the region secret, or declassify(x, reason) the value if it may be public");
        break;
      }
      case Op::Return: break;
      default: {
        const int arity = op_info(n.op).arity;
        for (int i = 0; i < arity; i++) t = t || sec(n.operand(i));
        if (!checking_) break;
        const char* form = nullptr;
        if (n.op == Op::Select && sec(n.a)) form = "select() on a secret condition: js and runtime emit a conditional expression, which the engine may compile as a branch; use masks";
        if (n.op == Op::Swizzle && sec(n.b)) form = "swizzle() with secret indices: js and runtime look each lane up by its index";
        if ((n.op == Op::Shl || n.op == Op::ShrU || n.op == Op::ShrS || n.op == Op::Rotl || n.op == Op::Rotr) &&
            (n.ty == Ty::U64 || n.ty == Ty::I64 || n.ty == Ty::U64x2) && f_[n.b].op != Op::Const && sec(n.b))
          form = "a 64-bit shift or rotation by a secret amount: js and runtime build it from 32-bit shifts and selects on the amount";
        if ((n.op == Op::Select || n.op == Op::Swizzle ||
             ((n.op == Op::Shl || n.op == Op::ShrU || n.op == Op::ShrS || n.op == Op::Rotl || n.op == Op::Rotr) &&
              (n.ty == Ty::U64 || n.ty == Ty::I64 || n.ty == Ty::U64x2) && f_[n.b].op != Op::Const)))
          report_.guarded++;
        if (form && !wasm_only_)
          leak(n.loc, std::string(form) + "; or build this kernel for wasm only (fn(..., { targets: ['wasm', 'wasm_threads'] }))");
        break;
      }
    }
    node_[id] = t ? 1 : 0;
  }

  const Module& m_;
  const Function& f_;
  CtReport& report_;
  std::vector<char> node_, local_;
  std::vector<int8_t> mark_;  // per local: 1 secret(), -1 declassify(), 0 neither
  const bool wasm_only_;
  bool changed_ = false, checking_ = false;
};

}  // namespace

CtReport check_constant_time(const Module& m) {
  CtReport report;
  for (const Region& r : m.regions) {
    if (!r.data.empty()) report.constant_regions++;
    else if (r.secret) report.secret_regions++;
    else report.public_regions++;
  }
  for (const Function& f : m.functions) {
    report.functions++;
    Checker(m, f, report).run();
    for (const CtMark& k : f.ct_marks)
      if (!k.secret) report.declassified.push_back({f.name, k.loc, k.reason});
  }
  return report;
}

}  // namespace awasmc
