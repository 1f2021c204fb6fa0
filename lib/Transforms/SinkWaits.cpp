//===- SinkWaits.cpp - waits down to their first conflict -----------------===//
//
// The second step of wait placement: every wait moves down to right before
// the first op that may touch its issues' output or write one of their
// inputs (never into a loop), into each branch of an scf.if or
// scf.index_switch, or each successor of a branch, when the conflicts are
// there.
//
//===----------------------------------------------------------------------===//

#include "WaitPlacement.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asc-sync-placement"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::placement;

StringRef mlir::asc::placement::describeStop(StopReason reason) {
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
  case StopReason::ConflictInUnsplitRegion:
    return "a conflicting operation runs inside it and a wait never enters "
           "a loop";
  case StopReason::PublishesToOtherCores:
    return "it orders this core's earlier work before other cores' later "
           "work, which may use the output (spec section 2c, O6/O7, O9)";
  case StopReason::ReliesOnWaitOrdering:
    return "it touches bytes that the vector core's work before the post "
           "touched, which only the wait orders before it (spec section 2c, "
           "O8, O9)";
  }
  llvm_unreachable("unknown StopReason");
}

namespace {

/// Decides, for one pairing, which operations a wait must not cross.
class ConflictFinder {
public:
  ConflictFinder(ProtocolChecker &checker, Value matmul,
                 const WaitPairing &pairing)
      : checker(checker), conflicts(checker.getConflicts()), matmul(matmul),
        footprint(pairing.footprint), ordersForPipes(pairing.ordersForPipes) {}

  /// Why `op` itself (not its nested ops) stops a wait. A setter that
  /// stages the object's next message does not: it works on a snapshot, so
  /// the wait may sink past the next issue's setters.
  StopReason getDirectConflict(Operation *op) const {
    auto use = dyn_cast<MatmulOpInterface>(op);
    if (usesObject(op, matmul) && !(use && isSafeWhileInFlight(use)))
      return StopReason::UsesObject;
    if (auto sync = dyn_cast<CrossCoreSyncOpInterface>(op);
        sync && sync.publishesToOtherCores())
      return StopReason::PublishesToOtherCores;
    auto conflict = conflicts.findConflict(op, footprint);
    if (!conflict)
      return reliesOnWait(op) ? StopReason::ReliesOnWaitOrdering
                              : StopReason::None;
    if (conflict->first.location.isAnyMemory())
      return StopReason::UnknownEffects;
    return conflict->second.isWrite() ? StopReason::AccessesOutput
                                      : StopReason::WritesInput;
  }

  /// Whether `op` touches, on a pipe the wait orders, bytes an access the
  /// wait orders touched: past `op`, the wait would drop that edge (O9).
  bool reliesOnWait(Operation *op) const {
    if (ordersForPipes.empty())
      return false;
    std::optional<PipeKind> pipe = getOwnAccessPipe(op);
    uint8_t bit = pipe ? ProtocolState::pipeBit(*pipe) : 0;
    return llvm::any_of(ordersForPipes, [&](const auto &entry) {
      return (entry.second & bit) && checker.mayTouchSameBytes(entry.first, op);
    });
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
  InFlightConflicts &conflicts;
  Value matmul;
  ArrayRef<ResolvedAccess> footprint;
  ArrayRef<std::pair<Operation *, uint8_t>> ordersForPipes;
};

} // namespace

/// Places `wait` right before `stop`, at the start of the run of waits that
/// may already stand there: where several waits stop at one op, each run
/// of the pass leaves them in the order it found them. True when it moved.
static bool placeWaitBefore(RewriterBase &rewriter, Operation *wait,
                            Operation *stop, ReorderLog &reorders) {
  Operation *insertion = stop;
  while (Operation *prev = insertion->getPrevNode()) {
    if (prev == wait || !isa<MatmulWaitOpInterface>(prev))
      break;
    insertion = prev;
  }
  if (insertion->getPrevNode() == wait || insertion == wait)
    return false;
  reorders.noteReorder(wait->getBlock());
  rewriter.moveOpBefore(wait, insertion);
  return true;
}

/// The regions a wait can be split into, one copy per region: those of a
/// non-looping region op that runs exactly one of its single-block regions
/// once (an scf.if with both branches, an scf.index_switch); an scf.if
/// without an else branch gets an empty one.
static SmallVector<Region *> getRegionsToSplitInto(RewriterBase &rewriter,
                                                   Operation *op,
                                                   ReorderLog &reorders) {
  auto branch = dyn_cast<RegionBranchOpInterface>(op);
  if (!branch || branch.hasLoop())
    return {};
  if (auto ifOp = dyn_cast<scf::IfOp>(op);
      ifOp && ifOp.getElseRegion().empty()) {
    reorders.noteOtherChange();
    OpBuilder::InsertionGuard guard(rewriter);
    Block *elseBlock = rewriter.createBlock(&ifOp.getElseRegion());
    rewriter.setInsertionPointToEnd(elseBlock);
    scf::YieldOp::create(rewriter, ifOp.getLoc());
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

void WaitPlacer::sinkWait(Operation *wait, const WaitPairing &pairing,
                          ProtocolChecker &checker) {
  Value matmul = cast<MatmulWaitOpInterface>(wait).getMatmul();
  ConflictFinder finder(checker, matmul, pairing);
  ArrayRef<Operation *> issues = pairing.issues;

  // Splits the wait into one copy at the start of each of `blocks`, each
  // sunk on its own.
  auto splitInto = [&](ArrayRef<Block *> blocks) {
    moved = true;
    reorders.noteOtherChange();
    OpBuilder::InsertionGuard guard(rewriter);
    for (Block *block : blocks) {
      rewriter.setInsertionPointToStart(block);
      sinkWait(rewriter.clone(*wait), pairing, checker);
    }
    pairingOfPlacedWait.erase(wait);
    waitRemarks.erase(wait);
    rewriter.eraseOp(wait);
  };

  // Moves the wait right before `stop` (after the waits already there).
  auto placeWait = [&](Operation *wait, Operation *stop) {
    if (!placeWaitBefore(rewriter, wait, stop, reorders))
      return;
    moved = true;
    ++stats.numWaitsMoved;
    LLVM_DEBUG(llvm::dbgs()
               << "sinking " << *wait << "\n  to before " << *stop << "\n");
  };

  pairingOfPlacedWait[wait] = &pairing;
  // Blocks without a terminator (graph-like regions) end the scan too.
  for (Operation *cursor = wait->getNextNode(); cursor;
       cursor = cursor->getNextNode()) {
    if (cursor->hasTrait<OpTrait::IsTerminator>()) {
      SmallVector<Block *> successors = getSuccessorsToFollow(cursor);
      if (!successors.empty() && !usesObject(cursor, matmul))
        return splitInto(successors);
      placeWait(wait, cursor);
      return remark(wait, issues, cursor, StopReason::EndOfBlock);
    }
    StopReason reason = finder.getDirectConflict(cursor);
    if (reason != StopReason::None) {
      placeWait(wait, cursor);
      return remark(wait, issues, cursor, reason);
    }
    if (cursor->getNumRegions() == 0 || !finder.findNestedConflict(cursor))
      continue;
    SmallVector<Region *> regions =
        getRegionsToSplitInto(rewriter, cursor, reorders);
    if (regions.empty()) {
      // A loop (or a region op of unknown control flow): the wait must not
      // run more than once, so it stays in front.
      placeWait(wait, cursor);
      return remark(wait, issues, cursor, StopReason::ConflictInUnsplitRegion);
    }
    // Branch-local conflicts: one wait per branch, each sunk on its own.
    SmallVector<Block *> blocks;
    for (Region *region : regions)
      blocks.push_back(&region->front());
    return splitInto(blocks);
  }
}
