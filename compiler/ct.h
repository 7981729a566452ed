// Pass 2b, the constant-time check: no secret reaches a memory address, a branch, a runtime loop
// bound or an instruction whose time depends on its operands (docs/auditing.md, "The constant-time
// check"). Runs on every staged module, before any rewrite, so its errors point at kernel source.
#pragma once
#include <string>
#include <vector>

#include "ir.h"

namespace awasmc {

struct CtDeclassified {
  std::string function;
  SrcLoc loc;
  std::string reason;
};

// What the check looked at in one module (printed by `awasmc build`).
struct CtReport {
  int functions = 0;
  int secret_regions = 0, public_regions = 0, constant_regions = 0;
  int indexed = 0;   // loads and stores with a runtime index
  int branches = 0;  // runtime branches (when)
  int loops = 0;     // runtime loops (loop)
  int guarded = 0;   // selects, swizzles and 64-bit shifts by runtime amounts, whose form depends on the target
  std::vector<CtDeclassified> declassified;
};

// Throws CompileError at the first secret that reaches an address, a branch, a loop bound or a
// target-dependent form on a target that would make it a branch or a table lookup; else says what
// it checked.
CtReport check_constant_time(const Module& m);

}  // namespace awasmc
