// Pass: expand ops that the target has no single instruction for, using the op
// table (a `_` wasm column, an empty JS template): scalar not/andnot and bswap
// on wasm; rotations on lane types (by whole bytes: one byte shuffle); rotations,
// andnot and bswap on js/runtime, and there unaligned u16/u32 accesses (bytes).
// Each expansion only produces ops the target has, so one pass reaches the fixpoint.
#include <cstring>

#include "rewrite.h"

namespace awasmc {

const char* target_name(Target t) {
  switch (t) {
    case Target::Wasm: return "wasm";
    case Target::WasmThreads: return "wasm_threads";
    case Target::Js: return "js";
    case Target::Runtime: return "runtime";
  }
  return "?";
}

namespace {

struct WasmCols {
  bool by_column;  // built from the table's op columns (kinds BIN, UN, SHIFT)
  bool i32, i64, v32, v64, v8;
};
#define STR(x) #x
const WasmCols kWasm[] = {
#define OP(name, text, arity, flags, wk, w32, w64, wv32, wv64, wv8, js)                                                  \
  {std::strcmp(STR(wk), "BIN") == 0 || std::strcmp(STR(wk), "UN") == 0 || std::strcmp(STR(wk), "SHIFT") == 0,      \
   std::strcmp(STR(w32), "_") != 0, std::strcmp(STR(w64), "_") != 0, std::strcmp(STR(wv32), "_") != 0,            \
   std::strcmp(STR(wv64), "_") != 0, std::strcmp(STR(wv8), "_") != 0},
#include "ops.def"
#undef OP
};
#undef STR

bool has_instr(const Function& f, const Node& n, Target t) {
  const OpInfo& info = op_info(n.op);
  if (t == Target::Js || t == Target::Runtime) {
    // After lower_simd and lower_u64 only 32-bit scalars are left; the op needs a JS template.
    return info.js[0] != 0 || !(info.flags & PURE) || n.op == Op::Const;
  }
  const WasmCols& c = kWasm[static_cast<int>(n.op)];
  if (!c.by_column) return true;
  if (n.op == Op::Bswap && ty_vector(n.ty)) return true;  // one i8x16.shuffle (emit_wasm.cpp)
  Ty ty = ((info.flags & CMP) && n.a) ? f[n.a].ty : n.ty;  // comparisons go by the operand type
  switch (ty) {
    case Ty::U32: case Ty::I32: return c.i32;
    case Ty::U64: case Ty::I64: return c.i64;
    case Ty::U32x4: return c.v32;
    case Ty::U64x2: return c.v64;
    case Ty::U8x16: return c.v8;
    default: return false;
  }
}

// A shuffle of the vector v with itself (type ty) whose lane k is lane index(k) of v.
template <class Index>
uint32_t shuffle_of(Rebuilder& r, Ty ty, uint32_t v, SrcLoc loc, Index index) {
  Node sh;
  sh.op = Op::Shuffle;
  sh.ty = ty;
  sh.a = v;
  sh.b = v;
  sh.loc = loc;
  for (int k = 0; k < ty_lanes(ty); k++) set_shuffle_index(sh, k, index(k));
  return r.emit(sh);
}

}  // namespace

bool lower_ops(Function& f, Target t) {
  bool changed = false;
  Rebuilder r(f);
  Function out = r.run([&](uint32_t id) {
    const Node& n = f[id];
    const Ty mem_ty = static_cast<Ty>(n.imm2);
    if ((t == Target::Js || t == Target::Runtime) && (n.op == Op::Load || n.op == Op::Store) && ty_bytes(mem_ty) > 1 &&
        n.imm % static_cast<uint64_t>(ty_bytes(mem_ty)) != 0) {
      // An unaligned u16/u32 (a view at an odd byte offset): the js and runtime targets index
      // typed arrays by element, so it is read and written byte by byte, little-endian.
      changed = true;
      const int size = ty_bytes(mem_ty);
      uint32_t idx = 0;
      if (n.a) {
        uint32_t sh = r.constant(Ty::U32, size == 2 ? 1 : 2, n.loc);
        idx = r.op(Op::Shl, Ty::U32, r.mapped(n.a), sh, n.loc);
      }
      uint32_t acc = 0;
      for (int k = 0; k < size; k++) {
        Node m;
        m.op = n.op;
        m.a = idx;
        m.imm = n.imm + static_cast<uint64_t>(k);
        m.imm2 = static_cast<uint64_t>(Ty::U8);
        m.loc = n.loc;
        if (n.op == Op::Load) {
          m.ty = Ty::U32;
          uint32_t byte = r.emit(m);
          if (k) {
            uint32_t sh = r.constant(Ty::U32, static_cast<uint64_t>(8 * k), n.loc);
            byte = r.op(Op::Shl, Ty::U32, byte, sh, n.loc);
          }
          acc = acc ? r.op(Op::Or, Ty::U32, acc, byte, n.loc) : byte;
        } else {
          uint32_t v = r.mapped(n.b);
          if (k) {
            uint32_t sh = r.constant(Ty::U32, static_cast<uint64_t>(8 * k), n.loc);
            v = r.op(Op::ShrU, Ty::U32, v, sh, n.loc);
          }
          m.b = v;
          r.emit(m);
        }
      }
      if (n.op == Op::Load) r.set_map(id, acc);
      return;
    }
    if (has_instr(f, n, t)) {
      r.set_map(id, r.copy(n));
      return;
    }
    changed = true;
    const Ty ty = n.ty;
    const int bits = ty_bytes(ty_lane(ty)) * 8;
    const bool vec = ty_vector(ty);
    const SrcLoc loc = n.loc;
    auto all_ones = [&](Ty ty2) {
      Node c;
      c.op = Op::Const;
      c.ty = ty2;
      c.imm = ty_vector(ty2) ? ~0ull : ty_mask(ty2);
      c.imm2 = ty_vector(ty2) ? ~0ull : 0;
      c.loc = loc;
      return r.emit(c);
    };
    const Ty amt_ty = vec ? Ty::U32 : ty;  // shift amounts of lane types are u32
    uint32_t a = r.mapped(n.a), b = r.mapped(n.b);
    switch (n.op) {
      case Op::Not: {
        if (t == Target::Js || t == Target::Runtime) break;
        uint32_t ones = all_ones(ty);
        r.set_map(id, r.op(Op::Xor, ty, a, ones, loc));
        return;
      }
      case Op::Andnot: {
        // Ask whether the target has `not` for this type before emitting anything: the node
        // would land in the block being built (a loop body, say), not at the function's end.
        Node probe;
        probe.op = Op::Not;
        probe.ty = ty;
        uint32_t nb = 0;
        if (has_instr(r.out(), probe, t)) {
          nb = r.op(Op::Not, ty, b, 0, loc);
        } else {
          uint32_t ones = all_ones(ty);
          nb = r.op(Op::Xor, ty, b, ones, loc);
        }
        r.set_map(id, r.op(Op::And, ty, a, nb, loc));
        return;
      }
      case Op::Rotl:
      case Op::Rotr: {
        if (vec && f[n.b].op == Op::Const && (f[n.b].imm & (bits - 1)) % 8 == 0) {
          // A lane rotation by whole bytes is one i8x16.shuffle (V8 makes shr, shl, or of the
          // shifts: three instructions). Rotating right by s bytes: byte j of a lane is byte
          // (j + s) mod bytes-per-lane.
          const int amt = static_cast<int>(f[n.b].imm & (bits - 1)), lb = bits / 8;
          const int s = (n.op == Op::Rotr ? amt : (bits - amt) % bits) / 8;
          uint32_t bytes = r.op(Op::Retag, Ty::U8x16, a, 0, loc);
          uint32_t moved = shuffle_of(r, Ty::U8x16, bytes, loc, [&](int k) { return (k / lb) * lb + (k % lb + s) % lb; });
          r.set_map(id, r.op(Op::Retag, ty, moved, 0, loc));
          return;
        }
        // rotr(x, n) = (x >>> n) | (x << (bits - n)); shifts take the amount modulo bits,
        // so n = 0 gives x | x = x.
        uint32_t k = r.constant(amt_ty, static_cast<uint64_t>(bits), loc);
        uint32_t other = r.op(Op::Sub, amt_ty, k, b, loc);
        uint32_t sa = n.op == Op::Rotr ? b : other, sb = n.op == Op::Rotr ? other : b;
        uint32_t hi = r.op(Op::ShrU, ty, a, sa, loc);
        uint32_t lo = r.op(Op::Shl, ty, a, sb, loc);
        r.set_map(id, r.op(Op::Or, ty, hi, lo, loc));
        return;
      }
      case Op::Bswap: {
        if (vec) break;
        if (bits == 32) {
          // bswap32(x) = (rotl(x, 8) & 0x00ff00ff) | (rotr(x, 8) & 0xff00ff00)
          uint32_t eight = r.constant(ty, 8, loc);
          uint32_t l = r.op(Op::Rotl, ty, a, eight, loc);
          uint32_t rr = r.op(Op::Rotr, ty, a, eight, loc);
          uint32_t odd = r.constant(ty, 0x00ff00ffu, loc);
          uint32_t x = r.op(Op::And, ty, l, odd, loc);
          uint32_t even = r.constant(ty, 0xff00ff00u, loc);
          uint32_t y = r.op(Op::And, ty, rr, even, loc);
          r.set_map(id, r.op(Op::Or, ty, x, y, loc));
          return;
        }
        // bswap64: swap bytes in 16-bit units, then 16-bit units in 32-bit units, then the halves.
        auto swap = [&](uint32_t v, uint64_t mask, int sh) {
          uint32_t s = r.constant(ty, static_cast<uint64_t>(sh), loc);
          uint32_t m = r.constant(ty, mask, loc);
          uint32_t down = r.op(Op::ShrU, ty, v, s, loc);
          uint32_t hi = r.op(Op::And, ty, down, m, loc);
          uint32_t kept = r.op(Op::And, ty, v, m, loc);
          uint32_t lo = r.op(Op::Shl, ty, kept, s, loc);
          return r.op(Op::Or, ty, hi, lo, loc);
        };
        uint32_t v = swap(a, 0x00ff00ff00ff00ffull, 8);
        v = swap(v, 0x0000ffff0000ffffull, 16);
        uint32_t half = r.constant(ty, 32, loc);
        r.set_map(id, r.op(Op::Rotl, ty, v, half, loc));
        return;
      }
      case Op::Mul32: {
        if (t == Target::Js || t == Target::Runtime) break;  // lower_u64 made it 32-bit ops
        if (!vec) {
          // i64.mul of the zero-extended low halves; an operand that is an extend_u already is
          // (Binaryen -O3 keeps the mask of an i64.load32_u).
          uint32_t m = r.constant(ty, 0xffffffffu, loc);
          uint32_t lo_a = f[n.a].op == Op::ExtendU ? a : r.op(Op::And, ty, a, m, loc);
          uint32_t lo_b = f[n.b].op == Op::ExtendU ? b : r.op(Op::And, ty, b, m, loc);
          r.set_map(id, r.op(Op::Mul, ty, lo_a, lo_b, loc));
          return;
        }
        // u64x2: gather the low words into lanes 0 and 1 (one shuffle each), then
        // i64x2.extmul_low_i32x4_u (V8 on x64: two unpacks and one pmuludq).
        auto low_words = [&](uint32_t v) {
          uint32_t w = r.op(Op::Retag, Ty::U32x4, v, 0, loc);
          return shuffle_of(r, Ty::U32x4, w, loc, [](int k) { return k % 2 == 0 ? 0 : 2; });
        };
        uint32_t wa = low_words(a);
        uint32_t wb = a == b ? wa : low_words(b);
        r.set_map(id, r.op(Op::ExtMulLowU, Ty::U64x2, wa, wb, loc));
        return;
      }
      case Op::LtU: case Op::LeU: case Op::GtU: case Op::GeU: {
        // No unsigned i64x2 comparison in wasm: flip the sign bits and compare signed.
        Ty at = f[n.a].ty;
        if (at != Ty::U64x2) break;
        Node c;
        c.op = Op::Const;
        c.ty = at;
        c.imm = c.imm2 = 0x8000000000000000ull;
        c.loc = loc;
        uint32_t sign = r.emit(c);
        Op s = n.op == Op::LtU ? Op::LtS : n.op == Op::LeU ? Op::LeS : n.op == Op::GtU ? Op::GtS : Op::GeS;
        uint32_t fa = r.op(Op::Xor, at, a, sign, loc);
        uint32_t fb = r.op(Op::Xor, at, b, sign, loc);
        r.set_map(id, r.op(s, ty, fa, fb, loc));
        return;
      }
      default: break;
    }
    Ty shown = (op_info(n.op).flags & CMP) && n.a ? f[n.a].ty : ty;
    fail(loc, std::string(op_info(n.op).text) + " on " + ty_name(shown) + " is not supported on the " + target_name(t) + " target");
  });
  f = std::move(out);
  return changed;
}

}  // namespace awasmc
