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
  /// Whether the vector core's own accesses of `earlier` and `later` (a
  /// Matmul call's: its copy into or out of UB) may touch the same bytes,
  /// one writing, in any memory: a queue buffer taken again is its earlier
  /// self. For the transforms, which must keep the edge between such a pair
  /// (O9), GM included: in doubt, a move is refused.
  bool mayTouchSameBytes(Operation *earlier, Operation *later);

private:
  /// What the rules ask of the op being checked, found once per op.
  struct CheckedOp;
  /// Every rule at `op`, one method per rule of docs/Protocol.md section 4,
  /// in the order of the rules: that order decides which violation a trial
  /// reports first.
  LogicalResult checkOperation(Operation *op, const ProtocolState &state,
                               InFlightIndex &index, bool report);
  /// The op's accesses, resolved once (an async issue's: its footprint).
  ArrayRef<ResolvedAccess> getAccesses(CheckedOp &checked);

  /// Rule P1: no use of an object with pending work, a wait completes only
  /// its kind, fetches first, the async Iterate's fetch mode, no
  /// redeclaration or return while work is pending.
  LogicalResult checkP1(CheckedOp &checked, const ProtocolState &state,
                        bool report);
  /// Rule P2: a wait is reached with something pending (unless it waits
  /// for a signal that never comes, which is P5's).
  LogicalResult checkP2(CheckedOp &checked, const ProtocolState &state,
                        bool report);
  /// Rule P3: no race with the cube unit's in-flight work.
  LogicalResult checkP3(CheckedOp &checked, const ProtocolState &state,
                        InFlightIndex &index, bool report);
  /// Rule P5: no wait for a signal that never comes.
  LogicalResult checkP5(CheckedOp &checked, const ProtocolState &state,
                        bool report);
  /// Rule P6: the staged message and the setters during an async Iterate.
  LogicalResult checkP6(CheckedOp &checked, const ProtocolState &state,
                        bool report);
  /// Rules P7 and P6d: the Matmul copies of UB ordered with the pipes.
  LogicalResult checkP7(CheckedOp &checked, const ProtocolState &state,
                        bool report);

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
  /// Whether the queue buffer allocated as `earlier` (a provenance root) may
  /// be freed and handed out again as `later`, an allocation of the same
  /// queue: the same memory at another time.
  bool mayBeTakenAgain(Value earlier, Value later);
  /// `earlier` located in `later`'s buffer when the two are one buffer: one
  /// traced root, or a queue buffer taken again; none otherwise.
  std::optional<MemoryLocation>
  getLocationInOneBuffer(const MemoryLocation &earlier,
                         const MemoryLocation &later);
  /// The local-memory accesses of `op` that a recorded pipe access stands
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
  /// mayBeTakenAgain's answers, per pair of allocations.
  llvm::DenseMap<std::pair<Value, Value>, bool> buffersTakenAgain;
};

/// The pipe of the vector core that makes `op`'s own accesses (V, MTE2 or
/// MTE3): a vector op's or a copy's, or a Matmul call's copy into or out of
/// UB; none for the scalar unit's, the cube's, or unknown ones.
std::optional<PipeKind> getOwnAccessPipe(Operation *op);

/// Checks rules P1-P8 on `function` with analyses of its own; the first
/// violation, if any, emitted nowhere. The one check of the transforms'
/// trials (ProtocolTrial.h).
std::optional<ProtocolViolation> findProtocolViolation(Operation *function);

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_ANALYSIS_PROTOCOLCHECKER_H
