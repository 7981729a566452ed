// Values of the stager: static JavaScript values and typed runtime handles.
// Heap objects live in the stager's arena for the whole staging run, so plain
// pointers are safe and cycles are harmless. Strings are immutable and shared
// between copies of a value, so copying a value never copies its characters.
#pragma once
#include <list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ast.h"
#include "ir.h"

namespace awasmc {

struct Array;
struct Object;
struct Closure;
struct Native;

using BigInt = __int128;

struct Value {
  enum Kind : uint8_t { Undef, Null, Bool, Num, Big, Str, Arr, Obj, Fn, Nat, Rt };
  Kind k = Undef;
  bool b = false;
  Ty ty = Ty::None;  // Rt
  uint32_t node = 0; // Rt
  double n = 0;
  BigInt big = 0;
  std::shared_ptr<const std::string> s_;  // Str
  Array* arr = nullptr;
  Object* obj = nullptr;
  Closure* fn = nullptr;
  Native* nat = nullptr;
  const Ast* no_return = nullptr;  // Undef: the call whose function body ended without `return` (for messages)

  static Value undef() { return {}; }
  static Value null() { Value v; v.k = Null; return v; }
  static Value boolean(bool x) { Value v; v.k = Bool; v.b = x; return v; }
  static Value num(double x) { Value v; v.k = Num; v.n = x; return v; }
  static Value bigint(BigInt x) { Value v; v.k = Big; v.big = x; return v; }
  static Value str(std::string x) { Value v; v.k = Str; v.s_ = std::make_shared<const std::string>(std::move(x)); return v; }
  static Value array(Array* a) { Value v; v.k = Arr; v.arr = a; return v; }
  static Value object(Object* o) { Value v; v.k = Obj; v.obj = o; return v; }
  static Value closure(Closure* f) { Value v; v.k = Fn; v.fn = f; return v; }
  static Value native(Native* x) { Value v; v.k = Nat; v.nat = x; return v; }
  static Value rt(uint32_t node, Ty ty) { Value v; v.k = Rt; v.node = node; v.ty = ty; return v; }
  // The characters of a string value (empty for other kinds).
  const std::string& text() const {
    static const std::string empty;
    return s_ ? *s_ : empty;
  }
  bool is_static_leaf() const { return k == Undef || k == Null || k == Bool || k == Num || k == Big || k == Str; }
};

struct Array {
  std::vector<Value> items;
};

struct Object {
  std::vector<std::pair<std::string, Value>> props;  // insertion order, as in JS
  Value* find(const std::string& key) {
    for (auto& p : props)
      if (p.first == key) return &p.second;
    return nullptr;
  }
  // Property order is JavaScript's: array-index keys ascending, then the others in insertion order.
  static bool index_key(const std::string& k, uint64_t& n) {
    if (k.empty() || k.size() > 10 || (k.size() > 1 && k[0] == '0')) return false;
    n = 0;
    for (char c : k) {
      if (c < '0' || c > '9') return false;
      n = n * 10 + static_cast<uint64_t>(c - '0');
    }
    return n < 4294967295ull;
  }
  void set(const std::string& key, Value v) {
    if (Value* p = find(key)) {
      *p = std::move(v);
      return;
    }
    uint64_t n, m;
    if (!index_key(key, n)) {
      props.emplace_back(key, std::move(v));
      return;
    }
    auto it = props.begin();
    while (it != props.end() && index_key(it->first, m) && m < n) ++it;
    props.insert(it, {key, std::move(v)});
  }
};

struct Binding {
  std::string name;
  Value v;
  bool is_const = false;
  bool ready = false;  // false while in the temporal dead zone
};

struct Env {
  Env* parent = nullptr;
  // A list: Binding pointers stay valid as it grows, and an empty scope (most
  // are: one per block and call) allocates nothing.
  std::list<Binding> vars;
  Binding* find_here(const std::string& name) {
    for (auto& b : vars)
      if (b.name == name) return &b;
    return nullptr;
  }
};

struct Closure {
  const Ast* node = nullptr;  // function_declaration, function_expression, arrow_function, method_definition
  Env* env = nullptr;
  std::string name;
};

// Built-in objects: the `awasm` prelude, JS globals, type objects, memory views
// and kernel functions.
struct Native {
  enum Kind : uint8_t { Builtin, Type, View, Kernel } kind = Builtin;
  int id = 0;             // Builtin: which one
  Ty ty = Ty::None;       // Type / View: element type
  bool be = false;        // big-endian element view or type
  uint32_t count = 0;     // Type: array length (0 = scalar spec); View: element count
  uint32_t offset = 0;    // View: byte offset in linear memory
  uint32_t stride = 1;    // View: elements between consecutive indices (a lane of an interleaved batch)
  uint32_t batch = 0;     // View: a per-batch region of `batch` copies (use .lane(m) / .all)
  bool interleaved = false;  // batch layout: element i of copy m at i * batch + m (else copy m at m * bytes)
  std::string name;       // View: region name; Builtin: display name
  Closure* fn = nullptr;  // Kernel: the body
  Native* self = nullptr; // Builtin: the receiver of a bound method (a type or a view)
  std::vector<Ty> params; // Kernel: parameter types
  std::vector<std::string> targets;  // Kernel: built only for these targets (empty: all)
  std::string export_name;           // Kernel: the function's name in the targets, if not its export name
  bool readonly = false;             // View: a constant data region
  bool heap = false;                 // View: over the heap (memory.heap): no static length, indices unchecked
  SrcLoc loc;
};

}  // namespace awasmc
