// Pass: simplify. Constant folding (through eval_op, the op table's
// semantics), one-way algebraic identities, common-subexpression elimination of
// pure nodes (scoped by block), forwarding of locals that are written once
// before all their reads, and dead-code removal. Returns whether anything
// changed; the driver runs it to a fixpoint.
#include <algorithm>
#include <functional>
#include <map>
#include <tuple>

#include "rewrite.h"

namespace awasmc {

namespace {

using Key = std::tuple<int, int, uint32_t, uint32_t, uint32_t, uint64_t, uint64_t>;

// Locals written exactly once, by a LocalSet whose block encloses every read
// and which comes first in program order, can be replaced by the value set.
std::vector<uint32_t> forwardable_locals(const Function& f) {
  const size_t nl = f.locals.size();
  std::vector<int> sets(nl, 0);
  std::vector<uint32_t> set_value(nl, 0);
  std::vector<uint8_t> ok(nl, 1);
  // Block path of the set, as the sequence of (depth, block-serial) pairs.
  std::vector<std::vector<uint32_t>> set_path(nl);
  std::vector<uint32_t> path{0};
  uint32_t serial = 0;
  std::function<void(const Block&)> walk = [&](const Block& b) {
    for (const Stmt& s : b) {
      if (s.kind != Stmt::Def) {
        if (s.kind == Stmt::Loop) ok[s.local] = 0;  // the loop writes its counter
        for (const Block* inner : {&s.body, &s.els}) {
          path.push_back(++serial);
          walk(*inner);
          path.pop_back();
        }
        continue;
      }
      const Node& n = f[s.node];
      if (n.op == Op::LocalSet) {
        if (++sets[n.imm] == 1) {
          set_value[n.imm] = n.a;
          set_path[n.imm] = path;
        }
      } else if (n.op == Op::LocalGet) {
        const auto& sp = set_path[n.imm];
        // A read before the set, or outside the set's block, cannot be forwarded.
        if (sets[n.imm] == 0 || sp.size() > path.size() || !std::equal(sp.begin(), sp.end(), path.begin())) ok[n.imm] = 0;
      }
    }
  };
  walk(f.body);
  std::vector<uint32_t> out(nl, 0);
  for (size_t l = f.nparams; l < nl; l++)
    if (ok[l] && sets[l] == 1) out[l] = set_value[l];
  return out;
}

}  // namespace

bool simplify(Function& f) {
  bool changed = false;
  const std::vector<uint32_t> fwd = forwardable_locals(f);

  // 1. Fold, rewrite identities, CSE, forward locals.
  {
    Rebuilder r(f);
    std::vector<std::map<Key, uint32_t>> scopes(1);
    r.enter_block = [&] { scopes.emplace_back(); };
    r.leave_block = [&] { scopes.pop_back(); };
    Function out = r.run([&](uint32_t id) {
      const Node& n = f[id];
      Node c = n;
      c.a = r.mapped(n.a);
      c.b = r.mapped(n.b);
      c.c = r.mapped(n.c);
      const Function& nf = r.out();
      auto is_const = [&](uint32_t x) { return x && nf[x].op == Op::Const && !ty_vector(nf[x].ty); };
      auto cval = [&](uint32_t x) { return nf[x].imm; };
      const OpInfo& info = op_info(n.op);
      if (n.op == Op::LocalGet && fwd[n.imm]) {
        r.set_map(id, r.mapped(fwd[n.imm]));
        changed = true;
        return;
      }
      if (n.op == Op::LocalSet && fwd[n.imm]) {
        changed = true;  // the only write of a forwarded local: drop it
        return;
      }
      if (info.flags & PURE) {
        // Constant folding.
        bool all_const = info.arity > 0;
        uint64_t args[3] = {0, 0, 0};
        for (int i = 0; i < info.arity; i++) {
          uint32_t o = c.operand(i);
          if (!is_const(o)) all_const = false;
          else args[i] = cval(o);
        }
        uint64_t v;
        Ty at = c.a ? nf[c.a].ty : n.ty;
        if (all_const && n.op != Op::Select && eval_op(n.op, n.ty, at, args, v)) {
          Node k;
          k.op = Op::Const;
          k.ty = n.ty;
          k.imm = v;
          k.loc = n.loc;
          c = k;
          changed = true;
        } else {
          // One-way identities: each replaces a node by one of its operands or a constant.
          uint32_t same = 0;
          const uint64_t m = ty_mask(n.ty);
          bool vec = ty_vector(n.ty);
          if (!vec) {
            bool bz = is_const(c.b) && cval(c.b) == 0;
            bool az = is_const(c.a) && cval(c.a) == 0;
            switch (n.op) {
              case Op::Add: case Op::Or: case Op::Xor:
                if (bz) same = c.a;
                else if (az) same = c.b;
                break;
              case Op::Sub: case Op::Shl: case Op::ShrU: case Op::ShrS: case Op::Rotl: case Op::Rotr:
                if (bz || (n.op != Op::Sub && is_const(c.b) && (cval(c.b) & (ty_bytes(n.ty) * 8 - 1)) == 0)) same = c.a;
                break;
              case Op::And:
                if (is_const(c.b) && cval(c.b) == m) same = c.a;
                else if (is_const(c.a) && cval(c.a) == m) same = c.b;
                break;
              case Op::Mul:
                if (is_const(c.b) && cval(c.b) == 1) same = c.a;
                else if (is_const(c.a) && cval(c.a) == 1) same = c.b;
                break;
              case Op::Select:
                if (is_const(c.a)) same = (cval(c.a) & 0xffffffffu) ? c.b : c.c;
                else if (c.b == c.c) same = c.b;
                break;
              case Op::Retag:
                if (nf[c.a].ty == n.ty) same = c.a;
                break;
              default: break;
            }
            if (!same && (n.op == Op::Not || n.op == Op::Bswap) && nf[c.a].op == n.op) same = nf[c.a].a;
          }
          if (same) {
            r.set_map(id, same);
            changed = true;
            return;
          }
        }
        if (info.flags & COMM && c.a > c.b) std::swap(c.a, c.b);
        // CSE over the current block and its enclosing blocks.
        Key key{static_cast<int>(c.op), static_cast<int>(c.ty), c.a, c.b, c.c, c.imm, c.imm2};
        for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
          auto hit = it->find(key);
          if (hit != it->end()) {
            r.set_map(id, hit->second);
            changed = true;
            return;
          }
        }
        uint32_t nid = r.emit(c);
        scopes.back()[key] = nid;
        r.set_map(id, nid);
        return;
      }
      r.set_map(id, r.emit(c));
    });
    f = std::move(out);
  }

  // 2. Dead code: pure nodes and loads without uses, writes to locals never read.
  for (;;) {
    std::vector<uint32_t> uses(f.nodes.size(), 0);
    std::vector<uint8_t> local_read(f.locals.size(), 0);
    std::function<void(const Block&)> count = [&](const Block& b) {
      for (const Stmt& s : b) {
        if (s.kind != Stmt::Def) {
          uses[s.node]++;
          count(s.body);
          count(s.els);
          continue;
        }
        const Node& n = f[s.node];
        for (int i = 0; i < op_info(n.op).arity; i++)
          if (n.operand(i)) uses[n.operand(i)]++;
        if (n.op == Op::LocalGet) local_read[n.imm] = 1;
      }
    };
    count(f.body);
    bool removed = false;
    std::function<void(Block&)> sweep = [&](Block& b) {
      Block kept;
      kept.reserve(b.size());
      for (Stmt& s : b) {
        if (s.kind == Stmt::Def) {
          const Node& n = f[s.node];
          const uint32_t fl = op_info(n.op).flags;
          bool dead = ((fl & (PURE | LOAD)) || n.op == Op::LocalGet) && uses[s.node] == 0;
          if (n.op == Op::LocalSet && !local_read[n.imm] && n.imm >= f.nparams) dead = true;
          if (dead) {
            removed = true;
            continue;
          }
        } else {
          sweep(s.body);
          sweep(s.els);
        }
        kept.push_back(std::move(s));
      }
      b = std::move(kept);
    };
    sweep(f.body);
    if (!removed) break;
    changed = true;
  }
  return changed;
}

}  // namespace awasmc
