// awasmc_fuzz: a mutation fuzzer for the awasmc compiler. It mutates seed kernels
// (deterministically from --seed and the iteration number), writes each mutant as
// the only module of a fresh root, runs `awasmc build` on it in a child process
// with an address-space limit, a CPU limit and a wall-clock timeout, and checks
// the result: a successful build must write ES modules that parse and a
// consistent MANIFEST.json (checked by tools/fuzz/check_targets.mjs, one
// long-lived node process); a failed build must exit 1 with a clear message and
// write nothing; anything else (signals, timeouts, other exit codes, bad_alloc,
// too much memory) is a finding. Findings are saved, deduplicated by class and
// first stderr line (keeping the smallest mutant). See docs/auditing.md.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

// ---------------------------------------------------------------- randomness

// splitmix64: each iteration gets its own stream from (seed, iteration), so a
// mutant depends only on those two numbers, not on --jobs or timing.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint64_t next() {
    uint64_t z = (s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  size_t below(size_t n) { return n ? static_cast<size_t>(next() % n) : 0; }
  bool chance(unsigned percent) { return below(100) < percent; }
  template <class T>
  const T& pick(const std::vector<T>& v) { return v[below(v.size())]; }
};

// ---------------------------------------------------------------- tokens

enum class Tk { Space, Comment, String, Template, Number, Ident, Punct };
struct Token {
  Tk kind;
  std::string text;
};

bool ident_start(unsigned char c) { return std::isalpha(c) || c == '_' || c == '$' || c >= 0x80; }
bool ident_char(unsigned char c) { return ident_start(c) || std::isdigit(c); }

// A rough JavaScript lexer, good enough to mutate by token: joining the tokens
// gives back the source exactly.
std::vector<Token> lex(const std::string& s) {
  std::vector<Token> out;
  size_t i = 0, n = s.size();
  while (i < n) {
    size_t j = i;
    unsigned char c = s[i];
    Tk k;
    if (std::isspace(c)) {
      while (j < n && std::isspace(static_cast<unsigned char>(s[j]))) j++;
      k = Tk::Space;
    } else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
      while (j < n && s[j] != '\n') j++;
      k = Tk::Comment;
    } else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
      size_t e = s.find("*/", i + 2);
      j = e == std::string::npos ? n : e + 2;
      k = Tk::Comment;
    } else if (c == '\'' || c == '"' || c == '`') {
      j = i + 1;
      while (j < n && s[j] != static_cast<char>(c) && (c == '`' || s[j] != '\n')) j += s[j] == '\\' ? 2 : 1;
      j = std::min(n, j + 1);
      k = c == '`' ? Tk::Template : Tk::String;
    } else if (std::isdigit(c) || (c == '.' && i + 1 < n && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
      bool hex = c == '0' && i + 1 < n && (s[i + 1] == 'x' || s[i + 1] == 'X');
      while (j < n) {
        unsigned char d = s[j];
        if (ident_char(d) || d == '.') j++;
        else if ((d == '+' || d == '-') && !hex && (s[j - 1] == 'e' || s[j - 1] == 'E')) j++;
        else break;
      }
      k = Tk::Number;
    } else if (ident_start(c)) {
      while (j < n && ident_char(static_cast<unsigned char>(s[j]))) j++;
      k = Tk::Ident;
    } else {
      j = i + 1;
      k = Tk::Punct;
    }
    out.push_back({k, s.substr(i, j - i)});
    i = j;
  }
  return out;
}

std::string join(const std::vector<Token>& t) {
  std::string s;
  for (const Token& x : t) s += x.text;
  return s;
}

std::vector<std::string> split_lines(const std::string& s) {
  std::vector<std::string> lines;
  std::string cur;
  for (char c : s) {
    cur += c;
    if (c == '\n') lines.push_back(std::move(cur)), cur.clear();
  }
  if (!cur.empty()) lines.push_back(cur);
  return lines;
}

// ---------------------------------------------------------------- dictionaries

// The identifier that hostile names try to smuggle into generated code; the
// checker reports it if it shows up as an identifier outside strings/comments.
const char* const kMarker = "fuzzpwn";

const std::vector<std::string> kEdgeNumbers = {
    "0", "-1", "1", "2**31", "2**32", "2**32-1", "2**53+1", "9007199254740993", "1e308", "-1e308", "NaN",
    "Infinity", "-Infinity", "-0", "0.5", "1e-7", "0xffffffff", "0x100000000", "4294967296", "2147483647",
    "-2147483648", "65536", "16777216", "1e21", "1e9", "100000", "31", "32", "33", "63", "64", "65", "255", "256"};
const std::vector<std::string> kEdgeBigInts = {
    "0n", "-1n", "1n", "18446744073709551615n", "18446744073709551616n", "9223372036854775807n",
    "-9223372036854775808n", "(2n**125n)", "(2n**126n)", "(2n**127n)", "(-(2n**126n))", "0xffffffffffffffffn",
    "9007199254740993n", "4294967296n"};
const std::vector<std::string> kPrelude = {
    "u8",   "u16",    "u32",    "i32",      "u64",    "i64",     "u32x4",  "u64x2",   "memory", "fn",
    "loop", "when",   "rotl",   "rotr",     "bswap",  "select",  "andnot", "eqz",     "lane",   "withLane",
    "assert", "shuffle", "Math", "Array",  "Object", "BigInt",  "Number", "String",  "Infinity", "NaN",
    "undefined", "null", "true", "false", "length", "load", "store", "as", "be", "array", "all", "lanes",
    "data", "batch", "map", "reduce", "concat", "fill", "from", "push", "join", "at", "bytes", "offset"};
const std::vector<std::string> kKeywords = {
    "let", "const", "for", "while", "do", "if", "else", "return", "break", "continue", "function", "export",
    "import", "typeof", "of", "var", "class", "new", "this", "throw", "async", "await", "yield", "delete",
    "void", "in", "instanceof", "switch", "case", "default", "try", "catch", "with", "debugger"};
const std::vector<std::string> kPunct = {
    "(", ")", "[", "]", "{", "}", ",", ";", ".", "...", "=>", "=", "==", "===", "!==", "+", "-", "*", "/",
    "%", "**", "<<", ">>", ">>>", "&", "|", "^", "~", "!", "?", ":", "??", "?.", "&&", "||", "++", "--",
    "+=", "<", ">", "<=", ">=", "`", "'", "\"", "\\", "#", "@", "${"};
// Hostile text for string literals and names: quotes, backslashes, line
// terminators, comment and template openers, and code that calls the marker.
const std::vector<std::string> kHostile = {
    "'",     "\"",   "`",     "\\",    "\\n",   "\n",   "\r",        "\\u2028", "\xe2\x80\xa8", "${",
    "*/",    "/*",   "//",    "</script>", "\\x00", "\\\\", "'+fuzzpwn()+'", "\"+fuzzpwn()+\"",
    "`+fuzzpwn()+`", "*/fuzzpwn();/*", "\\n;fuzzpwn();//", "${fuzzpwn()}", "\\u0027+fuzzpwn()+\\u0027",
    "\\\"];fuzzpwn();//", "'];fuzzpwn();//", "': fuzzpwn(), '", "\\\": fuzzpwn(), \\\"", "a.b", "__proto__", "constructor", "toString", " ", ""};
// Module file names (without .js): mostly plain, sometimes hostile.
const std::vector<std::string> kHostileNames = {
    "a'b",  "a\"b", "a`b", "a\\b", "a\nb",          "a b",   "x';fuzzpwn();'", "x\";fuzzpwn();\"",
    "*/fuzzpwn();/*", "x\nfuzzpwn();//", "${x}", "-x", "__proto__", "constructor", "1abc", ".hidden",
    "a.b",  "\xc3\xbcn\xc3\xaf", "MANIFEST", "x.tmp", std::string(200, 'n'), "a\tb", "a\rb", "\xe2\x80\xa8"};

// ---------------------------------------------------------------- mutations

struct Seed {
  std::string name;  // file name without .js
  std::string text;
  bool failing;      // from a folder of kernels that are meant to fail (tests/diag)
};

// Indexes of tokens that are not whitespace or comments.
std::vector<size_t> solid(const std::vector<Token>& t) {
  std::vector<size_t> r;
  for (size_t i = 0; i < t.size(); i++)
    if (t[i].kind != Tk::Space && t[i].kind != Tk::Comment) r.push_back(i);
  return r;
}

std::vector<size_t> of_kind(const std::vector<Token>& t, Tk k) {
  std::vector<size_t> r;
  for (size_t i = 0; i < t.size(); i++)
    if (t[i].kind == k) r.push_back(i);
  return r;
}

std::string random_token(Rng& r, const std::vector<Seed>& seeds) {
  switch (r.below(6)) {
    case 0: return r.pick(kPrelude);
    case 1: return r.pick(kKeywords);
    case 2: return r.pick(kPunct);
    case 3: return r.pick(kEdgeNumbers);
    case 4: return "'" + r.pick(kHostile) + "'";
    default: {  // a token from another seed
      std::vector<Token> t = lex(r.pick(seeds).text);
      std::vector<size_t> s = solid(t);
      return s.empty() ? "x" : t[r.pick(s)].text;
    }
  }
}

// Statement-ish line range [a, b) of the body: lines after the imports.
std::pair<size_t, size_t> line_range(Rng& r, size_t nlines) {
  if (!nlines) return {0, 0};
  size_t a = r.below(nlines), len = 1 + r.below(std::min<size_t>(8, nlines - a));
  return {a, a + len};
}

// Applies one mutation; returns its name (recorded with findings).
std::string mutate_once(Rng& r, std::string& src, const std::vector<Seed>& seeds) {
  std::vector<Token> t = lex(src);
  std::vector<size_t> s = solid(t);
  switch (r.below(14)) {
    case 0: {  // byte flips
      if (src.empty()) break;
      size_t n = 1 + r.below(4);
      for (size_t k = 0; k < n; k++) {
        size_t i = r.below(src.size());
        switch (r.below(3)) {
          case 0: src[i] = static_cast<char>(src[i] ^ (1 << r.below(8))); break;
          case 1: src[i] = static_cast<char>(32 + r.below(95)); break;
          default: src[i] = static_cast<char>(r.below(256)); break;
        }
      }
      return "byte-flip";
    }
    case 1: {  // delete tokens
      if (s.empty()) break;
      size_t i = r.pick(s), n = 1 + r.below(3);
      t.erase(t.begin() + i, t.begin() + std::min(t.size(), i + n));
      src = join(t);
      return "token-delete";
    }
    case 2: {  // insert a token
      size_t i = t.empty() ? 0 : r.below(t.size() + 1);
      t.insert(t.begin() + i, Token{Tk::Punct, " " + random_token(r, seeds) + " "});
      src = join(t);
      return "token-insert";
    }
    case 3: {  // duplicate a token range
      if (s.empty()) break;
      size_t a = r.pick(s), b = std::min(t.size(), a + 1 + r.below(12));
      std::vector<Token> copy(t.begin() + a, t.begin() + b);
      size_t times = r.chance(80) ? 1 : 1 + r.below(30);
      for (size_t k = 0; k < times; k++) t.insert(t.begin() + b, copy.begin(), copy.end());
      src = join(t);
      return "token-duplicate";
    }
    case 4: {  // swap two tokens
      if (s.size() < 2) break;
      std::swap(t[r.pick(s)].text, t[r.pick(s)].text);
      src = join(t);
      return "token-swap";
    }
    case 5: {  // splice lines from another seed
      std::vector<std::string> a = split_lines(src), b = split_lines(r.pick(seeds).text);
      if (b.empty()) break;
      auto [x, y] = line_range(r, b.size());
      size_t at = r.below(a.size() + 1);
      std::vector<std::string> ins(b.begin() + x, b.begin() + y);
      if (r.chance(30) && at < a.size()) a.erase(a.begin() + at, a.begin() + std::min(a.size(), at + ins.size()));
      a.insert(a.begin() + std::min(at, a.size()), ins.begin(), ins.end());
      src.clear();
      for (auto& l : a) src += l.empty() || l.back() == '\n' ? l : l + "\n";
      return "splice-lines";
    }
    case 6:
    case 7: {  // numbers → edge values
      std::vector<size_t> nums = of_kind(t, Tk::Number);
      if (nums.empty()) break;
      size_t n = 1 + r.below(3);
      for (size_t k = 0; k < n; k++) {
        Token& x = t[r.pick(nums)];
        bool big = !x.text.empty() && x.text.back() == 'n';
        x.text = big ? r.pick(kEdgeBigInts) : r.pick(kEdgeNumbers);
      }
      src = join(t);
      return "edge-number";
    }
    case 8: {  // identifiers → prelude names or other identifiers of the file
      std::vector<size_t> ids = of_kind(t, Tk::Ident);
      if (ids.empty()) break;
      Token& x = t[r.pick(ids)];
      x.text = r.chance(60) ? r.pick(kPrelude) : t[r.pick(ids)].text;
      src = join(t);
      return "identifier";
    }
    case 9:
    case 10: {  // hostile text inside string literals
      std::vector<size_t> strs = of_kind(t, Tk::String);
      for (size_t i : of_kind(t, Tk::Template)) strs.push_back(i);
      if (strs.empty()) break;
      Token& x = t[r.pick(strs)];
      size_t at = x.text.size() < 2 ? 0 : 1 + r.below(x.text.size() - 1);
      x.text.insert(std::min(at, x.text.size()), r.pick(kHostile));
      src = join(t);
      return "string-hostile";
    }
    case 11: {  // wrap some lines in a static or runtime loop, a branch or a function
      std::vector<std::string> a = split_lines(src);
      if (a.empty()) break;
      auto [x, y] = line_range(r, a.size());
      static const std::vector<std::string> counts = {"2", "3", "100", "1000", "100000", "1e7", "1e9", "2**32"};
      std::string c = r.pick(counts), open, close = "}\n";
      switch (r.below(5)) {
        case 0: open = "for (let fz_i = 0; fz_i < " + c + "; fz_i++) {\n"; break;
        case 1: open = "loop(" + c + ", (fz_i) => {\n"; close = "});\n"; break;
        case 2: open = "when(u32(1), () => {\n"; close = "});\n"; break;
        case 3: open = "{\n"; break;
        default: open = "(() => {\n"; close = "})();\n"; break;
      }
      a.insert(a.begin() + y, close);
      a.insert(a.begin() + x, open);
      src.clear();
      for (auto& l : a) src += l.empty() || l.back() == '\n' ? l : l + "\n";
      return "wrap-loop";
    }
    case 12: {  // deep nesting around an expression token
      if (s.empty()) break;
      size_t i = r.pick(s), depth = 1 + r.below(r.chance(20) ? 5000 : 60);
      static const std::vector<std::pair<std::string, std::string>> wraps = {
          {"(", ")"}, {"[", "][0]"}, {"(() => ", ")()"}, {"{a:", "}.a"}, {"-(-", ")"}};
      auto [o, c] = r.pick(wraps);
      std::string open, close;
      for (size_t k = 0; k < depth; k++) open += o, close += c;
      t[i].text = open + t[i].text + close;
      src = join(t);
      return "deep-nesting";
    }
    default: {  // append a hostile statement
      static const std::vector<std::string> stmts = {
          "let fz_s = 'ab'; for (let fz_i = 0; fz_i < 64; fz_i++) fz_s = fz_s + fz_s;\n",
          "let fz_a = [1]; for (let fz_i = 0; fz_i < 64; fz_i++) fz_a = [...fz_a, ...fz_a];\n",
          "let fz_c = [1]; for (let fz_i = 0; fz_i < 64; fz_i++) fz_c = fz_c.concat(fz_c);\n",
          "const fz_r = memory('r\\'+fuzzpwn()+\\'', u32.array(4));\n",
          "const fz_r2 = memory(\"\\n;fuzzpwn();//\", u8.array(16));\n",
          "const fz_d = memory.data('d`${fuzzpwn()}`', u32, [1, 2]);\n",
          "export const fz_f = fn([u32], (x) => x + u32(1), { name: \"q'];fuzzpwn();//\" });\n",
          "export const fz_g = fn([u32], (x) => u32(u64(9007199254740993) >>> 1) ^ x);\n",
          "const fz_big = memory('big', u8.array(2**31));\n",
          "const fz_t = Array.from({ length: 1e8 }, (_, i) => i);\n",
          "import { fz_x } from '../outside.js';\n",
          "import { fz_y } from './" + std::string("x'y") + ".js';\n",
          "export const fz_h = fn([u32], (x) => { let a = x; for (let i = 0; i < 1e6; i++) a = a + u32(i); return a; });\n",
          "const fz_rec = (n) => fz_rec(n + 1); fz_rec(0);\n",
      };
      src += r.pick(stmts);
      return "hostile-statement";
    }
  }
  // The chosen mutation did not apply (no tokens of the kind): append a token.
  src += " " + random_token(r, seeds) + "\n";
  return "append-token";
}

struct Mutant {
  std::string name;  // module file name without .js
  std::string text;
  std::string from;  // seed name
  std::string how;   // mutations applied
};

Mutant make_mutant(uint64_t seed, uint64_t iteration, const std::vector<Seed>& seeds) {
  Rng r(seed * 0x100000001b3ULL ^ (iteration + 1) * 0x9e3779b97f4a7c15ULL);
  r.next();
  // Most runs start from a kernel that compiles, so mutants get past the stager.
  std::vector<size_t> pool;
  bool failing = r.chance(25);
  for (size_t i = 0; i < seeds.size(); i++)
    if (seeds[i].failing == failing) pool.push_back(i);
  const Seed& base = pool.empty() ? r.pick(seeds) : seeds[r.pick(pool)];
  Mutant m{base.name, base.text, base.name, ""};
  if (!r.chance(3)) {  // a few seeds run unmutated
    size_t n = r.chance(60) ? 1 : 1 + r.below(r.chance(60) ? 2 : 6);
    for (size_t k = 0; k < n; k++) m.how += (k ? "," : "") + mutate_once(r, m.text, seeds);
  } else {
    m.how = "none";
  }
  if (r.chance(8)) m.name = r.pick(kHostileNames);
  else if (r.chance(30)) m.name = "m" + std::to_string(iteration);
  if (m.name.empty() || m.name.size() > 240 || m.name.find('/') != std::string::npos ||
      m.name.find('\0') != std::string::npos || m.name == "." || m.name == "..")
    m.name = "m";
  return m;
}

// ---------------------------------------------------------------- utilities

// At most `limit` bytes, in a string no bigger than the file (the fuzzer's own
// memory is what every forked child starts with).
std::string read_all(const fs::path& p, size_t limit = 1 << 20) {
  std::error_code ec;
  uintmax_t size = fs::file_size(p, ec);
  if (ec) return "";
  std::ifstream f(p, std::ios::binary);
  std::string s(static_cast<size_t>(std::min<uintmax_t>(size, limit)), '\0');
  f.read(s.data(), static_cast<std::streamsize>(s.size()));
  s.resize(static_cast<size_t>(f.gcount()));
  return s;
}

bool write_all(const fs::path& p, const std::string& s) {
  std::ofstream f(p, std::ios::binary | std::ios::trunc);
  f.write(s.data(), static_cast<std::streamsize>(s.size()));
  return static_cast<bool>(f);
}

std::string json_string(const std::string& s) {
  std::string o = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') o += '\\', o += static_cast<char>(c);
    else if (c < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", c);
      o += b;
    } else o += static_cast<char>(c);
  }
  return o + "\"";
}

// Printable form of a name (hostile names have newlines and quotes).
std::string shown(const std::string& s) {
  std::string o;
  for (unsigned char c : s) {
    if (c == '\n') o += "\\n";
    else if (c == '\r') o += "\\r";
    else if (c == '\t') o += "\\t";
    else if (c < 0x20) o += "?";
    else o += static_cast<char>(c);
  }
  return o;
}

std::string first_line(const std::string& s) {
  size_t e = s.find('\n');
  return s.substr(0, e == std::string::npos ? s.size() : e);
}

uint64_t fnv1a(const std::string& s) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ULL;
  return h;
}

// ---------------------------------------------------------------- node checker

class Checker {
 public:
  Checker(std::string node, std::string script, std::string project)
      : node_(std::move(node)), script_(std::move(script)), project_(std::move(project)) {}
  ~Checker() { stop(); }

  // "ok" or "<class>\t<message>".
  std::string check(const std::string& out_dir) {
    for (int attempt = 0; attempt < 2; attempt++) {
      if (pid_ <= 0 && !start()) return "checker-error\tcannot start node";
      std::string req = "[\"check\"," + json_string(out_dir) + "," + json_string(kMarker) + "]\n";
      std::string line;
      if (write_full(req) && read_line(line)) {
        if (++uses_ >= 2000) stop();  // bound the checker's memory
        return line;
      }
      stop();
    }
    return "checker-error\tnode checker died";
  }

 private:
  bool start() {
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC)) return false;
    pid_t pid = fork();
    if (pid < 0) return false;
    if (pid == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      execlp(node_.c_str(), node_.c_str(), "--experimental-vm-modules", "--no-warnings", script_.c_str(),
             project_.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
    pid_ = pid;
    buf_.clear();
    uses_ = 0;
    return true;
  }
  void stop() {
    if (pid_ <= 0) return;
    close(to_);
    close(from_);
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  bool write_full(const std::string& s) {
    size_t off = 0;
    while (off < s.size()) {
      ssize_t w = write(to_, s.data() + off, s.size() - off);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) return false;
      off += static_cast<size_t>(w);
    }
    return true;
  }
  bool read_line(std::string& line) {
    for (;;) {
      size_t e = buf_.find('\n');
      if (e != std::string::npos) {
        line = buf_.substr(0, e);
        buf_.erase(0, e + 1);
        return true;
      }
      char b[4096];
      ssize_t n = read(from_, b, sizeof b);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      buf_.append(b, static_cast<size_t>(n));
    }
  }
  std::string node_, script_, project_, buf_;
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1, uses_ = 0;
};

// ---------------------------------------------------------------- runs

struct Options {
  uint64_t seed = 1;
  uint64_t iterations = 0;  // 0: unbounded (then --seconds bounds it)
  double seconds = 0;
  int jobs = 1;
  int timeout_ms = 10000;
  int mem_mb = 2048;
  std::string out = "fuzz-out";
  std::string awasmc = "build/awasmc";
  std::string project = ".";
  std::string node = "node";
  std::vector<std::string> seed_dirs;
  std::optional<uint64_t> replay;
  std::string log;  // one line per run: iteration, class, wall, RSS, seed, mutations
  bool verbose = false;
};

struct Run {
  uint64_t iteration = 0;
  Mutant m;
  fs::path dir;  // per-slot work folder: root/, stdout, stderr
  pid_t pid = -1;
  int awasmc_jobs = 1;
  Clock::time_point start;
  bool timed_out = false;
};

struct Result {
  std::string cls;      // "ok", "compile-error" or a finding class
  std::string detail;   // first stderr line or the checker's message
  int status = 0;
  long max_rss_kb = 0;
  double wall_s = 0;
};

bool is_finding(const std::string& cls) { return cls != "ok" && cls != "compile-error"; }

const char* signal_name(int s) {
  switch (s) {
    case SIGABRT: return "SIGABRT";
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGKILL: return "SIGKILL";
    case SIGXCPU: return "SIGXCPU";
    case SIGXFSZ: return "SIGXFSZ";
    case SIGTERM: return "SIGTERM";
    default: return nullptr;
  }
}

// Starts awasmc on the mutant; the child gets its own process group and limits.
bool launch(Run& run, const Options& o) {
  std::error_code ec;
  fs::remove_all(run.dir / "root", ec);
  fs::create_directories(run.dir / "root" / "modules");
  fs::path src = run.dir / "root" / "modules" / (run.m.name + ".js");
  if (!write_all(src, run.m.text)) {
    std::cerr << "awasmc_fuzz: cannot write " << shown(src.string()) << "\n";
    return false;
  }
  std::string root = (run.dir / "root").string(), out = (run.dir / "root" / "targets").string();
  std::string jobs = "-j" + std::to_string(run.awasmc_jobs);
  std::string so = (run.dir / "stdout").string(), se = (run.dir / "stderr").string();
  std::vector<const char*> argv = {o.awasmc.c_str(), "build", jobs.c_str(), "--root", root.c_str(),
                                   "--out", out.c_str(), nullptr};
  rlim_t mem = static_cast<rlim_t>(o.mem_mb) << 20;
  rlim_t cpu = static_cast<rlim_t>(o.timeout_ms / 1000 * std::max(1, run.awasmc_jobs) + 2);
  run.start = Clock::now();
  run.timed_out = false;
  pid_t pid = fork();
  if (pid < 0) return false;
  if (pid == 0) {
    setpgid(0, 0);
    struct rlimit as{mem, mem}, cp{cpu, cpu + 1}, core{0, 0}, fsz{rlim_t(512) << 20, rlim_t(512) << 20};
    setrlimit(RLIMIT_AS, &as);
    setrlimit(RLIMIT_CPU, &cp);
    setrlimit(RLIMIT_CORE, &core);
    setrlimit(RLIMIT_FSIZE, &fsz);
    int fo = open(so.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int fe = open(se.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int fi = open("/dev/null", O_RDONLY);
    if (fo < 0 || fe < 0 || fi < 0) _exit(126);
    dup2(fi, 0);
    dup2(fo, 1);
    dup2(fe, 2);
    execv(o.awasmc.c_str(), const_cast<char* const*>(argv.data()));
    _exit(127);
  }
  setpgid(pid, pid);
  run.pid = pid;
  return true;
}

// Output files under the root other than the mutant and the targets folder.
std::string stray_files(const fs::path& root, const std::string& module_file) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(root, ec)) {
    std::string n = e.path().filename().string();
    if (n == "modules") {
      for (const auto& m : fs::directory_iterator(e.path(), ec))
        if (m.path().filename().string() != module_file) return "modules/" + m.path().filename().string();
    } else if (n != "targets") {
      return n;
    }
  }
  return "";
}

bool has_files(const fs::path& dir) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) return false;
  for (const auto& e : fs::recursive_directory_iterator(dir, ec))
    if (e.is_regular_file()) return true;
  return false;
}

// A compile error's first line: `path:line:col: error: ...`, `path: error: ...`,
// `awasmc: ...` or `error: ...`.
// ([^\n] rather than ., which stops at a carriage return in a hostile file name.)
const std::regex kLocated(R"(^([^\n]*):([0-9]+):([0-9]+): error: [^\n]+)");
const std::regex kClear(R"(^(([^\n]+: )?error: [^\n]+|awasmc: [^\n]+))");

Result classify(const Run& run, int status, const struct rusage& ru, double wall, const Options& o, Checker& checker) {
  Result r;
  r.status = status;
  r.max_rss_kb = ru.ru_maxrss;
  r.wall_s = wall;
  std::string err = read_all(run.dir / "stderr");
  std::string line = first_line(err);
  r.detail = line;
  fs::path root = run.dir / "root", targets = root / "targets";
  // Only awasmc's own words count, not the source lines a diagnostic quotes (indented by
  // two spaces, with the caret line): a kernel may well say "bad_alloc" in a comment.
  std::string said;
  {
    std::istringstream lines(err);
    for (std::string l; std::getline(lines, l);)
      if (l.rfind("  ", 0) != 0) said += l + "\n";
  }
  bool oom = said.find("bad_alloc") != std::string::npos || said.find("Cannot allocate memory") != std::string::npos ||
             said.find("out of memory") != std::string::npos;
  if (run.timed_out) r.cls = "timeout";
  else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU) r.cls = "cpu-limit";
  else if (oom) r.cls = "bad-alloc";
  else if (said.find("terminate called") != std::string::npos) r.cls = "terminate";
  else if (WIFSIGNALED(status)) {
    const char* n = signal_name(WTERMSIG(status));
    r.cls = std::string("crash-") + (n ? n : "signal" + std::to_string(WTERMSIG(status)));
  } else if (!WIFEXITED(status) || (WEXITSTATUS(status) != 0 && WEXITSTATUS(status) != 1))
    r.cls = "exit-" + std::to_string(WEXITSTATUS(status));
  else if (ru.ru_maxrss > static_cast<long>(o.mem_mb) * 1024) r.cls = "rss-over-limit";
  if (!r.cls.empty()) return r;

  std::string stray = stray_files(root, run.m.name + ".js");
  if (!stray.empty()) {
    r.cls = "stray-output";
    r.detail = "wrote outside targets/: " + shown(stray);
    return r;
  }
  if (WEXITSTATUS(status) == 1) {
    std::smatch sm;
    if (err.empty()) r.cls = "error-empty-stderr";
    else if (has_files(targets)) r.cls = "error-wrote-targets";
    else if (std::regex_match(line, sm, kLocated)) {
      // A location in the mutant must be inside it.
      long ln = std::atol(sm[2].str().c_str());
      size_t lines = split_lines(run.m.text).size();
      bool ours = sm[1].str().size() >= run.m.name.size() + 3 &&
                  sm[1].str().compare(sm[1].str().size() - run.m.name.size() - 3, std::string::npos, run.m.name + ".js") == 0;
      r.cls = ours && (ln < 1 || static_cast<size_t>(ln) > lines + 1) ? "error-bad-location" : "compile-error";
    } else if (std::regex_match(line, kClear)) r.cls = "compile-error";
    else r.cls = "error-unclear";
    return r;
  }
  std::string c = checker.check(targets.string());
  if (c == "ok") {
    r.cls = "ok";
  } else {
    size_t tab = c.find('\t');
    r.cls = c.substr(0, tab);
    r.detail = tab == std::string::npos ? "" : c.substr(tab + 1);
  }
  return r;
}

// ---------------------------------------------------------------- findings

struct Finding {
  std::string cls, line;
  uint64_t count = 0;
  size_t size = 0;  // of the saved (smallest) mutant
  fs::path dir;
};

// Dedup key: the class and the first stderr line (or checker message) without its
// location or file name, and with digits ignored.
std::string dedup_line(const std::string& line) {
  std::string s = line;
  std::smatch sm;
  if (std::regex_match(s, sm, kLocated)) s = s.substr(static_cast<size_t>(sm.position(3) + sm.length(3)) + 2);
  // The checker's messages start with the generated file (`js/<module>.js: `).
  size_t js = s.find(".js: ");
  if (js != std::string::npos && s.find('/') < js) s = s.substr(js + 5);
  std::string o;
  for (size_t i = 0; i < s.size() && o.size() < 200; i++) {
    if (std::isdigit(static_cast<unsigned char>(s[i]))) {
      o += '#';
      while (i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1]))) i++;
    } else o += s[i];
  }
  return o;
}

void save_finding(std::map<std::string, Finding>& findings, const Options& o, const Run& run, const Result& r) {
  std::string key = r.cls + "\n" + dedup_line(r.detail);
  Finding& f = findings[key];
  f.count++;
  if (f.count > 1 && f.size <= run.m.text.size()) return;
  f.cls = r.cls;
  f.line = r.detail;
  f.size = run.m.text.size();
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a(key)));
  f.dir = fs::path(o.out) / (r.cls + "-" + std::string(hash, 8));
  std::error_code ec;
  fs::remove_all(f.dir, ec);
  fs::create_directories(f.dir / "modules");
  write_all(f.dir / "modules" / (run.m.name + ".js"), run.m.text);
  std::error_code ec2;
  fs::copy_file(run.dir / "stderr", f.dir / "stderr.txt", fs::copy_options::overwrite_existing, ec2);
  std::ostringstream info;
  info << "class: " << r.cls << "\n"
       << "detail: " << shown(r.detail) << "\n"
       << "seed: " << o.seed << "\niteration: " << run.iteration << "\n"
       << "replay: awasmc_fuzz --seed " << o.seed << " --replay " << run.iteration << "\n"
       << "module file: modules/" << shown(run.m.name) << ".js\n"
       << "from seed: " << run.m.from << "\nmutations: " << run.m.how << "\n"
       << "awasmc: build -j" << run.awasmc_jobs << "\n";
  if (WIFEXITED(r.status)) info << "exit: " << WEXITSTATUS(r.status) << "\n";
  if (WIFSIGNALED(r.status)) info << "signal: " << WTERMSIG(r.status) << "\n";
  info << "max RSS: " << r.max_rss_kb / 1024 << " MiB\nwall: " << r.wall_s << " s\n";
  write_all(f.dir / "info.txt", info.str());
}

// ---------------------------------------------------------------- main

std::vector<Seed> load_seeds(const Options& o) {
  std::vector<std::string> dirs = o.seed_dirs;
  if (dirs.empty())
    for (const char* d : {"tests/golden", "tests/diag", "modules", "tools/fuzz/seeds"})
      dirs.push_back((fs::path(o.project) / d).string());
  std::vector<Seed> seeds;
  for (const std::string& d : dirs) {
    std::error_code ec;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(d, ec))
      if (e.is_regular_file() && e.path().extension() == ".js") files.push_back(e.path());
    std::sort(files.begin(), files.end());  // deterministic order
    bool failing = fs::path(d).filename() == "diag";
    for (const fs::path& p : files) seeds.push_back({p.stem().string(), read_all(p), failing});
  }
  return seeds;
}

const char* kUsage =
    "usage: awasmc_fuzz [options]\n"
    "  --seed N           random seed (default 1); iteration i's mutant depends only on (seed, i)\n"
    "  --iterations N     number of runs (default 1000 unless --seconds is given)\n"
    "  --seconds S        stop starting runs after S seconds\n"
    "  --jobs N           parallel awasmc children (default 1)\n"
    "  --timeout-ms MS    wall-clock limit per run (default 10000)\n"
    "  --mem-mb MB        address-space limit per run, also the RSS limit (default 2048)\n"
    "  --out DIR          where findings are saved (default fuzz-out)\n"
    "  --awasmc PATH      compiler binary (default build/awasmc)\n"
    "  --project DIR      project root: default seeds and the checker script (default .)\n"
    "  --seeds DIR        a folder of seed *.js (repeatable; default tests/golden, tests/diag,\n"
    "                     modules, tools/fuzz/seeds)\n"
    "  --node PATH        node binary for the output checker (default node)\n"
    "  --replay N         run only iteration N, keep its folder and print where it is\n"
    "  --log FILE         write one line per run (iteration, class, seconds, RSS, seed, mutations)\n"
    "  --verbose          print every finding as it happens\n"
    "exit status: 0 no findings, 1 findings, 2 usage or setup error\n";

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    auto val = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "awasmc_fuzz: " << a << " needs a value\n" << kUsage;
        std::exit(2);
      }
      return argv[++i];
    };
    auto num = [&]() -> double {
      std::string v = val();
      char* end = nullptr;
      double d = std::strtod(v.c_str(), &end);
      if (v.empty() || *end || d < 0) {
        std::cerr << "awasmc_fuzz: bad number for " << a << ": " << v << "\n";
        std::exit(2);
      }
      return d;
    };
    if (a == "--seed") o.seed = static_cast<uint64_t>(num());
    else if (a == "--iterations") o.iterations = static_cast<uint64_t>(num());
    else if (a == "--seconds") o.seconds = num();
    else if (a == "--jobs") o.jobs = std::max(1, static_cast<int>(num()));
    else if (a == "--timeout-ms") o.timeout_ms = std::max(1, static_cast<int>(num()));
    else if (a == "--mem-mb") o.mem_mb = std::max(16, static_cast<int>(num()));
    else if (a == "--out") o.out = val();
    else if (a == "--awasmc") o.awasmc = val();
    else if (a == "--project") o.project = val();
    else if (a == "--seeds") o.seed_dirs.push_back(val());
    else if (a == "--node") o.node = val();
    else if (a == "--replay") o.replay = static_cast<uint64_t>(num());
    else if (a == "--log") o.log = val();
    else if (a == "--verbose") o.verbose = true;
    else if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return 0;
    } else {
      std::cerr << "awasmc_fuzz: unknown option " << a << "\n" << kUsage;
      return 2;
    }
  }
  if (!o.iterations && !o.seconds) o.iterations = 1000;
  o.awasmc = fs::absolute(o.awasmc).string();
  if (access(o.awasmc.c_str(), X_OK)) {
    std::cerr << "awasmc_fuzz: cannot run " << o.awasmc << "\n";
    return 2;
  }
  std::vector<Seed> seeds = load_seeds(o);
  if (seeds.empty()) {
    std::cerr << "awasmc_fuzz: no seed kernels found\n";
    return 2;
  }
  fs::path script = fs::absolute(fs::path(o.project) / "tools/fuzz/check_targets.mjs");
  Checker checker(o.node, script.string(), fs::absolute(o.project).string());

  char tmpl[] = "/tmp/awasmc_fuzz.XXXXXX";
  const char* tmp_env = std::getenv("TMPDIR");
  std::string tmpl_s = std::string(tmp_env && *tmp_env ? tmp_env : "/tmp") + "/awasmc_fuzz.XXXXXX";
  std::vector<char> tbuf(tmpl_s.begin(), tmpl_s.end());
  tbuf.push_back('\0');
  char* work_c = mkdtemp(tbuf.data());
  if (!work_c) work_c = mkdtemp(tmpl);
  if (!work_c) {
    std::cerr << "awasmc_fuzz: cannot create a temporary folder\n";
    return 2;
  }
  fs::path work = work_c;
  fs::create_directories(o.out);

  if (o.replay) {
    Run run;
    run.iteration = *o.replay;
    run.m = make_mutant(o.seed, run.iteration, seeds);
    run.awasmc_jobs = 1 + static_cast<int>(run.iteration % 2);
    run.dir = work / "replay";
    fs::create_directories(run.dir);
    if (!launch(run, o)) return 2;
    int status = 0;
    struct rusage ru{};
    while (wait4(run.pid, &status, WNOHANG, &ru) == 0) {
      if (Clock::now() - run.start > std::chrono::milliseconds(o.timeout_ms)) {
        run.timed_out = true;
        kill(-run.pid, SIGKILL);
        wait4(run.pid, &status, 0, &ru);
        break;
      }
      usleep(2000);
    }
    double wall = std::chrono::duration<double>(Clock::now() - run.start).count();
    Result r = classify(run, status, ru, wall, o, checker);
    std::cout << "iteration " << run.iteration << " (seed " << run.m.from << ", " << run.m.how << ", modules/"
              << shown(run.m.name) << ".js, -j" << run.awasmc_jobs << "): " << r.cls << "\n  " << shown(r.detail)
              << "\n  RSS " << r.max_rss_kb / 1024 << " MiB, " << wall << " s\n  kept in " << run.dir.string() << "\n";
    return is_finding(r.cls) ? 1 : 0;
  }

  std::vector<Run> slots(static_cast<size_t>(o.jobs));
  for (size_t k = 0; k < slots.size(); k++) {
    slots[k].dir = work / ("slot" + std::to_string(k));
    fs::create_directories(slots[k].dir);
  }
  std::map<std::string, uint64_t> counts;
  std::map<std::string, Finding> findings;
  uint64_t next = 0, done = 0;
  long max_rss = 0;
  uint64_t max_rss_it = 0, max_wall_it = 0;
  double max_wall = 0;
  Clock::time_point t0 = Clock::now();
  auto more = [&]() {
    if (o.iterations && next >= o.iterations) return false;
    if (o.seconds && std::chrono::duration<double>(Clock::now() - t0).count() >= o.seconds) return false;
    return true;
  };
  std::ofstream log;
  if (!o.log.empty()) log.open(o.log);
  size_t running = 0;
  for (;;) {
    for (Run& s : slots) {
      if (s.pid > 0 || !more()) continue;
      s.iteration = next++;
      s.m = make_mutant(o.seed, s.iteration, seeds);
      s.awasmc_jobs = 1 + static_cast<int>(s.iteration % 2);  // alternate -j1 and -j2
      if (!launch(s, o)) {
        std::cerr << "awasmc_fuzz: cannot start awasmc\n";
        return 2;
      }
      running++;
    }
    if (!running) break;
    int status = 0;
    struct rusage ru{};
    pid_t pid = wait4(-1, &status, WNOHANG, &ru);
    if (pid <= 0) {
      Clock::time_point now = Clock::now();
      for (Run& s : slots)
        if (s.pid > 0 && !s.timed_out && now - s.start > std::chrono::milliseconds(o.timeout_ms)) {
          s.timed_out = true;
          kill(-s.pid, SIGKILL);
        }
      usleep(1000);
      continue;
    }
    auto it = std::find_if(slots.begin(), slots.end(), [&](const Run& s) { return s.pid == pid; });
    if (it == slots.end()) continue;  // not ours (the checker is waited for by Checker)
    Run& s = *it;
    kill(-s.pid, SIGKILL);  // anything left in its process group
    s.pid = -1;
    running--;
    double wall = std::chrono::duration<double>(Clock::now() - s.start).count();
    Result r = classify(s, status, ru, wall, o, checker);
    done++;
    counts[r.cls]++;
    if (log.is_open())
      log << s.iteration << '\t' << r.cls << '\t' << wall << '\t' << r.max_rss_kb / 1024 << '\t' << s.m.from << '\t'
          << s.m.how << '\t' << shown(r.detail).substr(0, 200) << '\n';
    if (r.max_rss_kb > max_rss) max_rss = r.max_rss_kb, max_rss_it = s.iteration;
    if (wall > max_wall) max_wall = wall, max_wall_it = s.iteration;
    if (is_finding(r.cls)) {
      size_t before = findings.size();
      save_finding(findings, o, s, r);
      if (o.verbose || findings.size() != before)
        std::cerr << "finding: iteration " << s.iteration << ": " << r.cls << ": " << shown(r.detail).substr(0, 160)
                  << "\n";
    }
  }
  double total = std::chrono::duration<double>(Clock::now() - t0).count();
  std::error_code ec;
  fs::remove_all(work, ec);

  uint64_t nfind = 0;
  std::ostringstream sum;
  sum << "awasmc_fuzz: seed " << o.seed << ", " << done << " iterations in " << total << " s ("
      << (total > 0 ? done / total : 0) << "/s, --jobs " << o.jobs << ")\n";
  for (const auto& [cls, n] : counts) {
    sum << "  " << cls << ": " << n << (is_finding(cls) ? "  (finding)" : "") << "\n";
    if (is_finding(cls)) nfind += n;
  }
  sum << "  max RSS: " << max_rss / 1024 << " MiB (iteration " << max_rss_it << "), max wall: " << max_wall
      << " s (iteration " << max_wall_it << ")\n";
  sum << "  findings: " << nfind << " runs, " << findings.size() << " distinct saved in " << o.out << "\n";
  for (const auto& [key, f] : findings)
    sum << "    " << f.cls << " x" << f.count << ": " << shown(f.line).substr(0, 140) << "\n      -> "
        << f.dir.string() << "\n";
  std::cout << sum.str();
  write_all(fs::path(o.out) / "summary.txt", sum.str());
  return findings.empty() ? 0 : 1;
}
