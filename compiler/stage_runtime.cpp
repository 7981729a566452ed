// Pass 2, stage (continued): runtime values and runtime control flow. Operations
// on typed runtime values append IR nodes (with the type rules of
// docs/language.md); runtime loops and branches carry the values their bodies
// change through locals. Split from stage.cpp to keep each file readable.
#include <algorithm>
#include <cmath>
#include <functional>
#include <unordered_set>

#include "stage_impl.h"

namespace awasmc {

namespace {

bool is_int(double d) { return std::isfinite(d) && std::trunc(d) == d; }

}  // namespace

std::string number_to_string(double d);
std::string bigint_to_string(BigInt v);

// ======================================================== runtime values

Value Stager::emit(Node n, const Ast* at) {
  if (!fn_) error(at, "runtime operations are only allowed inside a kernel function body (fn)");
  n.loc = at ? at->loc : SrcLoc{};
  // nodes[0] is the null node, so nodes.size() is one more than the nodes staged so far.
  if (fn_->nodes.size() > limits::kFunctionNodes)
    error(at, "kernel function " + fn_->name + " has more than " + with_commas(limits::kFunctionNodes) +
                  " IR nodes (the limit per function; a static loop unrolling too far? loop(n, body) is a runtime loop)");
  if (module_nodes_ + fn_->nodes.size() > limits::kModuleNodes)
    error(at, "the kernel functions of this module have more than " + with_commas(limits::kModuleNodes) +
                  " IR nodes (the limit per module)");
  // The longest chain of operands ending here. Long chains of single-use values
  // become one deep expression in Binaryen, whose optimizer takes time quadratic
  // in the depth (about 12 s for a chain of 10,000), so the chain is bounded.
  uint32_t d = 1;
  for (uint32_t o : {n.a, n.b, n.c})
    if (o && o < chain_.size()) d = std::max(d, chain_[o] + 1);
  if (d > limits::kChain)
    error(at, "kernel function " + fn_->name + " has a chain of more than " + with_commas(limits::kChain) +
                  " operations each using the one before (the limit per chain; a static loop unrolling too far? "
                  "loop(n, body) is a runtime loop)");
  // Many long chains cost as much: the optimizer's work grows with the sum of the chain lengths.
  chain_work_ += d;
  if (chain_work_ > limits::kChainWork)
    error(at, "kernel function " + fn_->name + " is too deep for the optimizer: its operations' chains of operands add up to more than " +
                  with_commas(limits::kChainWork) + " (the limit per function; a static loop unrolling too far? "
                  "loop(n, body) is a runtime loop)");
  uint32_t id = fn_->add(n);
  if (chain_.size() <= id) chain_.resize(id + 1, 0);
  chain_[id] = d;
  Stmt s;
  s.kind = Stmt::Def;
  s.node = id;
  s.loc = n.loc;
  blocks_.back()->push_back(std::move(s));
  return Value::rt(id, n.ty);
}

Value Stager::rt_const(const Value& v, Ty ty, const Ast* at) {
  uint64_t bits = const_bits(v, ty, at);
  Node n;
  n.op = Op::Const;
  n.ty = ty;
  if (ty_vector(ty)) {
    if (ty_is64(ty_lane(ty))) n.imm = n.imm2 = bits;
    else if (ty_lane(ty) == Ty::U8) n.imm = n.imm2 = bits * 0x0101010101010101ull;
    else n.imm = n.imm2 = bits | (bits << 32);
  } else {
    n.imm = bits;
  }
  return emit(n, at);
}

uint64_t Stager::const_bits(const Value& v, Ty ty, const Ast* at) {
  uint64_t bits = 0;
  Ty lane = ty_lane(ty);
  bool is64 = ty_is64(lane);
  if (v.k == Value::Num) {
    if (!is_int(v.n)) error(at, "constant " + number_to_string(v.n) + " is not an integer; " + ty_name(ty) + " needs one");
    if (is64) {
      // 2^53 itself is where rounding starts: 2^53 + 1 is read as 2^53, so no number there is trusted.
      if (std::fabs(v.n) >= 9007199254740992.0)
        error(at, "number " + number_to_string(v.n) + " is at or above 2^53, where numbers may already be rounded (9007199254740993 reads as 9007199254740992); write 64-bit constants as BigInt literals (0x...n)");
      bits = static_cast<uint64_t>(static_cast<int64_t>(v.n));
    } else {
      if (v.n < -2147483648.0 || v.n > 4294967295.0) error(at, "constant " + number_to_string(v.n) + " does not fit in " + ty_name(ty));
      bits = static_cast<uint32_t>(static_cast<int64_t>(v.n));
    }
  } else if (v.k == Value::Big) {
    BigInt lo = is64 ? -(static_cast<BigInt>(1) << 63) : -(static_cast<BigInt>(1) << 31);
    BigInt hi = is64 ? (static_cast<BigInt>(1) << 64) : (static_cast<BigInt>(1) << 32);
    if (v.big < lo || v.big >= hi) error(at, "constant " + bigint_to_string(v.big) + "n does not fit in " + ty_name(ty));
    bits = static_cast<uint64_t>(v.big);
    if (!is64) bits &= 0xffffffffu;
  } else if (v.k == Value::Bool) {
    bits = v.b ? 1 : 0;
  } else {
    error(at, "expected a " + std::string(ty_name(ty)) + " value, got " + describe(v));
  }
  if (lane == Ty::U8) {
    // A byte lane takes -128..255.
    const int64_t x = static_cast<int64_t>(static_cast<int32_t>(bits));
    if (x < -128 || x > 255) error(at, "constant " + (v.k == Value::Big ? bigint_to_string(v.big) + "n" : number_to_string(v.n)) + " does not fit in a " + ty_name(ty) + " lane (0..255)");
    bits &= 0xff;
  }
  return bits;
}

Value Stager::to_rt(const Value& v, Ty ty, const Ast* at) {
  if (v.k == Value::Rt) {
    if (v.ty != ty)
      error(at, std::string("type mix: expected ") + ty_name(ty) + ", got " + ty_name(v.ty) + "; convert explicitly, e.g. " + ty_name(ty) + "(x)");
    return v;
  }
  return rt_const(v, ty, at);
}

static bool is_shift(Op op) { return op == Op::Shl || op == Op::ShrU || op == Op::ShrS || op == Op::Rotl || op == Op::Rotr; }

Value Stager::rt_binary(Op op, Value l, Value r, const Ast* at) {
  Ty ty = l.k == Value::Rt ? l.ty : r.ty;
  if (l.k == Value::Rt && r.k == Value::Rt && l.ty != r.ty && !(is_shift(op) && ty_vector(l.ty) && r.ty == Ty::U32))
    error(at, std::string("type mix: ") + ty_name(l.ty) + " " + op_info(op).text + " " + ty_name(r.ty) +
                  "; convert one side explicitly, e.g. " + ty_name(l.ty) + "(x)");
  if (is_shift(op) && l.k != Value::Rt) error(at, "the shifted value must be a runtime value here, not " + describe(l));
  if (ty == Ty::U8x16 && op != Op::Add && op != Op::Sub && op != Op::And && op != Op::Or && op != Op::Xor && op != Op::Andnot)
    error(at, std::string(op_info(op).text) + " is not defined on u8x16 (it has + - & | ^ ~, andnot, shuffle, swizzle, lane and "
                  "withLane); reinterpret it as another lane type with u32x4.from(v) or u64x2.from(v)");
  Ty rty = (is_shift(op) && ty_vector(ty)) ? Ty::U32 : ty;
  l = to_rt(l, ty, at);
  r = to_rt(r, rty, at);
  const OpInfo& info = op_info(op);
  if (info.flags & CMP) {
    if (ty_signed(ty)) {
      if (op == Op::LtU) op = Op::LtS;
      else if (op == Op::LeU) op = Op::LeS;
      else if (op == Op::GtU) op = Op::GtS;
      else if (op == Op::GeU) op = Op::GeS;
    }
  }
  Node n;
  n.op = op;
  n.ty = (info.flags & CMP) ? (ty_vector(ty) ? ty : Ty::U32) : ty;
  n.a = l.node;
  n.b = r.node;
  return emit(n, at);
}

Value Stager::rt_unary(Op op, const Value& x, const Ast* at) {
  if (x.k != Value::Rt) error(at, std::string(op_info(op).text) + " needs a runtime value, not " + describe(x));
  if (op == Op::Eqz && ty_vector(x.ty)) error(at, "! is not defined on lane types; eqz(v) gives a lane mask");
  if (x.ty == Ty::U8x16 && op != Op::Not)
    error(at, std::string(op_info(op).text) + " is not defined on u8x16; reinterpret it with u32x4.from(v) or u64x2.from(v)");
  Node n;
  n.op = op;
  n.ty = op == Op::Eqz ? Ty::U32 : x.ty;
  n.a = x.node;
  return emit(n, at);
}

Value Stager::convert(Ty to, const Value& x, const Ast* at) {
  if (to == Ty::U8 || to == Ty::U16) error(at, std::string(ty_name(to)) + " is a memory type (loads give u32); use it in views: " + ty_name(to) + ".array(n)");
  if (x.k != Value::Rt) return rt_const(x, to, at);
  Ty from = x.ty;
  if (from == to) return x;
  Node n;
  n.ty = to;
  n.a = x.node;
  if (ty_vector(to)) {
    if (ty_vector(from)) error(at, std::string("cannot convert ") + ty_name(from) + " to " + ty_name(to));
    if (from != ty_lane_value(to)) error(at, std::string("type mix: splat to ") + ty_name(to) + " needs a " + ty_name(ty_lane_value(to)) + ", got " + ty_name(from));
    n.op = Op::Splat;
  } else if (ty_vector(from)) {
    error(at, std::string("cannot convert ") + ty_name(from) + " to " + ty_name(to) + "; use lane(v, i)");
  } else if (ty_is64(from) == ty_is64(to)) {
    n.op = Op::Retag;
  } else if (ty_is64(to)) {
    n.op = ty_signed(from) ? Op::ExtendS : Op::ExtendU;
  } else {
    n.op = Op::Wrap;
  }
  return emit(n, at);
}

// ================================================ runtime control flow
//
// A runtime loop body (and each arm of a runtime branch) is staged once. Values
// that flow around it live in locals: before the loop every runtime value
// reachable from the enclosing scopes is stored into a fresh local and the
// bindings are pointed at reads of those locals (carry_in + reload); after the
// body, whatever the bindings hold now is stored back (carry_out), and after
// the loop the bindings read the locals again. Static values must not change
// inside a runtime body: that would be a build-time effect that runs once
// instead of once per iteration, so it is an error. Unused locals and copies
// are cleaned up by fold.cpp.

void Stager::walk_value(Value* v, const std::string& name, const std::string& key, Cells& out) {
  if (v->k == Value::Rt || v->is_static_leaf()) {
    out.leaves.push_back({v, 0, v->k == Value::Rt, v->k == Value::Rt ? Value{} : *v, name, key});
    return;
  }
  if (v->k != Value::Arr && v->k != Value::Obj) return;
  const void* obj = v->k == Value::Arr ? static_cast<const void*>(v->arr) : static_cast<const void*>(v->obj);
  for (const Shared& s : out.shared)
    if (s.obj == obj && s.alias_of.empty()) {
      out.shared.push_back({name, key, obj, v->k == Value::Arr, s.key, s.name});
      return;
    }
  out.shared.push_back({name, key, obj, v->k == Value::Arr, "", ""});
  if (v->k == Value::Arr) {
    for (size_t i = 0; i < v->arr->items.size(); i++) {
      // Appended piece by piece: GCC 12's -Wrestrict misfires on "[" + std::to_string(i) here.
      std::string at = "[";
      at += std::to_string(i);
      at += ']';
      walk_value(&v->arr->items[i], name + at, key + at, out);
    }
  } else {
    for (auto& p : v->obj->props) walk_value(&p.second, name + "." + p.first, key + "." + p.first, out);
  }
}

// The scopes a body can change: its own scope chain, and the chains of every closure reachable
// from them (a binding, or an array or object a binding holds). A body passed through a helper
// (`const pairs = (n, f) => loop(n, (i) => f(i * 8))`) is staged with the helper's scope chain,
// but `f` assigns the variables of the kernel's scope: those are reached through `f`'s closure.
// The order is the order of discovery (scope chains innermost first), so it depends on the source
// only; `seen` compares pointers for identity, never for order.
void Stager::reachable_scopes(Env* env, std::vector<Env*>& out) {
  std::unordered_set<const void*> seen;  // closures, arrays and objects already walked
  auto visited = [&](const void* p) { return !seen.insert(p).second; };
  std::function<void(const Value&)> value = [&](const Value& v) {
    if (v.k == Value::Fn && v.fn && !visited(v.fn)) {
      for (Env* e = v.fn->env; e && std::find(out.begin(), out.end(), e) == out.end(); e = e->parent) out.push_back(e);
    } else if (v.k == Value::Arr && !visited(v.arr)) {
      for (const Value& item : v.arr->items) value(item);
    } else if (v.k == Value::Obj && !visited(v.obj)) {
      for (const auto& p : v.obj->props) value(p.second);
    }
  };
  for (Env* e = env; e && std::find(out.begin(), out.end(), e) == out.end(); e = e->parent) out.push_back(e);
  for (size_t i = 0; i < out.size(); i++)  // out grows while it is walked
    for (const Binding& b : out[i]->vars)
      if (b.ready) value(b.v);
}

void Stager::collect_cells(Env* env, Cells& out) {
  if (out.scopes.empty()) reachable_scopes(env, out.scopes);
  for (size_t i = 0; i < out.scopes.size(); i++)
    for (Binding& b : out.scopes[i]->vars) {
      // A const binding cannot be reassigned, but the arrays and objects it holds can change.
      if (!b.ready || (b.is_const && b.v.k != Value::Arr && b.v.k != Value::Obj)) continue;
      walk_value(&b.v, b.name, std::to_string(i) + ":" + b.name, out);
    }
}

void Stager::carry_in(Cells& cells, const Ast* at) {
  for (Cell& c : cells.leaves) {
    if (!c.rt) continue;
    c.local = static_cast<uint32_t>(fn_->locals.size());
    fn_->locals.push_back(c.v->ty);
    Node n;
    n.op = Op::LocalSet;
    n.imm = c.local;
    n.a = c.v->node;
    emit(n, at);
  }
}

void Stager::reload(Cells& cells, const Ast* at) {
  for (Cell& c : cells.leaves) {
    if (!c.rt) continue;
    Node n;
    n.op = Op::LocalGet;
    n.ty = fn_->locals[c.local];
    n.imm = c.local;
    *c.v = emit(n, at);
  }
}

void Stager::carry_out(Env* env, Cells& cells, const Ast* at, const char* what) {
  Cells now;
  now.scopes = cells.scopes;
  collect_cells(env, now);
  // Sharing first: the body is staged once, so two names that reach one array before it must
  // reach one array after it (and the other way round), or the next run of the body would see
  // a sharing that the staged code does not have.
  auto find = [](const Cells& c, const std::string& key) -> const Shared* {
    for (const Shared& s : c.shared)
      if (s.key == key) return &s;
    return nullptr;
  };
  auto same_sharing = [&](const Shared& s, const Cells& other) {
    const Shared* o = find(other, s.key);
    return o && o->alias_of == s.alias_of;
  };
  for (const Shared& s : cells.shared) {
    if (s.alias_of.empty() || same_sharing(s, now)) continue;
    const Shared* first_now = find(now, s.alias_of);
    // Who was given another array: the name that no longer reaches the shared one.
    const bool first_moved = first_now && first_now->obj != s.obj;
    const std::string& moved = first_moved ? s.alias_name : s.name;
    const std::string& kept = first_moved ? s.name : s.alias_name;
    const char* kind = s.array ? "array" : "object";
    error(at, "'" + moved + "' is given a new " + kind + " inside a " + what + ", but before it '" + moved + "' and '" + kept +
                  "' are the same " + kind + " (let " + moved + " = " + kept +
                  "): the body is staged once and cannot tell them apart on later iterations; make '" + moved +
                  "' a copy before the " + what + (s.array ? " (let " + moved + " = [..." + kept + "])" : " (let " + moved + " = {..." + kept + "})"));
  }
  for (const Shared& s : now.shared) {
    if (s.alias_of.empty() || same_sharing(s, cells)) continue;
    const char* kind = s.array ? "array" : "object";
    error(at, "'" + s.name + "' becomes the same " + kind + " as '" + s.alias_name + "' inside a " + what +
                  "; the body is staged once and cannot share them only from then on; assign a copy instead ([..." + s.alias_name + "])");
  }
  std::vector<Cell>& old_leaves = cells.leaves;
  std::vector<Cell>& now_leaves = now.leaves;
  for (size_t i = 0; i < std::max(now_leaves.size(), old_leaves.size()); i++) {
    if (i >= now_leaves.size() || i >= old_leaves.size() || now_leaves[i].key != old_leaves[i].key) {
      const std::string& nm = i < old_leaves.size() ? old_leaves[i].name : now_leaves[i].name;
      error(at, "the shape of '" + nm + "' changes inside a " + what + "; build arrays and objects before it");
    }
    Cell& old = old_leaves[i];
    Cell& cur = now_leaves[i];
    if (!old.rt) {
      if (cur.v->k == Value::Rt)
        error(at, "'" + old.name + "' holds a static value before the " + what + " and a runtime value inside it; initialize it with a runtime value, e.g. u32(0)");
      if (!strict_equal(old.snapshot, *cur.v))
        error(at, "static variable '" + old.name + "' is changed inside a " + what + "; the change would happen once at build time, not at run time");
      continue;
    }
    if (cur.v->k != Value::Rt) error(at, "'" + old.name + "' holds a runtime value before the " + what + " but " + describe(*cur.v) + " inside it");
    if (cur.v->ty != fn_->locals[old.local])
      error(at, "'" + old.name + "' changes type from " + ty_name(fn_->locals[old.local]) + " to " + ty_name(cur.v->ty) + " inside a " + what);
    cur.local = old.local;
    const Node& cn = fn_->nodes[cur.v->node];
    if (cn.op == Op::LocalGet && cn.imm == old.local) continue;
    Node n;
    n.op = Op::LocalSet;
    n.imm = old.local;
    n.a = cur.v->node;
    emit(n, at);
  }
  cells = std::move(now);
}

void Stager::loop_with_options(const Value& count, const Value& body, const Value& options, const Ast* at) {
  if (options.k == Value::Undef) return runtime_loop(count, body, at);
  const Ast* opt_at = arg_node(at, 2);
  if (options.k != Value::Obj) error(opt_at, "loop(count, body, options): options must be an object such as { unroll: true }");
  bool unroll = false;
  for (auto& [key, v] : options.obj->props) {
    if (key != "unroll") error(opt_at, "loop options: unknown option '" + key + "' (known: unroll)");
    if (v.k == Value::Bool) {
      unroll = v.b;
      continue;
    }
    if (v.k != Value::Arr || v.arr->items.empty())
      error(opt_at, "loop options: unroll must be true, false or a non-empty array of target names");
    for (const Value& t : v.arr->items) {
      static const char* known[] = {"wasm", "wasm_threads", "js", "runtime"};
      if (t.k != Value::Str || std::find(std::begin(known), std::end(known), t.text()) == std::end(known))
        error(opt_at, "loop options: unknown target " + describe(t) + " (wasm, wasm_threads, js, runtime)");
      if (t.text() == stage_target_) unroll = true;
    }
    // Not staging for one target yet: the kernel will be staged again per target.
    if (stage_target_.empty()) per_target_ = true;
  }
  if (!unroll) return runtime_loop(count, body, at);
  if (count.k != Value::Num || !is_int(count.n) || count.n < 0)
    error(arg_node(at, 0), "loop(count, body, { unroll }): an unrolled loop needs a static count, not " + describe(count));
  if (body.k != Value::Fn) error(at, "loop(count, body): body must be a function, not " + describe(body));
  // The body once per iteration, with a static index: what a JavaScript for loop would do.
  for (double i = 0; i < count.n; i++) call(body, {Value::num(i)}, at);
}

uint32_t Stager::constant_load(const Native* v, uint64_t byte_offset, const Ast* at) {
  const Region* region = nullptr;
  for (const Region& r : out_->regions)
    if (!r.data.empty() && r.offset <= byte_offset && byte_offset < r.offset + r.data.size()) region = &r;
  const int size = ty_bytes(v->ty);
  if (!region || byte_offset + size > region->offset + region->data.size()) return 0;
  if (ty_vector(v->ty) && v->be) return 0;  // byte-swapped lanes: leave it to the load
  const unsigned char* p = reinterpret_cast<const unsigned char*>(region->data.data()) + (byte_offset - region->offset);
  Node n;
  n.op = Op::Const;
  n.ty = ty_value(v->ty);
  for (int i = 0; i < size; i++) {
    const uint64_t byte = p[v->be ? size - 1 - i : i];
    (i < 8 ? n.imm : n.imm2) |= byte << (8 * (i % 8));
  }
  return emit(n, at).node;
}

void Stager::runtime_loop(const Value& count, const Value& body, const Ast* at) {
  if (!fn_) error(at, "loop() is only allowed inside a kernel function body");
  if (body.k != Value::Fn) error(at, "loop(count, body): body must be a function, not " + describe(body));
  Value cnt = count;
  if (cnt.k == Value::Num) {
    if (!is_int(cnt.n) || cnt.n < 0 || cnt.n > 4294967295.0) error(at, "loop count must be a non-negative integer");
  }
  cnt = to_rt(cnt, Ty::U32, at);
  Env* env = body.fn->env;
  Cells cells;
  collect_cells(env, cells);
  carry_in(cells, at);
  uint32_t counter = static_cast<uint32_t>(fn_->locals.size());
  fn_->locals.push_back(Ty::U32);
  Stmt loop;
  loop.kind = Stmt::Loop;
  loop.node = cnt.node;
  loop.local = counter;
  loop.loc = at->loc;
  blocks_.back()->push_back(std::move(loop));
  Block* outer = blocks_.back();
  Block body_block;
  blocks_.push_back(&body_block);
  reload(cells, at);
  Node g;
  g.op = Op::LocalGet;
  g.ty = Ty::U32;
  g.imm = counter;
  Value i = emit(g, at);
  call(body, {i}, at);
  carry_out(env, cells, at, "runtime loop");
  blocks_.pop_back();
  outer->back().body = std::move(body_block);
  reload(cells, at);
}

void Stager::runtime_when(const Value& cond, const Value& then_fn, const Value& else_fn, const Ast* at) {
  if (!fn_) error(at, "when() is only allowed inside a kernel function body");
  if (cond.k != Value::Rt) {
    // A static condition just picks the arm at build time.
    if (truthy(cond, at)) call(then_fn, {}, at);
    else if (else_fn.k != Value::Undef) call(else_fn, {}, at);
    return;
  }
  if (cond.ty != Ty::U32) error(at, std::string("when() conditions are u32, not ") + ty_name(cond.ty));
  if (then_fn.k != Value::Fn || (else_fn.k != Value::Undef && else_fn.k != Value::Fn))
    error(at, "when(cond, thenFn, elseFn?) takes functions");
  Env* env = then_fn.fn->env;
  Cells cells;
  collect_cells(env, cells);
  carry_in(cells, at);
  Stmt s;
  s.kind = Stmt::If;
  s.node = cond.node;
  s.loc = at->loc;
  blocks_.back()->push_back(std::move(s));
  Block* outer = blocks_.back();
  size_t at_index = outer->size() - 1;
  for (int arm = 0; arm < 2; arm++) {
    const Value& f = arm == 0 ? then_fn : else_fn;
    if (f.k == Value::Undef) continue;
    if (arm == 1 && f.fn->env != env) {
      // The arms see the same scopes in practice (both are written at the call); insist on it.
      error(at, "when(): both arms must be written in the same scope");
    }
    Block b;
    blocks_.push_back(&b);
    reload(cells, at);
    call(f, {}, at);
    carry_out(env, cells, at, "runtime branch");
    blocks_.pop_back();
    if (arm == 0) (*outer)[at_index].body = std::move(b);
    else (*outer)[at_index].els = std::move(b);
  }
  reload(cells, at);
}

}  // namespace awasmc
