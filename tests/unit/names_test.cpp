// The naming rule and the escapers of compiler/names.h: hostile strings give
// exactly the expected escaped text; node reads every escaped literal back as
// the original string (and a comment stays one line); the manifest and the
// shared target layout escape what they are given; the emit stage refuses a
// module whose names got past the stager.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "driver.h"
#include "emit.h"
#include "names.h"
#include "run_command.h"

using namespace awasmc;
namespace fs = std::filesystem;

namespace {

const std::string kInjection = "x'); globalThis.pwned = 1; ('";
const std::string kLs = "\xe2\x80\xa8", kPs = "\xe2\x80\xa9";  // U+2028, U+2029
const std::string kEmoji = "\xf0\x9f\x98\x80";                 // U+1F600

// Runs a node program; returns its stdout, or "<node failed>" when it exits non-zero.
std::string node(const std::string& program) {
  fs::path file = fs::temp_directory_path() / ("awasmc-names-" + std::to_string(::getpid()) + ".mjs");
  std::ofstream(file, std::ios::binary) << program;
  CommandResult r = run_command("node " + file.string() + " 2>/dev/null");
  REQUIRE(r.started);
  fs::remove(file);
  return r.code == 0 ? r.out : "<node failed>";
}

bool have_node() { return std::system("node --version >/dev/null 2>&1") == 0; }

}  // namespace

TEST_CASE("naming rule: plain names, and what functions may not be called") {
  for (const char* ok : {"a", "_", "sha256_compress", "H0", "blake_common", "__x", "functions", "regions"}) {
    CHECK_MESSAGE(is_plain_name(ok), ok);
    CHECK_MESSAGE(name_problem(ok, NameKind::Function).empty(), ok);
  }
  for (std::string bad : {"", "1a", "a-b", "a b", "$f", "a.b", "a'b", "a\"b", "a\\b", "a\nb", "gr\xc3\xb6\xc3\x9f" "e", "a\xe2\x80\xa8"})
    for (NameKind k : {NameKind::Region, NameKind::Function, NameKind::Module}) CHECK_MESSAGE(!name_problem(bad, k).empty(), js_string(bad));
  CHECK(name_problem("", NameKind::Region) == "is empty");
  for (const char* reserved : {"if", "delete", "class", "let", "yield", "await", "eval", "arguments", "enum", "static"}) {
    CHECK(name_problem(reserved, NameKind::Function).find("reserved word") != std::string::npos);
    CHECK(name_problem(reserved, NameKind::Region).empty());  // regions are only ever strings
  }
  for (const char* used : {"M8", "M16", "M32", "buffer", "memoryBytes", "memory", "Math", "Int32Array", "atob"})
    CHECK(name_problem(used, NameKind::Function).find("generated code") != std::string::npos);
  CHECK(!name_problem("X_sha256", NameKind::Function).empty());
  CHECK(!name_problem("f_part0", NameKind::Function).empty());
  CHECK(!name_problem("f_part12", NameKind::Function).empty());
  CHECK(name_problem("f_part", NameKind::Function).empty());
  CHECK(name_problem("f_partial", NameKind::Function).empty());
  CHECK(!name_problem("__proto__", NameKind::Region).empty());
  CHECK(name_problem("__proto__", NameKind::Module).empty());
}

TEST_CASE("js_string: hostile strings give exactly this literal") {
  CHECK(js_string("state") == "'state'");
  CHECK(js_string("") == "''");
  CHECK(js_string(kInjection) == "'x\\'); globalThis.pwned = 1; (\\''");
  CHECK(js_string("a\"b\\c") == "'a\\\"b\\\\c'");
  CHECK(js_string(std::string("\n\r\t\x01\x1f\x7f", 6) + std::string(1, '\0') + "1") == "'\\n\\r\\t\\x01\\x1f\\x7f\\x001'");
  CHECK(js_string(kLs + kPs) == "'\\u2028\\u2029'");
  CHECK(js_string("caf\xc3\xa9") == "'caf\\u00e9'");
  CHECK(js_string(kEmoji) == "'\\ud83d\\ude00'");
  // Not UTF-8: a lone continuation byte, a truncated sequence, an overlong '/', a surrogate, > U+10FFFF.
  CHECK(js_string("\x80") == "'\\x80'");
  CHECK(js_string("\xe2\x80") == "'\\xe2\\x80'");
  CHECK(js_string("\xc0\xaf") == "'\\xc0\\xaf'");
  CHECK(js_string("\xed\xa0\x80") == "'\\xed\\xa0\\x80'");
  CHECK(js_string("\xf4\x90\x80\x80") == "'\\xf4\\x90\\x80\\x80'");
  CHECK(js_string("</script>") == "'</script>'");
}

TEST_CASE("js_comment: no line terminator survives") {
  CHECK(js_comment("modules/sha2.js:12") == "modules/sha2.js:12");
  CHECK(js_comment("modules/a\nb.js") == "modules/a\\nb.js");
  CHECK(js_comment("a\r\nb") == "a\\r\\nb");
  CHECK(js_comment("a" + kLs + "b" + kPs) == "a\\u2028b\\u2029");
  CHECK(js_comment("a\\nb") == "a\\\\nb");  // a real backslash stays distinguishable from an escape
  CHECK(js_comment("caf\xc3\xa9\tx") == "caf\xc3\xa9\tx");
  CHECK(js_comment(std::string("\x01\x0b\x0c\x7f", 4)) == "\\x01\\x0b\\x0c\\x7f");
  CHECK(js_comment("\xff\xe2\x80") == "\\xff\\xe2\\x80");
  CHECK(js_comment("'quotes' \"stay\" */") == "'quotes' \"stay\" */");
}

TEST_CASE("json_string: hostile strings give exactly this JSON") {
  CHECK(json_string("targets/js/sha2.js") == "\"targets/js/sha2.js\"");
  CHECK(json_string("a\"b\\c") == "\"a\\\"b\\\\c\"");
  CHECK(json_string("\n\r\t\b\f\x01\x7f") == "\"\\n\\r\\t\\b\\f\\u0001\\u007f\"");
  CHECK(json_string("caf\xc3\xa9" + kLs) == "\"caf\\u00e9\\u2028\"");
  CHECK(json_string(kEmoji) == "\"\\ud83d\\ude00\"");
  CHECK(json_string("\xff") == "\"\\u00ff\"");
  CHECK(json_string("it's") == "\"it's\"");
}

TEST_CASE("node reads every escaped literal back as the original string") {
  if (!have_node()) {
    MESSAGE("node not found: skipped");
    return;
  }
  const std::vector<std::string> hostile = {
      kInjection, "a\"b\\c", "line\nbreak\r\n", kLs + kPs, "caf\xc3\xa9 " + kEmoji, std::string("nul\0x", 5), "\x01\x1f\x7f",
      "${x}`", "</script><!--", "\\u0041",
  };
  // Each string goes out as a JS literal and as JSON; node writes both back as UTF-8 hex.
  std::string program = "const out = [];\n";
  std::string expected;
  for (const std::string& s : hostile) {
    program += "// " + js_comment(s) + "\n";  // a comment that broke its line would be a syntax error
    program += "out.push(Buffer.from(" + js_string(s) + ").toString('hex'));\n";
    program += "out.push(Buffer.from(JSON.parse(" + js_string(json_string(s)) + ")).toString('hex'));\n";
    std::string hex;
    for (unsigned char c : s) {
      char b[3];
      std::snprintf(b, sizeof b, "%02x", c);
      hex += b;
    }
    expected += hex + "\n" + hex + "\n";
  }
  program += "process.stdout.write(out.map((x) => x + '\\n').join(''));\n";
  CHECK(node(program) == expected);
}

TEST_CASE("manifest: every path is a JSON string") {
  std::string m = manifest_json({{"js/a\"b\\c\n.js", "x"}, {"js/sha2.js", "y"}});
  CHECK(m.find("\"targets/js/a\\\"b\\\\c\\n.js\": \"") != std::string::npos);
  CHECK(m.find("\"targets/js/sha2.js\": \"") != std::string::npos);
  if (have_node()) CHECK(node("JSON.parse(" + js_string(m) + "); process.stdout.write('ok');") == "ok");
}

TEST_CASE("a module whose names got past the stager is escaped by wrap and refused by emit") {
  Module m;
  m.name = "hostile";
  m.source = "modules/a\nb.js";
  m.regions.push_back({kInjection, 0, 16, {}});
  m.regions.push_back({"k", 16, 4, std::string("\1\2\3\4", 4)});
  std::string header = target_header(m, Target::Js);
  CHECK(header.find("from modules/a\\nb.js for the js target.\n") != std::string::npos);
  std::string layout = target_layout(m);
  CHECK(layout.find("  'x\\'); globalThis.pwned = 1; (\\'': region0,") != std::string::npos);
  if (have_node()) {
    std::string mod = header + layout + "function link() {}\nexport const check = Object.keys(regions).join('|') + (globalThis.pwned ?? '');";
    CHECK(node(mod + "\nprocess.stdout.write(check);") == kInjection + "|k");
  }
  CHECK_THROWS_AS(emit_target(m, Target::Js, SourceSet{}), CompileError);
  Function f;
  f.name = "delete";
  Module g;
  g.functions.push_back(f);
  CHECK_THROWS_WITH_AS(emit_target(g, Target::Runtime, SourceSet{}), doctest::Contains("reserved word"), CompileError);
}
