// Pass (js and runtime targets): lower lane types to scalars. A u32x4 value
// becomes four u32 values and a u64x2 value two u64 values (which lower_u64
// then splits again); lane-wise ops become one op per lane, v128 loads and
// stores become one access per lane, comparisons give all-ones lane masks.
// Runs before lower_u64; a function without lane types is left untouched.
#include "rewrite.h"

namespace awasmc {

bool lower_simd(Function& f) {
  bool any = false;
  for (const Ty t : f.locals) any |= ty_vector(t);
  for (size_t i = 1; i < f.nodes.size() && !any; i++)
    any = ty_vector(f.nodes[i].ty) || (f.nodes[i].op == Op::Load && ty_vector(static_cast<Ty>(f.nodes[i].imm2)));
  if (!any) return false;

  // Locals: a lane-typed local becomes one local per lane.
  std::vector<std::vector<uint32_t>> lane_local(f.locals.size());
  std::vector<Ty> locals;
  for (size_t i = 0; i < f.locals.size(); i++) {
    Ty t = f.locals[i];
    if (ty_vector(t) && i < f.nparams) fail(f.loc, "lane-typed parameters are not supported (" + f.name + ")");
    for (int k = 0; k < ty_lanes(t); k++) {
      lane_local[i].push_back(static_cast<uint32_t>(locals.size()));
      locals.push_back(ty_lane(t));
    }
  }

  Rebuilder r(f);
  r.out().locals = locals;
  std::vector<std::vector<uint32_t>> lanes(f.nodes.size());

  Function out = r.run(
      [&](uint32_t id) {
        const Node& n = f[id];
        const SrcLoc loc = n.loc;
        const Ty at = n.a ? f[n.a].ty : Ty::None;
        const bool vec = ty_vector(n.ty) || ty_vector(at) || (n.op == Op::Store && ty_vector(f[n.b].ty)) ||
                         ((n.op == Op::Load || n.op == Op::Store) && ty_vector(static_cast<Ty>(n.imm2)));
        if (!vec) {
          Node c = n;
          c.a = r.mapped(n.a);
          c.b = r.mapped(n.b);
          c.c = r.mapped(n.c);
          if (n.op == Op::LocalGet || n.op == Op::LocalSet) c.imm = lane_local[n.imm][0];
          r.set_map(id, r.emit(c));
          return;
        }
        const Ty vt = ty_vector(n.ty) ? n.ty : ty_vector(at) ? at : n.op == Op::Store ? f[n.b].ty : static_cast<Ty>(n.imm2);
        const Ty lt = ty_lane(vt);
        const int L = ty_lanes(vt), lb = ty_bytes(lt);
        std::vector<uint32_t>& res = lanes[id];
        auto op = [&](Op o, Ty ty, uint32_t a, uint32_t b, uint32_t c = 0) { return r.op(o, ty, a, b, loc, c); };
        switch (n.op) {
          case Op::Const:
            for (int k = 0; k < L; k++) {
              uint64_t bits = lt == Ty::U64 ? (k ? n.imm2 : n.imm) : ((k < 2 ? n.imm : n.imm2) >> (32 * (k % 2)));
              res.push_back(r.constant(lt, bits, loc));
            }
            return;
          case Op::LocalGet:
            for (int k = 0; k < L; k++) {
              Node g;
              g.op = Op::LocalGet;
              g.ty = lt;
              g.imm = lane_local[n.imm][k];
              g.loc = loc;
              res.push_back(r.emit(g));
            }
            return;
          case Op::LocalSet:
            for (int k = 0; k < L; k++) {
              Node s;
              s.op = Op::LocalSet;
              s.imm = lane_local[n.imm][k];
              s.a = lanes[n.a][k];
              s.loc = loc;
              r.emit(s);
            }
            return;
          case Op::Load:
          case Op::Store: {
            // Element i of 16 bytes = lane elements L*i .. L*i+L-1.
            uint32_t idx = 0;
            if (n.a) {
              uint32_t scale = r.constant(Ty::U32, L == 4 ? 2 : 1, loc);
              idx = op(Op::Shl, Ty::U32, r.mapped(n.a), scale);
            }
            for (int k = 0; k < L; k++) {
              Node m;
              m.op = n.op;
              m.a = idx;
              m.imm = n.imm + static_cast<uint64_t>(k * lb);
              m.imm2 = static_cast<uint64_t>(lt);
              m.loc = loc;
              if (n.op == Op::Load) {
                m.ty = lt;
                res.push_back(r.emit(m));
              } else {
                m.b = lanes[n.b][k];
                r.emit(m);
              }
            }
            return;
          }
          case Op::Splat:
            for (int k = 0; k < L; k++) res.push_back(r.mapped(n.a));
            return;
          case Op::ExtractLane: r.set_map(id, lanes[n.a][n.imm]); return;
          case Op::ReplaceLane:
            res = lanes[n.a];
            res[n.imm] = r.mapped(n.b);
            return;
          case Op::Retag: res = lanes[n.a]; return;
          case Op::Shuffle:
            for (int k = 0; k < L; k++) {
              int i = static_cast<int>((n.imm >> (4 * k)) & 15);
              res.push_back(i < L ? lanes[n.a][i] : lanes[n.b][i - L]);
            }
            return;
          case Op::Select:
            for (int k = 0; k < L; k++) res.push_back(op(Op::Select, lt, r.mapped(n.a), lanes[n.b][k], lanes[n.c][k]));
            return;
          case Op::Shl: case Op::ShrU: case Op::ShrS: case Op::Rotl: case Op::Rotr: {
            uint32_t amount = r.mapped(n.b);  // one u32 for all lanes
            if (lt == Ty::U64)
              amount = f[n.b].op == Op::Const ? r.constant(Ty::U64, f[n.b].imm, loc) : op(Op::ExtendU, Ty::U64, amount, 0);
            for (int k = 0; k < L; k++) res.push_back(op(n.op, lt, lanes[n.a][k], amount));
            return;
          }
          default: break;
        }
        const OpInfo& info = op_info(n.op);
        if (info.flags & CMP) {
          for (int k = 0; k < L; k++) {
            uint32_t c = op(n.op, Ty::U32, lanes[n.a][k], lanes[n.b][k]);
            uint32_t zero = r.constant(Ty::U32, 0, loc);
            uint32_t mask = op(Op::Sub, Ty::U32, zero, c);  // 0 or all ones
            if (lt == Ty::U64) {
              uint32_t sign = r.op(Op::Retag, Ty::I32, mask, 0, loc);
              mask = op(Op::ExtendS, Ty::U64, sign, 0);
            }
            res.push_back(mask);
          }
          return;
        }
        if (info.arity == 1 || info.arity == 2) {
          for (int k = 0; k < L; k++) res.push_back(op(n.op, lt, lanes[n.a][k], info.arity == 2 ? lanes[n.b][k] : 0));
          return;
        }
        fail(loc, std::string(info.text) + " on lane types is not supported on the js and runtime targets");
      },
      [&](uint32_t l) { return lane_local[l][0]; });
  f = std::move(out);
  return true;
}

}  // namespace awasmc
