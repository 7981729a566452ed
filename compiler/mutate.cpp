// Mutation sites and mutants (see mutate.h).
#include "mutate.h"

#include <cmath>
#include <filesystem>
#include <stdexcept>
#include <tuple>

namespace awasmc {

namespace {

// Operators: `|` becomes `&`, not `^`: kernels join disjoint bit fields with `|` (limbs, bytes,
// halves of a rotation), where `^` and `+` are the same function and would be equivalent
// mutants; `^` -> `|` covers the confusion of the two.
// A literal's replacement: small numbers (counts, offsets, shift and rotation amounts, byte values)
// are off by one; larger ones (round constants, masks, initial values) get their top bit flipped,
// which changes them in the bits a truncation or a wrong width would lose.
template <class T>
bool mutate_literal(T v, T& out, std::string& kind) {
  if (v < 0) return false;
  if (v < 256) {
    out = v + 1;
    kind = "const";
    return true;
  }
  T top = 1;
  while (top <= v / 2) top *= 2;
  out = v - top;  // v has that bit set: clearing it is the flip
  kind = "flip";
  return true;
}

std::string hex_of(unsigned __int128 v) {
  if (v == 0) return "0";
  std::string s;
  while (v) {
    s.insert(s.begin(), "0123456789abcdef"[static_cast<int>(v & 15)]);
    v >>= 4;
  }
  return s;
}

std::string dec_of(unsigned __int128 v) {
  if (v == 0) return "0";
  std::string s;
  while (v) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    v /= 10;
  }
  return s;
}

// The replacement written as the literal was: hex stays hex.
std::string spell_like(const std::string& text, unsigned __int128 v, bool big) {
  const bool hex = text.size() > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  return (hex ? "0x" + hex_of(v) : dec_of(v)) + (big ? "n" : "");
}

std::string stem_of(const std::string& path) { return std::filesystem::path(path).stem().string(); }

uint32_t parse_u32(const std::string& s, const std::string& id) {
  if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos)
    throw std::runtime_error("awasmc: mutant id '" + id + "' is not <module>:<line>:<col>:<kind> (see `awasmc mutants`)");
  return static_cast<uint32_t>(std::stoul(s));
}

}  // namespace

Mutator::Mutator(const SourceSet& sources, const std::string& id) : sources_(sources) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t i = 0; i <= id.size(); i++)
    if (i == id.size() || id[i] == ':') parts.push_back(id.substr(start, i - start)), start = i + 1;
  static const char* kinds[] = {"op", "const", "flip", "rot+1", "rot-1", "shrink"};
  bool known = false;
  if (parts.size() == 4)
    for (const char* k : kinds) known |= parts[3] == k;
  if (!known || parts[0].empty())
    throw std::runtime_error("awasmc: mutant id '" + id + "' is not <module>:<line>:<col>:<kind> with kind op, const, flip, rot+1, rot-1 or shrink (see `awasmc mutants`)");
  active_.stem = parts[0];
  active_.line = parse_u32(parts[1], id);
  active_.col = parse_u32(parts[2], id);
  active_.kind = parts[3];
}

std::string Mutator::path_of(SrcLoc at) const {
  if (at.file < 0 || at.file >= static_cast<int>(sources_.files.size())) return "";
  return sources_.files[at.file].path;
}

bool Mutator::is_active(SrcLoc at, const char* kind) const {
  return at.line == active_.line && at.col == active_.col && active_.kind == kind && stem_of(path_of(at)) == active_.stem;
}

void Mutator::record(SrcLoc at, const std::string& kind, const std::string& from, const std::string& to) {
  const std::string file = path_of(at);
  if (file.empty()) return;
  Key key{file, at.line, at.col, kind};
  auto it = sites_.find(key);
  if (it == sites_.end()) {
    MutSite s;
    s.id = stem_of(file) + ":" + std::to_string(at.line) + ":" + std::to_string(at.col) + ":" + kind;
    s.file = file;
    s.line = at.line;
    s.col = at.col;
    s.kind = kind;
    s.from = from;
    s.to = to;
    it = sites_.emplace(key, std::move(s)).first;
  }
  if (!module_.empty()) it->second.modules.insert(module_);
}

std::string Mutator::swap_op(const std::string& op) {
  static const std::pair<const char*, const char*> table[] = {
      {"+", "-"},   {"-", "+"},    {"*", "+"},   {"^", "|"},   {"|", "&"},   {"&", "|"},
      {"<<", ">>>"}, {">>>", "<<"}, {">>", "<<"}, {"<", "<="},  {"<=", "<"}, {">", ">="},
      {">=", ">"},  {"===", "!=="}, {"!==", "==="}, {"==", "!="}, {"!=", "=="}};
  for (auto& [a, b] : table)
    if (op == a) return b;
  return "";
}

std::string Mutator::binary(SrcLoc op_at, const std::string& op, bool runtime) {
  if (applying()) {
    if (!is_active(op_at, "op")) return op;
    std::string to = swap_op(op);
    if (to.empty()) return op;
    applied_++;
    return to;
  }
  if (runtime) {
    std::string to = swap_op(op);
    if (!to.empty()) record(op_at, "op", op, to);
  }
  return op;
}

void Mutator::number(SrcLoc at, const std::string& text, double& d) {
  if (!std::isfinite(d) || std::trunc(d) != d || d < 0 || d >= 9007199254740992.0) return;
  int64_t v = static_cast<int64_t>(d), out = 0;
  std::string kind;
  if (!mutate_literal<int64_t>(v, out, kind)) return;
  if (applying()) {
    if (is_active(at, kind.c_str())) d = static_cast<double>(out), applied_++;
    return;
  }
  record(at, kind, text, spell_like(text, static_cast<unsigned __int128>(out), false));
}

void Mutator::bigint(SrcLoc at, const std::string& text, __int128& b) {
  __int128 out = 0;
  std::string kind;
  if (!mutate_literal<__int128>(b, out, kind)) return;
  if (applying()) {
    if (is_active(at, kind.c_str())) b = out, applied_++;
    return;
  }
  record(at, kind, text, spell_like(text, static_cast<unsigned __int128>(out), true));
}

int Mutator::rotation(SrcLoc call_at, SrcLoc amount_at, bool left) {
  if (applying()) {
    if (is_active(call_at, "rot+1")) return applied_++, 1;
    if (is_active(call_at, "rot-1")) return applied_++, -1;
    return 0;
  }
  const std::string f = left ? "rotl" : "rotr";
  record(call_at, "rot+1", f + "(x, n)", f + "(x, n + 1)");
  record(call_at, "rot-1", f + "(x, n)", f + "(x, n - 1)");
  if (std::string p = path_of(amount_at); !p.empty()) rot_amounts_.insert({p, amount_at.line, amount_at.col});
  return 0;
}

uint32_t Mutator::region(SrcLoc spec_at, const std::vector<SrcLoc>& literals, uint32_t count) {
  if (count < 2) return count;  // a region of one element has no smaller form
  if (applying()) return is_active(spec_at, "shrink") ? (applied_++, count - 1) : count;
  record(spec_at, "shrink", std::to_string(count) + " elements", std::to_string(count - 1) + " elements");
  for (SrcLoc at : literals)
    if (std::string p = path_of(at); !p.empty()) region_literals_.insert({p, at.line, at.col});
  return count;
}

std::vector<MutSite> Mutator::sites() const {
  std::vector<MutSite> out;
  for (const auto& [key, site] : sites_) {
    if ((key.kind == "const" || key.kind == "flip") &&
        (rot_amounts_.count({key.file, key.line, key.col}) || region_literals_.count({key.file, key.line, key.col})))
      continue;
    out.push_back(site);
  }
  return out;
}

}  // namespace awasmc
