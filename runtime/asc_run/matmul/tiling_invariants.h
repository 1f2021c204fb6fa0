//===- tiling_invariants.h - The tiling ranges the analysis takes -*- C++
//-*-===//
//
// The ranges of TCubeTiling's fields that CANN documents and the static
// analysis relies on (lib/Dialect/Asc/Analysis/IntegerRanges.cpp,
// getTilingFieldRange; docs/TilingInvariants.md cites each one). A launch
// whose tiling breaks one describes a tiling CANN calls undefined, and a
// kernel the analysis accepted on these ranges could race on it. The Matmul
// object refuses a tiling it takes (Init, REGIST_MATMUL_OBJ with a tiling)
// that breaks one CANN's own Init asserts or the Matmul needs; the launcher
// refuses a host tiling it writes that breaks one of the others, which
// CANN's Init does not assert and a tiling built in the kernel may leave 0.
// Both name the field and the invariant (exit 2, a bad launch).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_RUN_MATMUL_TILING_INVARIANTS_H
#define ASC_RUN_MATMUL_TILING_INVARIANTS_H

#include "asc_run/core.h"
#include "kernel_tiling/kernel_tiling.h"

#include <cstdint>
#include <string>

namespace asc_run {

/// Where a documented lower bound of a TCubeTiling field is checked.
enum class TilingCheck {
  /// Every tiling the Matmul object takes: CANN's Init asserts it (the
  /// CPU-debug MatmulShapeTiling::NumericalValidCheck) or the Matmul's
  /// iteration counts divide by it.
  AtInit,
  /// The host tilings the launcher writes (the launch file's `tilings`):
  /// CANN's Init does not assert it, and a tiling built in the kernel
  /// (pyasc's TCubeTiling(...)) leaves it 0.
  HostOnly,
};

/// One documented lower bound of a TCubeTiling field.
struct TilingInvariant {
  const char *field;
  int32_t TCubeTiling::*member;
  int32_t min;
  const char *why; ///< what CANN's documentation says
  TilingCheck where;
};

/// The fields whose ranges the analysis takes from CANN's documentation
/// (`TCubeTiling结构体.md`, table 1 "TCubeTiling结构说明" and table 2
/// "TCubeTiling约束条件"), in the order they are checked.
inline const TilingInvariant (&tilingInvariants())[16] {
  static const TilingInvariant invariants[] = {
      {"singleCoreM", &TCubeTiling::singleCoreM, 1,
       "table 1: must be greater than 0", TilingCheck::AtInit},
      {"singleCoreN", &TCubeTiling::singleCoreN, 1,
       "table 1: must be greater than 0", TilingCheck::AtInit},
      {"singleCoreK", &TCubeTiling::singleCoreK, 1,
       "table 1: must be greater than 0", TilingCheck::AtInit},
      {"baseM", &TCubeTiling::baseM, 16,
       "table 2: baseM and baseN are aligned to 16 elements, and table 1: "
       "greater than 0",
       TilingCheck::AtInit},
      {"baseN", &TCubeTiling::baseN, 16,
       "table 2: baseM and baseN are aligned to 16 elements, and table 1: "
       "greater than 0",
       TilingCheck::AtInit},
      {"baseK", &TCubeTiling::baseK, 1, "table 1: must be greater than 0",
       TilingCheck::AtInit},
      {"M", &TCubeTiling::M, 1,
       "table 1: singleCoreM <= M, with singleCoreM > 0", TilingCheck::AtInit},
      {"N", &TCubeTiling::N, 1,
       "table 1: singleCoreN <= N, with singleCoreN > 0", TilingCheck::AtInit},
      {"Ka", &TCubeTiling::Ka, 1,
       "table 1: singleCoreK = K (K is not split across cores), with "
       "singleCoreK > 0",
       TilingCheck::AtInit},
      {"stepM", &TCubeTiling::stepM, 1, "table 1: must be greater than 0",
       TilingCheck::AtInit},
      {"stepN", &TCubeTiling::stepN, 1, "table 1: must be greater than 0",
       TilingCheck::AtInit},
      {"depthA1", &TCubeTiling::depthA1, 1, "table 1: must be greater than 0",
       TilingCheck::AtInit},
      {"depthB1", &TCubeTiling::depthB1, 1, "table 1: must be greater than 0",
       TilingCheck::AtInit},
      {"stepKa", &TCubeTiling::stepKa, 1, "table 1: must be greater than 0",
       TilingCheck::HostOnly},
      {"stepKb", &TCubeTiling::stepKb, 1, "table 1: must be greater than 0",
       TilingCheck::HostOnly},
      {"usedCoreNum", &TCubeTiling::usedCoreNum, 1,
       "table 1: in [1, the AI processor's core count]", TilingCheck::HostOnly},
  };
  return invariants;
}

/// The first invariant checked `where` that `tiling` breaks, or null.
inline const TilingInvariant *
findBrokenTilingInvariant(const TCubeTiling &tiling, TilingCheck where) {
  for (const TilingInvariant &inv : tilingInvariants())
    if (inv.where == where && tiling.*inv.member < inv.min)
      return &inv;
  return nullptr;
}

/// "has F = V, which breaks the invariant F >= MIN ...": what a refusal of
/// `tiling` for `inv` says.
inline std::string describeBrokenTilingInvariant(const TCubeTiling &tiling,
                                                 const TilingInvariant &inv) {
  return std::string("has ") + inv.field + " = " +
         std::to_string(tiling.*inv.member) + ", which breaks the invariant " +
         inv.field + " >= " + std::to_string(inv.min) +
         " that the static analysis relies on (CANN's TCubeTiling " + inv.why +
         "; docs/TilingInvariants.md)";
}

/// Refuses a tiling the Matmul object takes that breaks one of the
/// invariants checked at Init (the first in the table's order).
inline void checkTilingInvariants(const TCubeTiling &tiling, Loc loc) {
  if (const TilingInvariant *inv =
          findBrokenTilingInvariant(tiling, TilingCheck::AtInit))
    badInput(loc, "the Matmul object's tiling " +
                      describeBrokenTilingInvariant(tiling, *inv));
}

} // namespace asc_run

#endif // ASC_RUN_MATMUL_TILING_INVARIANTS_H
