//===- LoopTrips.h - how often the emitted program runs a loop --*- C++ -*-===//
//
// The paths the protocol analysis prunes are the ones the emitted Ascend C
// provably never takes: a loop whose constant bounds say it runs once has no
// back edge, one that never runs has no path into its body. The count is the
// C++ loop's, not the MLIR one's, where the two differ.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_LOOPTRIPS_H
#define ASC_DIALECT_ASC_ANALYSIS_LOOPTRIPS_H

#include "mlir/IR/Operation.h"

namespace mlir::asc {

/// What constants decide of how often a loop's body runs.
enum class LoopTrips {
  /// Nothing is proven: the body may run any number of times.
  Unknown,
  /// The body never runs.
  Zero,
  /// The body runs exactly once: there is no back edge.
  One,
  /// The body runs at least twice.
  Several,
};

/// How often the emitted program runs the body of `loop`. An scf.for becomes
/// a C++ `for` over its induction variable's type (iN as intN_t, index as
/// size_t: SCFToEmitC and the EmitC size_t conversion), so its trip count is
/// the C++ loop's: an int8_t or int16_t counter wraps around (126 + 3 is
/// -127, and the loop goes on), a size_t counter compares unsigned (an index
/// loop from -1 to 1 runs zero times), and a step past the range of a wider
/// type is undefined behaviour, which proves nothing. Other loops give their
/// static trip count.
LoopTrips getEmittedLoopTrips(Operation *loop);

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_LOOPTRIPS_H
