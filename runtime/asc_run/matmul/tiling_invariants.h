//===- tiling_invariants.h - The tiling ranges the analysis takes -*- C++
//-*-===//
//
// The ranges of TCubeTiling's fields that CANN documents and the static
// analysis relies on (lib/Dialect/Asc/Analysis/IntegerRanges.cpp,
// getTilingFieldRange; docs/TilingInvariants.md cites each one). A launch
// whose tiling breaks one describes a tiling CANN calls undefined, and a
// kernel the analysis accepted on these ranges could race on it: the Matmul
// object refuses it when it takes the tiling (Init, REGIST_MATMUL_OBJ with
// a tiling), naming the field and the invariant (exit 2, a bad launch).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_TILING_INVARIANTS_H
#define ASC_RUN_MATMUL_TILING_INVARIANTS_H

#include "asc_run/core.h"
#include "kernel_tiling/kernel_tiling.h"

#include <cstdint>
#include <string>

namespace asc_run {

/// One documented lower bound of a TCubeTiling field.
struct TilingInvariant {
  const char *field;
  int32_t TCubeTiling::*member;
  int32_t min;
  const char *why; ///< what CANN's documentation says
};

/// The fields whose ranges the analysis takes from CANN's documentation
/// (`TCubeTiling结构体.md`, table 1 "TCubeTiling结构说明" and table 2
/// "TCubeTiling约束条件"). depthA1, depthB1, stepM, stepN, stepKa, stepKb
/// and usedCoreNum have documented ranges too but are not checked here: the
/// suite's launches that set explicit fields leave them 0
/// (docs/TilingInvariants.md).
inline const TilingInvariant (&tilingInvariants())[9] {
  static const TilingInvariant invariants[] = {
      {"singleCoreM", &TCubeTiling::singleCoreM, 1,
       "table 1: must be greater than 0"},
      {"singleCoreN", &TCubeTiling::singleCoreN, 1,
       "table 1: must be greater than 0"},
      {"singleCoreK", &TCubeTiling::singleCoreK, 1,
       "table 1: must be greater than 0"},
      {"baseM", &TCubeTiling::baseM, 16,
       "table 2: baseM and baseN are aligned to 16 elements, and table 1: "
       "greater than 0"},
      {"baseN", &TCubeTiling::baseN, 16,
       "table 2: baseM and baseN are aligned to 16 elements, and table 1: "
       "greater than 0"},
      {"baseK", &TCubeTiling::baseK, 1, "table 1: must be greater than 0"},
      {"M", &TCubeTiling::M, 1,
       "table 1: singleCoreM <= M, with singleCoreM > 0"},
      {"N", &TCubeTiling::N, 1,
       "table 1: singleCoreN <= N, with singleCoreN > 0"},
      {"Ka", &TCubeTiling::Ka, 1,
       "table 1: singleCoreK = K (K is not split across cores), with "
       "singleCoreK > 0"},
  };
  return invariants;
}

/// Refuses a tiling that breaks one of the invariants (the first in the
/// table's order).
inline void checkTilingInvariants(const TCubeTiling &tiling, Loc loc) {
  for (const TilingInvariant &inv : tilingInvariants()) {
    int32_t value = tiling.*inv.member;
    if (value >= inv.min)
      continue;
    badInput(loc, std::string("the Matmul object's tiling has ") + inv.field +
                      " = " + std::to_string(value) +
                      ", which breaks the "
                      "invariant " +
                      inv.field + " >= " + std::to_string(inv.min) +
                      " that the static analysis relies on (CANN's "
                      "TCubeTiling " +
                      inv.why + "; docs/TilingInvariants.md)");
  }
}

} // namespace asc_run

#endif // ASC_RUN_MATMUL_TILING_INVARIANTS_H
