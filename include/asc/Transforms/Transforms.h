//===- Transforms.h - asc rewrite entry points ------------------*- C++ -*-===//
//
// The transformations behind the asc passes, one per file in lib/Transforms,
// each an entry point that takes a RewriterBase (as upstream SCF's
// upliftWhileToForLoop and pipelineForLoop do). The passes in Passes.h are
// thin drivers over them.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_TRANSFORMS_TRANSFORMS_H
#define ASC_TRANSFORMS_TRANSFORMS_H

#include "asc/Dialect/Asc/IR/AscInterfaces.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Support/LLVM.h"

namespace mlir::asc {

class AscAliasAnalysis;
class MatmulProtocolAnalysis;

/// Creates the wait that completes `issue`, right after it.
Operation *createWaitAfter(RewriterBase &rewriter,
                           MatmulAsyncIssueOpInterface issue);

/// Makes every promotable synchronous GM call of `function` async, with its
/// wait right after it (promote-sync, PromoteSyncIssues.cpp). The number
/// promoted; failure when there was none.
FailureOr<unsigned> promoteSyncIssues(RewriterBase &rewriter,
                                      func::FuncOp function);

/// Promotes the synchronous `while (mm.Iterate())` loops of `function` to
/// CANN's documented async form, each as a trial that is backed out when
/// the result breaks the protocol; a remark says why a loop is not
/// promoted (promote-sync, PromoteIterateLoops.cpp). The number promoted;
/// failure when the function was not touched (a backed-out trial touches
/// it: the body is then a copy of the input).
FailureOr<unsigned> promoteIterateLoops(RewriterBase &rewriter,
                                        func::FuncOp function);

/// Gives every async issue that no wait completes on any path its wait,
/// right after it, with a remark (repair-missing-waits,
/// RepairMissingWaits.cpp). The number inserted; failure when none was.
FailureOr<unsigned> repairMissingWaits(RewriterBase &rewriter,
                                       func::FuncOp function);

/// How placeWaits works.
struct WaitPlacementOptions {
  /// Hoist async issues and order them by need (hoist-issues).
  bool hoistIssues = true;
  /// A remark for every placed wait and ordered issue.
  bool emitRemarks = false;
  /// Re-check only the reordered ops where that proves the result.
  bool incrementalRecheck = true;
};

/// What placeWaits did, for the pass statistics.
struct WaitPlacementStats {
  /// True when an op moved (or a wait was split).
  bool moved = false;
  unsigned numIssuesHoisted = 0;
  unsigned numIssuesOrdered = 0;
  unsigned numWaitsMoved = 0;
  unsigned numIncrementalRechecks = 0;
  unsigned numFullRechecks = 0;
  /// Rounds after the first that moved something (placeWaits).
  unsigned numExtraRounds = 0;
};

/// Checks the protocol on `function`, then hoists its async issues, sinks
/// its waits and orders neighbouring issues by need, and re-checks the
/// result when anything moved (--asc-sync-placement, WaitPlacement.cpp with
/// HoistIssues.cpp, SinkWaits.cpp and OrderIssuesByNeed.cpp). `protocol`
/// and `aliases` are analyses of the function as it is (the pass manager's)
/// or null: then placement computes its own, and re-checks even when
/// nothing moved. `releaseInputAnalyses` is called once placement no longer
/// needs the input's analyses (before the re-check builds its own). Failure
/// when the input or the result breaks the protocol (reported).
LogicalResult placeWaits(RewriterBase &rewriter, func::FuncOp function,
                         const WaitPlacementOptions &options,
                         MatmulProtocolAnalysis *protocol,
                         AscAliasAnalysis *aliases,
                         function_ref<void()> releaseInputAnalyses,
                         WaitPlacementStats &stats);

/// Software-pipelines the scf.for loops of `function` that issue async
/// Matmul work and wait for it in the same iteration
/// (--asc-pipeline-loops, PipelineLoops.cpp over the schedule and the
/// expander of PipelineSchedule.h, with PipelineStages.cpp,
/// PipelineVersioning.cpp and PipelineTwoObjects.cpp); with `emitRemarks`,
/// a remark per candidate loop. The number of loops rotated; failure when
/// none was (or the input breaks the protocol, so that nothing was tried).
FailureOr<unsigned> pipelineLoops(RewriterBase &rewriter, func::FuncOp function,
                                  bool emitRemarks);

} // namespace mlir::asc

#endif // ASC_TRANSFORMS_TRANSFORMS_H
