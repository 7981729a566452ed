// Pins the constant tables of modules/sha2.js to their definitions in FIPS 180-4:
// K256/K512 are the first 32/64 bits of the fractional parts of the cube roots
// of the first 64/80 primes (§4.2.2, §4.2.3); the SHA-224/256/384/512 initial
// values are the fractional parts of square roots of primes (§5.3.2-§5.3.5:
// SHA-256 the first 8 primes, SHA-224 and SHA-384 the 9th to 16th, SHA-224 the
// second 32 bits of those 64-bit values). The roots are computed in quad precision
// (113-bit mantissa), far more than the 64 bits needed.
#include <doctest/doctest.h>
#include <quadmath.h>

#include <cstring>

#include "interp.h"
#include "stage.h"

using namespace awasmc;

namespace {

std::vector<int> primes(int n) {
  std::vector<int> p;
  for (int k = 2; static_cast<int>(p.size()) < n; k++) {
    bool prime = true;
    for (int d : p)
      if (k % d == 0) prime = false;
    if (prime) p.push_back(k);
  }
  return p;
}

uint64_t frac64(__float128 x) {
  __float128 f = x - floorq(x);
  return static_cast<uint64_t>(ldexpq(f, 64) - (ldexpq(f, 64) >= ldexpq(1, 64) ? ldexpq(1, 64) : 0));
}

template <class T>
T read(const std::vector<uint8_t>& mem, size_t off) {
  T v;
  std::memcpy(&v, &mem[off], sizeof v);
  return v;
}

}  // namespace

TEST_CASE("SHA-2 tables in modules/sha2.js match their FIPS 180-4 definitions") {
  SourceSet sources;
  Module m = stage_module(AWASMC_SOURCE_DIR, "tests/unit/kernels/sha2_tables.js", sources);
  std::vector<uint8_t> mem(m.memory_bytes);
  interpret(m.functions.at(0), mem, {});
  auto off = [&](const char* name) {
    for (const Region& r : m.regions)
      if (r.name == name) return static_cast<size_t>(r.offset);
    FAIL("no region");
    return size_t{0};
  };
  std::vector<int> p = primes(80);
  for (int i = 0; i < 80; i++) {
    uint64_t k = frac64(cbrtq(static_cast<__float128>(p[i])));
    CHECK(read<uint64_t>(mem, off("t_k512") + 8 * i) == k);
    if (i < 64) CHECK(read<uint32_t>(mem, off("t_k256") + 4 * i) == static_cast<uint32_t>(k >> 32));
  }
  for (int i = 0; i < 8; i++) {
    uint64_t h512 = frac64(sqrtq(static_cast<__float128>(p[i])));
    uint64_t h384 = frac64(sqrtq(static_cast<__float128>(p[8 + i])));
    CHECK(read<uint32_t>(mem, off("t_iv32") + 4 * (8 + i)) == static_cast<uint32_t>(h512 >> 32));  // SHA-256
    CHECK(read<uint32_t>(mem, off("t_iv32") + 4 * i) == static_cast<uint32_t>(h384));              // SHA-224
    CHECK(read<uint64_t>(mem, off("t_iv64") + 8 * i) == h384);                                     // SHA-384
    CHECK(read<uint64_t>(mem, off("t_iv64") + 8 * (8 + i)) == h512);                               // SHA-512
  }
}

TEST_CASE("SHA-512/224 and SHA-512/256 initial values follow the SHA-512/t recipe (FIPS 180-4 §5.3.6)") {
  // IV(t) = SHA-512 with IV'' = IV(SHA-512) xor a5a5...a5 applied to the string "SHA-512/t".
  SourceSet sources;
  Module tables = stage_module(AWASMC_SOURCE_DIR, "tests/unit/kernels/sha2_tables.js", sources);
  Module sha2 = stage_module(AWASMC_SOURCE_DIR, "modules/sha2.js", sources);
  std::vector<uint8_t> tmem(tables.memory_bytes);
  interpret(tables.functions.at(0), tmem, {});
  size_t iv64 = 0, state = 0, block = 0, out = 0;
  for (const Region& r : tables.regions)
    if (r.name == "t_iv64") iv64 = r.offset;
  for (const Region& r : sha2.regions) {
    if (r.name == "state") state = r.offset;
    if (r.name == "block") block = r.offset;
    if (r.name == "out") out = r.offset;
  }
  auto fn = [&](const char* name) -> const Function& {
    for (const Function& f : sha2.functions)
      if (f.name == name) return f;
    FAIL("no function");
    return sha2.functions.front();
  };
  for (int t : {224, 256}) {
    std::vector<uint8_t> mem(sha2.memory_bytes);
    interpret(fn("sha512_init"), mem, {});
    for (int i = 0; i < 64; i++) mem[state + i] ^= 0xa5;
    std::string msg = "SHA-512/" + std::to_string(t);
    std::memcpy(&mem[block], msg.data(), msg.size());
    mem[block + msg.size()] = 0x80;
    mem[block + 127] = static_cast<uint8_t>(msg.size() * 8);
    interpret(fn("sha512_compress"), mem, {1});
    interpret(fn("sha512_output"), mem, {});
    for (int i = 0; i < 8; i++) {
      uint64_t be = 0;
      for (int k = 0; k < 8; k++) be = (be << 8) | mem[out + 8 * i + k];
      INFO("SHA-512/" << t << " word " << i);
      CHECK(read<uint64_t>(tmem, iv64 + 8 * ((t == 224 ? 16 : 24) + i)) == be);
    }
  }
}
