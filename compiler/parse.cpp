// Pass 1, parse: runs tree-sitter-javascript over a kernel file and copies the
// tree into our own Ast. The only file that includes tree_sitter/api.h.
// Syntax errors (ERROR and MISSING nodes) become CompileErrors with positions.
#include <tree_sitter/api.h>

#include <cstring>

#include "ast.h"

extern "C" const TSLanguage* tree_sitter_javascript(void);

namespace awasmc {

const Ast* Ast::field(const char* name) const {
  for (size_t i = 0; i < kids.size(); i++)
    if (fields[i] && std::strcmp(fields[i], name) == 0) return kids[i];
  return nullptr;
}

std::vector<const Ast*> Ast::named_kids() const {
  std::vector<const Ast*> out;
  for (const Ast* k : kids)
    if (k->named && k->type != "comment") out.push_back(k);
  return out;
}

namespace {

// RAII owners for the two tree-sitter objects we create.
struct ParserRef {
  TSParser* p = ts_parser_new();
  ~ParserRef() { ts_parser_delete(p); }
};
struct TreeRef {
  TSTree* t = nullptr;
  ~TreeRef() {
    if (t) ts_tree_delete(t);
  }
};

constexpr int kMaxDepth = 400;

struct Copier {
  const SourceSet& set;
  int file;
  ParsedFile& out;

  SrcLoc loc(TSNode n) const {
    TSPoint p = ts_node_start_point(n);
    return SrcLoc{file, p.row + 1, p.column + 1};
  }

  const Ast* copy(TSTreeCursor* cur, int depth) {
    TSNode n = ts_tree_cursor_current_node(cur);
    if (depth > kMaxDepth) fail(loc(n), "nesting deeper than " + std::to_string(kMaxDepth) + " levels is not allowed in kernels");
    auto node = std::make_unique<Ast>();
    Ast* a = node.get();
    out.arena.push_back(std::move(node));
    a->type = ts_node_type(n);
    a->named = ts_node_is_named(n);
    a->loc = loc(n);
    if (ts_node_is_missing(n)) fail(a->loc, "syntax error: missing '" + a->type + "'");
    if (a->type == "ERROR") {
      std::string tok;
      uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
      const std::string& text = set.files[file].text;
      tok = text.substr(b, std::min<uint32_t>(e - b, 40));
      size_t nl = tok.find('\n');
      if (nl != std::string::npos) tok = tok.substr(0, nl);
      fail(a->loc, "syntax error: unexpected '" + tok + "'");
    }
    if (ts_node_child_count(n) == 0) {
      uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
      a->text = set.files[file].text.substr(b, e - b);
    }
    if (ts_tree_cursor_goto_first_child(cur)) {
      do {
        const char* f = ts_tree_cursor_current_field_name(cur);
        a->kids.push_back(copy(cur, depth + 1));
        a->fields.push_back(f);
      } while (ts_tree_cursor_goto_next_sibling(cur));
      ts_tree_cursor_goto_parent(cur);
    }
    return a;
  }
};

}  // namespace

ParsedFile parse_file(const SourceSet& set, int file) {
  const std::string& text = set.files[file].text;
  ParserRef parser;
  if (!ts_parser_set_language(parser.p, tree_sitter_javascript()))
    fail(SrcLoc{file, 1, 1}, "tree-sitter-javascript grammar ABI does not match the tree-sitter library");
  TreeRef tree;
  tree.t = ts_parser_parse_string(parser.p, nullptr, text.data(), static_cast<uint32_t>(text.size()));
  if (!tree.t) fail(SrcLoc{file, 1, 1}, "tree-sitter could not parse the file");
  ParsedFile out;
  out.file = file;
  TSNode root = ts_tree_root_node(tree.t);
  TSTreeCursor cur = ts_tree_cursor_new(root);
  Copier c{set, file, out};
  try {
    out.root = c.copy(&cur, 0);
  } catch (...) {
    ts_tree_cursor_delete(&cur);
    throw;
  }
  ts_tree_cursor_delete(&cur);
  return out;
}

}  // namespace awasmc
