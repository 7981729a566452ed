// The naming rule (which names may reach generated code) and the escapers for
// JavaScript strings, `//` comments and JSON strings. See names.h.
#include "names.h"

#include <algorithm>
#include <cstdio>
#include <iterator>

namespace awasmc {

namespace {

// JavaScript's reserved words in strict-mode module code, plus the two names a
// strict-mode function may not have. A kernel function becomes `function NAME(`
// and a shorthand property `{ NAME }` in the js target, so none of these work.
const char* const kReserved[] = {
    "arguments", "await",   "break",    "case",       "catch",     "class",   "const",  "continue",
    "debugger",  "default", "delete",   "do",         "else",      "enum",    "eval",   "export",
    "extends",   "false",   "finally",  "for",        "function",  "if",      "implements", "import",
    "in",        "instanceof", "interface", "let",    "new",       "null",    "package", "private",
    "protected", "public",  "return",   "static",     "super",     "switch",  "this",   "throw",
    "true",      "try",     "typeof",   "var",        "void",      "while",   "with",   "yield",
};

// Names a kernel function cannot have because the generated code needs them.
// The js target declares every kernel as `function NAME(` inside instantiate(),
// next to instantiate()'s own variables, which a kernel of the same name would
// redeclare, and before the globals that code reads, which it would shadow.
// `memory` is the wasm target's memory export. Names the generated code uses
// only at module level (regions, functions, instantiate) or as object keys do
// not collide and stay allowed. Keep in step with emit_js.cpp, wrap.cpp,
// emit_wasm.cpp and the JS templates in ops.def.
const char* const kGenerated[] = {
    "memoryBytes", "buffer", "M8", "M16", "M32", "H32",  // read or declared in the js target's instantiate()
    "memory",                                      // the wasm target's memory export
    "ArrayBuffer", "Uint8Array", "Uint16Array", "Uint32Array", "Int32Array", "Math", "Error", "atob", "RangeError",  // globals it reads
};

bool contains(const char* const* b, const char* const* e, std::string_view s) {
  return std::find_if(b, e, [&](const char* w) { return s == w; }) != e;
}

// Decodes one UTF-8 sequence at s[i]; returns the code point and sets `len`, or
// returns -1 with len = 1 for a byte that does not start a valid sequence
// (overlong forms, surrogates and values above U+10FFFF are invalid).
long decode_utf8(std::string_view s, size_t i, size_t& len) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  len = 1;
  if (c < 0x80) return c;
  int n;
  long cp, min;
  if ((c & 0xe0) == 0xc0) n = 1, cp = c & 0x1f, min = 0x80;
  else if ((c & 0xf0) == 0xe0) n = 2, cp = c & 0x0f, min = 0x800;
  else if ((c & 0xf8) == 0xf0) n = 3, cp = c & 0x07, min = 0x10000;
  else return -1;
  if (i + n >= s.size()) return -1;  // truncated
  for (int k = 1; k <= n; k++) {
    const unsigned char d = static_cast<unsigned char>(s[i + k]);
    if ((d & 0xc0) != 0x80) return -1;
    cp = (cp << 6) | (d & 0x3f);
  }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return -1;
  len = static_cast<size_t>(n) + 1;
  return cp;
}

std::string hex(const char* fmt, unsigned v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

// \uXXXX for a code point, two of them (a surrogate pair) above U+FFFF.
std::string u_escape(long cp) {
  if (cp <= 0xffff) return hex("\\u%04x", static_cast<unsigned>(cp));
  cp -= 0x10000;
  return hex("\\u%04x", static_cast<unsigned>(0xd800 + (cp >> 10))) + hex("\\u%04x", static_cast<unsigned>(0xdc00 + (cp & 0x3ff)));
}

}  // namespace

bool is_plain_name(std::string_view s) {
  if (s.empty()) return false;
  for (size_t i = 0; i < s.size(); i++) {
    const char c = s[i];
    const bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    if (!letter && !(i > 0 && c >= '0' && c <= '9')) return false;
  }
  return true;
}

std::string name_problem(std::string_view s, NameKind kind) {
  if (s.empty()) return "is empty";
  if (!is_plain_name(s)) return "is not a plain name (ASCII letters, digits and _, not starting with a digit)";
  if (kind == NameKind::Module) return "";
  if (s == "__proto__") return "would set the prototype of the generated regions/functions tables; pick another name";
  if (kind == NameKind::Region) return "";
  if (contains(std::begin(kReserved), std::end(kReserved), s))
    return "is a JavaScript reserved word; kernel functions become JavaScript functions of that name";
  if (contains(std::begin(kGenerated), std::end(kGenerated), s)) return "is a name the generated code uses itself; pick another name";
  if (s.substr(0, 2) == "X_") return "starts with X_, like the js target's buffers for split functions; pick another name";
  const size_t part = s.rfind("_part");
  if (part != std::string_view::npos && part + 5 < s.size() &&
      std::all_of(s.begin() + static_cast<long>(part) + 5, s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return "ends like a part of a split function in the js target (_part<N>); pick another name";
  return "";
}

std::string js_string(std::string_view s) {
  std::string out = "'";
  for (size_t i = 0; i < s.size();) {
    size_t len;
    const long cp = decode_utf8(s, i, len);
    const unsigned char b = static_cast<unsigned char>(s[i]);
    i += len;
    if (cp < 0) out += hex("\\x%02x", b);
    else if (cp == '\\' || cp == '\'' || cp == '"') out += '\\', out += static_cast<char>(cp);
    else if (cp == '\n') out += "\\n";
    else if (cp == '\r') out += "\\r";
    else if (cp == '\t') out += "\\t";
    else if (cp < 0x20 || cp == 0x7f) out += hex("\\x%02x", static_cast<unsigned>(cp));
    else if (cp >= 0x80) out += u_escape(cp);
    else out += static_cast<char>(cp);
  }
  return out + "'";
}

std::string js_comment(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    size_t len;
    const long cp = decode_utf8(s, i, len);
    const unsigned char b = static_cast<unsigned char>(s[i]);
    if (cp < 0) out += hex("\\x%02x", b);
    else if (cp == '\\') out += "\\\\";
    else if (cp == '\n') out += "\\n";
    else if (cp == '\r') out += "\\r";
    else if (cp == 0x2028 || cp == 0x2029) out += u_escape(cp);
    else if ((cp < 0x20 && cp != '\t') || cp == 0x7f) out += hex("\\x%02x", static_cast<unsigned>(cp));
    else out.append(s.substr(i, len));
    i += len;
  }
  return out;
}

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size();) {
    size_t len;
    const long cp = decode_utf8(s, i, len);
    const unsigned char b = static_cast<unsigned char>(s[i]);
    i += len;
    if (cp < 0) out += hex("\\u%04x", b);
    else if (cp == '"' || cp == '\\') out += '\\', out += static_cast<char>(cp);
    else if (cp == '\n') out += "\\n";
    else if (cp == '\r') out += "\\r";
    else if (cp == '\t') out += "\\t";
    else if (cp == '\b') out += "\\b";
    else if (cp == '\f') out += "\\f";
    else if (cp < 0x20 || cp >= 0x7f) out += u_escape(cp);
    else out += static_cast<char>(cp);
  }
  return out + "\"";
}

void check_output_names(const Module& m) {
  for (const Function& f : m.functions)
    if (std::string p = name_problem(f.name, NameKind::Function); !p.empty())
      fail(f.loc, "internal: kernel function name " + js_string(f.name) + " " + p);
  for (const Region& r : m.regions) {
    // Struct regions are named `region.field`; each part follows the rule.
    for (size_t a = 0;;) {
      const size_t b = r.name.find('.', a);
      const std::string part = r.name.substr(a, b == std::string::npos ? std::string::npos : b - a);
      if (std::string p = name_problem(part, NameKind::Region); !p.empty())
        fail({}, "internal: memory region name " + js_string(r.name) + " " + p);
      if (b == std::string::npos) break;
      a = b + 1;
    }
  }
}

}  // namespace awasmc
