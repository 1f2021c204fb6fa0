//===- OrderingPath.h - the kernel's own orderings along a path -*- C++ -*-===//
//
// Transforms that move a post or a wait drop the edge it gave (spec
// section 2c, O8, O9) unless the kernel orders the pair itself: the
// pipeliner (PipelineStages.cpp) and the Iterate-loop promotion
// (PromoteIterateLoops.cpp) ask this of the pairs they find.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_LIB_TRANSFORMS_ORDERINGPATH_H
#define ASC_LIB_TRANSFORMS_ORDERINGPATH_H

#include "asc/Dialect/Asc/Analysis/AliasAnalysis.h"
#include "asc/Dialect/Asc/Analysis/ProtocolTransfer.h"

namespace mlir::asc {

/// Follows the vector core's own orderings (flags, barriers, queue
/// hand-offs, the Matmul calls `counts` accepts: section 2c) along a path
/// to an access `y`, from the state where the access `x` was made, and
/// says whether the path orders `y`'s pipe after `x`. Ops holding a region
/// count for nothing (they may run no trip), except those holding `y`,
/// whose ops before it on the way down run before it; a path that meets
/// `x` again orders nothing.
class OrderingPath {
public:
  OrderingPath(const ProtocolState &start, Operation *x,
               function_ref<bool(Operation *)> counts)
      : state(start), x(x), counts(counts) {}

  /// Follows the ops from `from` to the end of its block (the terminator
  /// left out).
  void followToEnd(Operation *from);

  /// Follows the ops from `from` to `y`, which `from`'s block holds after
  /// it (nested or not), and says whether `y`'s `pipe` is then ordered
  /// after `x`.
  bool ordersBefore(Operation *from, Operation *y, PipeKind pipe);

private:
  void follow(Operation *op);

  ProtocolState state;
  Operation *x;
  function_ref<bool(Operation *)> counts;
  bool metX = false;
};

/// True when two accesses may touch one byte of global memory (or memory
/// of no known space), one of them writing: the pairs the transforms look
/// for themselves, which the own-access check of section 2c leaves to
/// asc-run (a tiled kernel's GM extents hang on the tiling).
inline bool mayConflictInGlobalMemory(AscAliasAnalysis &aliases,
                                      const ResolvedAccess &first,
                                      const ResolvedAccess &second) {
  return (first.isWrite() || second.isWrite()) &&
         first.location.base.space != Provenance::Space::Local &&
         second.location.base.space != Provenance::Space::Local &&
         !aliases.alias(first.location, second.location).isNo();
}

} // namespace mlir::asc

#endif // ASC_LIB_TRANSFORMS_ORDERINGPATH_H
