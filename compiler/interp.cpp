// The C++ reference interpreter (see interp.h).
#include "interp.h"

#include <array>
#include <cstring>

namespace awasmc {

namespace {

using V = std::array<uint64_t, 2>;  // a scalar in [0], or a v128 as two little-endian halves

uint64_t lane_get(const V& v, Ty t, int i) {
  if (t == Ty::U64x2) return v[i];
  if (t == Ty::U8x16) return (v[i / 8] >> (8 * (i % 8))) & 0xff;
  return (v[i / 2] >> (32 * (i % 2))) & 0xffffffffu;
}
void lane_set(V& v, Ty t, int i, uint64_t x) {
  if (t == Ty::U64x2) {
    v[i] = x;
    return;
  }
  if (t == Ty::U8x16) {
    int sh = 8 * (i % 8);
    v[i / 8] = (v[i / 8] & ~(0xffull << sh)) | ((x & 0xff) << sh);
    return;
  }
  int sh = 32 * (i % 2);
  v[i / 2] = (v[i / 2] & ~(0xffffffffull << sh)) | ((x & 0xffffffffu) << sh);
}

struct Machine {
  const Function& f;
  std::vector<uint8_t>& mem;
  std::vector<V> val, loc;
  uint64_t result = 0;
  bool returned = false;

  uint64_t address(const Node& n, int size) {
    uint64_t a = n.imm + (n.a ? (val[n.a][0] & 0xffffffffu) * static_cast<uint64_t>(size) : 0);
    if (a + size > mem.size()) fail(n.loc, "reference interpreter: memory access out of bounds at " + std::to_string(a));
    return a;
  }

  V eval(const Node& n) {
    V out{0, 0};
    const Ty t = n.ty;
    switch (n.op) {
      case Op::Const: return {n.imm, n.imm2};
      case Op::LocalGet: return loc[n.imm];
      case Op::Load: {
        Ty mt = static_cast<Ty>(n.imm2);
        int size = ty_bytes(mt);
        uint64_t a = address(n, size);
        uint8_t buf[16] = {0};
        std::memcpy(buf, &mem[a], size);
        std::memcpy(out.data(), buf, 16);  // little-endian host
        if (size < 8) out[0] &= (1ull << (8 * size)) - 1;
        return out;
      }
      case Op::Select: return (val[n.a][0] & 0xffffffffu) ? val[n.b] : val[n.c];
      case Op::Retag: return val[n.a];
      case Op::Splat:
        for (int i = 0; i < ty_lanes(t); i++) lane_set(out, t, i, val[n.a][0]);
        return out;
      case Op::ExtractLane: out[0] = lane_get(val[n.a], f[n.a].ty, static_cast<int>(n.imm)); return out;
      case Op::ReplaceLane:
        out = val[n.a];
        lane_set(out, t, static_cast<int>(n.imm), val[n.b][0]);
        return out;
      case Op::Shuffle:
        for (int k = 0, L = ty_lanes(t); k < L; k++) {
          int i = shuffle_index(n, k);
          lane_set(out, t, k, i < L ? lane_get(val[n.a], t, i) : lane_get(val[n.b], t, i - L));
        }
        return out;
      case Op::Swizzle:
        // Lane k is lane idx[k] of a, or 0 when idx[k] >= 16.
        for (int k = 0; k < 16; k++) {
          uint64_t i = lane_get(val[n.b], t, k);
          lane_set(out, t, k, i < 16 ? lane_get(val[n.a], t, static_cast<int>(i)) : 0);
        }
        return out;
      case Op::ExtMulLowU:
        for (int i = 0; i < 2; i++) out[i] = lane_get(val[n.a], Ty::U32x4, i) * lane_get(val[n.b], Ty::U32x4, i);
        return out;
      default: break;
    }
    Ty at = n.a ? f[n.a].ty : t;
    if (!ty_vector(at) && !ty_vector(t)) {
      uint64_t args[3] = {n.a ? val[n.a][0] : 0, n.b ? val[n.b][0] : 0, n.c ? val[n.c][0] : 0};
      if (!eval_op(n.op, t, at, args, out[0])) fail(n.loc, std::string("reference interpreter: cannot evaluate ") + op_info(n.op).text);
      return out;
    }
    // Lane types: lane by lane. Shift amounts are one u32 for all lanes.
    const bool cmp = op_info(n.op).flags & CMP;
    const Ty lt = ty_lane(at);
    const bool shift = n.op == Op::Shl || n.op == Op::ShrU || n.op == Op::ShrS || n.op == Op::Rotl || n.op == Op::Rotr;
    for (int i = 0; i < ty_lanes(at); i++) {
      uint64_t args[3] = {n.a ? lane_get(val[n.a], at, i) : 0,
                          n.b ? (shift ? val[n.b][0] : lane_get(val[n.b], at, i)) : 0, 0};
      if (n.op == Op::Andnot) args[1] = lane_get(val[n.b], at, i);
      uint64_t r;
      if (!eval_op(n.op, lt, lt, args, r)) fail(n.loc, std::string("reference interpreter: cannot evaluate ") + op_info(n.op).text + " on lanes");
      if (cmp) r = r ? ty_mask(lt) : 0;
      lane_set(out, at, i, r);
    }
    return out;
  }

  void block(const Block& b) {
    for (const Stmt& s : b) {
      if (returned) return;
      if (s.kind == Stmt::Loop) {
        uint64_t count = val[s.node][0] & 0xffffffffu;
        for (uint64_t i = 0; i < count && !returned; i++) {
          loc[s.local] = {i, 0};
          block(s.body);
        }
        continue;
      }
      if (s.kind == Stmt::If) {
        block((val[s.node][0] & 0xffffffffu) ? s.body : s.els);
        continue;
      }
      const Node& n = f[s.node];
      switch (n.op) {
        case Op::LocalSet: loc[n.imm] = val[n.a]; break;
        case Op::Store: {
          Ty mt = static_cast<Ty>(n.imm2);
          int size = ty_bytes(mt);
          uint64_t a = address(n, size);
          uint8_t buf[16];
          std::memcpy(buf, val[n.b].data(), 16);
          std::memcpy(&mem[a], buf, size);
          break;
        }
        case Op::Return:
          result = n.a ? val[n.a][0] : 0;
          returned = true;
          return;
        default: val[s.node] = eval(n);
      }
    }
  }
};

}  // namespace

std::vector<uint8_t> initial_memory(const Module& m) {
  std::vector<uint8_t> mem(m.memory_bytes, 0);
  for (const Region& r : m.regions)
    if (!r.data.empty()) std::memcpy(&mem[r.offset], r.data.data(), r.data.size());
  return mem;
}

uint64_t interpret(const Function& f, std::vector<uint8_t>& mem, const std::vector<uint64_t>& args) {
  Machine m{f, mem, std::vector<V>(f.nodes.size(), V{0, 0}), std::vector<V>(f.locals.size(), V{0, 0})};
  for (size_t i = 0; i < args.size() && i < f.nparams; i++) m.loc[i] = {args[i] & ty_mask(f.locals[i]), 0};
  m.block(f.body);
  return m.result;
}

}  // namespace awasmc
