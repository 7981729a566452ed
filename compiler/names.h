// Names and text in generated output. The naming rule for memory regions,
// kernel functions and module files (docs/language.md, "Names"), and the three
// escapers every emitter uses for text that lands in a JavaScript string
// literal, a `//` comment or a JSON string, so no name, path or source text can
// change what a generated file means.
#pragma once
#include <string>
#include <string_view>

#include "ir.h"

namespace awasmc {

// `[A-Za-z_][A-Za-z0-9_]*`: the only names allowed for regions, functions and module files.
bool is_plain_name(std::string_view s);

enum class NameKind {
  Region,    // memory / memory.batch / memory.data names and struct field names: JS strings and comments
  Function,  // kernel functions: `function NAME(` in the js target, wasm export names, object keys
  Module,    // modules/NAME.js: target file names, the manifest, comments
};

// Why `s` cannot be a name of that kind (a phrase to follow the quoted name,
// e.g. "is not a plain name (...)"), or "" when it can.
std::string name_problem(std::string_view s, NameKind kind);

// A single-quoted JavaScript string literal holding `s`: \ ' " are escaped,
// control characters become \n \r \t or \xNN, every non-ASCII code point
// \uXXXX (two for code points above U+FFFF), so the literal is plain ASCII and
// holds no line terminator (U+2028 and U+2029 included). A byte that is not
// part of valid UTF-8 becomes \xNN (the code unit with that value).
std::string js_string(std::string_view s);

// `s` as text for a `//` comment: \ becomes \\, the line terminators \n \r
// U+2028 U+2029 and other control characters (but tab) become \n \r \u2028
// \u2029 \xNN, bytes that are not valid UTF-8 \xNN; other text stays as it is.
std::string js_comment(std::string_view s);

// A JSON string literal holding `s`: " and \ escaped, control characters as
// \n \r \t \b \f or \u00XX, non-ASCII as \uXXXX (surrogate pairs above
// U+FFFF), bytes that are not valid UTF-8 as \u00XX.
std::string json_string(std::string_view s);

// Fails with an internal error when a function or region of `m` has a name the
// naming rule forbids (the stager rejects them first; this keeps emitters honest).
void check_output_names(const Module& m);

}  // namespace awasmc
