// Pass 1, parse: runs tree-sitter-javascript over a kernel file and copies the
// tree into our own Ast. The only file that includes tree_sitter/api.h.
// Syntax errors (ERROR and MISSING nodes) become CompileErrors with positions.
#include <tree_sitter/api.h>

#include <cstring>

#include "ast.h"
#include "toolchain.h"

extern "C" const TSLanguage* tree_sitter_javascript(void);

namespace awasmc {

const void* tree_sitter_symbol() { return reinterpret_cast<const void*>(&ts_parser_new); }

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

// tree-sitter's error recovery can place an error far from an unbalanced
// bracket (at the start of the file, for a function body that is never
// closed). A bracket scan that knows strings, templates and comments gives a
// better position; it is only consulted once the parse has failed.
bool bracket_problem(const std::string& t, int file, SrcLoc& loc, std::string& msg) {
  struct Open {
    char c;
    size_t pos;
    bool template_hole;
  };
  std::vector<Open> stack;
  auto loc_of = [&](size_t pos) {
    SrcLoc l{file, 1, 1};
    for (size_t i = 0; i < pos && i < t.size(); i++) {
      if (t[i] == '\n') l.line++, l.col = 1;
      else l.col++;
    }
    return l;
  };
  enum { Code, Line, Block, Str, Tpl } st = Code;
  char quote = 0;
  for (size_t i = 0; i < t.size(); i++) {
    char c = t[i], n = i + 1 < t.size() ? t[i + 1] : 0;
    switch (st) {
      case Line: if (c == '\n') st = Code; continue;
      case Block: if (c == '*' && n == '/') st = Code, i++; continue;
      case Str:
        if (c == '\\') i++;
        else if (c == quote || c == '\n') st = Code;
        continue;
      case Tpl:
        if (c == '\\') i++;
        else if (c == '`') st = Code;
        else if (c == '$' && n == '{') stack.push_back({'{', i + 1, true}), st = Code, i++;
        continue;
      case Code: break;
    }
    if (c == '/' && n == '/') st = Line, i++;
    else if (c == '/' && n == '*') st = Block, i++;
    else if (c == '\'' || c == '"') st = Str, quote = c;
    else if (c == '`') st = Tpl;
    else if (c == '(' || c == '[' || c == '{') stack.push_back({c, i, false});
    else if (c == ')' || c == ']' || c == '}') {
      char want = c == ')' ? '(' : c == ']' ? '[' : '{';
      if (stack.empty() || stack.back().c != want) {
        loc = loc_of(i);
        msg = std::string("syntax error: unexpected '") + c + "'" +
              (stack.empty() ? "" : std::string(" (the '") + stack.back().c + "' at line " + std::to_string(loc_of(stack.back().pos).line) + " is still open)");
        return true;
      }
      bool hole = stack.back().template_hole;
      stack.pop_back();
      if (hole) st = Tpl;
    }
  }
  if (!stack.empty()) {
    loc = loc_of(stack.back().pos);
    msg = std::string("syntax error: this '") + stack.back().c + "' is never closed";
    return true;
  }
  return false;
}

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
  } catch (const CompileError& e) {
    ts_tree_cursor_delete(&cur);
    SrcLoc loc;
    std::string msg;
    // Only when tree-sitter gave up on a whole statement (an ERROR from the start of a line).
    if (std::string(e.what()).rfind("syntax error: unexpected", 0) == 0 && e.loc.col == 1 && bracket_problem(text, file, loc, msg))
      throw CompileError(loc, msg);
    throw;
  } catch (...) {
    ts_tree_cursor_delete(&cur);
    throw;
  }
  ts_tree_cursor_delete(&cur);
  return out;
}

}  // namespace awasmc
