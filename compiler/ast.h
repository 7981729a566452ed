// The syntax tree the stager walks: a plain copy of tree-sitter's tree, so that
// only parse.cpp depends on tree_sitter/api.h and the tree outlives the parser.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "diag.h"

namespace awasmc {

struct Ast {
  std::string type;   // tree-sitter node type ("binary_expression", "+", ...)
  std::string text;   // source text for leaves and small nodes (identifiers, literals, operators)
  SrcLoc loc;
  bool named = false;
  std::vector<const Ast*> kids;      // every child, named and anonymous, in source order
  std::vector<const char*> fields;   // field name of each child or nullptr

  const Ast* field(const char* name) const;             // first child with that field name
  std::vector<const Ast*> named_kids() const;            // named children except comments
};

struct ParsedFile {
  int file = -1;
  std::vector<std::unique_ptr<Ast>> arena;
  const Ast* root = nullptr;
};

// Parses a kernel file. Throws CompileError at the first syntax error.
ParsedFile parse_file(const SourceSet& set, int file);

}  // namespace awasmc
