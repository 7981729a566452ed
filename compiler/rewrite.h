// A helper for passes that rewrite a function: it rebuilds the block structure
// in order and lets the pass decide, node by node, what to put in the new
// function. Passes are one-way rewrites; the driver repeats them to a fixpoint.
//
// The rule for every file that builds IR (the passes here, the stager, the
// prelude) and Binaryen expressions (emit_wasm.cpp): node-creating calls are
// never nested as arguments of each other. C++ leaves the order in which a
// call's arguments are evaluated unspecified (GCC goes right to left, clang left
// to right), and node ids decide printed names and fold.cpp's order of
// commutative operands, so `op(Add, op(Shl, x, k), op(ShrU, x, j))` would give
// different output from differently built compilers. Each node-creating call gets
// its own statement and a named local, in the order the code reads.
#pragma once
#include <functional>

#include "ir.h"

namespace awasmc {

class Rebuilder {
 public:
  explicit Rebuilder(const Function& old) : old_(old), map_(old.nodes.size(), 0) {
    nf_.name = old.name;
    nf_.locals = old.locals;
    nf_.nparams = old.nparams;
    nf_.result = old.result;
    nf_.js_params = old.js_params;
    nf_.js_result = old.js_result;
    nf_.result_hi = old.result_hi;
    nf_.loc = old.loc;
  }

  // Appends a node to the block being built and returns its new id.
  uint32_t emit(Node n) {
    uint32_t id = nf_.add(n);
    Stmt s;
    s.node = id;
    s.loc = n.loc;
    cur_->push_back(std::move(s));
    return id;
  }
  uint32_t mapped(uint32_t old_id) const { return old_id ? map_[old_id] : 0; }
  void set_map(uint32_t old_id, uint32_t new_id) { map_[old_id] = new_id; }
  // Copies a node with its operands mapped.
  uint32_t copy(const Node& n) {
    Node c = n;
    c.a = mapped(n.a);
    c.b = mapped(n.b);
    c.c = mapped(n.c);
    return emit(c);
  }
  uint32_t constant(Ty ty, uint64_t v, SrcLoc loc) {
    Node n;
    n.op = Op::Const;
    n.ty = ty;
    n.imm = v & ty_mask(ty);
    n.loc = loc;
    return emit(n);
  }
  uint32_t op(Op o, Ty ty, uint32_t a, uint32_t b, SrcLoc loc, uint32_t c = 0) {
    Node n;
    n.op = o;
    n.ty = ty;
    n.a = a;
    n.b = b;
    n.c = c;
    n.loc = loc;
    return emit(n);
  }
  Function& out() { return nf_; }
  // Optional hooks around every nested block (for passes with scoped state).
  std::function<void()> enter_block, leave_block;
  const Function& old() const { return old_; }

  // Runs `per_node(old_id)` for every Def in program order; per_node must call
  // set_map(old_id, ...) for nodes with a value. Loop counts and branch
  // conditions are mapped through the map; `map_local` renames loop counters.
  Function run(const std::function<void(uint32_t)>& per_node,
               const std::function<uint32_t(uint32_t)>& map_local = nullptr) {
    walk(old_.body, nf_.body, per_node, map_local);
    return std::move(nf_);
  }

 private:
  void walk(const Block& in, Block& out, const std::function<void(uint32_t)>& per_node,
            const std::function<uint32_t(uint32_t)>& map_local) {
    Block* saved = cur_;
    cur_ = &out;
    for (const Stmt& s : in) {
      if (s.kind == Stmt::Def) {
        per_node(s.node);
        continue;
      }
      Stmt c;
      c.kind = s.kind;
      c.node = mapped(s.node);
      c.local = map_local ? map_local(s.local) : s.local;
      c.loc = s.loc;
      out.push_back(std::move(c));
      size_t at = out.size() - 1;
      Block body, els;
      if (enter_block) enter_block();
      walk(s.body, body, per_node, map_local);
      if (leave_block) leave_block();
      if (enter_block) enter_block();
      walk(s.els, els, per_node, map_local);
      if (leave_block) leave_block();
      out[at].body = std::move(body);
      out[at].els = std::move(els);
      cur_ = &out;
    }
    cur_ = saved;
  }

  const Function& old_;
  Function nf_;
  std::vector<uint32_t> map_;
  Block* cur_ = &nf_.body;
};

// Target-specific lowering and cleanup passes (one file each).
enum class Target { Wasm, WasmThreads, Js, Runtime };
const char* target_name(Target t);

bool lower_ops(Function& f, Target t);   // lower_ops.cpp: expand ops the target has no instruction for
bool lower_simd(Function& f);            // lower_simd.cpp: lane types -> scalars (js, runtime)
bool lower_u64(Function& f, Target t);   // lower_u64.cpp: u64/i64 -> pairs of u32 (js, runtime)
bool simplify(Function& f);              // fold.cpp: constant folding, identities, CSE, DCE, local forwarding

}  // namespace awasmc
