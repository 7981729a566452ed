// Mutation testing (tools/mutate, docs/auditing.md §7): the places in a kernel module where a
// small change (an operator swapped, a constant off by one or with a bit flipped, a rotation
// amount off by one) gives a different kernel, found while the stager evaluates the module.
//
// A Mutator is handed to stage_module. In recording mode it notes every site the evaluation
// reaches; with an active mutant it changes that one site every time it is evaluated (as if the
// source text had been edited there) and counts how often. Sites are keyed by where they are
// written, so the list is the same on every run and every machine: ids read
// `<module stem>:<line>:<col>:<kind>` with the 1-based line and byte column of the operator,
// literal or call.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "diag.h"

namespace awasmc {

struct MutSite {
  std::string id;    // "sha2:123:45:op"
  std::string file;  // "modules/sha2.js"
  uint32_t line = 0, col = 0;
  std::string kind;  // op, const, flip, rot+1, rot-1, shrink
  std::string from, to;  // what is written there and what the mutant has instead
  std::set<std::string> modules;  // the modules whose staging reached the site (a library's sites reach its importers)
};

class Mutator {
 public:
  // Recording: every site reached is noted, nothing is changed.
  explicit Mutator(const SourceSet& sources) : sources_(sources) {}
  // Applying: the one site `id` is changed wherever it is evaluated; nothing is recorded.
  // Throws std::runtime_error when `id` is not of the form above.
  Mutator(const SourceSet& sources, const std::string& id);

  // The top-level module being staged (recorded with each site it reaches).
  void set_module(const std::string& path) { module_ = path; }
  bool applying() const { return !active_.kind.empty(); }
  // How often the active mutant was applied since the last reset (0: the module does not reach it).
  uint64_t applied() const { return applied_; }
  void reset_applied() { applied_ = 0; }

  // ---- hooks, called by the stager
  // A binary or compound-assignment operator at `op_at` (the operator token). `runtime`: one
  // operand is a runtime value, so the operator appends an IR node (only those are sites).
  // Returns the operator to evaluate.
  std::string binary(SrcLoc op_at, const std::string& op, bool runtime);
  // A number literal (text as written) with its value; may change `d`.
  void number(SrcLoc at, const std::string& text, double& d);
  // A BigInt literal; may change `b`.
  void bigint(SrcLoc at, const std::string& text, __int128& b);
  // rotl/rotr called at `call_at` with its amount written at `amount_at`: the amount to add (0, 1 or -1).
  int rotation(SrcLoc call_at, SrcLoc amount_at, bool left);
  // A region declared with `count` elements by the spec written at `spec_at` (memory(),
  // memory.batch(), a field of memory(name, {...})), whose number literals are at `literals`:
  // the count to use (one less for the active "shrink" mutant). Those literals are not const or
  // flip sites: a region one element bigger only moves the layout (an equivalent mutant by
  // construction), while one element smaller is the bug a wrong size makes.
  uint32_t region(SrcLoc spec_at, const std::vector<SrcLoc>& literals, uint32_t count);

  // The sites recorded, sorted by file, line, column and kind. A literal that is the amount of a
  // rotation is listed once, as the rotation's sites.
  std::vector<MutSite> sites() const;

  // The replacement of a binary operator, or "" when it has none.
  static std::string swap_op(const std::string& op);

 private:
  struct Key {
    std::string file;
    uint32_t line, col;
    std::string kind;
    auto operator<=>(const Key&) const = default;
  };
  struct Active {
    std::string stem, kind;
    uint32_t line = 0, col = 0;
  };
  std::string path_of(SrcLoc at) const;
  bool is_active(SrcLoc at, const char* kind) const;
  void record(SrcLoc at, const std::string& kind, const std::string& from, const std::string& to);

  const SourceSet& sources_;
  std::string module_;
  std::map<Key, MutSite> sites_;
  std::set<std::tuple<std::string, uint32_t, uint32_t>> rot_amounts_;
  std::set<std::tuple<std::string, uint32_t, uint32_t>> region_literals_;
  Active active_;
  uint64_t applied_ = 0;
};

}  // namespace awasmc
