// Pass (js and runtime targets): lower lane types to scalars. A u32x4 value
// becomes four u32 values and a u64x2 value two u64 values (which lower_u64
// then splits again); lane-wise ops become one op per lane, v128 loads and
// stores become one access per lane, comparisons give all-ones lane masks.
// A u8x16 value becomes four u32 words holding four bytes each (little-endian,
// as in memory), so reinterpreting it as u32x4 is free and byte lanes are
// shifts and masks; byte adds are SWAR on the words, and a byte shuffle moves
// whole words, rotates them or masks bytes into place.
// Runs before lower_u64; a function without lane types is left untouched.
#include "rewrite.h"

namespace awasmc {

namespace {

// The scalar parts a value of type t becomes: lanes, or for u8x16 four words of packed bytes.
int nparts(Ty t) { return !ty_vector(t) ? 1 : t == Ty::U64x2 ? 2 : 4; }
Ty part_ty(Ty t) { return !ty_vector(t) ? t : t == Ty::U64x2 ? Ty::U64 : Ty::U32; }

}  // namespace

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
    for (int k = 0; k < nparts(t); k++) {
      lane_local[i].push_back(static_cast<uint32_t>(locals.size()));
      locals.push_back(part_ty(t));
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
        const Ty lt = part_ty(vt);
        const int L = nparts(vt), lb = ty_bytes(lt);
        std::vector<uint32_t>& res = lanes[id];
        auto op = [&](Op o, Ty ty, uint32_t a, uint32_t b, uint32_t c = 0) { return r.op(o, ty, a, b, loc, c); };
        auto opk = [&](Op o, uint32_t a, uint64_t k) {  // a op (u32 constant k): the constant first
          uint32_t kc = r.constant(Ty::U32, k, loc);
          return op(o, Ty::U32, a, kc);
        };
        if (vt == Ty::U8x16) {
          // Byte lanes in four u32 words: byte i is bits 8*(i%4).. of word i/4.
          switch (n.op) {
            case Op::Splat: {
              uint32_t byte = opk(Op::And, r.mapped(n.a), 0xff);
              uint32_t w = opk(Op::Mul, byte, 0x01010101u);
              res.assign(4, w);
              return;
            }
            case Op::ExtractLane: {
              const int i = static_cast<int>(n.imm), sh = 8 * (i % 4);
              uint32_t v = lanes[n.a][i / 4];
              if (sh) v = opk(Op::ShrU, v, static_cast<uint64_t>(sh));
              if (sh != 24) v = opk(Op::And, v, 0xff);
              r.set_map(id, v);
              return;
            }
            case Op::ReplaceLane: {
              const int i = static_cast<int>(n.imm), sh = 8 * (i % 4);
              res = lanes[n.a];
              uint32_t keep = opk(Op::And, res[i / 4], ~(0xffull << sh) & 0xffffffffu);
              uint32_t put = opk(Op::And, r.mapped(n.b), 0xff);
              if (sh) put = opk(Op::Shl, put, static_cast<uint64_t>(sh));
              res[i / 4] = op(Op::Or, Ty::U32, keep, put);
              return;
            }
            case Op::Add:
            case Op::Sub:
              // SWAR: add the low 7 bits of every byte, then fix the top bits with xor, so no carry
              // crosses a byte. Sub: (a | H) - (b & ~H), fixed with (a ^ ~b) & H.
              for (int k = 0; k < 4; k++) {
                uint32_t a = lanes[n.a][k], b = lanes[n.b][k];
                uint32_t x = n.op == Op::Add ? opk(Op::And, a, 0x7f7f7f7fu) : opk(Op::Or, a, 0x80808080u);
                uint32_t y = opk(Op::And, b, 0x7f7f7f7fu);
                uint32_t sum = op(n.op, Ty::U32, x, y);
                uint32_t nb = n.op == Op::Add ? b : op(Op::Not, Ty::U32, b, 0);
                uint32_t diff = op(Op::Xor, Ty::U32, a, nb);
                uint32_t top = opk(Op::And, diff, 0x80808080u);
                res.push_back(op(Op::Xor, Ty::U32, sum, top));
              }
              return;
            case Op::Shuffle: {
              // Each result word: a whole source word (possibly rotated), or bytes masked into place.
              auto word = [&](int w) { return w < 4 ? lanes[n.a][w] : lanes[n.b][w - 4]; };
              for (int k = 0; k < 4; k++) {
                int src[4];
                for (int j = 0; j < 4; j++) src[j] = shuffle_index(n, 4 * k + j);
                bool one_word = true, rotation = true;
                for (int j = 0; j < 4; j++) {
                  one_word &= src[j] / 4 == src[0] / 4;
                  rotation &= ((j - src[j] % 4 + 4) % 4) == ((0 - src[0] % 4 + 4) % 4);
                }
                if (one_word && rotation) {
                  // Byte j from byte (j - s) mod 4: the word rotated left by 8s.
                  const int rot = 8 * ((4 - src[0] % 4) % 4);
                  res.push_back(rot ? opk(Op::Rotl, word(src[0] / 4), static_cast<uint64_t>(rot)) : word(src[0] / 4));
                  continue;
                }
                // Group bytes by (source word, shift); groups in order of their first byte.
                uint32_t acc = 0;
                bool done[4] = {false, false, false, false};
                for (int j = 0; j < 4; j++) {
                  if (done[j]) continue;
                  const int w = src[j] / 4, d = j - src[j] % 4;
                  uint64_t mask = 0;
                  for (int q = j; q < 4; q++)
                    if (!done[q] && src[q] / 4 == w && q - src[q] % 4 == d) {
                      done[q] = true;
                      mask |= 0xffull << (8 * q);
                    }
                  uint32_t t = word(w);
                  if (d > 0) t = opk(Op::Shl, t, static_cast<uint64_t>(8 * d));
                  if (d < 0) t = opk(Op::ShrU, t, static_cast<uint64_t>(-8 * d));
                  if (mask != 0xffffffffu) t = opk(Op::And, t, mask);
                  acc = acc ? op(Op::Or, Ty::U32, acc, t) : t;
                }
                res.push_back(acc);
              }
              return;
            }
            case Op::Swizzle: {
              // Runtime byte indices: pick the word with two selects on bits 3 and 2 of the index,
              // shift the byte down, and give 0 for indices of 16 and above.
              const std::vector<uint32_t>& a = lanes[n.a];
              for (int k = 0; k < 4; k++) {
                uint32_t acc = 0;
                for (int j = 0; j < 4; j++) {
                  uint32_t ib = lanes[n.b][k];
                  if (j) ib = opk(Op::ShrU, ib, static_cast<uint64_t>(8 * j));
                  if (j != 3) ib = opk(Op::And, ib, 0xff);
                  uint32_t bit2 = opk(Op::And, ib, 4);
                  uint32_t hi = op(Op::Select, Ty::U32, bit2, a[3], a[2]);
                  uint32_t lo = op(Op::Select, Ty::U32, bit2, a[1], a[0]);
                  uint32_t bit3 = opk(Op::And, ib, 8);
                  uint32_t w = op(Op::Select, Ty::U32, bit3, hi, lo);
                  uint32_t low2 = opk(Op::And, ib, 3);
                  uint32_t sh = opk(Op::Shl, low2, 3);
                  uint32_t down = op(Op::ShrU, Ty::U32, w, sh);
                  uint32_t byte = opk(Op::And, down, 0xff);
                  uint32_t in_range = opk(Op::LtU, ib, 16);
                  uint32_t zero = r.constant(Ty::U32, 0, loc);
                  uint32_t v = op(Op::Select, Ty::U32, in_range, byte, zero);
                  if (j) v = opk(Op::Shl, v, static_cast<uint64_t>(8 * j));
                  acc = acc ? op(Op::Or, Ty::U32, acc, v) : v;
                }
                res.push_back(acc);
              }
              return;
            }
            default: break;  // loads, stores, locals, constants, and, or, xor, not, select, retag: word by word
          }
        }
        if (n.op == Op::Retag && nparts(f[n.a].ty) != L) {
          // u64x2 <-> four u32 words (u32x4, u8x16): the low word of each u64 first.
          const std::vector<uint32_t>& from = lanes[n.a];
          if (L == 4) {
            for (int k = 0; k < 2; k++) {
              uint32_t lo = op(Op::Wrap, Ty::U32, from[k], 0);
              uint32_t sh = r.constant(Ty::U64, 32, loc);
              uint32_t down = op(Op::ShrU, Ty::U64, from[k], sh);
              uint32_t hi = op(Op::Wrap, Ty::U32, down, 0);
              res.push_back(lo);
              res.push_back(hi);
            }
          } else {
            for (int k = 0; k < 2; k++) {
              uint32_t lo = op(Op::ExtendU, Ty::U64, from[2 * k], 0);
              uint32_t hi = op(Op::ExtendU, Ty::U64, from[2 * k + 1], 0);
              uint32_t sh = r.constant(Ty::U64, 32, loc);
              uint32_t up = op(Op::Shl, Ty::U64, hi, sh);
              res.push_back(op(Op::Or, Ty::U64, up, lo));
            }
          }
          return;
        }
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
              int i = shuffle_index(n, k);
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
