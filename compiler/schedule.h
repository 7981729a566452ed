// Pass: schedule. Decides, for the structured IR, which nodes are emitted
// inline at their single use and which are kept in a temporary, so that
// emitters never move a read past a write: a node is inlined only if it has one
// use in its own block and no local set or store between its definition and
// that use touches what its expression tree reads.
#pragma once
#include <vector>

#include "ir.h"

namespace awasmc {

struct Schedule {
  std::vector<uint32_t> uses;     // per node
  std::vector<uint8_t> inlined;   // per node: emitted at its use
};

Schedule schedule_function(const Function& f);

}  // namespace awasmc
