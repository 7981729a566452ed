// Built-ins of the stager: the `awasm` prelude module (types, memory views,
// fn, loop, when, rotl/rotr/bswap/select/...), the JavaScript globals kernels
// may use (Math, Array, Object, BigInt, Number) and the array/string methods.
// Every built-in checks its arguments and names them in errors.
#include <algorithm>
#include <cmath>
#include <functional>

#include "stage_impl.h"

namespace awasmc {

namespace {

enum Builtin : int {
  // awasm prelude
  B_memory, B_fn, B_loop, B_when, B_rotl, B_rotr, B_bswap, B_select, B_andnot, B_eqz, B_lane, B_with_lane, B_assert, B_shuffle,
  B_swizzle, B_mul32,
  // bound methods
  B_type_array, B_type_from, B_view_load, B_view_store, B_view_as, B_view_lane, B_memory_batch, B_memory_data,
  // JS globals
  B_math_floor, B_math_ceil, B_math_abs, B_math_min, B_math_max, B_math_trunc, B_math_sqrt, B_math_imul, B_math_pow,
  B_array_from, B_array_is_array, B_object_keys, B_object_values, B_object_entries, B_object_freeze, B_bigint, B_number,
  B_string, B_array,
  // memory.heap (after the others: the ids above keep their values)
  B_memory_heap,
  // the constant-time check's classifications (ct.cpp)
  B_declassify, B_secret,
};

bool is_int(double d) { return std::isfinite(d) && std::trunc(d) == d; }

// How many arguments each prelude function takes: a missing argument is named at
// the call, not met later as an `undefined` somewhere else (rotr(x) without n).
struct Arity {
  int id, min, max;
  const char* signature;
};
constexpr Arity kArity[] = {
    {B_memory, 2, 3, "memory(name, spec, options)"},
    {B_memory_batch, 3, 5, "memory.batch(name, copies, spec, layout, options)"},
    {B_memory_data, 3, 3, "memory.data(name, type, values)"},
    {B_memory_heap, 2, 3, "memory.heap(name, type, options)"},
    {B_declassify, 2, 2, "declassify(x, reason)"},
    {B_secret, 1, 1, "secret(x)"},
    {B_fn, 2, 3, "fn(params, body, options)"},
    {B_loop, 2, 3, "loop(count, body, options)"},
    {B_when, 2, 3, "when(cond, then, otherwise)"},
    {B_rotl, 2, 2, "rotl(x, n)"},
    {B_rotr, 2, 2, "rotr(x, n)"},
    {B_bswap, 1, 1, "bswap(x)"},
    {B_select, 3, 3, "select(c, a, b)"},
    {B_andnot, 2, 2, "andnot(a, b)"},
    {B_eqz, 1, 1, "eqz(x)"},
    {B_lane, 2, 2, "lane(v, i)"},
    {B_with_lane, 3, 3, "withLane(v, i, x)"},
    {B_assert, 1, 2, "assert(cond, message)"},
    {B_shuffle, 3, 3, "shuffle(a, b, lanes)"},
    {B_swizzle, 2, 2, "swizzle(a, indices)"},
    {B_mul32, 2, 2, "mul32(a, b)"},
    {B_type_from, 1, 1, "T.from(v)"},
};

}  // namespace

// A built-in function, or a method bound to a type or view (`W.load`). Each is made
// once: reading `W.load` in an unrolled loop must not allocate per iteration.
Native* Stager::builtin_native(int id, const std::string& name, Native* self) {
  Native*& slot = builtins_[{self, id}];
  if (!slot) {
    Native n;
    n.kind = Native::Builtin;
    n.id = id;
    n.name = name;
    n.self = self;
    slot = new_native(std::move(n));
  }
  return slot;
}

static Value builtin(Stager& s, int id, const std::string& name, Native* self = nullptr) {
  return Value::native(s.builtin_native(id, name, self));
}

// A view of `count` elements of ty over a new region of `copies` such arrays (memory,
// memory.batch, memory.data); `data` is the initial contents of a constant region.
static Native region_view(Stager& s, const std::string& name, Ty ty, bool be, uint32_t count, uint64_t copies,
                          const Ast* site, std::string data = {}, bool secret = true) {
  uint64_t bytes = static_cast<uint64_t>(count) * ty_bytes(ty) * copies;
  if (bytes > (1u << 30)) s.error(site, "memory region '" + name + "' is larger than 1 GiB");
  Native v;
  v.kind = Native::View;
  v.ty = ty;
  v.be = be;
  v.count = count;
  v.name = name;
  v.loc = site->loc;
  v.readonly = !data.empty();
  v.offset = s.alloc_region(name, static_cast<uint32_t>(bytes), site, std::move(data), secret);
  return v;
}

static Value type_value(Stager& s, Ty ty, bool be = false, uint32_t count = 0) {
  Native n;
  n.kind = Native::Type;
  n.ty = ty;
  n.be = be;
  n.count = count;
  n.name = ty_name(ty);
  return Value::native(s.new_native(std::move(n)));
}

Value Stager::prelude_module() {
  if (prelude_.k == Value::Obj) return prelude_;
  Object* o = new_object();
  for (Ty t : {Ty::U8, Ty::U16, Ty::U32, Ty::I32, Ty::U64, Ty::I64, Ty::U32x4, Ty::U64x2, Ty::U8x16}) o->set(ty_name(t), type_value(*this, t));
  static const std::pair<const char*, int> fns[] = {
      {"memory", B_memory}, {"fn", B_fn},         {"loop", B_loop},     {"when", B_when},     {"rotl", B_rotl},
      {"rotr", B_rotr},     {"bswap", B_bswap},   {"select", B_select}, {"andnot", B_andnot}, {"eqz", B_eqz},
      {"lane", B_lane},     {"withLane", B_with_lane}, {"assert", B_assert}, {"shuffle", B_shuffle},
      {"swizzle", B_swizzle}, {"mul32", B_mul32}, {"declassify", B_declassify}, {"secret", B_secret}};
  for (auto& [name, id] : fns) o->set(name, builtin(*this, id, name));
  prelude_ = Value::object(o);
  return prelude_;
}

void Stager::install_globals(Env* env) {
  auto obj = [&](std::initializer_list<std::pair<const char*, int>> members) {
    Object* o = new_object();
    for (auto& [name, id] : members) o->set(name, builtin(*this, id, name));
    return Value::object(o);
  };
  Value math = obj({{"floor", B_math_floor}, {"ceil", B_math_ceil}, {"abs", B_math_abs}, {"min", B_math_min},
                    {"max", B_math_max}, {"trunc", B_math_trunc}, {"sqrt", B_math_sqrt}, {"imul", B_math_imul},
                    {"pow", B_math_pow}});
  env->vars.push_back({"Math", math, true, true});
  namespaces_[math.obj] = "Math";
  // Array is callable (Array(n)) and has members: a built-in function with members (native_member).
  env->vars.push_back({"Array", builtin(*this, B_array, "Array"), true, true});
  Value object = obj({{"keys", B_object_keys}, {"values", B_object_values}, {"entries", B_object_entries}, {"freeze", B_object_freeze}});
  env->vars.push_back({"Object", object, true, true});
  namespaces_[object.obj] = "Object";
  env->vars.push_back({"BigInt", builtin(*this, B_bigint, "BigInt"), true, true});
  env->vars.push_back({"Number", builtin(*this, B_number, "Number"), true, true});
  env->vars.push_back({"String", builtin(*this, B_string, "String"), true, true});
  env->vars.push_back({"Infinity", Value::num(INFINITY), true, true});
  env->vars.push_back({"NaN", Value::num(NAN), true, true});
}

// ------------------------------------------------------------ members

Value Stager::native_member(Native* nat, const std::string& name, const Ast* at) {
  if (nat->kind == Native::Type) {
    if (name == "be") {
      if (nat->count) error(at, "write u32.be.array(n), not u32.array(n).be");
      return type_value(*this, nat->ty, true);
    }
    if (name == "array") return builtin(*this, B_type_array, "array", nat);
    if (name == "from" && ty_vector(nat->ty) && !nat->count && !nat->be) return builtin(*this, B_type_from, "from", nat);
    if (name == "bits") return Value::num(ty_bytes(ty_lane(nat->ty)) * 8);
    if (name == "bytes") return Value::num(ty_bytes(nat->ty) * (nat->count ? nat->count : 1));
    if (name == "lanes") return Value::num(ty_lanes(nat->ty));
    if (name == "name") return Value::str(ty_name(nat->ty));
    if (name == "length" && nat->count) return Value::num(nat->count);
    error(at, std::string("type ") + ty_name(nat->ty) + " has no property '" + name + "'");
  }
  if (nat->kind == Native::Builtin && nat->id == B_array) {
    if (name == "from") return builtin(*this, B_array_from, "from");
    if (name == "isArray") return builtin(*this, B_array_is_array, "isArray");
    unsupported_member("Array", name, {"from", "isArray"}, at);
  }
  if (nat->kind == Native::Builtin && nat->id == B_memory && name == "batch") return builtin(*this, B_memory_batch, "memory.batch");
  if (nat->kind == Native::Builtin && nat->id == B_memory && name == "data") return builtin(*this, B_memory_data, "memory.data");
  if (nat->kind == Native::Builtin && nat->id == B_memory && name == "heap") return builtin(*this, B_memory_heap, "memory.heap");
  if (nat->kind == Native::View && nat->batch) {
    if (name == "lane") return builtin(*this, B_view_lane, "lane", nat);
    if (name == "lanes") return Value::num(nat->batch);
    if (name == "all") {
      if (!nat->interleaved || (nat->ty != Ty::U32 && nat->ty != Ty::U64) || nat->batch * ty_bytes(nat->ty) != 16)
        error(at, "batch region '" + nat->name + "': .all needs an interleaved batch of 4 u32 or 2 u64 copies");
      Native v = *nat;
      v.batch = 0;
      v.ty = nat->ty == Ty::U32 ? Ty::U32x4 : Ty::U64x2;
      return Value::native(new_native(std::move(v)));
    }
    error(at, "batch region '" + nat->name + "' has .lane(m), .all and .lanes; load and store through them");
  }
  if (nat->kind == Native::View) {
    if (name == "load") return builtin(*this, B_view_load, "load", nat);
    if (name == "store") return builtin(*this, B_view_store, "store", nat);
    if (name == "as") return builtin(*this, B_view_as, "as", nat);
    if (nat->heap && (name == "length" || name == "bytes"))
      error(at, "the heap '" + nat->name + "' has no static " + name + ": its length is chosen when the target is linked (link(list, { heapBytes }))");
    if (name == "length") return Value::num(nat->count);
    if (name == "bytes") return Value::num(static_cast<double>(nat->count) * ty_bytes(nat->ty));
    if (name == "offset") return Value::num(nat->offset);
    error(at, "memory view " + nat->name + " has no property '" + name + "' (views have load, store, as, length, bytes, offset)");
  }
  error(at, describe(Value::native(nat)) + " has no property '" + name + "'");
}

void Stager::unsupported_member(const std::string& ns, const std::string& key, const std::vector<std::string>& have,
                                const Ast* at) {
  std::string list;
  for (const std::string& h : have) list += (list.empty() ? "" : ", ") + ns + "." + h;
  error(at, ns + "." + key + " is not supported in kernels (supported: " + list + ")" +
                (ns == "Math" ? "; nothing random or time-dependent: the same kernel must always build the same bytes" : ""));
}

void Stager::check_namespace_member(const Object* o, const std::string& key, const Ast* at) {
  auto it = namespaces_.find(o);
  if (it == namespaces_.end()) return;
  std::vector<std::string> have;
  for (const auto& p : o->props) have.push_back(p.first);
  std::sort(have.begin(), have.end());
  unsupported_member(it->second, key, have, at);
}

Value Stager::string_member(const std::string& s, const std::string& name, const Ast* at) {
  if (name == "length") return Value::num(static_cast<double>(s.size()));
  error(at, "strings have no property '" + name + "' in kernels");
}

// ------------------------------------------------------------ array methods

Value Stager::array_method(Array* arr, const std::string& name, std::vector<Value>& args, const Ast* site) {
  auto callback = [&](size_t i) -> const Value& {
    if (i >= args.size() || (args[i].k != Value::Fn && args[i].k != Value::Nat))
      error(site, "array." + name + " needs a function argument");
    return args[i];
  };
  auto int_arg = [&](size_t i, double def) -> double {
    if (i >= args.size() || args[i].k == Value::Undef) return def;
    if (args[i].k != Value::Num || !is_int(args[i].n)) error(site, "array." + name + ": argument " + std::to_string(i + 1) + " must be an integer");
    return args[i].n;
  };
  const double len = static_cast<double>(arr->items.size());
  auto rel = [&](double x) { return x < 0 ? std::max(0.0, len + x) : std::min(x, len); };
  auto idx = [](size_t i) { return Value::num(static_cast<double>(i)); };
  if (name == "map" || name == "forEach" || name == "filter" || name == "every" || name == "some" || name == "find" || name == "findIndex") {
    Value f = callback(0);
    std::vector<Value> out;
    std::vector<Value> items = arr->items;
    for (size_t i = 0; i < items.size(); i++) {
      Value r = call(f, {items[i], idx(i), Value::array(arr)}, site);
      if (name == "map") out.push_back(r);
      else if (name == "filter") { if (truthy(r, site)) out.push_back(items[i]); }
      else if (name == "every") { if (!truthy(r, site)) return Value::boolean(false); }
      else if (name == "some") { if (truthy(r, site)) return Value::boolean(true); }
      else if (name == "find") { if (truthy(r, site)) return items[i]; }
      else if (name == "findIndex") { if (truthy(r, site)) return idx(i); }
    }
    if (name == "forEach" || name == "find") return Value::undef();
    if (name == "every") return Value::boolean(true);
    if (name == "some") return Value::boolean(false);
    if (name == "findIndex") return Value::num(-1);
    return Value::array(new_array(std::move(out), site));
  }
  if (name == "reduce") {
    Value f = callback(0);
    size_t i = 0;
    Value acc;
    if (args.size() > 1) acc = args[1];
    else {
      if (arr->items.empty()) error(site, "reduce of an empty array with no initial value");
      acc = arr->items[0];
      i = 1;
    }
    std::vector<Value> items = arr->items;
    for (; i < items.size(); i++) acc = call(f, {acc, items[i], idx(i), Value::array(arr)}, site);
    return acc;
  }
  if (name == "slice") {
    double a = rel(int_arg(0, 0)), b = rel(int_arg(1, len));
    std::vector<Value> out;
    for (double i = a; i < b; i++) out.push_back(arr->items[static_cast<size_t>(i)]);
    return Value::array(new_array(std::move(out), site));
  }
  if (name == "concat") {
    size_t n = arr->items.size();
    for (auto& a : args) n += a.k == Value::Arr ? a.arr->items.size() : 1;
    check_array_length(n, site);
    std::vector<Value> out = arr->items;
    for (auto& a : args) {
      if (a.k == Value::Arr) out.insert(out.end(), a.arr->items.begin(), a.arr->items.end());
      else out.push_back(a);
    }
    return Value::array(new_array(std::move(out), site));
  }
  if (name == "push") {
    for (auto& a : args) array_push(arr, a, site);
    return Value::num(static_cast<double>(arr->items.size()));
  }
  if (name == "pop") {
    if (arr->items.empty()) return Value::undef();
    Value v = arr->items.back();
    arr->items.pop_back();
    return v;
  }
  if (name == "fill") {
    Value v = args.empty() ? Value::undef() : args[0];
    double a = rel(int_arg(1, 0)), b = rel(int_arg(2, len));
    for (double i = a; i < b; i++) arr->items[static_cast<size_t>(i)] = v;
    return Value::array(arr);
  }
  if (name == "indexOf" || name == "includes") {
    Value v = args.empty() ? Value::undef() : args[0];
    for (size_t i = 0; i < arr->items.size(); i++)
      if (strict_equal(arr->items[i], v)) return name == "includes" ? Value::boolean(true) : idx(i);
    return name == "includes" ? Value::boolean(false) : Value::num(-1);
  }
  if (name == "reverse") {
    std::reverse(arr->items.begin(), arr->items.end());
    return Value::array(arr);
  }
  if (name == "join") {
    std::string sep = args.empty() || args[0].k == Value::Undef ? "," : to_string(args[0], site);
    std::string out;
    for (size_t i = 0; i < arr->items.size(); i++) {
      std::string item = to_string(arr->items[i], site);
      check_string_length(out.size() + (i ? sep.size() : 0) + item.size(), site);
      out += (i ? sep : "") + item;
    }
    return new_string(std::move(out), site);
  }
  if (name == "entries" || name == "keys") {
    std::vector<Value> out;
    for (size_t i = 0; i < arr->items.size(); i++) {
      if (name == "keys") out.push_back(idx(i));
      else out.push_back(Value::array(new_array({idx(i), arr->items[i]}, site)));
    }
    return Value::array(new_array(std::move(out), site));
  }
  if (name == "flatMap" || name == "flat") {
    // flatMap(f): map, then spread every array result one level; flat(): one level, flat(d): d levels.
    std::vector<Value> mapped = arr->items;
    if (name == "flatMap") {
      Value f = callback(0);
      for (size_t i = 0; i < mapped.size(); i++) mapped[i] = call(f, {arr->items[i], idx(i), Value::array(arr)}, site);
    }
    double depth = name == "flat" ? int_arg(0, 1) : 1;
    std::vector<Value> out;
    std::function<void(const std::vector<Value>&, double)> spread = [&](const std::vector<Value>& items, double d) {
      for (const Value& x : items) {
        if (x.k == Value::Arr && d > 0) spread(x.arr->items, d - 1);
        else {
          check_array_length(out.size() + 1, site);
          out.push_back(x);
        }
      }
    };
    spread(mapped, depth);
    return Value::array(new_array(std::move(out), site));
  }
  if (name == "at") {
    double i = int_arg(0, 0);
    if (i < 0) i += len;
    if (i < 0 || i >= len) error(site, "static index out of range in array.at");
    return arr->items[static_cast<size_t>(i)];
  }
  error(site, "arrays have no method '" + name + "' in kernels (they have map, forEach, filter, reduce, every, some, find, "
              "findIndex, slice, concat, push, pop, fill, indexOf, includes, reverse, join, entries, keys, at, flat, flatMap)");
}

// ------------------------------------------------------------ calls

Value Stager::call_builtin(Native* nat, std::vector<Value>& args, const Ast* site) {
  auto arg = [&](size_t i) -> const Value& {
    static const Value undef;
    return i < args.size() ? args[i] : undef;
  };
  auto want_rt = [&](size_t i, const char* what) -> const Value& {
    if (arg(i).k != Value::Rt) error(site, std::string(what) + " must be a runtime value, not " + describe(arg(i)));
    return args[i];
  };
  auto want_num = [&](size_t i, const char* what) -> double {
    if (arg(i).k != Value::Num) error(site, std::string(what) + " must be a number, not " + describe(arg(i)));
    return args[i].n;
  };
  // A region spec's element count; under mutation testing the "shrink" site of the spec written
  // at `spec_at`, whose number literals stop being const/flip sites (mutate.h).
  auto region_count = [&](const Native* spec, const Ast* spec_at) -> uint32_t {
    const uint32_t count = spec->count ? spec->count : 1;
    if (!mut_) return count;
    std::vector<SrcLoc> literals;
    std::vector<const Ast*> todo{spec_at};
    while (!todo.empty()) {
      const Ast* n = todo.back();
      todo.pop_back();
      if (n->type == "number") literals.push_back(n->loc);
      todo.insert(todo.end(), n->kids.begin(), n->kids.end());
    }
    return mut_->region(spec_at->loc, literals, count);
  };
  auto want_index = [&](size_t i, const char* what, double limit) -> uint32_t {
    double d = want_num(i, what);
    if (!is_int(d) || d < 0 || d >= limit)
      error(site, std::string(what) + " " + to_string(arg(i), site) + " is out of range 0.." + std::to_string(static_cast<long long>(limit) - 1));
    return static_cast<uint32_t>(d);
  };

  // The options of memory(), memory.batch() and memory.heap(): { secret: false } makes a region public
  // for the constant-time check (ct.cpp); every writable region is secret otherwise.
  auto region_secret = [&](const Value& opts, const Ast* at, const char* signature) -> bool {
    if (opts.k == Value::Undef) return true;
    if (opts.k != Value::Obj) error(at, std::string(signature) + ": options must be an object such as { secret: false }, not " + describe(opts));
    bool secret = true;
    for (auto& [key, v] : opts.obj->props) {
      if (key != "secret") error(prop_node(at, key), std::string(signature) + ": unknown option '" + key + "' (the only option is secret: true or false)");
      if (v.k != Value::Bool) error(prop_node(at, key), std::string(signature) + ": option secret must be true or false, not " + describe(v));
      secret = v.b;
    }
    return secret;
  };

  if (nat->kind == Native::Type) {
    Ty t = nat->ty;
    if (nat->count || nat->be) error(site, "array and endianness specs are not callable; call the plain type, e.g. u32(x)");
    if (ty_vector(t) && args.size() == static_cast<size_t>(ty_lanes(t))) {
      // u32x4(a, b, c, d): one value per lane; all static gives one v128 constant.
      bool all_static = true;
      for (auto& a : args) all_static &= a.k == Value::Num || a.k == Value::Big;
      if (all_static) {
        Node c;
        c.op = Op::Const;
        c.ty = t;
        const int L = ty_lanes(t), bits = 128 / L;
        for (int i = 0; i < L; i++) {
          uint64_t x = const_bits(args[i], ty_lane(t), site);
          uint64_t& half = (i * bits) < 64 ? c.imm : c.imm2;
          half |= bits == 64 ? x : (x & ty_mask(ty_lane(t))) << ((i * bits) % 64);
        }
        return emit(c, site);
      }
      Value first = to_rt(args[0], ty_lane_value(t), site);
      Value v = convert(t, first, site);
      for (int i = 1; i < ty_lanes(t); i++) {
        Value x = to_rt(args[i], ty_lane_value(t), site);
        Node n;
        n.op = Op::ReplaceLane;
        n.ty = t;
        n.a = v.node;
        n.b = x.node;
        n.imm = static_cast<uint64_t>(i);
        v = emit(n, site);
      }
      return v;
    }
    if (args.size() != 1) error(site, std::string(ty_name(t)) + "(x) takes one argument");
    return convert(t, args[0], site);
  }

  for (const Arity& a : kArity) {
    if (nat->kind != Native::Builtin || a.id != nat->id) continue;
    const int n = static_cast<int>(args.size());
    if (n < a.min || n > a.max) {
      const std::string want = a.min == a.max ? std::to_string(a.min) : std::to_string(a.min) + " to " + std::to_string(a.max);
      error(site, std::string(a.signature) + " takes " + want + " argument" + (a.max == 1 ? "" : "s") + ", got " + std::to_string(n));
    }
  }

  switch (nat->id) {
    case B_memory: {
      if (arg(0).k != Value::Str || arg(0).text().empty()) error(arg_node(site, 0), "memory(name, spec): name must be a non-empty string");
      const std::string name = arg(0).text();
      check_name(name, NameKind::Region, "memory region name", arg_node(site, 0));
      const bool secret = region_secret(arg(2), arg_node(site, 2), "memory(name, spec, options)");
      auto make_view = [&](const std::string& region, Native* spec, const Ast* spec_at) {
        if (spec->kind != Native::Type) error(site, "memory(name, spec): spec must be a type such as u32.array(16), not " + describe(Value::native(spec)));
        return Value::native(new_native(region_view(*this, region, spec->ty, spec->be, region_count(spec, spec_at), 1, site, {}, secret)));
      };
      if (arg(1).k == Value::Nat) return make_view(name, arg(1).nat, arg_node(site, 1));
      if (arg(1).k == Value::Obj) {
        Object* o = new_object();
        for (auto& [field, spec] : arg(1).obj->props) {
          if (spec.k != Value::Nat) error(site, "memory(name, {field: spec}): field '" + field + "' must be a type spec");
          check_name(field, NameKind::Region, "memory region field name", prop_node(arg_node(site, 1), field));
          o->set(field, make_view(name + "." + field, spec.nat, prop_node(arg_node(site, 1), field)));
        }
        return Value::object(o);
      }
      error(site, "memory(name, spec): spec must be a type spec (u32.array(8)) or an object of them");
    }
    case B_memory_batch: {
      // memory.batch(name, copies, spec, layout = 'interleaved' | 'split'): one copy of spec per lane.
      if (arg(0).k != Value::Str || arg(0).text().empty()) error(arg_node(site, 0), "memory.batch(name, copies, spec): name must be a non-empty string");
      check_name(arg(0).text(), NameKind::Region, "memory region name", arg_node(site, 0));
      double copies = want_num(1, "memory.batch: copies");
      if (!is_int(copies) || copies < 1 || copies > 64) error(site, "memory.batch: copies must be an integer from 1 to 64");
      if (arg(2).k != Value::Nat || arg(2).nat->kind != Native::Type) error(site, "memory.batch: spec must be a type such as u32.array(8)");
      std::string layout = arg(3).k == Value::Undef ? "interleaved" : arg(3).k == Value::Str ? arg(3).text() : "";
      if (layout != "interleaved" && layout != "split") error(site, "memory.batch: layout must be 'interleaved' or 'split'");
      const bool secret = region_secret(arg(4), arg_node(site, 4), "memory.batch(name, copies, spec, layout, options)");
      Native* spec = arg(2).nat;
      Native v = region_view(*this, arg(0).text(), spec->ty, spec->be, region_count(spec, arg_node(site, 2)), static_cast<uint64_t>(copies), site,
                             {}, secret);
      v.batch = static_cast<uint32_t>(copies);
      v.interleaved = layout == "interleaved";
      return Value::native(new_native(std::move(v)));
    }
    case B_memory_data: {
      // memory.data(name, type, values): a constant region with these initial contents.
      if (arg(0).k != Value::Str || arg(0).text().empty()) error(arg_node(site, 0), "memory.data(name, type, values): name must be a non-empty string");
      check_name(arg(0).text(), NameKind::Region, "memory region name", arg_node(site, 0));
      const Value& t = arg(1);
      if (t.k != Value::Nat || t.nat->kind != Native::Type || t.nat->count || ty_vector(t.nat->ty))
        error(site, "memory.data(name, type, values): type must be a plain scalar type such as u32 or u64.be");
      if (arg(2).k != Value::Arr || arg(2).arr->items.empty()) error(site, "memory.data(name, type, values): values must be a non-empty array");
      const Ty ty = t.nat->ty;
      const int size = ty_bytes(ty);
      std::string bytes;
      for (const Value& x : arg(2).arr->items) {
        uint64_t bits = const_bits(x, ty == Ty::U8 || ty == Ty::U16 ? Ty::U32 : ty, site);
        if (size < 4 && bits >> (8 * size)) error(site, "memory.data: " + describe(x) + " does not fit in " + ty_name(ty));
        for (int i = 0; i < size; i++) bytes += static_cast<char>(t.nat->be ? bits >> (8 * (size - 1 - i)) : bits >> (8 * i));
      }
      const uint32_t count = static_cast<uint32_t>(arg(2).arr->items.size());
      return Value::native(new_native(region_view(*this, arg(0).text(), ty, t.nat->be, count, 1, site, std::move(bytes))));
    }
    case B_memory_heap: {
      // memory.heap(name, type): a view of type over the memory after the static layout, whose
      // length the runtime chooses per link (docs/language.md, "Memory").
      if (arg(0).k != Value::Str || arg(0).text().empty()) error(arg_node(site, 0), "memory.heap(name, type): name must be a non-empty string");
      check_name(arg(0).text(), NameKind::Region, "memory region name", arg_node(site, 0));
      const Value& t = arg(1);
      if (t.k != Value::Nat || t.nat->kind != Native::Type || t.nat->count)
        error(arg_node(site, 1), "memory.heap(name, type): type must be a plain type such as u32, u32.be or u32x4, not " +
                                     (t.k == Value::Nat && t.nat->kind == Native::Type ? std::string("an array spec (the heap has no static length)") : describe(t)));
      Native v;
      v.kind = Native::View;
      v.ty = t.nat->ty;
      v.be = t.nat->be;
      v.heap = true;
      v.count = 0;  // unknown: indices are not checked (see B_view_load)
      v.name = arg(0).text();
      v.loc = site->loc;
      v.offset = alloc_heap(v.name, site, region_secret(arg(2), arg_node(site, 2), "memory.heap(name, type, options)"));
      return Value::native(new_native(std::move(v)));
    }
    case B_view_lane: {
      Native* b = nat->self;
      uint32_t m = want_index(0, ("lane of batch region '" + b->name + "':").c_str(), b->batch);
      Native v = *b;
      v.batch = 0;
      if (b->interleaved) {
        v.offset = b->offset + m * static_cast<uint32_t>(ty_bytes(b->ty));
        v.stride = b->batch;
      } else {
        v.offset = b->offset + m * b->count * static_cast<uint32_t>(ty_bytes(b->ty));
      }
      return Value::native(new_native(std::move(v)));
    }
    case B_fn: {
      if (arg(0).k != Value::Arr) error(site, "fn(params, body): params must be an array of types, e.g. [u32]");
      if (arg(1).k != Value::Fn) error(site, "fn(params, body): body must be a function");
      Native k;
      if (arg(2).k == Value::Obj) {
        // fn(params, body, { targets: ['wasm', 'wasm_threads'] }): only on some targets.
        for (auto& [key, v] : arg(2).obj->props) {
          if (key == "name") continue;
          if (key != "targets") error(site, "fn options: unknown option '" + key + "' (known: targets, name)");
          if (v.k != Value::Arr || v.arr->items.empty()) error(site, "fn options: targets must be a non-empty array of target names");
          for (auto& t : v.arr->items) {
            static const char* known[] = {"wasm", "wasm_threads", "js", "runtime"};
            if (t.k != Value::Str || std::find(std::begin(known), std::end(known), t.text()) == std::end(known))
              error(site, "fn options: unknown target " + describe(t) + " (wasm, wasm_threads, js, runtime)");
            k.targets.push_back(t.text());
          }
        }
      } else if (arg(2).k != Value::Undef) {
        error(site, "fn(params, body, options): options must be an object");
      }
      if (arg(2).k == Value::Obj) {
        if (Value* nm = arg(2).obj->find("name")) {
          const Ast* at = prop_node(arg_node(site, 2), "name");
          if (at && at->type == "pair") at = at->field("value");
          if (nm->k != Value::Str || nm->text().empty()) error(at, "fn options: name must be a non-empty string");
          check_name(nm->text(), NameKind::Function, "kernel function name", at);
          k.export_name = nm->text();
          if (k.targets.empty()) error(site, "fn options: a name is only needed with targets (one name, disjoint targets)");
        }
      }
      k.kind = Native::Kernel;
      k.fn = arg(1).fn;
      k.loc = site->loc;
      for (auto& p : arg(0).arr->items) {
        if (p.k != Value::Nat || p.nat->kind != Native::Type || p.nat->count || p.nat->be)
          error(site, "fn(params, body): parameter types must be plain types, not " + describe(p));
        if (p.nat->ty != Ty::U32 && p.nat->ty != Ty::I32 && p.nat->ty != Ty::U64)
          error(site, std::string("fn parameters are u32, i32 or u64 (JavaScript numbers), not ") + ty_name(p.nat->ty));
        k.params.push_back(p.nat->ty);
      }
      return Value::native(new_native(std::move(k)));
    }
    case B_loop: loop_with_options(arg(0), arg(1), arg(2), site); return Value::undef();
    case B_when: runtime_when(arg(0), arg(1), arg(2), site); return Value::undef();
    case B_rotl:
    case B_rotr: {
      const Value& x = want_rt(0, "rotl/rotr: the value");
      Value n = arg(1);
      if (mut_) {  // mutation testing: the amount off by one (mutate.h)
        if (int d = mut_->rotation(site->loc, arg_node(site, 1)->loc, nat->id == B_rotl)) {
          if (n.k == Value::Num) n = Value::num(n.n + d);
          else if (n.k == Value::Big) n = Value::bigint(n.big + d);
          else if (n.k == Value::Rt) n = rt_binary(d > 0 ? Op::Add : Op::Sub, n, Value::num(1), site);
        }
      }
      return rt_binary(nat->id == B_rotl ? Op::Rotl : Op::Rotr, x, n, site);
    }
    case B_bswap: {
      return rt_unary(Op::Bswap, want_rt(0, "bswap: the value"), site);
    }
    case B_mul32: {
      // The full 64-bit product of the low 32 bits of a and b: u32 operands give a u64, u64
      // operands a u64 (their high halves ignored), u64x2 operands a u64x2 lane by lane.
      if (arg(0).k != Value::Rt && arg(1).k != Value::Rt) error(site, "mul32(a, b) needs a runtime value (a or b)");
      Ty t = arg(0).k == Value::Rt ? arg(0).ty : arg(1).ty;
      if (t != Ty::U32 && t != Ty::U64 && t != Ty::U64x2)
        error(site, std::string("mul32(a, b): the operands are u32, u64 or u64x2, not ") + ty_name(t));
      Value a = to_rt(arg(0), t, site), b = to_rt(arg(1), t, site);
      if (t == Ty::U32) {
        a = convert(Ty::U64, a, site);
        b = convert(Ty::U64, b, site);
      }
      Node n;
      n.op = Op::Mul32;
      n.ty = t == Ty::U32 ? Ty::U64 : t;
      n.a = a.node;
      n.b = b.node;
      return emit(n, site);
    }
    case B_declassify:
    case B_secret: {
      // declassify(x, reason) / secret(x): x copied into a local of its own that the constant-time
      // check (ct.cpp) takes as public (with the reason it reports) or as secret.
      const bool to_secret = nat->id == B_secret;
      const char* what = to_secret ? "secret(x): x" : "declassify(x, reason): x";
      const Value& x = want_rt(0, what);
      std::string reason;
      if (!to_secret) {
        if (arg(1).k != Value::Str || arg(1).text().empty())
          error(arg_node(site, 1), "declassify(x, reason): reason must be a non-empty string saying why the value may be public");
        reason = arg(1).text();
      }
      if (!fn_) error(site, std::string(to_secret ? "secret" : "declassify") + "() is only allowed inside a kernel function body (fn)");
      const uint32_t local = static_cast<uint32_t>(fn_->locals.size());
      fn_->locals.push_back(x.ty);
      fn_->ct_marks.push_back({local, to_secret, site->loc, reason});
      Node set;
      set.op = Op::LocalSet;
      set.imm = local;
      set.a = x.node;
      emit(set, site);
      Node get;
      get.op = Op::LocalGet;
      get.ty = x.ty;
      get.imm = local;
      return emit(get, site);
    }
    case B_eqz: {
      const Value& x = want_rt(0, "eqz: the value");
      if (ty_vector(x.ty)) return rt_binary(Op::Eq, x, Value::num(0), site);  // a lane mask
      return rt_unary(Op::Eqz, x, site);
    }
    case B_andnot: {
      Ty t = arg(0).k == Value::Rt ? arg(0).ty : arg(1).ty;
      if (arg(0).k != Value::Rt && arg(1).k != Value::Rt) error(site, "andnot(a, b) needs a runtime value");
      Value a = to_rt(arg(0), t, site);
      Value b = to_rt(arg(1), t, site);
      return rt_binary(Op::Andnot, a, b, site);
    }
    case B_select: {
      const Value& c = arg(0);
      if (c.k != Value::Rt) return truthy(c, site) ? arg(1) : arg(2);
      if (ty_vector(c.ty)) {
        // A lane mask (all ones or zero per lane, as comparisons give): a bit select.
        Value a = to_rt(arg(1), c.ty, site), b = to_rt(arg(2), c.ty, site);
        Value from_a = rt_binary(Op::And, a, c, site);
        Value from_b = rt_binary(Op::Andnot, b, c, site);
        return rt_binary(Op::Or, from_a, from_b, site);
      }
      if (c.ty != Ty::U32) error(site, std::string("select: the condition must be u32 or a lane mask, not ") + ty_name(c.ty));
      Ty t = arg(1).k == Value::Rt ? arg(1).ty : arg(2).ty;
      if (arg(1).k != Value::Rt && arg(2).k != Value::Rt) error(site, "select(c, a, b): a or b must be a runtime value");
      Value a = to_rt(arg(1), t, site), b = to_rt(arg(2), t, site);
      Node n;
      n.op = Op::Select;
      n.ty = t;
      n.a = c.node;
      n.b = a.node;
      n.c = b.node;
      return emit(n, site);
    }
    case B_lane: {
      const Value& v = want_rt(0, "lane(v, i): v");
      if (!ty_vector(v.ty)) error(site, "lane(v, i): v must be a lane type such as u32x4");
      Node n;
      n.op = Op::ExtractLane;
      n.ty = ty_lane_value(v.ty);
      n.a = v.node;
      n.imm = want_index(1, "lane index", ty_lanes(v.ty));
      return emit(n, site);
    }
    case B_with_lane: {
      const Value& v = want_rt(0, "withLane(v, i, x): v");
      if (!ty_vector(v.ty)) error(site, "withLane(v, i, x): v must be a lane type such as u32x4");
      Node n;
      n.op = Op::ReplaceLane;
      n.ty = v.ty;
      n.a = v.node;
      n.imm = want_index(1, "lane index", ty_lanes(v.ty));
      n.b = to_rt(arg(2), ty_lane_value(v.ty), site).node;
      return emit(n, site);
    }
    case B_shuffle: {
      // shuffle(a, b, [i0, ..]): lane k of the result is lane ik of a (ik < lanes) or of b.
      const Value& a = want_rt(0, "shuffle(a, b, lanes): a");
      if (!ty_vector(a.ty)) error(site, "shuffle(a, b, lanes): a must be a lane type such as u32x4");
      Value b = to_rt(arg(1), a.ty, site);
      const int L = ty_lanes(a.ty);
      if (arg(2).k != Value::Arr || static_cast<int>(arg(2).arr->items.size()) != L)
        error(site, "shuffle(a, b, lanes): lanes must be an array of " + std::to_string(L) + " lane indices");
      Node n;
      n.op = Op::Shuffle;
      n.ty = a.ty;
      n.a = a.node;
      n.b = b.node;
      for (int k = 0; k < L; k++) {
        const Value& x = arg(2).arr->items[k];
        if (x.k != Value::Num || !is_int(x.n) || x.n < 0 || x.n >= 2 * L)
          error(site, "shuffle: lane index " + describe(x) + " is out of range 0.." + std::to_string(2 * L - 1));
        set_shuffle_index(n, k, static_cast<int>(x.n));
      }
      return emit(n, site);
    }
    case B_swizzle: {
      // swizzle(a, indices): lane k is lane indices[k] of a, 0 when indices[k] >= 16. Runtime
      // indices give one i8x16.swizzle on wasm; a static array of 16 is a shuffle with zeros.
      const Value& a = want_rt(0, "swizzle(a, indices): a");
      if (a.ty != Ty::U8x16) error(site, std::string("swizzle(a, indices): a must be a u8x16, not ") + ty_name(a.ty) + "; convert with u8x16.from(v)");
      if (arg(1).k == Value::Arr) {
        if (arg(1).arr->items.size() != 16) error(site, "swizzle(a, indices): a static indices array needs 16 numbers");
        Value zero = rt_const(Value::num(0), Ty::U8x16, site);
        Node n;
        n.op = Op::Shuffle;
        n.ty = Ty::U8x16;
        n.a = a.node;
        n.b = zero.node;
        for (int k = 0; k < 16; k++) {
          const Value& x = arg(1).arr->items[k];
          if (x.k != Value::Num || !is_int(x.n) || x.n < 0 || x.n > 255)
            error(site, "swizzle: index " + describe(x) + " is not a byte (0..255; 16 and above give 0)");
          set_shuffle_index(n, k, x.n < 16 ? static_cast<int>(x.n) : 16);
        }
        return emit(n, site);
      }
      Value idx = to_rt(arg(1), Ty::U8x16, site);
      Node n;
      n.op = Op::Swizzle;
      n.ty = Ty::U8x16;
      n.a = a.node;
      n.b = idx.node;
      return emit(n, site);
    }
    case B_type_from: {
      // u32x4.from(v): the same 16 bytes as another lane type (free on wasm).
      const Value& v = want_rt(0, (std::string(ty_name(nat->self->ty)) + ".from(v): v").c_str());
      if (!ty_vector(v.ty)) error(site, std::string(ty_name(nat->self->ty)) + ".from(v) reinterprets a lane type; v is " + ty_name(v.ty));
      if (v.ty == nat->self->ty) return v;
      Node n;
      n.op = Op::Retag;
      n.ty = nat->self->ty;
      n.a = v.node;
      return emit(n, site);
    }
    case B_assert: {
      if (arg(0).k == Value::Rt) error(site, "assert() checks static conditions at build time; it got a runtime value");
      if (!truthy(arg(0), site))
        error(site, "assertion failed" + (arg(1).k == Value::Str ? ": " + arg(1).text() : std::string()));
      return Value::undef();
    }
    case B_type_array: {
      Native* t = nat->self;
      double n = want_num(0, "array length");
      if (!is_int(n) || n < 1 || n > (1 << 28)) error(site, "array length must be an integer between 1 and 2^28");
      Value v = type_value(*this, t->ty, t->be, static_cast<uint32_t>(n));
      return v;
    }
    case B_view_load:
    case B_view_store: {
      Native* v = nat->self;
      const bool store = nat->id == B_view_store;
      if (store && v->readonly) error(site, "memory view '" + v->name + "' is a constant data region (memory.data): it cannot be stored to");
      Node n;
      n.op = store ? Op::Store : Op::Load;
      n.imm2 = static_cast<uint64_t>(v->ty);
      n.imm = v->offset;
      Value i = arg(0);
      // A runtime index that is a constant (a table entry read at build time) is a static index.
      if (i.k == Value::Rt && i.ty == Ty::U32 && fn_ && fn()->nodes[i.node].op == Op::Const)
        i = Value::num(static_cast<double>(fn()->nodes[i.node].imm & 0xffffffffu));
      if (i.k == Value::Rt) {
        if (i.ty != Ty::U32) error(site, std::string("memory index must be u32, not ") + ty_name(i.ty));
        n.a = v->stride == 1 ? i.node : rt_binary(Op::Mul, i, Value::num(v->stride), site).node;
      } else {
        if (i.k != Value::Num) error(site, "index into memory view '" + v->name + "': must be a number, not " + describe(i));
        // The heap's length is a runtime value: a static index is not checked against it, only
        // kept inside the 32-bit address space.
        if (v->heap && (!is_int(i.n) || i.n < 0 || v->offset + i.n * ty_bytes(v->ty) + ty_bytes(v->ty) > 4294967296.0))
          error(site, "index into the heap '" + v->name + "': " + to_string(i, site) + " must be a whole number >= 0 whose element ends below 4 GiB (the 32-bit address space)");
        if (!v->heap && (!is_int(i.n) || i.n < 0 || i.n >= v->count))
          error(site, "index into memory view '" + v->name + "': " + to_string(i, site) + " is out of range 0.." + std::to_string(static_cast<long long>(v->count) - 1));
        uint32_t k = static_cast<uint32_t>(i.n);
        n.imm += static_cast<uint64_t>(k) * v->stride * ty_bytes(v->ty);
      }
      Ty vt = ty_value(v->ty);
      // A static index into a constant region reads the constant (tables in unrolled loops).
      if (!store && v->readonly && !n.a)
        if (uint32_t c = constant_load(v, n.imm, site)) return Value::rt(c, vt);
      bool swap = v->be && ty_bytes(ty_lane(v->ty)) > 1;
      // A big-endian u16 is byte-swapped as a u32 and shifted back down.
      auto swapped = [&](Value x) {
        x = rt_unary(Op::Bswap, x, site);
        return v->ty == Ty::U16 ? rt_binary(Op::ShrU, x, Value::num(16), site) : x;
      };
      if (!store) {
        n.ty = vt;
        Value r = emit(n, site);
        return swap ? swapped(r) : r;
      }
      if (args.size() != 2) error(site, "view.store(index, value) takes two arguments");
      Value x = to_rt(arg(1), vt, site);
      if (swap) x = swapped(x);
      n.b = x.node;
      emit(n, site);
      return Value::undef();
    }
    case B_view_as: {
      Native* v = nat->self;
      if (v->stride != 1) error(site, "view.as: a lane of an interleaved batch cannot be reinterpreted");
      const Value& t = arg(0);
      if (t.k != Value::Nat || t.nat->kind != Native::Type || t.nat->count) error(site, "view.as(type): type must be a plain type such as u32 or u32.be");
      uint64_t bytes = static_cast<uint64_t>(v->count) * ty_bytes(v->ty);
      int eb = ty_bytes(t.nat->ty);
      Native nv = *v;
      nv.ty = t.nat->ty;
      nv.be = t.nat->be;
      if (args.size() > 2) error(site, "view.as(type, byteOffset) takes one or two arguments");
      if (v->heap) {
        // The heap as another type, from a static byte offset on: no length to check.
        if (args.size() == 2) {
          const double off = arg(1).k == Value::Num ? arg(1).n : -1;
          if (!is_int(off) || off < 0 || v->offset + off + eb > 4294967296.0)
            error(arg_node(site, 1), "view.as(type, byteOffset) on the heap '" + v->name + "': the byte offset must be a static integer from 0 that stays below 4 GiB, not " + describe(arg(1)));
          nv.offset = v->offset + static_cast<uint32_t>(off);
        }
        return Value::native(new_native(std::move(nv)));
      }
      if (args.size() == 2) {
        // view.as(type, byteOffset): the whole elements of type from that byte on, at any offset
        // (js and runtime read unaligned elements byte by byte: lower_ops.cpp).
        if (arg(1).k != Value::Num) error(arg_node(site, 1), "view.as(type, byteOffset): the byte offset must be a static number, not " + describe(arg(1)));
        const double off = arg(1).n;
        if (!is_int(off) || off < 0 || off + eb > static_cast<double>(bytes))
          error(arg_node(site, 1), "view.as: byte offset " + to_string(arg(1), site) + " leaves no whole " + ty_name(t.nat->ty) + " in the " +
                                       std::to_string(bytes) + " bytes of view '" + v->name + "' (offsets 0.." + std::to_string(static_cast<long long>(bytes) - eb) + ")");
        nv.offset = v->offset + static_cast<uint32_t>(off);
        nv.count = static_cast<uint32_t>((bytes - static_cast<uint64_t>(off)) / eb);
        return Value::native(new_native(std::move(nv)));
      }
      if (bytes % eb) error(site, "view.as: " + std::to_string(bytes) + " bytes is not a whole number of " + ty_name(t.nat->ty));
      nv.count = static_cast<uint32_t>(bytes / eb);
      return Value::native(new_native(std::move(nv)));
    }
    case B_math_floor: return Value::num(std::floor(want_num(0, "Math.floor: x")));
    case B_math_ceil: return Value::num(std::ceil(want_num(0, "Math.ceil: x")));
    case B_math_abs: return Value::num(std::fabs(want_num(0, "Math.abs: x")));
    case B_math_trunc: return Value::num(std::trunc(want_num(0, "Math.trunc: x")));
    case B_math_sqrt: return Value::num(std::sqrt(want_num(0, "Math.sqrt: x")));
    case B_math_pow: return Value::num(std::pow(want_num(0, "Math.pow: x"), want_num(1, "Math.pow: y")));
    case B_math_imul: {
      double a = want_num(0, "Math.imul: a"), b = want_num(1, "Math.imul: b");
      auto u = [](double d) {
        if (!std::isfinite(d)) return 0u;
        double m = std::fmod(std::trunc(d), 4294967296.0);
        if (m < 0) m += 4294967296.0;
        return static_cast<uint32_t>(m);
      };
      return Value::num(static_cast<int32_t>(u(a) * u(b)));
    }
    case B_math_min:
    case B_math_max: {
      double r = nat->id == B_math_min ? INFINITY : -INFINITY;
      for (size_t i = 0; i < args.size(); i++) {
        double x = want_num(i, "Math.min/max: argument");
        if (std::isnan(x)) return Value::num(NAN);
        r = nat->id == B_math_min ? std::min(r, x) : std::max(r, x);
      }
      return Value::num(r);
    }
    case B_array_from: {
      const Value& src = arg(0);
      std::vector<Value> items;
      if (src.k == Value::Arr) items = src.arr->items;
      else if (src.k == Value::Obj) {
        Value* l = src.obj->find("length");
        if (!l || l->k != Value::Num || !is_int(l->n) || l->n < 0)
          error(site, "Array.from({length: n}): n must be a non-negative integer");
        check_array_length(l->n > 1e15 ? SIZE_MAX : static_cast<size_t>(l->n), site);
        items.resize(static_cast<size_t>(l->n));
      } else error(site, "Array.from needs an array or {length: n}, not " + describe(src));
      if (arg(1).k != Value::Undef) {
        for (size_t i = 0; i < items.size(); i++) items[i] = call(arg(1), {items[i], Value::num(static_cast<double>(i))}, site);
      }
      return Value::array(new_array(std::move(items), site));
    }
    case B_array_is_array: return Value::boolean(arg(0).k == Value::Arr);
    case B_array: {
      // Array(n): n elements, each undefined (JavaScript's holes, which kernels do not have, become
      // undefined); Array(a, b, ...) with any other arguments: those elements.
      if (args.size() == 1 && arg(0).k == Value::Num) {
        double n = arg(0).n;
        if (!is_int(n) || n < 0) error(site, "Array(n): n must be a non-negative integer, not " + describe(arg(0)));
        check_array_length(n > 1e15 ? SIZE_MAX : static_cast<size_t>(n), site);
        return Value::array(new_array(std::vector<Value>(static_cast<size_t>(n)), site));
      }
      return Value::array(new_array(args, site));
    }
    case B_object_keys:
    case B_object_values:
    case B_object_entries: {
      if (arg(0).k != Value::Obj) error(site, "Object.keys/values/entries need a plain object, not " + describe(arg(0)));
      std::vector<Value> out;
      for (auto& [k, v] : arg(0).obj->props) {
        if (nat->id == B_object_keys) out.push_back(Value::str(k));
        else if (nat->id == B_object_values) out.push_back(v);
        else out.push_back(Value::array(new_array({Value::str(k), v}, site)));
      }
      return Value::array(new_array(std::move(out), site));
    }
    case B_object_freeze: return arg(0);
    case B_bigint: {
      const Value& x = arg(0);
      if (x.k == Value::Big) return x;
      if (x.k == Value::Num && is_int(x.n) && std::fabs(x.n) < 1e37) return Value::bigint(static_cast<BigInt>(x.n));
      error(site, "BigInt(x) needs an integer number, not " + describe(x));
    }
    case B_number: {
      const Value& x = arg(0);
      if (x.k == Value::Num) return x;
      if (x.k == Value::Big) return Value::num(static_cast<double>(x.big));
      if (x.k == Value::Bool) return Value::num(x.b ? 1 : 0);
      error(site, "Number(x) needs a number, BigInt or boolean, not " + describe(x));
    }
    case B_string: return new_string(to_string(arg(0), site), site);
  }
  error(site, "unknown built-in " + nat->name);
}

}  // namespace awasmc
