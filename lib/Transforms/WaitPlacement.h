//===- WaitPlacement.h - the steps of wait placement ------------*- C++ -*-===//
//
// What the steps of --asc-sync-placement share (private to lib/Transforms):
// the pairing of every wait with the issues it completes, taken before
// anything moves, and the placer that hoists issues (HoistIssues.cpp), sinks
// waits (SinkWaits.cpp) and orders issues by need (OrderIssuesByNeed.cpp),
// driven by placeWaits (WaitPlacement.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_LIB_TRANSFORMS_WAITPLACEMENT_H
#define ASC_LIB_TRANSFORMS_WAITPLACEMENT_H

#include "asc/Dialect/Asc/Analysis/ProtocolChecker.h"
#include "asc/Dialect/Asc/Analysis/ProtocolRecheck.h"
#include "asc/Transforms/Transforms.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::asc::placement {

/// Why an operation stops a wait from sinking further.
enum class StopReason {
  None,
  UsesObject,
  AccessesOutput,
  WritesInput,
  UnknownEffects,
  EndOfBlock,
  /// A conflict nested in a region the wait cannot be split into (a loop,
  /// where it would run more than once, or a region op of unknown control
  /// flow).
  ConflictInUnsplitRegion,
  PublishesToOtherCores,
  /// It touches bytes that vector-core work before the issue's post
  /// touched, and only the wait orders it after that work (O8, O9).
  ReliesOnWaitOrdering,
};

/// The remark's words for `reason`.
StringRef describeStop(StopReason reason);

/// A wait and the issues it completes, as paired before anything moved: the
/// pending issues of its kind and the issues without a wait flag made
/// earlier through the same object value (its signal orders them too).
struct WaitPairing {
  MatmulWaitOpInterface wait;
  SmallVector<Operation *, 1> issues;
  /// What those issues read and write while they run: the checker's own
  /// copy of one issue's footprint, or `joinedFootprint` for several (a
  /// copy per wait was most of the pairing's time on large functions: the
  /// fresh memory's page faults).
  ArrayRef<ResolvedAccess> footprint;
  SmallVector<ResolvedAccess, 0> joinedFootprint;
  /// The vector core's own accesses the wait orders, each with the pipes
  /// (ProtocolState::pipeBit, the scalar unit left out: O2 orders it) it
  /// orders after it that nothing else had yet: what the issues' posts saw
  /// (O8). A later access of such a pipe to the same bytes relies on the
  /// wait, which must stay before it, and the issue must stay after the
  /// access (O9).
  SmallVector<std::pair<Operation *, uint8_t>, 0> ordersForPipes;
};

/// True when `op` hands a Matmul object that may be `matmul` to something
/// that may act on it.
bool usesObject(Operation *op, Value matmul);

/// True when `op` holds the vector core until the cube core has finished a
/// call: a wait, or a synchronous computation or fetch (the client's
/// WaitEvent / WaitMessage on the server's answer).
bool holdsVectorCoreOnCube(Operation *op);

/// The analyses placement works from, computed once on the input.
struct PlacementAnalyses {
  MatmulProtocolAnalysis &protocol;
  AscAliasAnalysis &aliases;
  ProtocolChecker checker;
};

/// Moves waits and issues of one function; one placer per placement.
class WaitPlacer {
public:
  WaitPlacer(RewriterBase &rewriter, const WaitPlacementOptions &options,
             WaitPlacementStats &stats)
      : rewriter(rewriter), options(options), stats(stats),
        remarksOn(options.emitRemarks) {}

  /// Pairs every wait with its issues; on the same walk, collects the
  /// reachable async issues and notes the input order for the re-check
  /// (WaitPlacement.cpp).
  SmallVector<WaitPairing, 2> pairWaits(func::FuncOp function,
                                        PlacementAnalyses &analyses,
                                        SmallVectorImpl<Operation *> &issues);
  /// Hoists `issue` up to its last dependency; true when it moved
  /// (HoistIssues.cpp).
  bool
  hoistIssue(Operation *issue, PlacementAnalyses &analyses,
             const DenseMap<Operation *, const WaitPairing *> &pairingOfWait);
  /// Sinks `wait` to right before the first op that conflicts with its
  /// issues, into the branches or successors where the conflicts are
  /// (SinkWaits.cpp).
  void sinkWait(Operation *wait, const WaitPairing &pairing,
                ProtocolChecker &checker);
  /// Orders the issues of every block of `issues` by need, hoisting and
  /// sinking again what that frees, until nothing moves
  /// (OrderIssuesByNeed.cpp).
  void orderIssuesAndResink(ArrayRef<Operation *> issues,
                            PlacementAnalyses &analyses);
  /// Notes which pairings complete each issue, for the hoist's edge to
  /// what the wait orders (HoistIssues.cpp). The pairings outlive the
  /// placer's steps.
  void notePairingsOfIssues(ArrayRef<WaitPairing> pairings) {
    for (const WaitPairing &pairing : pairings)
      for (Operation *issue : pairing.issues)
        pairingsOfIssue[issue].push_back(&pairing);
  }
  /// Emits the remarks recorded by the steps (WaitPlacement.cpp); the
  /// waits' ones only `withWaitRemarks` (a later round places them again).
  void emitPlacementRemarks(bool withWaitRemarks);
  /// Forgets the placed waits' pairings (they refer to the input).
  void forgetPairings() {
    pairingOfPlacedWait.clear();
    pairingsOfIssue.clear();
  }

  bool hasMoved() const { return moved; }
  /// Whether a wait was paired with an issue without a wait flag: which
  /// wait completes such an issue depends on where the others stand.
  bool pairsUnwaitedIssues() const { return completesUnwaited; }
  ReorderLog &getReorders() { return reorders; }

private:
  /// Whether `op`, above `issue`, is (or brings into its post's view) an
  /// access that one of the issue's waits is the only ordering of.
  bool isOrderedOnlyByWaitOf(Operation *issue, Operation *op);
  /// Whether one of `issue`'s waits was found to be the first ordering of
  /// some access for some pipe (WaitPairing::ordersForPipes).
  bool isFirstOrderingOfSomeAccess(Operation *issue) const;
  bool orderIssuesByNeed(Block &block, PlacementAnalyses &analyses,
                         SetVector<Operation *> &waitsToSinkAgain,
                         SetVector<Operation *> &issuesToHoistAgain);
  void remark(Operation *wait, ArrayRef<Operation *> issues, Operation *stop,
              StopReason reason);

  RewriterBase &rewriter;
  const WaitPlacementOptions &options;
  WaitPlacementStats &stats;

  /// Whether remark() records.
  bool remarksOn;

  /// Why each placed wait stands where it does, emitted once placement is
  /// done (a wait may sink again after the issues are ordered).
  struct WaitRemark {
    SmallVector<Operation *, 1> issues;
    Operation *stop;
    StopReason reason;
  };
  llvm::MapVector<Operation *, WaitRemark> waitRemarks;
  /// Each issue that step 6 moved and the last call it moved after: an
  /// issue may move in several rounds, and says so once.
  llvm::MapVector<Operation *, Operation *> issueOrderRemarks;

  /// The pairing of every wait sinkWait placed (a split wait's copies
  /// included), so that a wait whose stop moved away can sink again.
  DenseMap<Operation *, const WaitPairing *> pairingOfPlacedWait;

  /// Set when hoisting or sinking moved an op: only then is the result
  /// checked again.
  bool moved = false;
  /// Set when pairWaits paired a wait with an issue without a wait flag.
  bool completesUnwaited = false;
  /// What placement changed, for the incremental re-check.
  ReorderLog reorders;
  /// Per object value, the calls that copy their results into UB
  /// (hoistIssue's post edge): collected for every object in one walk of
  /// the function, on the first hoist.
  std::optional<DenseMap<Value, SmallVector<Operation *>>>
      copiesIntoUnifiedBuffer;
  /// The pairings that complete each issue (notePairingsOfIssues).
  DenseMap<Operation *, SmallVector<const WaitPairing *, 1>> pairingsOfIssue;
};

} // namespace mlir::asc::placement

#endif // ASC_LIB_TRANSFORMS_WAITPLACEMENT_H
