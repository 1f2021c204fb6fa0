//===- ProtocolChecker.h - rules P1-P7 on the protocol states ---*- C++ -*-===//
//
// The checker behind --asc-verify-sync: turns the states of a
// MatmulProtocolAnalysis into diagnostics for rules P1-P7 (docs/Protocol.md),
// resolving memory through the alias analysis.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_ANALYSIS_PROTOCOLCHECKER_H
#define ASC_DIALECT_ASC_ANALYSIS_PROTOCOLCHECKER_H

#include "asc/Dialect/Asc/Analysis/InFlightConflicts.h"
#include "asc/Dialect/Asc/Analysis/ProtocolAnalysis.h"
#include "asc/Dialect/Asc/Analysis/ProtocolViolation.h"

namespace mlir::asc {

/// Checks rules P1-P7 on the states of a MatmulProtocolAnalysis.
class ProtocolChecker {
public:
  ProtocolChecker(MatmulProtocolAnalysis &protocol, AscAliasAnalysis &aliases)
      : protocol(protocol), aliases(aliases), conflicts(aliases) {}

  /// An access of a unified-buffer tensor, resolved, with the tensor it
  /// goes through.
  struct LocalPipeAccess {
    ResolvedAccess access;
    Value tensor;
  };

  /// Checks every reachable operation; with `reportErrors`, emits every
  /// violation as an error with notes. Failure when there was any.
  LogicalResult check(bool reportErrors = true);
  /// The same, each violation into `sink` (ProtocolViolation.h).
  LogicalResult check(ViolationSink &sink);
  /// Checks every reachable operation without emitting anything; the first
  /// violation (in the order check() reports them), if any. One run.
  std::optional<ProtocolViolation> findFirstViolation();
  /// The same for the ops [`begin`, `end`) of one run only, from `entry`,
  /// the state before `begin` (the incremental re-check of
  /// ProtocolRecheck.h).
  LogicalResult checkRange(Block::iterator begin, Block::iterator end,
                           const ProtocolState &entry,
                           bool reportErrors = true);

  /// The in-flight footprints and the rule P3 conflict test the checker
  /// uses, for the passes that must keep what it checks.
  InFlightConflicts &getConflicts() { return conflicts; }
  /// Whether `op`'s unified-buffer accesses and `copy`'s (a Matmul call's
  /// copy into UB, or its UB input) may touch the same bytes, one writing,
  /// as rules P7 and P6d compare an earlier pipe access with a copy.
  bool mayOverlapInUnifiedBuffer(Operation *op, Operation *copy);

private:
  /// Every rule at `op`, each by the check named after its rule below
  /// (checkP<n>..., the rules of docs/Protocol.md section 4), in the order
  /// their diagnostics come out: that order decides which violation a
  /// trial reports first, so the checks of one rule are not grouped.
  LogicalResult checkOperation(Operation *op, const ProtocolState &state,
                               InFlightIndex &index, bool report);
  /// The rules at a wait, in this order: P1 (it completes only issues of
  /// its kind), and where some path reaches it with nothing pending, P5
  /// (it does not wait for a signal that never comes) or else P2.
  LogicalResult checkWait(MatmulWaitOpInterface wait,
                          ArrayRef<Operation *> pending,
                          ArrayRef<Operation *> idle,
                          const ProtocolState &state, bool report);
  /// Rule P1 at a wait: it completes only issues of its kind.
  LogicalResult checkP1WaitCompletesItsKind(MatmulWaitOpInterface wait,
                                            ArrayRef<Operation *> pending,
                                            bool report);
  /// Rule P5 at a wait: some issue it waits for signals.
  LogicalResult checkP5WaitIsSignalled(MatmulWaitOpInterface wait,
                                       const ProtocolState &state, bool report);
  /// Rule P2: something is pending on every path to the wait (`idle`: the
  /// events of the paths where nothing is).
  LogicalResult checkP2SomethingPending(MatmulWaitOpInterface wait,
                                        ArrayRef<Operation *> idle,
                                        bool report);
  /// Rule P1: nothing but a wait touches an object with `pending` issues.
  LogicalResult checkP1NoUseWhilePending(Operation *op, MatmulUseKind kind,
                                         ArrayRef<Operation *> pending,
                                         bool report);
  /// Rule P1: a declaration reached again does not drop pending work.
  LogicalResult
  checkP1NoRedeclarationWhilePending(MatmulObjectUseOpInterface objectUser,
                                     const ProtocolState &state, bool report);
  /// Rule P1: the kernel does not return with waitable work pending.
  LogicalResult checkP1NoReturnWhilePending(Operation *op,
                                            const ProtocolState &state,
                                            bool report);
  /// Rule P3: `op`'s `accesses` do not race with in-flight `issue`.
  LogicalResult checkP3NoRaceWithCube(Operation *op,
                                      MatmulOpInterface matmulUse,
                                      ArrayRef<ResolvedAccess> accesses,
                                      Operation *issue, bool unwaited,
                                      bool report);
  /// Rule P6: every computation carries new inputs; nothing staged is lost.
  LogicalResult checkP6StagedMessage(MatmulOpInterface use,
                                     const ProtocolState &state, bool report);
  /// Rule P5 at GetBatchTensorC: the per-loop signals it takes come.
  LogicalResult checkP5FetchSignalComes(MatmulOpInterface use,
                                        const ProtocolState &state,
                                        bool report);
  /// Rule P1 for calls whose results fetches take: every fetch first.
  LogicalResult checkP1FetchesDone(MatmulOpInterface use,
                                   const ProtocolState &state, bool report);
  /// Rule P1: an async Iterate's blocks are fetched asynchronously.
  LogicalResult checkP1FetchOfAsyncIterate(MatmulOpInterface use,
                                           const ProtocolState &state,
                                           bool report);
  /// Rule P6c: no setter the client checks while an async Iterate's blocks
  /// are fetched.
  LogicalResult checkP6cSetterDuringAsyncIterate(MatmulOpInterface use,
                                                 const ProtocolState &state,
                                                 bool report);
  /// Rules P7 (before the fetch) and P6d: a Matmul call's copy into or
  /// out of UB comes after every earlier access of those bytes its pipe
  /// must wait for.
  LogicalResult checkP7CopyAfterPipeAccesses(MatmulOpInterface use,
                                             const ProtocolState &state,
                                             bool report);
  /// The local-memory accesses of `op` that a recorded pipe access stands
  /// Section 2c (O1-O5) between the vector core's own accesses: an access
  /// of UB by V, MTE2 or MTE3 comes after every earlier access of another
  /// pipe (or an earlier copy of its own, O1) that may touch the same
  /// bytes, one of the two writing, by an ordering. The pairs asc-run's
  /// pipe checker compares; a Matmul call's copy is P6d's and P7's.
  LogicalResult checkOwnAccessesOrdered(Operation *op,
                                        const ProtocolState &state,
                                        bool report);
  /// Whether `earlier`'s and `later`'s accesses of UB through one traced
  /// root may touch the same bytes, one writing.
  bool mayConflict(Operation *earlier, Operation *later);
  /// for: a Matmul call's copy into UB or its UB input, another op's own.
  void getLocalPipeAccesses(Operation *op,
                            SmallVectorImpl<LocalPipeAccess> &accesses);
  /// Rule P7: a fetched block is ordered before another pipe touches it.
  LogicalResult checkP7FetchedBlockPipes(Operation *op,
                                         const ProtocolState &state,
                                         ArrayRef<ResolvedAccess> accesses,
                                         bool report);
  MatmulProtocolAnalysis &protocol;
  AscAliasAnalysis &aliases;
  InFlightConflicts conflicts;
  /// Where the running check puts its violations.
  ViolationSink *sink = nullptr;
};

/// Checks rules P1-P8 on `function` with analyses of its own; the first
/// violation, if any, emitted nowhere. The one check of the transforms'
/// trials (ProtocolTrial.h).
std::optional<ProtocolViolation> findProtocolViolation(Operation *function);

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_PROTOCOLCHECKER_H
