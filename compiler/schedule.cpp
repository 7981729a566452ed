// Pass: schedule (see schedule.h).
#include "schedule.h"

#include <algorithm>
#include <functional>

namespace awasmc {

namespace {

// An inlined expression tree is at most this deep; a deeper one keeps a temporary
// part way down. The emitters build trees recursively, so this bounds their stack
// (a chain of 20,000 dependent adds otherwise overflowed it), and the quadratic
// cost of tracking what a tree reads. Real kernels stay far below it.
constexpr uint32_t kMaxInlineDepth = 128;

struct Effects {
  std::vector<uint32_t> locals_written;
  bool stores = false;
  bool control = false;  // a loop or branch: treated as writing everything
};

}  // namespace

Schedule schedule_function(const Function& f) {
  const size_t N = f.nodes.size();
  Schedule s;
  s.uses.assign(N, 0);
  s.inlined.assign(N, 0);
  std::vector<uint32_t> use_block(N, 0), use_index(N, 0), def_block(N, 0), def_index(N, 0);
  std::vector<uint8_t> use_nested(N, 0);

  // Pass 1: definition and use positions.
  uint32_t serial = 0;
  std::function<void(const Block&)> positions = [&](const Block& b) {
    uint32_t me = ++serial;
    for (uint32_t i = 0; i < b.size(); i++) {
      const Stmt& st = b[i];
      auto use = [&](uint32_t o, bool nested) {
        s.uses[o]++;
        use_block[o] = me;
        use_index[o] = i;
        use_nested[o] = nested;
      };
      if (st.kind != Stmt::Def) {
        use(st.node, st.kind == Stmt::Loop);  // a loop count is read every iteration
        positions(st.body);
        positions(st.els);
        continue;
      }
      def_block[st.node] = me;
      def_index[st.node] = i;
      const Node& n = f[st.node];
      for (int k = 0; k < op_info(n.op).arity; k++)
        if (n.operand(k)) use(n.operand(k), false);
    }
  };
  positions(f.body);

  // Pass 2: per block, decide in program order.
  std::vector<uint8_t> reads_mem(N, 0);
  std::vector<std::vector<uint32_t>> reads_locals(N);
  std::vector<uint32_t> depth(N, 1);  // of the tree rooted at a node, through inlined operands
  serial = 0;
  std::function<void(const Block&)> decide = [&](const Block& b) {
    uint32_t me = ++serial;
    std::vector<Effects> eff(b.size());
    for (uint32_t i = 0; i < b.size(); i++) {
      const Stmt& st = b[i];
      if (st.kind != Stmt::Def) {
        eff[i].control = true;
        continue;
      }
      const Node& n = f[st.node];
      if (n.op == Op::LocalSet) eff[i].locals_written.push_back(static_cast<uint32_t>(n.imm));
      if (n.op == Op::Store) eff[i].stores = true;
    }
    for (uint32_t i = 0; i < b.size(); i++) {
      const Stmt& st = b[i];
      if (st.kind != Stmt::Def) {
        decide(st.body);
        decide(st.els);
        continue;
      }
      const uint32_t id = st.node;
      const Node& n = f[id];
      // What this node's expression reads, through operands that are inlined.
      reads_mem[id] = n.op == Op::Load;
      if (n.op == Op::LocalGet) reads_locals[id].push_back(static_cast<uint32_t>(n.imm));
      for (int k = 0; k < op_info(n.op).arity; k++) {
        uint32_t o = n.operand(k);
        if (!o || !s.inlined[o]) continue;
        reads_mem[id] |= reads_mem[o];
        depth[id] = std::max(depth[id], depth[o] + 1);
        reads_locals[id].insert(reads_locals[id].end(), reads_locals[o].begin(), reads_locals[o].end());
      }
      if (f[id].ty == Ty::None) continue;  // effects are statements
      if (n.op == Op::Const) {
        s.inlined[id] = 1;
        continue;
      }
      if (s.uses[id] != 1 || use_block[id] != me || use_nested[id] || def_block[id] != me) continue;
      if (depth[id] >= kMaxInlineDepth) continue;
      bool hazard = false;
      for (uint32_t k = def_index[id] + 1; k < use_index[id] && !hazard; k++) {
        const Effects& e = eff[k];
        if (e.control && (reads_mem[id] || !reads_locals[id].empty())) hazard = true;
        if (e.stores && reads_mem[id]) hazard = true;
        for (uint32_t l : e.locals_written)
          if (std::find(reads_locals[id].begin(), reads_locals[id].end(), l) != reads_locals[id].end()) hazard = true;
      }
      // The use itself may be a local set of a local this tree reads: that is fine,
      // the value is computed before the write.
      if (!hazard) s.inlined[id] = 1;
    }
  };
  decide(f.body);
  return s;
}

}  // namespace awasmc
