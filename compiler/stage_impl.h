// Internal interface of the stager, shared by stage.cpp (the evaluator) and
// prelude.cpp (built-ins: the `awasm` module, JS globals, types and views).
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "mutate.h"
#include "names.h"
#include "stage.h"
#include "value.h"

namespace awasmc {

enum class Flow { Normal, Break, Continue, Return };

// Resource limits of one staging run (one module with its imports). Each one
// is a CompileError at the construct that crosses it, naming the limit; the
// numbers are documented in docs/language.md ("Limits"), with how they were
// chosen.
namespace limits {
inline constexpr uint64_t kSteps = 2'000'000;            // evaluation steps (statements + expressions)
inline constexpr size_t kStringLength = 1u << 20;         // characters in one static string
inline constexpr size_t kArrayLength = 1u << 19;          // elements in one static array
inline constexpr size_t kObjectProps = 1u << 14;          // properties of one static object
inline constexpr uint64_t kStaticBytes = 128ull << 20;    // bytes of static values created, in total
inline constexpr size_t kFunctionNodes = 100'000;         // IR nodes of one kernel function
inline constexpr size_t kModuleNodes = 250'000;           // IR nodes of all kernel functions of a module
inline constexpr uint64_t kSourceBytes = 4ull << 20;     // bytes of one source file
inline constexpr uint32_t kChain = 2'000;                 // operations in one chain of operands (Binaryen's time)
inline constexpr uint64_t kChainWork = 10'000'000;        // the sum of those chains over a function's operations
}  // namespace limits

std::string with_commas(uint64_t n);  // 1048576 -> "1,048,576", for the messages of the limits

struct ModuleRecord {
  std::string path;  // relative to root
  ParsedFile parsed;
  Env* env = nullptr;
  std::vector<std::pair<std::string, Value>> exports;  // in source order
  std::vector<const Ast*> export_nodes;                 // where each export's name is written
  bool done = false;
};

class Stager {
 public:
  Stager(std::string root, SourceSet& sources, std::string contain = "")
      : root_(std::move(root)), base_(std::move(contain)), sources_(sources) {}
  Module run(const std::string& rel_path);
  bool library_ok_ = false;  // a module without kernels is a library (build), not an error (dump)
  Mutator* mut_ = nullptr;   // mutation testing: records sites or applies one mutant (mutate.h)

  // ---- used by the prelude
  [[noreturn]] void error(const Ast* at, const std::string& msg) { fail(at ? at->loc : SrcLoc{}, msg); }
  Value call(const Value& callee, std::vector<Value> args, const Ast* site);
  Value emit(Node n, const Ast* at);          // appends a Def to the current block
  Value rt_const(const Value& v, Ty ty, const Ast* at);  // static number/BigInt -> const node
  uint64_t const_bits(const Value& v, Ty ty, const Ast* at);  // its bits (one lane), range-checked
  Value to_rt(const Value& v, Ty ty, const Ast* at);     // Rt of type ty, or a static converted
  Value rt_binary(Op op, Value l, Value r, const Ast* at);
  Value rt_unary(Op op, const Value& x, const Ast* at);
  Value convert(Ty to, const Value& x, const Ast* at);
  Function* fn() { return fn_; }
  // Every static array, object and string made by the evaluator or a built-in is
  // made (or grown) through these, which enforce the limits above.
  Array* new_array(std::vector<Value> items = {}, const Ast* at = nullptr);
  Object* new_object(const Ast* at = nullptr);
  Value new_string(std::string s, const Ast* at);
  void check_array_length(size_t n, const Ast* at);   // before making or growing an array to n elements
  void check_string_length(size_t n, const Ast* at);  // before making a string of n characters
  void array_push(Array* arr, Value v, const Ast* at);
  void object_set(Object* o, const std::string& key, Value v, const Ast* at);
  void charge(uint64_t bytes, const Ast* at);         // counts bytes against limits::kStaticBytes
  Native* new_native(Native n);
  [[noreturn]] void not_callable(const Ast* callee, const Value& v);  // the error for calling a non-function
  Native* builtin_native(int id, const std::string& name, Native* self);  // one per (id, self): made once
  std::string describe(const Value& v) const;   // for messages: "number 3", "u32 value", ...
  std::string to_string(const Value& v, const Ast* at);
  bool truthy(const Value& v, const Ast* at);
  bool strict_equal(const Value& a, const Value& b);
  uint32_t alloc_region(const std::string& name, uint32_t bytes, const Ast* at, std::string data = {}, bool secret = true);
  // memory.heap(name, type): the region after the static layout, at the page-aligned end of it
  // (the module's memoryBytes); its offset. After it no region may be declared.
  uint32_t alloc_heap(const std::string& name, const Ast* at, bool secret = true);
  void runtime_loop(const Value& count, const Value& body, const Ast* at);
  // loop(count, body, { unroll }): unroll is true, false or a list of targets. Staged for one
  // target at a time (stage_target_) when a list is given; see stage_kernel.
  void loop_with_options(const Value& count, const Value& body, const Value& options, const Ast* at);
  // A static index into a constant data region (memory.data) reads the constant: the node, or 0.
  uint32_t constant_load(const Native* view, uint64_t byte_offset, const Ast* at);
  void runtime_when(const Value& cond, const Value& then_fn, const Value& else_fn, const Ast* at);
  Value prelude_module();
  void install_globals(Env* env);
  Value call_builtin(Native* nat, std::vector<Value>& args, const Ast* site);
  Value native_member(Native* nat, const std::string& name, const Ast* at);
  Value array_method(Array* arr, const std::string& name, std::vector<Value>& args, const Ast* site);
  Value string_member(const std::string& s, const std::string& name, const Ast* at);
  // Where argument i of the call `site` is written, for errors about that argument; `site`
  // itself when it is not a call or a spread comes first.
  static const Ast* arg_node(const Ast* site, size_t i);
  // In an object literal, the last property written as `key` (a pair or shorthand), or `obj` itself.
  static const Ast* prop_node(const Ast* obj, const std::string& key);
  // The naming rule (names.h): an error at `at` when `name` cannot be a name of that kind.
  void check_name(const std::string& name, NameKind kind, const std::string& what, const Ast* at);

 private:
  // evaluator
  Flow exec(const Ast* s, Env* env);
  Flow exec_block(const std::vector<const Ast*>& stmts, Env* env);
  Value eval(const Ast* e, Env* env);
  Value eval_call(const Ast* e, Env* env);
  Value eval_binary(const Ast* e, Env* env);
  Value eval_unary(const Ast* e, Env* env);
  Value eval_assign(const Ast* e, Env* env);
  Value eval_member(const Ast* e, Env* env, Value* object_out = nullptr);
  Value get_member(const Value& obj, const Value& key, const Ast* at);
  void set_member(const Value& obj, const Value& key, Value v, const Ast* at);
  Value static_binary(const std::string& op, const Value& l, const Value& r, const Ast* at);
  void declare(const Ast* decl, Env* env);
  void hoist_lexical(const std::vector<const Ast*>& stmts, Env* env);
  void pattern_names(const Ast* pat, std::vector<const Ast*>& out);
  void reclaim(size_t envs, size_t closures);
  void hoist(const std::vector<const Ast*>& stmts, Env* env);
  void bind_pattern(const Ast* pat, Value v, Env* env, int mode, const Ast* site);
  void assign_target(const Ast* target, Value v, Env* env);
  Binding* lookup(const std::string& name, Env* env, const Ast* at);
  Value make_closure(const Ast* fnode, Env* env, std::string name);
  std::vector<Value> eval_args(const Ast* args, Env* env);
  Value eval_template(const Ast* e, Env* env);
  Value eval_object(const Ast* e, Env* env);
  Value eval_array(const Ast* e, Env* env);
  void step(const Ast* at);
  ModuleRecord* load_module(const std::string& rel_path, const Ast* at);
  void run_module(ModuleRecord* m);
  void stage_kernel(const std::string& name, Native* k, Module& out);
  Function stage_kernel_once(const std::string& name, Native* k);
  std::string stage_target_;     // while staging a kernel for one target only: its name
  bool per_target_ = false;      // a loop's unroll option named targets: stage per target
  uint32_t result_hi_ = 0;       // 1 + the offset of region u64_result (high words of u64 results), 0 = none yet

  // loop-carried runtime values (see stage.cpp: "Runtime control flow")
  struct Cell {
    Value* v;
    uint32_t local;  // for runtime leaves
    bool rt;         // a runtime leaf (else a static one)
    Value snapshot;  // for static leaves
    std::string name;
    std::string key;  // the name qualified by its scope's index (a name can be in several scopes)
  };
  // Every array and object reachable from the scopes, under the first name that reaches it, and
  // every further name that reaches the same one (an alias: `let h = key`). Which names share an
  // array is part of a runtime body's shape: it must be the same before and after the body.
  struct Shared {
    std::string name;
    std::string key;  // as Cell::key
    const void* obj;
    bool array;
    std::string alias_of;    // the key of the first name that reaches obj; empty: this is the first
    std::string alias_name;  // that name, for messages
  };
  struct Cells {
    std::vector<Env*> scopes;  // fixed before the body (reachable_scopes), the same after it
    std::vector<Cell> leaves;
    std::vector<Shared> shared;
  };
  void reachable_scopes(Env* env, std::vector<Env*>& out);
  void collect_cells(Env* env, Cells& out);
  void walk_value(Value* v, const std::string& name, const std::string& key, Cells& out);
  void carry_in(Cells& cells, const Ast* at);
  void reload(Cells& cells, const Ast* at);
  void carry_out(Env* env, Cells& cells, const Ast* at, const char* what);

  std::string root_;
  std::string base_;  // modules stay inside this folder (relative to root_, "" = root_) by real path
  SourceSet& sources_;
  std::vector<std::unique_ptr<Array>> arrays_;
  std::vector<std::unique_ptr<Object>> objects_;
  std::vector<std::unique_ptr<Closure>> closures_;
  std::vector<std::unique_ptr<Native>> natives_;
  std::vector<std::unique_ptr<Env>> envs_;
  std::map<std::string, std::unique_ptr<ModuleRecord>> modules_;  // keyed by path: ordered
  std::vector<std::string> loading_;
  std::map<std::pair<const Native*, int>, Native*> builtins_;  // see builtin_native
  // The built-in namespaces (Math, Object) by object: reading a member they lack is an error
  // naming it and what they have, not an undefined that fails later.
  std::map<const Object*, std::string> namespaces_;
 public:
  // "Math.sin is not supported in kernels (supported: Math.abs, ...)" when `o` is a built-in
  // namespace without `key`; returns quietly for other objects.
  void check_namespace_member(const Object* o, const std::string& key, const Ast* at);
  void unsupported_member(const std::string& ns, const std::string& key, const std::vector<std::string>& have, const Ast* at);

 private:
  Value prelude_;
  Env* new_env(Env* parent);

  Module* out_ = nullptr;
  Function* fn_ = nullptr;
  std::vector<Block*> blocks_;
  uint64_t steps_ = 0;
  uint64_t static_bytes_ = 0;  // charged by charge()
  size_t module_nodes_ = 0;    // IR nodes of the kernel functions staged so far
  std::vector<uint32_t> chain_;  // per node of fn_: the longest chain of operands ending there
  uint64_t chain_work_ = 0;      // their sum over fn_
  const Ast* at_ = nullptr;    // the node last stepped: where a limit is reported when no site is given
  int depth_ = 0;   // kernel-level calls
  int nest_ = 0;    // C++ recursion of eval/exec, bounded so deep nesting cannot overflow the stack
  friend struct NestGuard;
  Value ret_;
  uint32_t mem_end_ = 0;
  std::string heap_;  // the heap's name once memory.heap was called (then mem_end_ is its offset)
  friend struct PreludeAccess;
};

}  // namespace awasmc
