// Unit tests of the IR, the passes and the reference interpreter: op
// semantics, the verifier, folding, scheduling hazards, and that every target
// lowering of the SHA-2 kernel computes what the staged IR computes (and the
// FIPS 180-4 answers) in the C++ reference interpreter.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <random>

#include "driver.h"
#include "interp.h"
#include "schedule.h"
#include "stage.h"

using namespace awasmc;

namespace {

const char* kRoot = AWASMC_SOURCE_DIR;

Module staged_sha2() {
  SourceSet sources;
  Module m = stage_module(kRoot, "modules/sha2.js", sources);
  verify_module(m);
  return m;
}

const Function& fn(const Module& m, const std::string& name) {
  for (const Function& f : m.functions)
    if (f.name == name) return f;
  FAIL("no function " << name);
  return m.functions.front();
}

std::string hex(const std::vector<uint8_t>& mem, size_t off, size_t n) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (size_t i = 0; i < n; i++) s += d[mem[off + i] >> 4], s += d[mem[off + i] & 15];
  return s;
}

uint32_t region(const Module& m, const std::string& name) {
  for (const Region& r : m.regions)
    if (r.name == name) return r.offset;
  FAIL("no region " << name);
  return 0;
}

// Hashes one short message (fits in one or two blocks) with the IR of `m`.
std::string digest(const Module& m, const std::string& algo, const std::string& family, const std::string& msg, size_t out_len) {
  const size_t bl = family == "sha256" ? 64 : 128, len_bytes = family == "sha256" ? 8 : 16;
  std::vector<uint8_t> mem = initial_memory(m);
  size_t blocks = (msg.size() + 1 + len_bytes + bl - 1) / bl;
  uint32_t base = region(m, "block");
  for (size_t i = 0; i < msg.size(); i++) mem[base + i] = static_cast<uint8_t>(msg[i]);
  mem[base + msg.size()] = 0x80;
  uint64_t bits = msg.size() * 8;
  for (int i = 0; i < 8; i++) mem[base + blocks * bl - 1 - i] = static_cast<uint8_t>(bits >> (8 * i));
  interpret(fn(m, algo + "_init"), mem, {});
  interpret(fn(m, family + "_compress"), mem, {blocks});
  interpret(fn(m, family + "_output"), mem, {});
  return hex(mem, region(m, "out"), out_len);
}

}  // namespace

TEST_CASE("eval_op: wrap-around semantics of the op table") {
  uint64_t out;
  auto ev = [&](Op op, Ty ty, Ty at, uint64_t x, uint64_t y) {
    uint64_t args[3] = {x, y, 0};
    return eval_op(op, ty, at, args, out);
  };
  uint64_t a[3] = {0x80000000u, 1, 0};
  CHECK(ev(Op::Add, Ty::U32, Ty::U32, 0xffffffffu, 2));
  CHECK(out == 1);
  CHECK(eval_op(Op::ShrS, Ty::I32, Ty::I32, a, out));
  CHECK(out == 0xc0000000u);
  CHECK(eval_op(Op::ShrU, Ty::U32, Ty::U32, a, out));
  CHECK(out == 0x40000000u);
  // carry: how often the sum of three u32 words wraps (lower_u64's add chains on runtime).
  uint64_t c3[3] = {0xffffffffu, 0xffffffffu, 0xffffffffu};
  CHECK(eval_op(Op::Carry, Ty::U32, Ty::U32, c3, out));
  CHECK(out == 2);
  uint64_t c1[3] = {0xffffffffu, 1, 0};
  CHECK(eval_op(Op::Carry, Ty::U32, Ty::U32, c1, out));
  CHECK(out == 1);
  uint64_t c0[3] = {0x7fffffffu, 0x7fffffffu, 1};
  CHECK(eval_op(Op::Carry, Ty::U32, Ty::U32, c0, out));
  CHECK(out == 0);
  CHECK(ev(Op::Rotr, Ty::U32, Ty::U32, 0x12345678u, 8));
  CHECK(out == 0x78123456u);
  CHECK(ev(Op::Rotl, Ty::U64, Ty::U64, 0x8000000000000001ull, 1));
  CHECK(out == 3);
  CHECK(ev(Op::Bswap, Ty::U64, Ty::U64, 0x0102030405060708ull, 0));
  CHECK(out == 0x0807060504030201ull);
  CHECK(ev(Op::LtS, Ty::U32, Ty::I32, 0xffffffffu, 0));
  CHECK(out == 1);
  CHECK(ev(Op::LtU, Ty::U32, Ty::U32, 0xffffffffu, 0));
  CHECK(out == 0);
  CHECK(ev(Op::Shl, Ty::U32, Ty::U32, 1, 33));
  CHECK(out == 2);  // shift amounts are taken modulo the width, as in wasm and JS
  CHECK(ev(Op::ExtendS, Ty::I64, Ty::I32, 0xfffffffeu, 0));
  CHECK(out == 0xfffffffffffffffeull);
}

TEST_CASE("verifier rejects broken IR") {
  Function f;
  f.name = "broken";
  Node c;
  c.op = Op::Const;
  c.ty = Ty::U32;
  uint32_t k = f.add(c);
  Node add;
  add.op = Op::Add;
  add.ty = Ty::U32;
  add.a = k;
  add.b = k;
  uint32_t s = f.add(add);
  // Use before definition.
  f.body.push_back(Stmt{Stmt::Def, s, 0, {}, {}, {}});
  f.body.push_back(Stmt{Stmt::Def, k, 0, {}, {}, {}});
  CHECK_THROWS_AS(verify_function(f), CompileError);
  // In order it is fine.
  std::swap(f.body[0], f.body[1]);
  CHECK_NOTHROW(verify_function(f));
  // Type mismatch.
  Node c64;
  c64.op = Op::Const;
  c64.ty = Ty::U64;
  uint32_t k64 = f.add(c64);
  f.nodes[s].b = k64;
  f.body.insert(f.body.begin(), Stmt{Stmt::Def, k64, 0, {}, {}, {}});
  CHECK_THROWS_AS(verify_function(f), CompileError);
}

TEST_CASE("simplify folds constants and removes dead code") {
  Function f;
  f.name = "fold";
  auto def = [&](Node n) {
    uint32_t id = f.add(n);
    f.body.push_back(Stmt{Stmt::Def, id, 0, {}, {}, {}});
    return id;
  };
  Node c;
  c.op = Op::Const;
  c.ty = Ty::U32;
  c.imm = 40;
  uint32_t a = def(c);
  c.imm = 2;
  uint32_t b = def(c);
  Node add;
  add.op = Op::Add;
  add.ty = Ty::U32;
  add.a = a;
  add.b = b;
  uint32_t sum = def(add);
  Node unused = add;
  unused.op = Op::Mul;
  def(unused);
  Node st;
  st.op = Op::Store;
  st.b = sum;
  st.imm2 = static_cast<uint64_t>(Ty::U32);
  def(st);
  while (simplify(f)) verify_function(f);
  // What is left: the constant 42 and the store.
  REQUIRE(f.body.size() == 2);
  CHECK(f[f.body[0].node].op == Op::Const);
  CHECK(f[f.body[0].node].imm == 42);
  CHECK(f[f.body[1].node].op == Op::Store);
  std::vector<uint8_t> mem(16);
  interpret(f, mem, {});
  CHECK(mem[0] == 42);
}

TEST_CASE("schedule never moves a load past a store") {
  Function f;
  f.name = "hazard";
  auto def = [&](Node n) {
    uint32_t id = f.add(n);
    f.body.push_back(Stmt{Stmt::Def, id, 0, {}, {}, {}});
    return id;
  };
  Node ld;
  ld.op = Op::Load;
  ld.ty = Ty::U32;
  ld.imm2 = static_cast<uint64_t>(Ty::U32);
  uint32_t x = def(ld);
  Node c;
  c.op = Op::Const;
  c.ty = Ty::U32;
  c.imm = 7;
  uint32_t k = def(c);
  Node st;
  st.op = Op::Store;
  st.b = k;
  st.imm2 = static_cast<uint64_t>(Ty::U32);
  def(st);  // overwrites what x read
  st.imm = 4;
  st.b = x;
  def(st);  // the single use of x comes after the store
  Schedule s = schedule_function(f);
  CHECK(s.inlined[k] == 1);
  CHECK(s.inlined[x] == 0);
}

TEST_CASE("SHA-2 kernel: FIPS 180-4 examples in the reference interpreter, for every target's functions") {
  for (Target t : kTargets) {
  INFO("functions for target " << target_name(t));
  Module m = select_target(staged_sha2(), t);
  CHECK(digest(m, "sha256", "sha256", "abc", 32) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(digest(m, "sha224", "sha256", "abc", 28) == "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7");
  CHECK(digest(m, "sha512", "sha512", "abc", 64) ==
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
  CHECK(digest(m, "sha384", "sha512", "abc", 48) ==
        "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7");
  CHECK(digest(m, "sha512_224", "sha512", "abc", 28) == "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa");
  CHECK(digest(m, "sha512_256", "sha512", "abc", 32) == "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23");
  std::string two_blocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  CHECK(digest(m, "sha256", "sha256", two_blocks, 32) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  std::string two_blocks512 =
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
  CHECK(digest(m, "sha512", "sha512", two_blocks512, 64) ==
        "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909");
  }
}

TEST_CASE("every target lowering preserves the meaning of every SHA-2 function") {
  Module staged = staged_sha2();
  std::mt19937_64 rng(12345);
  for (Target t : kTargets) {
    Module lowered = lower_for_target(staged, t);
    CHECK_NOTHROW(verify_module(lowered));
    for (const Function& f : staged.functions) {
      if (!f.targets.empty() && std::find(f.targets.begin(), f.targets.end(), target_name(t)) == f.targets.end()) continue;
      std::vector<uint8_t> a(staged.memory_bytes);
      for (auto& byte : a) byte = static_cast<uint8_t>(rng());
      std::vector<uint8_t> b = a;
      std::vector<uint64_t> args;
      if (f.nparams) args.push_back(3);  // compress three blocks
      interpret(f, a, args);
      interpret(fn(lowered, f.name), b, args);
      INFO("target " << target_name(t) << ", function " << f.name);
      CHECK(a == b);
    }
  }
}

TEST_CASE("lowering makes js/runtime IR 32-bit only and wasm IR free of ops wasm lacks") {
  Module staged = staged_sha2();
  for (Target t : kTargets) {
    Module lowered = lower_for_target(staged, t);
    for (const Function& f : lowered.functions)
      for (size_t i = 1; i < f.nodes.size(); i++) {
        const Node& n = f.nodes[i];
        if (t == Target::Js || t == Target::Runtime) {
          CHECK_FALSE(ty_is64(n.ty));
          CHECK(n.op != Op::Rotr);
          CHECK(n.op != Op::Bswap);
        } else {
          CHECK_FALSE((n.op == Op::Bswap && !ty_vector(n.ty)));  // lane byte swaps stay: one shuffle
        }
      }
  }
}

TEST_CASE("building twice gives identical bytes, with 1 and 2 jobs") {
  SourceSet s1, s2;
  std::vector<OutputFile> a = build_all(kRoot, 1, s1);
  std::vector<OutputFile> b = build_all(kRoot, 2, s2);
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); i++) {
    CHECK(a[i].path == b[i].path);
    CHECK(a[i].bytes == b[i].bytes);
  }
}

TEST_CASE("lane types: every target lowering preserves the meaning (tests/unit/kernels/lanes.js, bytes.js, views.js)") {
  for (const char* kernel : {"tests/unit/kernels/lanes.js", "tests/unit/kernels/bytes.js", "tests/unit/kernels/views.js"}) {
  INFO(kernel);
  SourceSet sources;
  Module staged = stage_module(kRoot, kernel, sources);
  verify_module(staged);
  std::mt19937_64 rng(7);
  for (Target t : kTargets) {
    Module lowered = lower_for_target(staged, t);
    for (const Function& f : staged.functions) {
      for (uint64_t n : {0, 1, 5}) {
        std::vector<uint8_t> a(staged.memory_bytes);
        for (auto& byte : a) byte = static_cast<uint8_t>(rng());
        std::vector<uint8_t> b = a;
        uint64_t ra = interpret(f, a, {n});
        uint64_t rb = interpret(fn(lowered, f.name), b, {n});
        INFO("target " << target_name(t) << ", function " << f.name << ", n " << n);
        CHECK(ra == rb);
        CHECK(a == b);
      }
    }
  }
  }
}

TEST_CASE("batched SHA-256 kernel: lane m of sha256_compress4 is the scalar compress of message m") {
  Module m = staged_sha2();
  std::mt19937_64 rng(99);
  auto region_of = [&](const std::string& name) {
    for (const Region& r : m.regions)
      if (r.name == name) return r;
    FAIL("no region " << name);
    return Region{};
  };
  for (int family : {256}) {
    const int lanes = family == 256 ? 4 : 2, word = family == 256 ? 4 : 8, bl = family == 256 ? 64 : 128;
    const std::string fam = "sha" + std::to_string(family);
    Region st = region_of(family == 256 ? "state4" : "state2"), bk = region_of(family == 256 ? "block4" : "block2");
    Region sst = region_of("state"), sbk = region_of("block");
    const uint64_t blocks = 3;
    std::vector<uint8_t> mem(m.memory_bytes);
    for (auto& b : mem) b = static_cast<uint8_t>(rng());
    for (const Region& r : m.regions)  // constant regions hold their data, as after instantiation
      if (!r.data.empty()) std::memcpy(&mem[r.offset], r.data.data(), r.data.size());
    std::vector<uint8_t> batch = mem;
    interpret(fn(m, fam + "_compress" + std::to_string(lanes)), batch, {blocks});
    const uint32_t lane_bytes = bk.bytes / lanes;
    for (int lane = 0; lane < lanes; lane++) {
      std::vector<uint8_t> one = mem;
      for (int i = 0; i < 8; i++)  // de-interleave lane's state into the scalar state
        std::memcpy(&one[sst.offset + word * i], &mem[st.offset + word * (i * lanes + lane)], word);
      std::memcpy(&one[sbk.offset], &mem[bk.offset + lane * lane_bytes], blocks * bl);
      interpret(fn(m, fam + "_compress"), one, {blocks});
      for (int i = 0; i < 8; i++) {
        INFO(fam << " lane " << lane << " word " << i);
        CHECK(std::memcmp(&one[sst.offset + word * i], &batch[st.offset + word * (i * lanes + lane)], word) == 0);
      }
    }
  }
}
