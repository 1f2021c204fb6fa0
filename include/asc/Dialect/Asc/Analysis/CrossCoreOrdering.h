//===- CrossCoreOrdering.h - rule P8 and the cross-core hangs ---*- C++ -*-===//
//
// Which core each op of a kernel runs on (the `scf.if` branches on
// asc.is_aic / asc.is_aiv), and the checks that need it: a cube-driven
// Matmul object's accesses ordered with the vector cores' only by
// cross-core flags or SyncAll (rule P8, spec section 2c O6/O7), and the
// cross-core waits that never return (rule P5).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_CROSSCOREORDERING_H
#define ASC_DIALECT_ASC_ANALYSIS_CROSSCOREORDERING_H

#include "asc/Dialect/Asc/Analysis/InFlightConflicts.h"
#include "asc/Dialect/Asc/Analysis/ProtocolViolation.h"
#include "asc/Dialect/Asc/IR/AscOps.h"

namespace mlir::asc {

/// The cores an op runs on.
enum class CoreSide { Both, Cube, Vector, Neither };

/// The cores `op` runs on: the branches of enclosing `scf.if`s on
/// asc.is_aic / asc.is_aiv decide; outside them, every core.
CoreSide getCoreSide(Operation *op);

/// Checks rules P8 and P5's cross-core hangs on one kernel function.
class CrossCoreChecker {
public:
  CrossCoreChecker(Operation *function, InFlightConflicts &conflicts)
      : function(function), conflicts(conflicts) {}

  /// Puts every violation into `sink`; failure when there was one.
  LogicalResult check(ViolationSink &sink);

private:
  LogicalResult checkCubeDrivenAccesses(bool report);
  LogicalResult checkFlagsAreSet(bool report);
  /// Modes 0 and 1 (O6): a set every core of its mode must make, never on
  /// the cube core for mode 1.
  LogicalResult checkFlagModes(bool report);
  LogicalResult checkSyncAllJoins(bool report);
  LogicalResult checkServerSideCalls(bool report);
  /// L11 in a cube-only kernel: REGIST_MATMUL_OBJ returns on the vector
  /// cores, so vector-core work after a register both cores run is dead.
  LogicalResult checkVectorWorkAfterRegister(bool report);
  /// Whether `later` is ordered after `earlier`, which runs on the other
  /// side (the cube core when `earlierIsCubeIssue`), by a cross-core flag
  /// or a SyncAll<false> pair; `onOutput`: they conflict on the cube call's
  /// output, not only on its inputs.
  bool isOrderedAcrossCores(Operation *earlier, Operation *later,
                            bool earlierIsCubeIssue, bool onOutput);

  Operation *function;
  InFlightConflicts &conflicts;
  ViolationSink *sink = nullptr;
  /// The function's cross-core sets and waits and its SyncAll<false>s,
  /// collected once.
  SmallVector<CrossCoreSetFlagOp> sets;
  SmallVector<CrossCoreWaitFlagOp> waits;
  SmallVector<SyncAllOp> barriers;
};

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_CROSSCOREORDERING_H
