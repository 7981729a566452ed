// Pass (js and runtime targets): lower 64-bit scalars to pairs of u32 (hi, lo),
// since JavaScript numbers hold 32-bit integers exactly and BigInt is slow.
// Every u64/i64 local becomes two u32 locals; loads and stores become two
// 32-bit accesses (little-endian: lo at the lower address). 64-bit shifts and
// rotations need a static amount. Lane types are not handled here.
//
// A 64-bit add is lo = al + bl, carry = lo < al (unsigned), hi = ah + bh + carry. On the runtime
// target, chains of 64-bit adds (a + b + c + ..., where each inner sum has no other use and sits
// in the same block) are one sum of the low words, one carry op per three low words (`carry`,
// ops.def: how often their u32 sum wraps; a last single word gets the comparison) and one sum of
// the high words plus the carries: SHA-512's T1 = h + Σ1 + Ch + K + W takes 12 interpreter
// instructions instead of 16. The js target keeps one comparison per add: in V8 the carry op's
// double arithmetic is no faster for SHA-512 and lengthens the dependency chains of BLAKE2b's G
// (0.89x; docs/notes.md, 2026-12-01).
//
// On the js target, an xor of two or more rotations of one 64-bit value by static amounts (SHA-512's
// Σ and σ) computes the high word from the low word: for any rotation, lo ^ hi = rotr32(v.lo ^
// v.hi, k % 32), so hi(Σ) = lo(Σ) ^ rotr32(x, k1) ^ rotr32(x, k2) ^ rotr32(x, k3) with x = v.lo ^
// v.hi, and V8 makes each 32-bit rotation one instruction where a funnel is five (mov, shr, mov,
// shl, or). Not on runtime, where a funnel is one `fsr` and the shared form has more instructions.
#include <algorithm>
#include <functional>

#include "rewrite.h"

namespace awasmc {

bool lower_u64(Function& f, Target target) {
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

  // The chains: a 64-bit add whose only use is a 64-bit add in the same block is absorbed into
  // that add (the chain's root), which sums the leaves of the tree of absorbed adds below it.
  std::vector<uint32_t> uses(f.nodes.size(), 0), user(f.nodes.size(), 0);
  std::vector<const Block*> block_of(f.nodes.size(), nullptr);
  std::function<void(const Block&)> scan = [&](const Block& b) {
    for (const Stmt& s : b) {
      if (s.kind != Stmt::Def) {
        uses[s.node]++;
        scan(s.body);
        scan(s.els);
        continue;
      }
      block_of[s.node] = &b;
      const Node& n = f[s.node];
      for (int i = 0; i < 3; i++)
        if (uint32_t o = n.operand(i)) {
          uses[o]++;
          user[o] = s.node;
        }
    }
  };
  scan(f.body);
  auto add64 = [&](uint32_t id) { return f[id].op == Op::Add && ty_is64(f[id].ty); };
  std::vector<char> absorbed(f.nodes.size(), 0);
  for (uint32_t id = 1; id < f.nodes.size() && target == Target::Runtime; id++)
    absorbed[id] = add64(id) && uses[id] == 1 && user[id] && add64(user[id]) && block_of[id] && block_of[id] == block_of[user[id]];

  // An inner node of a tree of 64-bit xors: its only use is a 64-bit xor in the same block.
  auto xor_inner = [&](uint32_t id) {
    auto xor64 = [&](uint32_t x) { return f[x].op == Op::Xor && ty_is64(f[x].ty); };
    return xor64(id) && uses[id] == 1 && user[id] && xor64(user[id]) && block_of[id] && block_of[id] == block_of[user[id]];
  };

  Rebuilder r(f);
  r.out().locals = locals;
  std::vector<uint32_t> hi(f.nodes.size()), lo(f.nodes.size());
  const Ty U = Ty::U32;

  Function out = r.run(
      [&](uint32_t id) {
        if (absorbed[id]) return;  // summed by its chain's root
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
        // Every node-creating call gets its own statement (see rewrite.h): the order of node ids
        // must not depend on the C++ compiler's order of evaluating arguments.
        auto C = [&](uint64_t v) { return r.constant(U, v, loc); };
        auto O = [&](Op o, uint32_t x, uint32_t y) { return r.op(o, U, x, y, loc); };
        auto Ok = [&](Op o, uint32_t x, uint64_t k) {  // x op constant k: the constant first
          uint32_t kc = C(k);
          return O(o, x, kc);
        };
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
          case Op::Const: {
            uint32_t h = C(n.imm >> 32);
            uint32_t l = C(n.imm);
            pair(h, l);
            return;
          }
          case Op::LocalGet: {
            Node g;
            g.op = Op::LocalGet;
            g.ty = U;
            g.loc = loc;
            g.imm = hi_local[n.imm];
            uint32_t h = r.emit(g);
            g.imm = lo_local[n.imm];
            uint32_t l = r.emit(g);
            pair(h, l);
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
            if (n.a) idx = Ok(Op::Shl, r.mapped(n.a), 1);
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
              uint32_t h = r.emit(m);
              pair(h, l);
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
            std::vector<uint32_t> leaves;  // the chain's operands, left to right
            std::function<void(uint32_t)> collect = [&](uint32_t x) {
              if (!absorbed[x]) {
                leaves.push_back(x);
                return;
              }
              collect(f[x].a);
              collect(f[x].b);
            };
            collect(n.a);
            collect(n.b);
            if (leaves.size() > 2) {
              // acc is the low sum so far; each carry op covers acc and the next two low words.
              uint32_t acc = lo[leaves[0]];
              std::vector<uint32_t> carries;
              size_t k = 1;
              for (; k + 1 < leaves.size(); k += 2) {
                uint32_t c = r.op(Op::Carry, U, acc, lo[leaves[k]], loc, lo[leaves[k + 1]]);
                carries.push_back(c);
                uint32_t s1 = O(Op::Add, acc, lo[leaves[k]]);
                acc = O(Op::Add, s1, lo[leaves[k + 1]]);
              }
              if (k < leaves.size()) {  // one word left: the carry of a single add
                uint32_t s1 = O(Op::Add, acc, lo[leaves[k]]);
                uint32_t c = O(Op::LtU, s1, acc);
                carries.push_back(c);
                acc = s1;
              }
              uint32_t h = hi[leaves[0]];
              for (size_t j = 1; j < leaves.size(); j++) h = O(Op::Add, h, hi[leaves[j]]);
              for (uint32_t c : carries) h = O(Op::Add, h, c);
              pair(h, acc);
              return;
            }
            uint32_t l = O(Op::Add, al, bl);
            uint32_t carry = O(Op::LtU, l, al);
            uint32_t h = O(Op::Add, ah, bh);
            h = O(Op::Add, h, carry);
            pair(h, l);
            return;
          }
          case Op::Sub: {
            uint32_t l = O(Op::Sub, al, bl);
            uint32_t borrow = O(Op::LtU, al, bl);
            uint32_t h = O(Op::Sub, ah, bh);
            h = O(Op::Sub, h, borrow);
            pair(h, l);
            return;
          }
          case Op::Mul: {
            // The low 64 bits of a 64x64 product from 32-bit multiplies: al*bl in full via 16-bit
            // halves, plus the low halves of the cross terms in the high word.
            uint32_t m16 = C(0xffff), s16 = C(16);
            uint32_t a0 = O(Op::And, al, m16), a1 = O(Op::ShrU, al, s16);
            uint32_t b0 = O(Op::And, bl, m16), b1 = O(Op::ShrU, bl, s16);
            uint32_t p00 = O(Op::Mul, a0, b0), p01 = O(Op::Mul, a0, b1), p10 = O(Op::Mul, a1, b0), p11 = O(Op::Mul, a1, b1);
            // mid = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff): bits 16..31 of al*bl and a carry
            uint32_t p00_hi = O(Op::ShrU, p00, s16), p01_lo = O(Op::And, p01, m16);
            uint32_t mid = O(Op::Add, p00_hi, p01_lo);
            uint32_t p10_lo = O(Op::And, p10, m16);
            mid = O(Op::Add, mid, p10_lo);
            uint32_t p00_lo = O(Op::And, p00, m16), mid_up = O(Op::Shl, mid, s16);
            uint32_t l = O(Op::Or, p00_lo, mid_up);
            // h = p11 + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16) + al*bh + ah*bl
            uint32_t p01_hi = O(Op::ShrU, p01, s16);
            uint32_t h = O(Op::Add, p11, p01_hi);
            uint32_t p10_hi = O(Op::ShrU, p10, s16), mid_hi = O(Op::ShrU, mid, s16);
            uint32_t carries = O(Op::Add, p10_hi, mid_hi);
            h = O(Op::Add, h, carries);
            uint32_t cross_a = O(Op::Mul, al, bh), cross_b = O(Op::Mul, ah, bl);
            uint32_t cross = O(Op::Add, cross_a, cross_b);
            h = O(Op::Add, h, cross);
            pair(h, l);
            return;
          }
          case Op::Mul32: {
            // The full product of the low words: Math.imul for the low word, mulhi_u (exact from
            // the double product and that low word) for the high word. The high words are unused.
            uint32_t l = O(Op::Mul, al, bl);
            uint32_t h = r.op(Op::MulHiU, U, al, bl, loc, l);
            pair(h, l);
            return;
          }
          case Op::And: case Op::Or: case Op::Xor: case Op::Andnot: {
            if (n.op == Op::Xor && target == Target::Js && !xor_inner(id)) {
              // The root of a tree of 64-bit xors (inner xors with no other use, same block). Its
              // rotations of one value v by static amounts share their high words: for a rotation
              // of v by k, lo ^ hi = rotr32(v.lo ^ v.hi, k % 32) (each 32-bit half is v's bits moved
              // by k; the two halves swap roles with the funnel), so the xor of the rotations'
              // high words is the xor of their low words (needed anyway) and of one 32-bit
              // rotation (one instruction in V8) per rotation: Σ of SHA-512 in 18 ops, not 22.
              std::vector<uint32_t> leaves;
              std::function<void(uint32_t)> collect = [&](uint32_t x) {
                if (f[x].op == Op::Xor && ty_is64(f[x].ty) && xor_inner(x)) {
                  collect(f[x].a);
                  collect(f[x].b);
                } else {
                  leaves.push_back(x);
                }
              };
              collect(n.a);
              collect(n.b);
              auto rot_amount = [&](uint32_t x) -> int {  // rotr amount 0..63, or -1
                const Node& q = f[x];
                if ((q.op != Op::Rotr && q.op != Op::Rotl) || !ty_is64(q.ty) || f[q.b].op != Op::Const) return -1;
                int k = static_cast<int>(f[q.b].imm & 63);
                return q.op == Op::Rotr ? k : (64 - k) & 63;
              };
              // Groups: the rotated values with two or more rotations here, in order of first use.
              std::vector<uint32_t> group_of;
              for (uint32_t x : leaves) {
                if (rot_amount(x) < 0) continue;
                uint32_t v = f[x].a;
                size_t count = 0;
                for (uint32_t y : leaves) count += rot_amount(y) >= 0 && f[y].a == v;
                if (count >= 2 && std::find(group_of.begin(), group_of.end(), v) == group_of.end()) group_of.push_back(v);
              }
              if (!group_of.empty()) {
                uint32_t l = 0, h = 0;
                auto acc = [&](uint32_t& into, uint32_t x) { into = into ? O(Op::Xor, into, x) : x; };
                for (uint32_t v : group_of) {
                  uint32_t part = 0, rots = 0;
                  uint32_t both = O(Op::Xor, hi[v], lo[v]);
                  for (uint32_t x : leaves) {
                    if (rot_amount(x) < 0 || f[x].a != v) continue;
                    acc(part, lo[x]);
                    const int k = rot_amount(x) & 31;
                    uint32_t rx = both;
                    if (k) rx = Ok(Op::Rotr, both, static_cast<uint64_t>(k));
                    acc(rots, rx);
                  }
                  acc(l, part);
                  uint32_t hpart = O(Op::Xor, part, rots);
                  acc(h, hpart);
                }
                for (uint32_t x : leaves) {
                  if (rot_amount(x) >= 0 && std::find(group_of.begin(), group_of.end(), f[x].a) != group_of.end()) continue;
                  acc(l, lo[x]);
                  acc(h, hi[x]);
                }
                pair(h, l);
                return;
              }
            }
            uint32_t h = O(n.op, ah, bh);
            uint32_t l = O(n.op, al, bl);
            pair(h, l);
            return;
          }
          case Op::Not: {
            uint32_t h = r.op(Op::Not, U, ah, 0, loc);
            uint32_t l = r.op(Op::Not, U, al, 0, loc);
            pair(h, l);
            return;
          }
          case Op::Bswap: {  // the swapped low word becomes the high word
            uint32_t h = r.op(Op::Bswap, U, al, 0, loc);
            uint32_t l = r.op(Op::Bswap, U, ah, 0, loc);
            pair(h, l);
            return;
          }
          case Op::Shl: case Op::ShrU: case Op::ShrS: case Op::Rotl: case Op::Rotr: {
            if (f[n.b].op != Op::Const) {
              // A runtime amount: work with s = k & 31 and pick the k >= 32 case with selects.
              // x >>> (32 - s) is written (x >>> 1) >>> (31 - s) so that s = 0 shifts in nothing.
              uint32_t k = Ok(Op::And, bl, 63);
              if (n.op == Op::Rotl) {  // rotl by k = rotr by (64 - k) & 63
                uint32_t c64 = C(64);
                uint32_t neg = O(Op::Sub, c64, k);
                k = Ok(Op::And, neg, 63);
              }
              uint32_t big = Ok(Op::And, k, 32);
              uint32_t sh = Ok(Op::And, k, 31);
              uint32_t c31 = C(31);
              uint32_t inv = O(Op::Sub, c31, sh);
              auto sel = [&](uint32_t c, uint32_t x, uint32_t y) { return r.op(Op::Select, U, c, x, loc, y); };
              // (x >>> s) | (y << (32 - s)): x's bits moving down with y's low bits above them
              auto funnel = [&](uint32_t x, uint32_t y) {
                uint32_t down = O(Op::ShrU, x, sh);
                uint32_t y1 = Ok(Op::Shl, y, 1);
                uint32_t up = O(Op::Shl, y1, inv);
                return O(Op::Or, down, up);
              };
              if (n.op == Op::Shl) {
                uint32_t up = O(Op::Shl, ah, sh);
                uint32_t al1 = Ok(Op::ShrU, al, 1);
                uint32_t carried = O(Op::ShrU, al1, inv);
                uint32_t h_small = O(Op::Or, up, carried);
                uint32_t l_shift = O(Op::Shl, al, sh);
                uint32_t h = sel(big, l_shift, h_small);
                uint32_t zero = C(0);
                uint32_t l = sel(big, zero, l_shift);
                pair(h, l);
              } else if (n.op == Op::ShrU || n.op == Op::ShrS) {
                Op sr = n.op;
                uint32_t l_small = funnel(al, ah);
                uint32_t h_shift = O(sr, ah, sh);
                uint32_t fill = sr == Op::ShrS ? Ok(Op::ShrS, ah, 31) : C(0);
                uint32_t h = sel(big, fill, h_shift);
                uint32_t l = sel(big, h_shift, l_small);
                pair(h, l);
              } else {
                uint32_t xh = sel(big, al, ah);
                uint32_t xl = sel(big, ah, al);
                uint32_t h = funnel(xh, xl);
                uint32_t l = funnel(xl, xh);
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
              // (x >>> k) | (y << (32 - k))
              auto funnel = [&](uint32_t x, uint32_t y) {
                uint32_t down = Ok(Op::ShrU, x, k);
                uint32_t up = Ok(Op::Shl, y, 32 - k);
                return O(Op::Or, down, up);
              };
              uint32_t h = funnel(xh, xl);
              uint32_t l = funnel(xl, xh);
              pair(h, l);
              return;
            }
            if (op == Op::Shl) {
              if (k >= 32) {
                uint32_t h = Ok(Op::Shl, al, k - 32);
                uint32_t l = C(0);
                pair(h, l);
              } else {
                uint32_t up = Ok(Op::Shl, ah, k);
                uint32_t carried = Ok(Op::ShrU, al, 32 - k);
                uint32_t h = O(Op::Or, up, carried);
                uint32_t l = Ok(Op::Shl, al, k);
                pair(h, l);
              }
              return;
            }
            Op sr = op;  // ShrU or ShrS: the high word shifts in zeros or sign bits
            if (k >= 32) {
              uint32_t h = sr == Op::ShrS ? Ok(Op::ShrS, ah, 31) : C(0);
              uint32_t l = Ok(sr, ah, k - 32);
              pair(h, l);
            } else {
              uint32_t h = Ok(sr, ah, k);
              uint32_t down = Ok(Op::ShrU, al, k);
              uint32_t up = Ok(Op::Shl, ah, 32 - k);
              uint32_t l = O(Op::Or, down, up);
              pair(h, l);
            }
            return;
          }
          case Op::Eq: case Op::Ne: {
            uint32_t eh = O(Op::Eq, ah, bh);
            uint32_t el = O(Op::Eq, al, bl);
            uint32_t e = O(Op::And, eh, el);
            if (n.op == Op::Ne) e = r.op(Op::Eqz, U, e, 0, loc);
            r.set_map(id, e);
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
            uint32_t heq = O(Op::Eq, ah, bh);
            uint32_t lcmp = O(lop, al, bl);
            uint32_t tie = O(Op::And, heq, lcmp);
            r.set_map(id, O(Op::Or, hcmp, tie));
            return;
          }
          case Op::Eqz: {
            uint32_t any_bit = O(Op::Or, ah, al);
            r.set_map(id, r.op(Op::Eqz, U, any_bit, 0, loc));
            return;
          }
          case Op::Select: {
            uint32_t c = r.mapped(n.a);
            uint32_t h = r.op(Op::Select, U, c, hi[n.b], loc, hi[n.c]);
            uint32_t l = r.op(Op::Select, U, c, lo[n.b], loc, lo[n.c]);
            pair(h, l);
            return;
          }
          case Op::ExtendU:
          case Op::ExtendS: {
            uint32_t x = r.mapped(n.a);
            if (f[n.a].ty != U) x = r.op(Op::Retag, U, x, 0, loc);  // pairs are u32
            uint32_t h = n.op == Op::ExtendS ? Ok(Op::ShrS, x, 31) : C(0);
            pair(h, x);
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
