// Pins the constant tables of modules/sha2.js to their definitions in FIPS 180-4:
// K256/K512 are the first 32/64 bits of the fractional parts of the cube roots
// of the first 64/80 primes (§4.2.2, §4.2.3); the SHA-224/256/384/512 initial
// values are the fractional parts of square roots of primes (§5.3.2-§5.3.5:
// SHA-256 the first 8 primes, SHA-224 and SHA-384 the 9th to 16th, SHA-224 the
// second 32 bits of those 64-bit values). The roots are computed exactly, with
// integers: the first 64 fractional bits of p^(1/k) are the low 64 bits of the
// integer k-th root of p * 2^(64k). Plain integer arithmetic so that the test
// builds with any C++ compiler (no quad-precision library).
#include <doctest/doctest.h>

#include <array>
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

// An unsigned 256-bit integer, 32-bit limbs, least significant first. Enough for
// p * 2^192 with p < 2^9 and for the cube of a root below 2^67.
using Big = std::array<uint32_t, 8>;

Big mul(const Big& a, const Big& b) {
  Big out{};
  for (size_t i = 0; i < a.size(); i++) {
    uint64_t carry = 0;
    for (size_t j = 0; i + j < out.size(); j++) {
      uint64_t t = static_cast<uint64_t>(a[i]) * b[j] + out[i + j] + carry;
      out[i + j] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
  }
  return out;
}

bool less_equal(const Big& a, const Big& b) {
  for (size_t i = a.size(); i-- > 0;)
    if (a[i] != b[i]) return a[i] < b[i];
  return true;
}

// The first 64 bits of the fractional part of p^(1/k): y = floor((p * 2^(64k))^(1/k)),
// found bit by bit from the top (the root is below 2^72 for p < 2^9), then y mod 2^64.
uint64_t root_frac64(int p, int k) {
  Big target{};
  target[2 * k] = static_cast<uint32_t>(p);  // p * 2^(64k)
  Big y{};
  for (int bit = 71; bit >= 0; bit--) {
    Big c = y;
    c[bit / 32] |= 1u << (bit % 32);
    Big power = c;
    for (int i = 1; i < k; i++) power = mul(power, c);
    if (less_equal(power, target)) y = c;
  }
  return (static_cast<uint64_t>(y[1]) << 32) | y[0];
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
    uint64_t k = root_frac64(p[i], 3);
    CHECK(read<uint64_t>(mem, off("t_k512") + 8 * i) == k);
    if (i < 64) CHECK(read<uint32_t>(mem, off("t_k256") + 4 * i) == static_cast<uint32_t>(k >> 32));
  }
  for (int i = 0; i < 8; i++) {
    uint64_t h512 = root_frac64(p[i], 2);
    uint64_t h384 = root_frac64(p[8 + i], 2);
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
