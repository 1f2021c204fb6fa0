//===- WaitPlacement.cpp - pair, place, re-check --------------------------===//
//
// The entry point of --asc-sync-placement's placement: checks the protocol
// on the input, pairs every wait with the issues it completes (before
// anything moves), hoists issues (HoistIssues.cpp), sinks waits
// (SinkWaits.cpp), orders neighbouring issues of different objects by when
// their results are needed (OrderIssuesByNeed.cpp), and finally re-checks
// the protocol on the result, incrementally where that proves it
// (ProtocolRecheck.h).
//
//===----------------------------------------------------------------------===//

#include "WaitPlacement.h"
#include "asc/Dialect/Asc/Analysis/ProtocolTransfer.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asc-sync-placement"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::placement;

bool mlir::asc::placement::usesObject(Operation *op, Value matmul) {
  // isPure last: on a region op it looks at every op nested in it.
  return hasOperandDenoting(op, matmul) && !isPure(op);
}

/// Number of operations (nested ones included) that run between `from` and
/// `to` when `from`'s block encloses `to`.
static unsigned countOpsBetween(Operation *from, Operation *to) {
  unsigned count = 0;
  Block *block = from->getBlock();
  Operation *ancestor = block->findAncestorOpInBlock(*to);
  if (!ancestor || !from->isBeforeInBlock(ancestor))
    return 0;
  for (Operation *op = from->getNextNode(); op != ancestor;
       op = op->getNextNode())
    op->walk([&](Operation *) { ++count; });
  // Descend into the region holding `to`.
  while (ancestor != to) {
    Operation *inner = nullptr;
    for (Region &nested : ancestor->getRegions())
      for (Block &nestedBlock : nested)
        if (Operation *found = nestedBlock.findAncestorOpInBlock(*to))
          inner = found;
    if (!inner)
      break;
    for (Operation &op : *inner->getBlock()) {
      if (&op == inner)
        break;
      op.walk([&](Operation *) { ++count; });
    }
    ancestor = inner;
  }
  return count;
}

//===----------------------------------------------------------------------===//
// Pairing
//===----------------------------------------------------------------------===//

/// Fills `pairing.ordersForPipes`: for each of its issues, what a wait
/// right after the issue would be the first to order
/// (getAccessesFirstOrderedByWait). Taken at the issue, not at the wait:
/// another object's wait the wait sinks past may order the same accesses,
/// but it may move too, so the answer must not depend on where the waits
/// stand (placement stays idempotent).
static void noteOrdersForPipes(WaitPairing &pairing,
                               const MatmulProtocolAnalysis &protocol) {
  llvm::MapVector<Operation *, uint8_t> ordered;
  for (Operation *issue : pairing.issues)
    if (const ProtocolState *afterPost = protocol.getStateAfter(issue))
      for (auto [op, pipes] : getAccessesFirstOrderedByWait(*afterPost, issue))
        ordered[op] |= pipes;
  for (auto [op, pipes] : ordered)
    pairing.ordersForPipes.push_back({op, pipes});
  // Program order across the issues' lists.
  llvm::sort(pairing.ordersForPipes, [](const auto &lhs, const auto &rhs) {
    return isBeforeInProgramOrder(lhs.first, rhs.first);
  });
}

SmallVector<WaitPairing, 2>
WaitPlacer::pairWaits(func::FuncOp function, PlacementAnalyses &analyses,
                      SmallVectorImpl<Operation *> &issues) {
  SmallVector<WaitPairing, 2> pairings;
  // One walk over the function for all three: a walk of a large function
  // is a sweep over memory the caches no longer hold.
  function.walk([&](Operation *op) {
    if (op == function)
      return;
    reorders.noteInputOp(op);
    if (auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(op);
        issue && issue.isAsync() && analyses.protocol.getStateBefore(issue))
      issues.push_back(issue);
    auto wait = dyn_cast<MatmulWaitOpInterface>(op);
    if (!wait)
      return;
    const ProtocolState *state = analyses.protocol.getStateBefore(wait);
    // A wait on an object reached through another name stays where it is:
    // which issues it completes is not known.
    if (!state || !isMatmulCreation(wait.getMatmul()))
      return;
    WaitPairing pairing{wait, {}, {}, {}, {}};
    ProtocolState::ObjectState scratch;
    for (Operation *event :
         state->getObjectView(wait.getMatmul(), scratch).events())
      if (isPendingIssue(event))
        pairing.issues.push_back(event);
    SmallVector<Operation *> unwaited =
        getUnwaitedIssuesCompletedBy(wait, *state);
    completesUnwaited |= !unwaited.empty();
    llvm::append_range(pairing.issues, unwaited);
    InFlightConflicts &conflicts = analyses.checker.getConflicts();
    if (pairing.issues.size() == 1) {
      pairing.footprint = conflicts.getFootprint(pairing.issues.front());
    } else {
      for (Operation *issue : pairing.issues)
        llvm::append_range(pairing.joinedFootprint,
                           conflicts.getFootprint(issue));
      pairing.footprint = pairing.joinedFootprint;
    }
    if (pairing.issues.empty())
      return;
    noteOrdersForPipes(pairing, analyses.protocol);
    pairings.push_back(std::move(pairing));
  });
  return pairings;
}

//===----------------------------------------------------------------------===//
// Remarks
//===----------------------------------------------------------------------===//

void WaitPlacer::remark(Operation *wait, ArrayRef<Operation *> issues,
                        Operation *stop, StopReason reason) {
  if (remarksOn)
    waitRemarks[wait] = {llvm::to_vector(issues), stop, reason};
}

void WaitPlacer::emitPlacementRemarks(bool withWaitRemarks) {
  for (auto &[issue, call] : issueOrderRemarks)
    issue->emitRemark() << "issue moved after the '" << call->getName()
                        << "' of another object: the cube runs one core's "
                           "calls in order, and that call's result is "
                           "needed first";
  issueOrderRemarks.clear();
  if (!withWaitRemarks)
    waitRemarks.clear();
  for (auto &[wait, info] : waitRemarks) {
    InFlightDiagnostic diag = wait->emitRemark();
    diag << "wait placed before '" << info.stop->getName()
         << "': " << describeStop(info.reason);
    // The issues come in address order (ProgramOrderKeys.h).
    sortInProgramOrder(info.issues);
    for (Operation *issue : info.issues)
      diag << "; " << countOpsBetween(issue, wait)
           << " operations overlap the async '" << issue->getName() << "'";
  }
  waitRemarks.clear();
}

//===----------------------------------------------------------------------===//
// Placement
//===----------------------------------------------------------------------===//

/// Checks the function placement produced: a violation there is a bug in
/// this pass, reported rather than silently emitted.
static LogicalResult reportBrokenProtocol(func::FuncOp function,
                                          ProtocolChecker &checker) {
  std::optional<ProtocolViolation> violation = checker.findFirstViolation();
  if (!violation)
    return success();
  function.emitError("asc-sync-placement broke the Matmul protocol; "
                     "please report this kernel");
  violation->emitError();
  return failure();
}

/// The most placement rounds one function gets (see placeWaits).
static constexpr unsigned kMaxPlacementRounds = 4;

LogicalResult mlir::asc::placeWaits(RewriterBase &rewriter,
                                    func::FuncOp function,
                                    const WaitPlacementOptions &options,
                                    MatmulProtocolAnalysis *protocol,
                                    AscAliasAnalysis *aliases,
                                    function_ref<void()> releaseInputAnalyses,
                                    WaitPlacementStats &stats) {
  // Without the caller's analyses (the input changed since they were
  // computed, or there were none), round 0 computes its own.
  bool changed = !protocol || !aliases;
  bool provedIncrementally = false;
  // A wait that completes an issue without a wait flag (of its own object
  // or of another: getUnwaitedIssuesCompletedBy) was paired by where the
  // input put the other waits and issues. Moving them may hand that issue
  // to another wait, and a second run, pairing the result, would sink the
  // wait further (random seed 68963). So placement runs again on its own
  // result until a round moves nothing: then a second run of the pass
  // pairs exactly what the last round paired, and moves nothing either.
  for (unsigned round = 0;; ++round) {
    bool lastRound = true;
    {
      // The analyses of the input, shared with an earlier --asc-verify-sync
      // when nothing changed since. They live in this scope only: the
      // re-check below builds its own, and the input's, gone by then, leave
      // their memory to it (a second set next to the first cost page faults
      // and cache misses: placement took 2.8x verify-sync for 2.1x its
      // instructions).
      std::optional<MatmulProtocolAnalysis> ownProtocol;
      std::optional<AscAliasAnalysis> ownAliases;
      if (changed || round > 0) {
        protocol = &ownProtocol.emplace(function);
        aliases = &ownAliases.emplace(function, *protocol);
      }
      PlacementAnalyses analyses{*protocol, *aliases,
                                 ProtocolChecker(*protocol, *aliases)};
      if (round == 0) {
        if (failed(analyses.checker.check()))
          return failure();
      } else if (failed(reportBrokenProtocol(function, analyses.checker))) {
        return failure();
      }

      WaitPlacer placer(rewriter, options, stats);
      // Pair before anything moves: the analysis states refer to the input.
      // The reachable async issues come with them (an unreachable one has
      // no state).
      SmallVector<Operation *> issues;
      SmallVector<WaitPairing, 2> pairings =
          placer.pairWaits(function, analyses, issues);
      placer.notePairingsOfIssues(pairings);
      if (options.hoistIssues) {
        DenseMap<Operation *, const WaitPairing *> pairingOfWait;
        for (WaitPairing &pairing : pairings)
          pairingOfWait[pairing.wait] = &pairing;
        for (Operation *issue : issues)
          placer.hoistIssue(issue, analyses, pairingOfWait);
      }

      for (WaitPairing &pairing : pairings)
        placer.sinkWait(pairing.wait, pairing, analyses.checker);

      // After the waits sank: where the results are needed is known.
      if (options.hoistIssues)
        placer.orderIssuesAndResink(issues, analyses);
      placer.forgetPairings();
      lastRound = !placer.hasMoved() || !placer.pairsUnwaitedIssues() ||
                  round + 1 == kMaxPlacementRounds;
      // The waits' remarks describe where the last round left them.
      placer.emitPlacementRemarks(/*withWaitRemarks=*/lastRound);
      if (round > 0 && placer.hasMoved())
        ++stats.numExtraRounds;
      stats.moved |= placer.hasMoved();

      // Nothing moved: this round checked the function as it is (and the
      // caller's analyses, when round 0 took them, still describe it).
      if (!placer.hasMoved())
        return success();

      // Placement reorders ops within their blocks: where it did nothing
      // else, checking the reordered ops is enough (ProtocolRecheck.h).
      // Another round checks the whole function anyway.
      if (lastRound && options.incrementalRecheck) {
        IncrementalRecheck recheck = recheckReordered(
            function, *protocol, analyses.checker.getConflicts(),
            placer.getReorders());
        LLVM_DEBUG({
          if (recheck.proved)
            llvm::dbgs() << "re-checked " << recheck.ops << " ops in "
                         << recheck.ranges << " reordered ranges\n";
          else
            llvm::dbgs() << "full re-check: " << recheck.reason << "\n";
        });
        provedIncrementally = recheck.proved;
      }
    }
    // The cached analyses of the input describe it no more.
    if (round == 0 && !changed)
      releaseInputAnalyses();
    if (lastRound)
      break;
  }
  if (provedIncrementally) {
    ++stats.numIncrementalRechecks;
    return success();
  }

  // The placement must keep the protocol; a failure here is a bug in this
  // pass, reported rather than silently emitted.
  ++stats.numFullRechecks;
  MatmulProtocolAnalysis recheckProtocol(function);
  AscAliasAnalysis recheckAliases(function, recheckProtocol);
  ProtocolChecker recheck(recheckProtocol, recheckAliases);
  return reportBrokenProtocol(function, recheck);
}
