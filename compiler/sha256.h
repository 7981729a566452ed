// SHA-256 (FIPS 180-4) for the manifest's file hashes.
#pragma once
#include <string>

namespace awasmc {
std::string sha256_hex(const std::string& data);
}
