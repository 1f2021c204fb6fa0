//===- SyncPlacement.cpp - --asc-sync-placement ---------------------------===//
//
// Moves Matmul waits to the latest legal point and async issues to the
// earliest, so that the cube unit's work overlaps the vector core's.
//
// The pass first runs the protocol analysis and pairs every wait with the
// issues it completes (before anything moves); then it hoists issues, sinks
// waits, and finally re-checks the protocol on the result.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolAnalysis.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "asc/Dialect/Asc/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::asc {
#define GEN_PASS_DEF_ASCSYNCPLACEMENT
#include "asc/Dialect/Asc/Transforms/Passes.h.inc"
} // namespace mlir::asc

using namespace mlir;
using namespace mlir::asc;

namespace {

/// Why an operation stops a wait from sinking further.
enum class StopReason {
  None,
  UsesObject,
  AccessesOutput,
  WritesInput,
  UnknownEffects,
  EndOfBlock,
  ConflictInLoop,
};

StringRef describeStop(StopReason reason) {
  switch (reason) {
  case StopReason::None:
    return "";
  case StopReason::UsesObject:
    return "it uses the same Matmul object";
  case StopReason::AccessesOutput:
    return "it may access the pending output";
  case StopReason::WritesInput:
    return "it may write an input the cube unit reads while the issue runs";
  case StopReason::UnknownEffects:
    return "its memory effects are unknown";
  case StopReason::EndOfBlock:
    return "it ends the wait's block";
  case StopReason::ConflictInLoop:
    return "a conflicting operation runs inside it and a wait never enters "
           "a loop";
  }
  llvm_unreachable("unknown StopReason");
}

/// A wait and the issues it completes, as paired before anything moved: the
/// pending issues of its kind and the issues without a wait flag made
/// earlier through the same object value (its signal orders them too).
struct WaitPairing {
  MatmulWaitOpInterface wait;
  SmallVector<Operation *, 1> issues;
  /// What those issues read and write while they run.
  SmallVector<ResolvedAccess, 2> footprint;
};

/// True when `op` hands a Matmul object that may be `matmul` to something
/// that may act on it.
bool usesObject(Operation *op, Value matmul) {
  // isPure last: on a region op it looks at every op nested in it.
  return llvm::any_of(op->getOperands(),
                      [&](Value operand) {
                        return isa<MatmulType>(operand.getType()) &&
                               mayBeSameMatmulObject(operand, matmul);
                      }) &&
         !isPure(op);
}

/// Decides, for one pairing, which operations a wait must not cross.
class ConflictFinder {
public:
  ConflictFinder(ProtocolChecker &checker, Value matmul,
                 ArrayRef<ResolvedAccess> footprint)
      : checker(checker), matmul(matmul), footprint(footprint) {}

  /// Why `op` itself (not its nested ops) stops a wait. A setter that
  /// stages the object's next message does not: it works on a snapshot, so
  /// the wait may sink past the next issue's setters.
  StopReason getDirectConflict(Operation *op) const {
    auto use = dyn_cast<MatmulOpInterface>(op);
    if (usesObject(op, matmul) && !(use && isSafeWhileInFlight(use)))
      return StopReason::UsesObject;
    auto conflict = checker.findConflict(op, footprint);
    if (!conflict)
      return StopReason::None;
    if (conflict->first.location.isAnyMemory())
      return StopReason::UnknownEffects;
    return conflict->second.isWrite() ? StopReason::AccessesOutput
                                      : StopReason::WritesInput;
  }

  /// The first operation nested in `op` that conflicts, if any.
  Operation *findNestedConflict(Operation *op) const {
    Operation *found = nullptr;
    op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
      if (nested == op)
        return WalkResult::advance();
      if (getDirectConflict(nested) != StopReason::None) {
        found = nested;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    return found;
  }

private:
  ProtocolChecker &checker;
  Value matmul;
  ArrayRef<ResolvedAccess> footprint;
};

/// Number of operations (nested ones included) that run between `from` and
/// `to` when `from`'s block encloses `to`.
unsigned countOpsBetween(Operation *from, Operation *to) {
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

/// The analyses placement works from, computed once on the input.
struct PlacementAnalyses {
  MatmulProtocolAnalysis &protocol;
  AscAliasAnalysis &aliases;
  ProtocolChecker checker;
};

struct AscSyncPlacementPass
    : public asc::impl::AscSyncPlacementBase<AscSyncPlacementPass> {
  using AscSyncPlacementBase::AscSyncPlacementBase;

  void runOnOperation() override;

private:
  bool promoteSyncIssues(func::FuncOp function);
  bool repairMissingWaitsIn(func::FuncOp function);
  SmallVector<WaitPairing, 2> pairWaits(func::FuncOp function,
                                     PlacementAnalyses &analyses);
  void hoistIssue(Operation *issue, PlacementAnalyses &analyses,
                  const DenseMap<Operation *, WaitPairing *> &pairingOfWait);
  void sinkWait(Operation *wait, const WaitPairing &pairing,
                ProtocolChecker &checker);
  void remark(Operation *wait, ArrayRef<Operation *> issues, Operation *stop,
              StopReason reason);
  /// Checks the protocol, hoists the issues, sinks the waits and re-checks
  /// when anything moved (or `changed` says the input is not what the
  /// cached analyses saw).
  LogicalResult placeWaits(func::FuncOp function, bool changed);

  /// Whether remark() emits: the last placement's remarks only.
  bool remarksOn = false;

  /// Set when hoisting or sinking moved an op: only then is the result
  /// checked again.
  bool moved = false;
};

} // namespace

//===----------------------------------------------------------------------===//
// Promotion and repair
//===----------------------------------------------------------------------===//

/// Creates the wait that completes `issue`, right after it.
static Operation *createWaitAfter(MatmulAsyncIssueOpInterface issue) {
  OpBuilder builder(issue->getContext());
  builder.setInsertionPointAfter(issue);
  Location loc = issue->getLoc();
  Value matmul = issue.getMatmul();
  switch (issue.getWaitKind()) {
  case WaitKind::IterateAll:
    return MatmulWaitIterateAllOp::create(builder, loc, matmul);
  case WaitKind::IterateBatch:
    return MatmulWaitIterateBatchOp::create(builder, loc, matmul);
  case WaitKind::GetTensorC:
    return MatmulWaitGetTensorCOp::create(builder, loc, matmul);
  }
  llvm_unreachable("unknown WaitKind");
}

bool AscSyncPlacementPass::promoteSyncIssues(func::FuncOp function) {
  if (AscDialect::usesCubeSideMatmulObjects(function))
    return false;
  Builder builder(function.getContext());
  SmallVector<MatmulAsyncIssueOpInterface> promoted;
  function.walk([&](Operation *op) {
    if (auto iterateAll = dyn_cast<MatmulIterateAllOp>(op)) {
      if (!iterateAll.getSync() ||
          !isGlobalTensorType(iterateAll.getC().getType()))
        return;
      iterateAll.setSync(false);
      iterateAll.setWaitIterateAllAttr(builder.getBoolAttr(true));
      promoted.push_back(iterateAll);
    } else if (auto batch = dyn_cast<MatmulIterateBatchOp>(op)) {
      // Only the mix form with a GM output has an async variant (rule L7).
      if (!batch.getSync() || !batch.isMixForm() ||
          !isGlobalTensorType(batch.getC().getType()))
        return;
      batch.setSync(false);
      batch.setWaitIterateBatchAttr(builder.getBoolAttr(true));
      promoted.push_back(batch);
    }
  });
  // A wait right after the issue is exactly the synchronous behaviour; the
  // sinking below then moves it.
  for (MatmulAsyncIssueOpInterface issue : promoted)
    createWaitAfter(issue);
  return !promoted.empty();
}

bool AscSyncPlacementPass::repairMissingWaitsIn(func::FuncOp function) {
  MatmulProtocolAnalysis protocol(function);
  // Issues that some matching wait completes on some path.
  llvm::SmallPtrSet<Operation *, 8> waited;
  SmallVector<Operation *> issues;
  function.walk([&](Operation *op) {
    if (isPendingIssue(op))
      issues.push_back(op);
    auto wait = dyn_cast<MatmulWaitOpInterface>(op);
    const ProtocolState *state = wait ? protocol.getStateBefore(op) : nullptr;
    if (!state)
      return;
    for (Operation *event : state->getObjectView(wait.getMatmul()).events)
      if (isPendingIssue(event))
        waited.insert(event);
  });
  // An issue that no wait completes gets one; issues waited on only on some
  // paths are not repaired (where the missing wait belongs is ambiguous).
  bool repaired = false;
  for (Operation *issue : issues) {
    if (waited.contains(issue) || !protocol.getStateBefore(issue))
      continue;
    Operation *wait = createWaitAfter(cast<MatmulAsyncIssueOpInterface>(issue));
    wait->emitRemark() << "inserted the missing '" << wait->getName()
                       << "' for this issue";
    repaired = true;
  }
  return repaired;
}

//===----------------------------------------------------------------------===//
// Pairing
//===----------------------------------------------------------------------===//

SmallVector<WaitPairing, 2>
AscSyncPlacementPass::pairWaits(func::FuncOp function,
                                PlacementAnalyses &analyses) {
  SmallVector<WaitPairing, 2> pairings;
  function.walk([&](MatmulWaitOpInterface wait) {
    const ProtocolState *state = analyses.protocol.getStateBefore(wait);
    // A wait on an object reached through another name stays where it is:
    // which issues it completes is not known.
    if (!state || !wait.getMatmul().getDefiningOp<MatmulCreateOp>())
      return;
    WaitPairing pairing{wait, {}, {}};
    for (Operation *event : state->getObjectView(wait.getMatmul()).events)
      if (isPendingIssue(event))
        pairing.issues.push_back(event);
    llvm::append_range(pairing.issues,
                       getUnwaitedIssuesCompletedBy(wait, *state));
    for (Operation *issue : pairing.issues)
      llvm::append_range(pairing.footprint,
                         analyses.checker.getInFlightFootprint(issue));
    if (!pairing.issues.empty())
      pairings.push_back(std::move(pairing));
  });
  return pairings;
}

//===----------------------------------------------------------------------===//
// Hoisting issues
//===----------------------------------------------------------------------===//

/// True when two in-flight footprints conflict: one writes what the other
/// reads or writes.
static bool footprintsConflict(AscAliasAnalysis &aliases,
                               ArrayRef<ResolvedAccess> lhs,
                               ArrayRef<ResolvedAccess> rhs) {
  for (const ResolvedAccess &left : lhs)
    for (const ResolvedAccess &right : rhs)
      if ((left.isWrite() || right.isWrite()) &&
          !aliases.alias(left.location, right.location).isNo())
        return true;
  return false;
}

void AscSyncPlacementPass::hoistIssue(
    Operation *issue, PlacementAnalyses &analyses,
    const DenseMap<Operation *, WaitPairing *> &pairingOfWait) {
  Value matmul = cast<MatmulAsyncIssueOpInterface>(issue).getMatmul();
  ArrayRef<ResolvedAccess> footprint =
      analyses.checker.getInFlightFootprint(issue);

  // Whether `op` must stay before the issue: it uses the object, may touch
  // what the issue touches while in flight, is another async issue (issues
  // keep their order, which keeps the pass idempotent), a barrier that may
  // order a copy the issue depends on, or completes work whose footprint
  // conflicts with the issue's.
  auto blocks = [&](Operation *op) {
    if (usesObject(op, matmul) || analyses.checker.findConflict(op, footprint))
      return true;
    if (auto other = dyn_cast<MatmulAsyncIssueOpInterface>(op))
      if (other.isAsync())
        return true;
    if (auto barrier = dyn_cast<PipeBarrierOp>(op))
      return barrier.mayOrderDataCopies();
    if (auto it = pairingOfWait.find(op); it != pairingOfWait.end())
      return footprintsConflict(analyses.aliases, footprint,
                                it->second->footprint);
    // A synchronous call completes the issues without a wait flag of its
    // object; the issue must not start before they are done with what it
    // touches.
    if (auto use = dyn_cast<MatmulOpInterface>(op)) {
      const ProtocolState *state = analyses.protocol.getStateBefore(op);
      if (!state)
        return true;
      for (Operation *unwaited : getUnwaitedIssuesCompletedBy(op, *state))
        if (footprintsConflict(analyses.aliases, footprint,
                               analyses.checker.getInFlightFootprint(unwaited)))
          return true;
    }
    return false;
  };
  auto isBarrier = [&](Operation *op) {
    if (llvm::any_of(issue->getOperands(), [&](Value operand) {
          return operand.getDefiningOp() == op;
        }))
      return true;
    if (blocks(op))
      return true;
    return op->getNumRegions() != 0 && op->walk([&](Operation *nested) {
                                           return nested != op && blocks(nested)
                                                      ? WalkResult::interrupt()
                                                      : WalkResult::advance();
                                         }).wasInterrupted();
  };

  Operation *stop = issue->getPrevNode();
  while (stop && !isBarrier(stop))
    stop = stop->getPrevNode();
  if (stop == issue->getPrevNode())
    return;
  moved = true;
  if (stop)
    issue->moveAfter(stop);
  else
    issue->moveBefore(&issue->getBlock()->front());
}

//===----------------------------------------------------------------------===//
// Sinking waits
//===----------------------------------------------------------------------===//

void AscSyncPlacementPass::remark(Operation *wait, ArrayRef<Operation *> issues,
                                  Operation *stop, StopReason reason) {
  if (!remarksOn)
    return;
  InFlightDiagnostic diag = wait->emitRemark();
  diag << "wait placed before '" << stop->getName()
       << "': " << describeStop(reason);
  for (Operation *issue : issues)
    diag << "; " << countOpsBetween(issue, wait)
         << " operations overlap the async '" << issue->getName() << "'";
}

/// Places `wait` right before `stop`, at the start of the run of waits that
/// may already stand there: where several waits stop at one op, each run
/// of the pass leaves them in the order it found them. True when it moved.
static bool placeWaitBefore(Operation *wait, Operation *stop) {
  Operation *insertion = stop;
  while (Operation *prev = insertion->getPrevNode()) {
    if (prev == wait || !isa<MatmulWaitOpInterface>(prev))
      break;
    insertion = prev;
  }
  if (insertion->getPrevNode() == wait || insertion == wait)
    return false;
  wait->moveBefore(insertion);
  return true;
}

/// The regions a wait can be split into, one copy per region: those of a
/// non-looping region op that runs exactly one of its single-block regions
/// once (an scf.if with both branches, an scf.index_switch); an scf.if
/// without an else branch gets an empty one.
static SmallVector<Region *> getRegionsToSplitInto(Operation *op) {
  auto branch = dyn_cast<RegionBranchOpInterface>(op);
  if (!branch || branch.hasLoop())
    return {};
  if (auto ifOp = dyn_cast<scf::IfOp>(op);
      ifOp && ifOp.getElseRegion().empty()) {
    OpBuilder builder(ifOp);
    Block *elseBlock = builder.createBlock(&ifOp.getElseRegion());
    builder.setInsertionPointToEnd(elseBlock);
    scf::YieldOp::create(builder, ifOp.getLoc());
  }
  SmallVector<RegionSuccessor> entries;
  branch.getSuccessorRegions(RegionBranchPoint::parent(), entries);
  SmallVector<Region *> regions;
  for (const RegionSuccessor &entry : entries) {
    if (entry.isParent())
      return {};
    Region *region = entry.getSuccessor();
    if (!region->hasOneBlock())
      return {};
    SmallVector<RegionSuccessor> exits;
    branch.getSuccessorRegions(*region, exits);
    if (!llvm::all_of(
            exits, [](const RegionSuccessor &exit) { return exit.isParent(); }))
      return {};
    regions.push_back(region);
  }
  if (regions.size() != op->getNumRegions())
    return {};
  return regions;
}

/// The blocks a wait can follow a branch into: distinct successors, each
/// entered only from the branch's block.
static SmallVector<Block *> getSuccessorsToFollow(Operation *terminator) {
  if (!isa<BranchOpInterface>(terminator) || !isPure(terminator))
    return {};
  SmallVector<Block *> successors;
  Block *block = terminator->getBlock();
  for (Block *successor : terminator->getSuccessors()) {
    if (successor == block || successor->getSinglePredecessor() != block ||
        llvm::is_contained(successors, successor))
      return {};
    successors.push_back(successor);
  }
  return successors;
}

void AscSyncPlacementPass::sinkWait(Operation *wait, const WaitPairing &pairing,
                                    ProtocolChecker &checker) {
  Value matmul = cast<MatmulWaitOpInterface>(wait).getMatmul();
  ConflictFinder finder(checker, matmul, pairing.footprint);
  ArrayRef<Operation *> issues = pairing.issues;

  // Splits the wait into one copy at the start of each of `blocks`, each
  // sunk on its own.
  auto splitInto = [&](ArrayRef<Block *> blocks) {
    moved = true;
    OpBuilder builder(wait->getContext());
    for (Block *block : blocks) {
      builder.setInsertionPointToStart(block);
      sinkWait(builder.clone(*wait), pairing, checker);
    }
    wait->erase();
  };

  // Blocks without a terminator (graph-like regions) end the scan too.
  for (Operation *cursor = wait->getNextNode(); cursor;
       cursor = cursor->getNextNode()) {
    if (cursor->hasTrait<OpTrait::IsTerminator>()) {
      SmallVector<Block *> successors = getSuccessorsToFollow(cursor);
      if (!successors.empty() && !usesObject(cursor, matmul))
        return splitInto(successors);
      moved |= placeWaitBefore(wait, cursor);
      return remark(wait, issues, cursor, StopReason::EndOfBlock);
    }
    StopReason reason = finder.getDirectConflict(cursor);
    if (reason != StopReason::None) {
      moved |= placeWaitBefore(wait, cursor);
      return remark(wait, issues, cursor, reason);
    }
    if (cursor->getNumRegions() == 0 || !finder.findNestedConflict(cursor))
      continue;
    SmallVector<Region *> regions = getRegionsToSplitInto(cursor);
    if (regions.empty()) {
      // A loop (or a region op of unknown control flow): the wait must not
      // run more than once, so it stays in front.
      moved |= placeWaitBefore(wait, cursor);
      return remark(wait, issues, cursor, StopReason::ConflictInLoop);
    }
    // Branch-local conflicts: one wait per branch, each sunk on its own.
    SmallVector<Block *> blocks;
    for (Region *region : regions)
      blocks.push_back(&region->front());
    return splitInto(blocks);
  }
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

LogicalResult AscSyncPlacementPass::placeWaits(func::FuncOp function,
                                               bool changed) {
  // The analyses of the input, shared with an earlier --asc-verify-sync
  // when nothing changed since.
  std::optional<MatmulProtocolAnalysis> ownProtocol;
  std::optional<AscAliasAnalysis> ownAliases;
  MatmulProtocolAnalysis *protocol;
  AscAliasAnalysis *aliases;
  if (changed) {
    protocol = &ownProtocol.emplace(function);
    aliases = &ownAliases.emplace(function, *protocol);
  } else {
    protocol = &getAnalysis<MatmulProtocolAnalysis>();
    aliases = &getAnalysis<AscAliasAnalysis>();
  }
  PlacementAnalyses analyses{*protocol, *aliases,
                             ProtocolChecker(*protocol, *aliases)};
  if (failed(analyses.checker.check()))
    return failure();

  // Pair before anything moves: the analysis states refer to the input.
  SmallVector<WaitPairing, 2> pairings = pairWaits(function, analyses);

  if (hoistIssues) {
    DenseMap<Operation *, WaitPairing *> pairingOfWait;
    for (WaitPairing &pairing : pairings)
      pairingOfWait[pairing.wait] = &pairing;
    SmallVector<Operation *> issues;
    function.walk([&](MatmulAsyncIssueOpInterface issue) {
      if (issue.isAsync() && protocol->getStateBefore(issue))
        issues.push_back(issue);
    });
    for (Operation *issue : issues)
      hoistIssue(issue, analyses, pairingOfWait);
  }

  for (WaitPairing &pairing : pairings)
    sinkWait(pairing.wait, pairing, analyses.checker);

  // The placement must keep the protocol; a failure here is a bug in this
  // pass, reported rather than silently emitted. Nothing moved: the input
  // was checked above.
  if (!moved && !changed)
    return success();
  MatmulProtocolAnalysis recheckProtocol(function);
  AscAliasAnalysis recheckAliases(function, recheckProtocol);
  ProtocolChecker recheck(recheckProtocol, recheckAliases);
  if (failed(recheck.check(/*reportErrors=*/false))) {
    function.emitError("asc-sync-placement broke the Matmul protocol; "
                       "please report this kernel");
    (void)recheck.check();
    return failure();
  }
  return success();
}

void AscSyncPlacementPass::runOnOperation() {
  func::FuncOp function = getOperation();
  bool changed = false;
  if (promoteSync)
    changed |= promoteSyncIssues(function);
  if (repairMissingWaits)
    changed |= repairMissingWaitsIn(function);

  // With pipeline-loops: place, rotate the loops the placed code makes
  // rotatable (a wait sunk past the work that does not need the output),
  // then place again, the rotated loops like any code. Rotated loops are
  // no candidates any more, so a second run changes nothing. The remarks
  // come from the last placement only.
  remarksOn = emitRemarks && !pipelineLoops;
  if (failed(placeWaits(function, changed)))
    return signalPassFailure();
  if (pipelineLoops) {
    bool rotated = pipelineAscLoops(function, emitRemarks);
    remarksOn = emitRemarks;
    changed |= moved || rotated;
    moved = false;
    if ((rotated || emitRemarks) && failed(placeWaits(function, true)))
      return signalPassFailure();
  }
  if (!moved && !changed)
    markAllAnalysesPreserved();
}
