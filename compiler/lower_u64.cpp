// Pass (js and runtime targets): lower 64-bit scalars to pairs of u32 (hi, lo),
// since JavaScript numbers hold 32-bit integers exactly and BigInt is slow.
// Every u64/i64 local becomes two u32 locals; loads and stores become two
// 32-bit accesses (little-endian: lo at the lower address). 64-bit shifts and
// rotations need a static amount. Lane types are not handled here.
#include "rewrite.h"

namespace awasmc {

bool lower_u64(Function& f) {
  bool any = false;
  for (const Ty t : f.locals) any |= ty_is64(t);
  for (size_t i = 1; i < f.nodes.size() && !any; i++) any = ty_is64(f.nodes[i].ty);
  if (!any) return false;

  // Local renumbering: 64-bit locals get two slots (hi, lo).
  std::vector<uint32_t> hi_local(f.locals.size()), lo_local(f.locals.size());
  std::vector<Ty> locals;
  for (size_t i = 0; i < f.locals.size(); i++) {
    Ty t = f.locals[i];
    if (ty_vector(t)) fail(f.loc, "internal: lane types reach lower_u64 (" + f.name + ")");
    if (ty_is64(t)) {
      if (i < f.nparams) fail(f.loc, "64-bit parameters are not supported (" + f.name + ")");
      hi_local[i] = static_cast<uint32_t>(locals.size());
      locals.push_back(Ty::U32);
      lo_local[i] = static_cast<uint32_t>(locals.size());
      locals.push_back(Ty::U32);
    } else {
      hi_local[i] = lo_local[i] = static_cast<uint32_t>(locals.size());
      locals.push_back(t);
    }
  }

  Rebuilder r(f);
  r.out().locals = locals;
  std::vector<uint32_t> hi(f.nodes.size()), lo(f.nodes.size());
  const Ty U = Ty::U32;

  Function out = r.run(
      [&](uint32_t id) {
        const Node& n = f[id];
        const SrcLoc loc = n.loc;
        const OpInfo& info = op_info(n.op);
        Ty at = n.a ? f[n.a].ty : Ty::None;
        const bool wide = ty_is64(n.ty) || ty_is64(at) || (n.op == Op::Store && ty_is64(f[n.b].ty)) ||
                          (n.op == Op::LocalSet && ty_is64(at));
        if (ty_vector(n.ty) || ty_vector(at)) fail(loc, "internal: lane types reach lower_u64");
        if (!wide) {
          Node c = n;
          c.a = r.mapped(n.a);
          c.b = r.mapped(n.b);
          c.c = r.mapped(n.c);
          if (n.op == Op::LocalGet || n.op == Op::LocalSet) c.imm = lo_local[n.imm];
          r.set_map(id, r.emit(c));
          return;
        }
        auto C = [&](uint64_t v) { return r.constant(U, v, loc); };
        auto O = [&](Op o, uint32_t x, uint32_t y) { return r.op(o, U, x, y, loc); };
        auto pair = [&](uint32_t h, uint32_t l) {
          hi[id] = h;
          lo[id] = l;
        };
        auto static_amount = [&](uint32_t node) -> uint32_t {
          const Node& s = f[node];
          if (s.op != Op::Const) fail(loc, "64-bit shifts and rotations need a static amount on the js and runtime targets");
          return static_cast<uint32_t>(s.imm & 63);
        };
        const uint32_t ah = n.a ? hi[n.a] : 0, al = n.a ? lo[n.a] : 0;
        const uint32_t bh = n.b ? hi[n.b] : 0, bl = n.b ? lo[n.b] : 0;
        switch (n.op) {
          case Op::Const: pair(C(n.imm >> 32), C(n.imm)); return;
          case Op::LocalGet: {
            Node g;
            g.op = Op::LocalGet;
            g.ty = U;
            g.loc = loc;
            g.imm = hi_local[n.imm];
            uint32_t h = r.emit(g);
            g.imm = lo_local[n.imm];
            pair(h, r.emit(g));
            return;
          }
          case Op::LocalSet: {
            Node s;
            s.op = Op::LocalSet;
            s.loc = loc;
            s.imm = hi_local[n.imm];
            s.a = ah;
            r.emit(s);
            s.imm = lo_local[n.imm];
            s.a = al;
            r.emit(s);
            return;
          }
          case Op::Load:
          case Op::Store: {
            // A 64-bit element at base + i*8 is two u32 elements at base + (2i)*4 and +4.
            uint32_t idx = 0;
            if (n.a) idx = O(Op::Shl, r.mapped(n.a), C(1));
            Node m;
            m.op = n.op;
            m.loc = loc;
            m.a = idx;
            m.imm2 = static_cast<uint64_t>(U);
            m.imm = n.imm;
            if (n.op == Op::Load) {
              m.ty = U;
              uint32_t l = r.emit(m);
              m.imm = n.imm + 4;
              pair(r.emit(m), l);
            } else {
              m.b = lo[n.b];
              r.emit(m);
              m.imm = n.imm + 4;
              m.b = hi[n.b];
              r.emit(m);
            }
            return;
          }
          case Op::Add: {
            uint32_t l = O(Op::Add, al, bl);
            uint32_t carry = O(Op::LtU, l, al);
            pair(O(Op::Add, O(Op::Add, ah, bh), carry), l);
            return;
          }
          case Op::Sub: {
            uint32_t l = O(Op::Sub, al, bl);
            uint32_t borrow = O(Op::LtU, al, bl);
            pair(O(Op::Sub, O(Op::Sub, ah, bh), borrow), l);
            return;
          }
          case Op::Mul: {
            // The low 64 bits of a 64x64 product from 32-bit multiplies: al*bl in full via 16-bit
            // halves, plus the low halves of the cross terms in the high word.
            uint32_t m16 = C(0xffff), s16 = C(16);
            uint32_t a0 = O(Op::And, al, m16), a1 = O(Op::ShrU, al, s16);
            uint32_t b0 = O(Op::And, bl, m16), b1 = O(Op::ShrU, bl, s16);
            uint32_t p00 = O(Op::Mul, a0, b0), p01 = O(Op::Mul, a0, b1), p10 = O(Op::Mul, a1, b0), p11 = O(Op::Mul, a1, b1);
            uint32_t mid = O(Op::Add, O(Op::Add, O(Op::ShrU, p00, s16), O(Op::And, p01, m16)), O(Op::And, p10, m16));
            uint32_t l = O(Op::Or, O(Op::And, p00, m16), O(Op::Shl, mid, s16));
            uint32_t h = O(Op::Add, O(Op::Add, p11, O(Op::ShrU, p01, s16)), O(Op::Add, O(Op::ShrU, p10, s16), O(Op::ShrU, mid, s16)));
            h = O(Op::Add, h, O(Op::Add, O(Op::Mul, al, bh), O(Op::Mul, ah, bl)));
            pair(h, l);
            return;
          }
          case Op::And: case Op::Or: case Op::Xor: case Op::Andnot:
            pair(O(n.op, ah, bh), O(n.op, al, bl));
            return;
          case Op::Not: pair(r.op(Op::Not, U, ah, 0, loc), r.op(Op::Not, U, al, 0, loc)); return;
          case Op::Bswap: pair(r.op(Op::Bswap, U, al, 0, loc), r.op(Op::Bswap, U, ah, 0, loc)); return;
          case Op::Shl: case Op::ShrU: case Op::ShrS: case Op::Rotl: case Op::Rotr: {
            if (f[n.b].op != Op::Const) {
              // A runtime amount: work with s = k & 31 and pick the k >= 32 case with selects.
              // x >>> (32 - s) is written (x >>> 1) >>> (31 - s) so that s = 0 shifts in nothing.
              uint32_t k = O(Op::And, bl, C(63));
              if (n.op == Op::Rotl) k = O(Op::And, O(Op::Sub, C(64), k), C(63));
              uint32_t big = O(Op::And, k, C(32));
              uint32_t sh = O(Op::And, k, C(31)), inv = O(Op::Sub, C(31), sh);
              auto sel = [&](uint32_t c, uint32_t x, uint32_t y) { return r.op(Op::Select, U, c, x, loc, y); };
              if (n.op == Op::Shl) {
                uint32_t h_small = O(Op::Or, O(Op::Shl, ah, sh), O(Op::ShrU, O(Op::ShrU, al, C(1)), inv));
                uint32_t l_shift = O(Op::Shl, al, sh);
                pair(sel(big, l_shift, h_small), sel(big, C(0), l_shift));
              } else if (n.op == Op::ShrU || n.op == Op::ShrS) {
                Op sr = n.op;
                uint32_t l_small = O(Op::Or, O(Op::ShrU, al, sh), O(Op::Shl, O(Op::Shl, ah, C(1)), inv));
                uint32_t h_shift = O(sr, ah, sh);
                uint32_t fill = sr == Op::ShrS ? O(Op::ShrS, ah, C(31)) : C(0);
                pair(sel(big, fill, h_shift), sel(big, h_shift, l_small));
              } else {
                uint32_t xh = sel(big, al, ah), xl = sel(big, ah, al);
                uint32_t h = O(Op::Or, O(Op::ShrU, xh, sh), O(Op::Shl, O(Op::Shl, xl, C(1)), inv));
                uint32_t l = O(Op::Or, O(Op::ShrU, xl, sh), O(Op::Shl, O(Op::Shl, xh, C(1)), inv));
                pair(h, l);
              }
              return;
            }
            uint32_t k = static_amount(n.b);
            Op op = n.op;
            if (op == Op::Rotl) {  // rotl(x, k) = rotr(x, 64 - k)
              op = Op::Rotr;
              k = (64 - k) & 63;
            }
            if (k == 0) {
              pair(ah, al);
              return;
            }
            if (op == Op::Rotr) {
              uint32_t xh = ah, xl = al;
              if (k >= 32) {
                std::swap(xh, xl);
                k -= 32;
              }
              if (k == 0) {
                pair(xh, xl);
                return;
              }
              uint32_t h = O(Op::Or, O(Op::ShrU, xh, C(k)), O(Op::Shl, xl, C(32 - k)));
              uint32_t l = O(Op::Or, O(Op::ShrU, xl, C(k)), O(Op::Shl, xh, C(32 - k)));
              pair(h, l);
              return;
            }
            if (op == Op::Shl) {
              if (k >= 32) pair(O(Op::Shl, al, C(k - 32)), C(0));
              else pair(O(Op::Or, O(Op::Shl, ah, C(k)), O(Op::ShrU, al, C(32 - k))), O(Op::Shl, al, C(k)));
              return;
            }
            Op sr = op;  // ShrU or ShrS: the high word shifts in zeros or sign bits
            if (k >= 32) pair(sr == Op::ShrS ? O(Op::ShrS, ah, C(31)) : C(0), O(sr, ah, C(k - 32)));
            else pair(O(sr, ah, C(k)), O(Op::Or, O(Op::ShrU, al, C(k)), O(Op::Shl, ah, C(32 - k))));
            return;
          }
          case Op::Eq: case Op::Ne: {
            uint32_t e = O(Op::And, O(Op::Eq, ah, bh), O(Op::Eq, al, bl));
            r.set_map(id, n.op == Op::Eq ? e : r.op(Op::Eqz, U, e, 0, loc));
            return;
          }
          case Op::LtU: case Op::LtS: case Op::LeU: case Op::LeS:
          case Op::GtU: case Op::GtS: case Op::GeU: case Op::GeS: {
            // Compare the high words (signed or not), and the low words unsigned when they tie.
            static const std::pair<Op, Op> strict[] = {{Op::LtU, Op::LtU}, {Op::LtS, Op::LtS}, {Op::LeU, Op::LtU}, {Op::LeS, Op::LtS},
                                                       {Op::GtU, Op::GtU}, {Op::GtS, Op::GtS}, {Op::GeU, Op::GtU}, {Op::GeS, Op::GtS}};
            Op hop = n.op;
            for (auto& [o, s] : strict)
              if (o == n.op) hop = s;
            Op lop = (n.op == Op::LtU || n.op == Op::LtS) ? Op::LtU
                   : (n.op == Op::LeU || n.op == Op::LeS) ? Op::LeU
                   : (n.op == Op::GtU || n.op == Op::GtS) ? Op::GtU : Op::GeU;
            uint32_t hcmp = O(hop, ah, bh);
            uint32_t tie = O(Op::And, O(Op::Eq, ah, bh), O(lop, al, bl));
            r.set_map(id, O(Op::Or, hcmp, tie));
            return;
          }
          case Op::Eqz: r.set_map(id, r.op(Op::Eqz, U, O(Op::Or, ah, al), 0, loc)); return;
          case Op::Select: {
            uint32_t c = r.mapped(n.a);
            uint32_t ch = hi[n.b], cl = lo[n.b], dh = hi[n.c], dl = lo[n.c];
            pair(r.op(Op::Select, U, c, ch, loc, dh), r.op(Op::Select, U, c, cl, loc, dl));
            return;
          }
          case Op::ExtendU:
          case Op::ExtendS: {
            uint32_t x = r.mapped(n.a);
            if (f[n.a].ty != U) x = r.op(Op::Retag, U, x, 0, loc);  // pairs are u32
            pair(n.op == Op::ExtendS ? O(Op::ShrS, x, C(31)) : C(0), x);
            return;
          }
          case Op::Wrap: {
            uint32_t l = al;
            if (n.ty == Ty::I32) l = r.op(Op::Retag, Ty::I32, l, 0, loc);
            r.set_map(id, l);
            return;
          }
          case Op::Retag: pair(ah, al); return;
          default: break;
        }
        fail(loc, std::string(info.text) + " on 64-bit values is not supported on the js and runtime targets");
      },
      [&](uint32_t l) { return lo_local[l]; });
  f = std::move(out);
  return true;
}

}  // namespace awasmc
