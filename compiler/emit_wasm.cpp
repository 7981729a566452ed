// Pass 7 for the wasm and wasm_threads targets: builds a Binaryen module from
// the scheduled IR, validates it (a hard gate), optimizes it with explicitly
// set options, and writes the binary. The only file that includes binaryen-c.h.
// Binaryen's options are process-wide, so every use is serialized by a mutex.
// As with IR nodes (rewrite.h), calls that create Binaryen expressions are not
// nested as arguments of each other: each gets its own statement, so the
// creation order is the same whichever C++ compiler built awasmc.
#include <binaryen-c.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>

#include "emit.h"
#include "schedule.h"
#include "toolchain.h"

namespace awasmc {

const void* binaryen_symbol() { return reinterpret_cast<const void*>(&BinaryenModuleCreate); }

namespace {

std::mutex g_binaryen;
char g_job[256];  // see binaryen_job()

BinaryenOp Binaryen_() { return -1; }  // the table's `_`: no instruction

enum class WK { CONST, LGET, LSET, LOAD, STORE, RET, BIN, SHIFT, UN, SELECT, NOP, EXTRACT, REPLACE, SHUFFLE };
struct WasmOp {
  WK kind;
  BinaryenOp (*i32)();
  BinaryenOp (*i64)();
  BinaryenOp (*v32)();
  BinaryenOp (*v64)();
  BinaryenOp (*v8)();
};
const WasmOp kWasm[] = {
#define OP(name, text, arity, flags, wk, w32, w64, wv32, wv64, wv8, js) \
  {WK::wk, Binaryen##w32, Binaryen##w64, Binaryen##wv32, Binaryen##wv64, Binaryen##wv8},
#include "ops.def"
#undef OP
};

BinaryenType wasm_type(Ty t) {
  switch (t) {
    case Ty::None: return BinaryenTypeNone();
    case Ty::U64: case Ty::I64: return BinaryenTypeInt64();
    case Ty::U32x4: case Ty::U64x2: case Ty::U8x16: return BinaryenTypeVec128();
    default: return BinaryenTypeInt32();
  }
}

struct ModuleRef {
  BinaryenModuleRef m = BinaryenModuleCreate();
  ~ModuleRef() { BinaryenModuleDispose(m); }
};

// wasm_threads: the per-thread base of the writable regions (an imported immutable global). Each
// thread instantiates the kernel modules over the one shared memory with its own `env.base`, a
// multiple of the module's memoryBytes; constant regions (memory.data) stay at their absolute
// offsets, shared by every thread (docs/target-contract.md, "Threads").
const char* const kBaseGlobal = "base";
constexpr BinaryenIndex kMaxCopies = 65;
constexpr BinaryenIndex kMaxPages = 65536;  // 4 GiB, all a 32-bit address reaches

struct FnBuilder {
  BinaryenModuleRef mod;
  const Function& f;
  const std::vector<Region>& regions;
  bool threads;
  Schedule sch;
  std::vector<uint32_t> temp;  // node -> wasm local index
  std::vector<BinaryenType> vars;
  int labels = 0;

  BinaryenExpressionRef get_local(uint32_t idx, Ty t) { return BinaryenLocalGet(mod, idx, wasm_type(t)); }

  BinaryenOp pick(const Node& n, const WasmOp& w) {
    Ty ct = n.ty;
    if ((op_info(n.op).flags & CMP) || n.op == Op::ExtractLane) ct = f[n.a].ty;
    BinaryenOp op = -1;
    switch (ct) {
      case Ty::U32: case Ty::I32: op = w.i32(); break;
      case Ty::U64: case Ty::I64: op = w.i64(); break;
      case Ty::U32x4: op = w.v32(); break;
      case Ty::U64x2: op = w.v64(); break;
      case Ty::U8x16: op = w.v8(); break;
      default: break;
    }
    if (op == -1) fail(n.loc, std::string("internal: no wasm instruction for ") + op_info(n.op).text + " on " + ty_name(ct));
    return op;
  }

  BinaryenExpressionRef value(uint32_t id) {
    if (!sch.inlined[id]) return get_local(temp[id], f[id].ty);
    return build(id);
  }

  // Whether the access at static byte offset `imm` is to a writable region (thread-relative on
  // wasm_threads): every region but the constant data ones.
  bool per_thread(uint64_t imm) const {
    if (!threads) return false;
    for (const Region& r : regions)
      if (imm >= r.offset && imm < uint64_t{r.offset} + r.bytes) return r.data.empty();
    return true;
  }

  BinaryenExpressionRef pointer(const Node& n) {
    BinaryenExpressionRef p = nullptr;
    if (n.a) {
      int size = ty_bytes(static_cast<Ty>(n.imm2));
      p = value(n.a);
      if (size != 1) {
        int sh = size == 2 ? 1 : size == 4 ? 2 : size == 8 ? 3 : 4;
        BinaryenExpressionRef shift = BinaryenConst(mod, BinaryenLiteralInt32(sh));
        p = BinaryenBinary(mod, BinaryenShlInt32(), p, shift);
      }
    }
    if (!per_thread(n.imm)) return p ? p : BinaryenConst(mod, BinaryenLiteralInt32(0));
    BinaryenExpressionRef base = BinaryenGlobalGet(mod, kBaseGlobal, BinaryenTypeInt32());
    return p ? BinaryenBinary(mod, BinaryenAddInt32(), base, p) : base;
  }

  BinaryenExpressionRef build(uint32_t id) {
    const Node& n = f[id];
    const WasmOp& w = kWasm[static_cast<int>(n.op)];
    switch (w.kind) {
      case WK::CONST:
        switch (n.ty) {
          case Ty::U64: case Ty::I64: return BinaryenConst(mod, BinaryenLiteralInt64(static_cast<int64_t>(n.imm)));
          case Ty::U32x4: case Ty::U64x2: case Ty::U8x16: {
            uint8_t b[16];
            for (int i = 0; i < 8; i++) {
              b[i] = static_cast<uint8_t>(n.imm >> (8 * i));
              b[8 + i] = static_cast<uint8_t>(n.imm2 >> (8 * i));
            }
            return BinaryenConst(mod, BinaryenLiteralVec128(b));
          }
          default: return BinaryenConst(mod, BinaryenLiteralInt32(static_cast<int32_t>(static_cast<uint32_t>(n.imm))));
        }
      case WK::LGET: return get_local(static_cast<uint32_t>(n.imm), n.ty);
      case WK::LOAD: {
        Ty mt = static_cast<Ty>(n.imm2);
        uint32_t bytes = static_cast<uint32_t>(ty_bytes(mt));
        BinaryenExpressionRef ptr = pointer(n);
        // A view at an odd byte offset (view.as(type, byteOffset)) says so in the alignment hint.
        const uint32_t align = n.imm % bytes ? 1 : bytes;
        return BinaryenLoad(mod, bytes, false, static_cast<uint32_t>(n.imm), align, wasm_type(n.ty), ptr);
      }
      case WK::BIN:
      case WK::SHIFT: {
        BinaryenExpressionRef a = value(n.a);
        BinaryenExpressionRef b = value(n.b);
        if (w.kind == WK::SHIFT && ty_vector(n.ty)) return BinaryenSIMDShift(mod, pick(n, w), a, b);
        return BinaryenBinary(mod, pick(n, w), a, b);
      }
      case WK::UN: {
        BinaryenExpressionRef a = value(n.a);
        if (n.op == Op::Bswap && ty_vector(n.ty)) {
          // Reverse the bytes of every lane with one shuffle.
          uint8_t mask[16];
          int lb = ty_bytes(ty_lane(n.ty));
          for (int i = 0; i < 16; i++) mask[i] = static_cast<uint8_t>((i / lb) * lb + (lb - 1 - i % lb));
          uint8_t zero[16] = {0};
          BinaryenExpressionRef z = BinaryenConst(mod, BinaryenLiteralVec128(zero));
          return BinaryenSIMDShuffle(mod, a, z, mask);
        }
        return BinaryenUnary(mod, pick(n, w), a);
      }
      case WK::SELECT: {
        BinaryenExpressionRef c = value(n.a);
        BinaryenExpressionRef a = value(n.b);
        BinaryenExpressionRef b = value(n.c);
        return BinaryenSelect(mod, c, a, b, wasm_type(n.ty));
      }
      case WK::NOP: return value(n.a);
      case WK::EXTRACT: return BinaryenSIMDExtract(mod, pick(n, w), value(n.a), static_cast<uint8_t>(n.imm));
      case WK::REPLACE: {
        BinaryenExpressionRef vec = value(n.a);
        BinaryenExpressionRef lane = value(n.b);
        return BinaryenSIMDReplace(mod, pick(n, w), vec, static_cast<uint8_t>(n.imm), lane);
      }
      case WK::SHUFFLE: {
        // Lane indices (0..L-1 from a, L..2L-1 from b) to i8x16.shuffle bytes.
        uint8_t mask[16];
        const int L = ty_lanes(n.ty), lb = 16 / L;
        for (int k = 0; k < L; k++)
          for (int j = 0; j < lb; j++) mask[k * lb + j] = static_cast<uint8_t>(shuffle_index(n, k) * lb + j);
        BinaryenExpressionRef a = value(n.a);
        BinaryenExpressionRef b = value(n.b);
        return BinaryenSIMDShuffle(mod, a, b, mask);
      }
      default: fail(n.loc, std::string("internal: ") + op_info(n.op).text + " is not an expression");
    }
  }

  BinaryenExpressionRef block(const Block& b) {
    std::vector<BinaryenExpressionRef> list;
    for (const Stmt& s : b) {
      if (s.kind == Stmt::Loop) {
        // Label names built with append: GCC 12 at -O3 warns (-Wrestrict, a false positive)
        // about `"b" + std::to_string(n)`.
        std::string brk = "b", cont = "l";
        brk += std::to_string(labels);
        cont += std::to_string(labels);
        labels++;
        BinaryenExpressionRef zero = BinaryenConst(mod, BinaryenLiteralInt32(0));
        list.push_back(BinaryenLocalSet(mod, s.local, zero));
        std::vector<BinaryenExpressionRef> body;
        BinaryenExpressionRef counter = get_local(s.local, Ty::U32);
        BinaryenExpressionRef count = value(s.node);
        BinaryenExpressionRef done = BinaryenBinary(mod, BinaryenGeUInt32(), counter, count);
        body.push_back(BinaryenBreak(mod, brk.c_str(), done, nullptr));
        body.push_back(block(s.body));
        BinaryenExpressionRef current = get_local(s.local, Ty::U32);
        BinaryenExpressionRef one = BinaryenConst(mod, BinaryenLiteralInt32(1));
        BinaryenExpressionRef next = BinaryenBinary(mod, BinaryenAddInt32(), current, one);
        body.push_back(BinaryenLocalSet(mod, s.local, next));
        body.push_back(BinaryenBreak(mod, cont.c_str(), nullptr, nullptr));
        BinaryenExpressionRef inner = BinaryenBlock(mod, nullptr, body.data(), static_cast<BinaryenIndex>(body.size()), BinaryenTypeNone());
        BinaryenExpressionRef loop = BinaryenLoop(mod, cont.c_str(), inner);
        list.push_back(BinaryenBlock(mod, brk.c_str(), &loop, 1, BinaryenTypeNone()));
        continue;
      }
      if (s.kind == Stmt::If) {
        BinaryenExpressionRef cond = value(s.node);
        BinaryenExpressionRef then = block(s.body);
        BinaryenExpressionRef els = s.els.empty() ? nullptr : block(s.els);
        list.push_back(BinaryenIf(mod, cond, then, els));
        continue;
      }
      const Node& n = f[s.node];
      switch (n.op) {
        case Op::LocalSet: list.push_back(BinaryenLocalSet(mod, static_cast<uint32_t>(n.imm), value(n.a))); break;
        case Op::Store: {
          Ty mt = static_cast<Ty>(n.imm2);
          uint32_t bytes = static_cast<uint32_t>(ty_bytes(mt));
          BinaryenExpressionRef ptr = pointer(n);
          BinaryenExpressionRef v = value(n.b);
          const uint32_t align = n.imm % bytes ? 1 : bytes;
          list.push_back(BinaryenStore(mod, bytes, static_cast<uint32_t>(n.imm), align, ptr, v, wasm_type(ty_value(mt))));
          break;
        }
        case Op::Return: list.push_back(BinaryenReturn(mod, n.a ? value(n.a) : nullptr)); break;
        default:
          if (!sch.inlined[s.node]) list.push_back(BinaryenLocalSet(mod, temp[s.node], build(s.node)));
      }
    }
    return BinaryenBlock(mod, nullptr, list.data(), static_cast<BinaryenIndex>(list.size()), BinaryenTypeNone());
  }

  void run() {
    sch = schedule_function(f);
    temp.assign(f.nodes.size(), 0);
    for (size_t i = f.nparams; i < f.locals.size(); i++) vars.push_back(wasm_type(f.locals[i]));
    uint32_t next = static_cast<uint32_t>(f.locals.size());
    for (size_t id = 1; id < f.nodes.size(); id++) {
      if (sch.inlined[id] || f.nodes[id].ty == Ty::None || sch.uses[id] == 0) continue;
      temp[id] = next++;
      vars.push_back(wasm_type(f.nodes[id].ty));
    }
    std::vector<BinaryenType> params;
    for (uint32_t i = 0; i < f.nparams; i++) params.push_back(wasm_type(f.locals[i]));
    BinaryenType ptype = BinaryenTypeCreate(params.data(), static_cast<BinaryenIndex>(params.size()));
    BinaryenExpressionRef body = block(f.body);
    BinaryenAddFunction(mod, f.name.c_str(), ptype, wasm_type(f.result), vars.data(), static_cast<BinaryenIndex>(vars.size()), body);
    BinaryenAddFunctionExport(mod, f.name.c_str(), f.name.c_str());
  }
};

// Builds, validates and optimizes; `use` receives the module while the lock is held.
// `import_memory`: the memory is env.memory (the per-function modules of a target file, which
// share one memory); otherwise it is defined and exported (the whole module, `awasmc dump`).
// wasm_threads always imports its shared memory.
void with_module(const Module& m, bool threads, bool import_memory, const std::function<void(BinaryenModuleRef)>& use) {
  std::lock_guard<std::mutex> lock(g_binaryen);
  struct Job {  // fixed storage: read by a terminate handler that must not allocate
    Job(const Module& m, bool threads) {
      std::snprintf(g_job, sizeof g_job, "%s for target %s", m.source.c_str(), threads ? "wasm_threads" : "wasm");
    }
    ~Job() { g_job[0] = 0; }
  } job(m, threads);
  ModuleRef ref;
  BinaryenModuleRef mod = ref.m;
  BinaryenFeatures feats = BinaryenFeatureMVP() | BinaryenFeatureSIMD128() | BinaryenFeatureBulkMemory() |
                           BinaryenFeatureMutableGlobals() | BinaryenFeatureSignExt();
  if (threads) feats |= BinaryenFeatureAtomics();
  BinaryenModuleSetFeatures(mod, feats);
  BinaryenIndex pages = m.memory_bytes / 65536;
  // Constant data regions (memory.data) become active data segments.
  std::vector<const char*> seg_data;
  std::vector<BinaryenExpressionRef> seg_offsets;
  std::vector<BinaryenIndex> seg_sizes;
  for (const Region& r : m.regions) {
    if (r.data.empty()) continue;
    seg_data.push_back(r.data.data());
    seg_offsets.push_back(BinaryenConst(mod, BinaryenLiteralInt32(static_cast<int32_t>(r.offset))));
    seg_sizes.push_back(static_cast<BinaryenIndex>(r.data.size()));
  }
  const BinaryenIndex nseg = static_cast<BinaryenIndex>(seg_data.size());
  std::unique_ptr<bool[]> seg_passive(new bool[nseg + 1]());  // all active
  if (threads || import_memory) {
    // A shared memory grows to one copy of the layout per thread: at most kMaxCopies (the
    // calling thread's and 64 workers'; runtime/link.js MAX_COPIES), and never past 4 GiB (a
    // layout over 63 MiB has fewer copies; link.js caps the memory's maximum the same way).
    // A module with a heap (memory.heap) imports a memory of any size up to 4 GiB: link() makes
    // it memoryBytes + heapBytes (times the copies, on wasm_threads).
    const BinaryenIndex max_pages = has_heap(m) ? kMaxPages : threads ? std::min(pages * kMaxCopies, kMaxPages) : pages;
    BinaryenSetMemory(mod, pages, max_pages, nullptr, seg_data.data(), seg_passive.get(), seg_offsets.data(), seg_sizes.data(), nseg, threads);
    BinaryenAddMemoryImport(mod, "0", "env", "memory", threads ? 1 : 0);
    if (threads) BinaryenAddGlobalImport(mod, kBaseGlobal, "env", kBaseGlobal, BinaryenTypeInt32(), false);
  } else {
    BinaryenSetMemory(mod, pages, has_heap(m) ? kMaxPages : pages, "memory", seg_data.data(), seg_passive.get(), seg_offsets.data(), seg_sizes.data(), nseg, false);
  }
  for (const Function& f : m.functions) {
    FnBuilder b{mod, f, m.regions, threads, {}, {}, {}, 0};
    b.run();
  }
  if (!BinaryenModuleValidate(mod)) fail({}, "internal: Binaryen rejected the module built from " + m.source);
  // Process-wide options, set explicitly before every optimization.
  BinaryenSetOptimizeLevel(3);
  BinaryenSetShrinkLevel(0);
  BinaryenSetDebugInfo(false);
  BinaryenSetLowMemoryUnused(false);
  BinaryenSetZeroFilledMemory(false);
  BinaryenSetFastMath(false);
  BinaryenClearPassArguments();
  BinaryenModuleOptimize(mod);
  if (!BinaryenModuleValidate(mod)) fail({}, "internal: Binaryen's optimizer produced an invalid module for " + m.source);
  use(mod);
}

}  // namespace

std::string emit_wasm_binary(const Module& m, bool threads, bool import_memory) {
  std::string bytes;
  with_module(m, threads, import_memory, [&](BinaryenModuleRef mod) {
    BinaryenModuleAllocateAndWriteResult r = BinaryenModuleAllocateAndWrite(mod, nullptr);
    bytes.assign(static_cast<const char*>(r.binary), r.binaryBytes);
    std::free(r.binary);
    if (r.sourceMap) std::free(r.sourceMap);
  });
  return bytes;
}

std::string emit_wasm_text(const Module& m, bool threads) {
  std::string text;
  with_module(m, threads, false, [&](BinaryenModuleRef mod) {
    char* t = BinaryenModuleAllocateAndWriteText(mod);
    text = t;
    std::free(t);
  });
  return text;
}

// One wasm module per kernel function, each importing the memory that link() creates, so that a
// bundler drops the functions nobody uses (docs/target-contract.md).
std::string emit_wasm_target(const Module& m, bool threads) {
  std::string out = target_header(m, threads ? Target::WasmThreads : Target::Wasm);
  out += "import { linkWasm } from '../../runtime/link.js';\n";
  out += target_layout(m);
  for (size_t i = 0; i < m.functions.size(); i++) {
    // The constant data the function reads is in its module's data segments.
    std::string wasm = emit_wasm_binary(single_function(m, i), threads, true);
    out += descriptor_head(m, m.functions[i], false) + ", wasm: '" + base64(wasm) + "' });\n";
  }
  // A module with a heap adds its pages; `at` is then { heapBytes } or, for another thread's copy,
  // { memory, base } (runtime/link.js).
  const std::string pages = std::to_string(m.memory_bytes / 65536) + (has_heap(m) ? " + " + heap_pages_js() : "");
  const std::string at = has_heap(m) ? "at && at.memory ? at : undefined" : "at";
  out += target_link(m, "linkWasm(" + pages + ", " + (threads ? "true" : "false") + ", list, " + at + ")", "list, at");
  return out;
}

const char* binaryen_job() { return g_job; }

}  // namespace awasmc
