//===- SyncPlacement.cpp - --asc-sync-placement ---------------------------===//
//
// The pass: with its options, promotes synchronous calls and Iterate loops
// (PromoteSyncIssues.cpp, PromoteIterateLoops.cpp), repairs missing waits
// (RepairMissingWaits.cpp), places waits and issues (WaitPlacement.cpp) and
// pipelines loops between two placements (PipelineLoops.cpp).
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/AliasAnalysis.h"
#include "asc/Transforms/Passes.h"
#include "asc/Transforms/Transforms.h"

namespace mlir::asc {
#define GEN_PASS_DEF_ASCSYNCPLACEMENT
#include "asc/Transforms/Passes.h.inc"
} // namespace mlir::asc

using namespace mlir;
using namespace mlir::asc;

namespace {

struct AscSyncPlacementPass
    : public asc::impl::AscSyncPlacementBase<AscSyncPlacementPass> {
  using AscSyncPlacementBase::AscSyncPlacementBase;

  void runOnOperation() override;

private:
  /// Places the waits with the pass's options; `changed` says the input is
  /// not what the cached analyses saw. Sets `moved`.
  LogicalResult place(RewriterBase &rewriter, bool changed, bool remarks);

  /// Set when the last placement moved an op.
  bool moved = false;
};

} // namespace

LogicalResult AscSyncPlacementPass::place(RewriterBase &rewriter, bool changed,
                                          bool remarks) {
  WaitPlacementOptions options;
  options.hoistIssues = hoistIssues;
  options.emitRemarks = remarks;
  options.incrementalRecheck = incrementalRecheck;
  // The analyses of the input, shared with an earlier --asc-verify-sync
  // when nothing changed since.
  MatmulProtocolAnalysis *protocol = nullptr;
  AscAliasAnalysis *aliases = nullptr;
  if (!changed) {
    protocol = &getAnalysis<MatmulProtocolAnalysis>();
    aliases = &getAnalysis<AscAliasAnalysis>();
  }
  WaitPlacementStats stats;
  LogicalResult placed = placeWaits(
      rewriter, getOperation(), options, protocol, aliases,
      [&] {
        getAnalysisManager().invalidate(mlir::detail::PreservedAnalyses());
      },
      stats);
  moved = stats.moved;
  numIssuesHoisted += stats.numIssuesHoisted;
  numIssuesOrdered += stats.numIssuesOrdered;
  numWaitsMoved += stats.numWaitsMoved;
  numIncrementalRechecks += stats.numIncrementalRechecks;
  numFullRechecks += stats.numFullRechecks;
  numExtraRounds += stats.numExtraRounds;
  return placed;
}

void AscSyncPlacementPass::runOnOperation() {
  func::FuncOp function = getOperation();
  IRRewriter rewriter(function.getContext());
  bool changed = false;
  if (promoteSync) {
    FailureOr<unsigned> issues = promoteSyncIssues(rewriter, function);
    if (succeeded(issues))
      numIssuesPromoted += *issues;
    FailureOr<unsigned> loops = promoteIterateLoops(rewriter, function);
    if (succeeded(loops))
      numLoopsPromoted += *loops;
    changed |= succeeded(issues) || succeeded(loops);
  }
  if (repairMissingWaits) {
    FailureOr<unsigned> repaired = asc::repairMissingWaits(rewriter, function);
    if (succeeded(repaired))
      numWaitsRepaired += *repaired;
    changed |= succeeded(repaired);
  }

  // With pipeline-loops: place, rotate the loops the placed code makes
  // rotatable (a wait sunk past the work that does not need the output),
  // then place again, the rotated loops like any code. Rotated loops are
  // no candidates any more, so a second run changes nothing. The remarks
  // come from the last placement only.
  if (failed(place(rewriter, changed, emitRemarks && !pipelineLoops)))
    return signalPassFailure();
  if (pipelineLoops) {
    bool rotated =
        succeeded(asc::pipelineLoops(rewriter, function, emitRemarks));
    changed |= moved || rotated;
    moved = false;
    if ((rotated || emitRemarks) &&
        failed(place(rewriter, /*changed=*/true, emitRemarks)))
      return signalPassFailure();
  }
  if (!moved && !changed)
    markAllAnalysesPreserved();
}
