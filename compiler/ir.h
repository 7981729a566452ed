// The typed IR the stager builds and every later pass rewrites.
//
// A Function owns its nodes (ids from a counter, 0 = none) and a structured
// body: a Block is a list of statements; a statement defines one node (`Def`)
// or is a runtime loop or branch holding nested blocks. A node's operands are
// always defined earlier in program order, in the same or an enclosing block
// (verify.cpp checks this), so the order of Defs is the order of evaluation
// for everything with an effect (loads, stores, local sets).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "diag.h"

namespace awasmc {

enum class Ty : uint8_t { None, U8, U16, U32, I32, U64, I64, U32x4, U64x2, U8x16 };

enum Flags : uint32_t { PURE = 1, LOAD = 2, EFFECT = 4, COMM = 8, CMP = 16, LANE_ONLY = 32 };

enum class Op : uint8_t {
#define OP(name, text, arity, flags, wk, w32, w64, wv32, wv64, wv8, js) name,
#include "ops.def"
#undef OP
  Count_
};

struct OpInfo {
  const char* text;
  int arity;
  uint32_t flags;
  const char* js;
};
const OpInfo& op_info(Op op);

// Type helpers.
const char* ty_name(Ty t);
int ty_bytes(Ty t);          // size in memory
bool ty_signed(Ty t);
bool ty_vector(Ty t);
int ty_lanes(Ty t);          // 1 for scalars
Ty ty_lane(Ty t);            // scalar lane type (t itself for scalars; u8 for u8x16)
Ty ty_lane_value(Ty t);      // the type of one lane as a value (u32 for a u8x16 lane)
bool ty_is64(Ty t);          // u64/i64 scalar
Ty ty_value(Ty mem);         // type of a loaded value: u8/u16 load as u32

struct Node {
  Op op = Op::Const;
  Ty ty = Ty::None;
  uint32_t a = 0, b = 0, c = 0;  // operand node ids
  uint64_t imm = 0;   // const bits (low 64 of a v128) | local index | load/store byte offset | lane index
  uint64_t imm2 = 0;  // const bits (high 64 of a v128) | load/store memory type (Ty)
  SrcLoc loc;
  uint32_t operand(int i) const { return i == 0 ? a : i == 1 ? b : c; }
};

// A shuffle's lane indices: one byte per result lane, lanes 0..7 in imm and 8..15 in imm2; index
// i < lanes picks lane i of the first operand, lanes + i lane i of the second.
inline int shuffle_index(const Node& n, int k) {
  return static_cast<int>(((k < 8 ? n.imm : n.imm2) >> (8 * (k % 8))) & 0xff);
}
inline void set_shuffle_index(Node& n, int k, int i) {
  (k < 8 ? n.imm : n.imm2) |= static_cast<uint64_t>(i & 0xff) << (8 * (k % 8));
}

struct Stmt;
using Block = std::vector<Stmt>;

struct Stmt {
  enum Kind : uint8_t { Def, Loop, If } kind = Def;
  uint32_t node = 0;   // Def: the node; Loop: the trip count (u32); If: the condition (u32)
  uint32_t local = 0;  // Loop: counter local (u32, 0..count-1)
  Block body, els;
  SrcLoc loc;
};

// A value the kernel classified by hand for the constant-time check (ct.cpp): `declassify(x, reason)`
// (public from here on, with the reason the check reports) or `secret(x)`. The value is copied into
// `local`, a local of its own that nothing else writes; reads of it carry the mark.
struct CtMark {
  uint32_t local = 0;
  bool secret = false;
  SrcLoc loc;
  std::string reason;  // declassify's reason; empty for secret()
};

struct Function {
  std::string name;
  std::vector<std::string> targets;  // only built for these targets (empty: every target)
  std::vector<Ty> locals;  // the first `nparams` are the parameters
  uint32_t nparams = 0;
  Ty result = Ty::None;
  // The signature at the JavaScript boundary, where it differs from the IR's (docs/target-contract.md):
  // a u64 parameter is one JS number, passed as two u32 IR parameters (low word, then high word);
  // a u64 result returns its low word and stores the high word at byte `result_hi`.
  std::vector<Ty> js_params;  // empty: the IR parameters
  Ty js_result = Ty::None;    // None: the IR result
  uint32_t result_hi = 0;
  std::vector<Node> nodes{Node{}};  // nodes[0] is the null node
  Block body;
  SrcLoc loc;
  std::vector<CtMark> ct_marks;  // in program order

  uint32_t add(Node n) {
    nodes.push_back(n);
    return static_cast<uint32_t>(nodes.size() - 1);
  }
  const Node& operator[](uint32_t id) const { return nodes[id]; }
};

struct Region {
  std::string name;
  uint32_t offset = 0, bytes = 0;
  std::string data;  // initial contents of a constant data region (memory.data), else empty
  // The heap (memory.heap): the last region, at offset memory_bytes, with bytes 0 here; its length
  // is chosen per link by the runtime (link(list, { heapBytes }), docs/target-contract.md).
  bool heap = false;
  // Whether its bytes are secret for the constant-time check (ct.cpp): every writable region is,
  // unless declared with { secret: false }; constant regions (memory.data) are public.
  bool secret = true;
};

struct Module {
  std::string name;        // module file stem, e.g. "sha2"
  std::string source;      // path relative to the project, e.g. "modules/sha2.js"
  std::vector<Region> regions;
  uint32_t memory_bytes = 65536;
  std::vector<Function> functions;  // sorted by name
};

// Whether the module has a heap (memory.heap): always its last region.
inline bool has_heap(const Module& m) { return !m.regions.empty() && m.regions.back().heap; }

// Semantics of pure scalar ops on 64-bit containers (values of 32-bit types are
// kept zero-extended). The constant folder and the reference interpreter use it.
// Returns false for ops it does not evaluate (vectors, effects).
bool eval_op(Op op, Ty ty, Ty arg_ty, const uint64_t* args, uint64_t& out);
uint64_t ty_mask(Ty t);

// Printer (the syntax of `awasmc dump` and the golden tests) and verifier.
std::string print_module(const Module& m);
std::string print_function(const Function& f);
void verify_function(const Function& f);  // throws CompileError on a broken invariant
void verify_module(const Module& m);

}  // namespace awasmc
