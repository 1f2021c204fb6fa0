//===- AscInterfaces.cpp - asc op interfaces ------------------------------===//
//
// The Matmul interfaces and rule L10, the check that a wait has an async
// issue to complete.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/IR/AscInterfaces.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "asc/Dialect/Asc/IR/AscTypes.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

using namespace mlir;
using namespace mlir::asc;

#include "asc/Dialect/Asc/IR/AscInterfaces.cpp.inc"

StringRef mlir::asc::getWaitOpName(WaitKind kind) {
  switch (kind) {
  case WaitKind::IterateAll:
    return MatmulWaitIterateAllOp::getOperationName();
  case WaitKind::IterateBatch:
    return MatmulWaitIterateBatchOp::getOperationName();
  case WaitKind::GetTensorC:
    return MatmulWaitGetTensorCOp::getOperationName();
  }
  llvm_unreachable("unknown WaitKind");
}

Operation *mlir::asc::detail::createWait(OpBuilder &builder, Location loc,
                                         Value matmul, WaitKind kind) {
  switch (kind) {
  case WaitKind::IterateAll:
    return MatmulWaitIterateAllOp::create(builder, loc, matmul);
  case WaitKind::IterateBatch:
    return MatmulWaitIterateBatchOp::create(builder, loc, matmul);
  case WaitKind::GetTensorC:
    return MatmulWaitGetTensorCOp::create(builder, loc, matmul);
  }
  llvm_unreachable("unknown WaitKind");
}

StringRef mlir::asc::getIssueDescription(WaitKind kind) {
  switch (kind) {
  case WaitKind::IterateAll:
    return "asynchronous 'asc.matmul.iterate_all' with wait_iterate_all = true "
           "and a global output";
  case WaitKind::IterateBatch:
    return "asynchronous 'asc.matmul.iterate_batch' or "
           "'asc.matmul.iterate_n_batch' with wait_iterate_batch = true and a "
           "global output";
  case WaitKind::GetTensorC:
    return "asynchronous 'asc.matmul.get_tensor_c' into local memory or "
           "returning the block, or 'asc.matmul.async_get_tensor_c',";
  }
  llvm_unreachable("unknown WaitKind");
}

bool mlir::asc::isMatmulCreation(Value matmul) {
  auto user = matmul.getDefiningOp<MatmulObjectUseOpInterface>();
  return user && llvm::any_of(user.getMatmulObjectUses(),
                              [&](const MatmulObjectUse &use) {
                                return use.matmul == matmul &&
                                       use.kind == MatmulUseKind::Create;
                              });
}

bool mlir::asc::hasMatmulUseOfKind(Operation *op, MatmulUseKind kind) {
  auto user = dyn_cast<MatmulObjectUseOpInterface>(op);
  return user && llvm::any_of(user.getMatmulObjectUses(),
                              [&](const MatmulObjectUse &use) {
                                return use.kind == kind;
                              });
}

//===----------------------------------------------------------------------===//
// What an operation is to the protocol
//===----------------------------------------------------------------------===//

bool mlir::asc::isPendingIssue(Operation *op) {
  auto issue = dyn_cast_or_null<MatmulAsyncIssueOpInterface>(op);
  return issue && issue.isAsync() && issue.isWaitable();
}

bool mlir::asc::isUnwaitedIssue(Operation *op) {
  auto issue = dyn_cast_or_null<MatmulAsyncIssueOpInterface>(op);
  return issue && issue.isAsync() && !issue.isWaitable() &&
         !issue.returnsComplete();
}

bool mlir::asc::isFetchConsumedIssue(Operation *op) {
  auto issue = dyn_cast_or_null<MatmulAsyncIssueOpInterface>(op);
  return issue && issue.isAsync() && issue.isConsumedByFetches();
}

bool mlir::asc::isFetch(MatmulOpInterface use) {
  MatmulMessageRole role = use.getMessageRole();
  return use.getMatmulUseKind() == MatmulUseKind::Compute &&
         (role == MatmulMessageRole::None ||
          role == MatmulMessageRole::PostFetch);
}

SmallVector<Value, 2> mlir::asc::getLocalDestinations(Operation *fetch) {
  SmallVector<Value, 2> destinations;
  auto access = dyn_cast<MemoryAccessOpInterface>(fetch);
  if (!access)
    return destinations;
  SmallVector<MemoryAccess> accesses;
  access.getMemoryAccesses(accesses);
  for (const MemoryAccess &write : accesses) {
    auto local = write.memory
                     ? dyn_cast<LocalTensorType>(write.memory.getType())
                     : LocalTensorType();
    if (write.isWrite() && local && isVectorPosition(local.getPosition()) &&
        !llvm::is_contained(destinations, write.memory))
      destinations.push_back(write.memory);
  }
  return destinations;
}

/// Whether `use` can run while an issue of its object is in flight: a setter
/// that stages a field of the next message, or posts a message of its own,
/// works on a snapshot (each post copies the message: MatmulClientBase::
/// PostMessage). SetWorkspace and Init change client state the call in
/// flight still reads (MatmulClient::SetWorkspace resets the fetch offset).
/// End() posts at most MMFUN_END, waits for nothing and leaves a pending
/// call pending (MatmulClient::End; spec revision 4 withdrew rule P4).
bool mlir::asc::isSafeWhileInFlight(MatmulOpInterface use) {
  MatmulUseKind kind = use.getMatmulUseKind();
  return kind == MatmulUseKind::Release ||
         (kind == MatmulUseKind::Configure &&
          use.getMessageRole() != MatmulMessageRole::None);
}

bool mlir::asc::movesObjectOn(MatmulOpInterface use) {
  switch (use.getMatmulUseKind()) {
  case MatmulUseKind::Compute:
    return use.getMessageRole() == MatmulMessageRole::PostStaged;
  case MatmulUseKind::Create:
  case MatmulUseKind::Initialize:
    return true;
  case MatmulUseKind::Release:
    return false;
  case MatmulUseKind::Configure:
    return !isSafeWhileInFlight(use);
  case MatmulUseKind::Wait:
    return false;
  }
  llvm_unreachable("unknown MatmulUseKind");
}

//===----------------------------------------------------------------------===//
// Rule L10
//===----------------------------------------------------------------------===//

namespace {
/// Where an issue stands relative to a wait.
enum class IssuePosition {
  /// It can run before the wait: earlier in the wait's block or in a block
  /// enclosing it (possibly nested in an earlier op), in a block from which
  /// the wait's block can be reached, or later in a region that repeats.
  Reaches,
  /// After the wait in a block enclosing it, with no way back.
  After,
  /// In a region from which no path leads to the wait.
  Elsewhere,
};
} // namespace

/// True when control can go from `from` to `to` (distinct blocks of one
/// region, or one block back to itself) along CFG edges.
static bool isBlockReachable(Block *from, Block *to) {
  SmallVector<Block *> worklist(from->getSuccessors());
  llvm::SmallPtrSet<Block *, 8> seen;
  while (!worklist.empty()) {
    Block *block = worklist.pop_back_val();
    if (block == to)
      return true;
    if (seen.insert(block).second)
      llvm::append_range(worklist, block->getSuccessors());
  }
  return false;
}

/// True when the region holding `op` may run again after `op`: a CFG cycle
/// through its block, or an enclosing region that repeats (a loop body).
static bool mayRunAgain(Operation *op) {
  for (Operation *cursor = op; cursor; cursor = cursor->getParentOp()) {
    if (cursor->hasTrait<OpTrait::IsIsolatedFromAbove>() && cursor != op)
      return false;
    Block *block = cursor->getBlock();
    if (!block)
      return false;
    if (isBlockReachable(block, block))
      return true;
    Operation *parent = block->getParentOp();
    if (!parent || parent->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return false;
    auto branch = dyn_cast<RegionBranchOpInterface>(parent);
    if (!branch ||
        branch.isRepetitiveRegion(block->getParent()->getRegionNumber()))
      return true;
  }
  return false;
}

/// True when some region of `branch` entered from `from` (directly or not)
/// is `to`.
static bool isRegionReachable(RegionBranchOpInterface branch, Region *from,
                              Region *to) {
  SmallVector<Region *> worklist{from};
  llvm::SmallPtrSet<Region *, 4> seen;
  while (!worklist.empty()) {
    Region *region = worklist.pop_back_val();
    SmallVector<RegionSuccessor> successors;
    branch.getSuccessorRegions(*region, successors);
    for (const RegionSuccessor &successor : successors) {
      Region *next = successor.getSuccessor();
      if (next == to)
        return true;
      if (next && seen.insert(next).second)
        worklist.push_back(next);
    }
  }
  return false;
}

/// Locates `issue` relative to `wait` with the parent chains, the block
/// order cache and CFG reachability within the closest common region: the
/// same answer for the scf and cf spellings of one program.
static IssuePosition locateIssue(Operation *issue, Operation *wait) {
  // The closest region holding both, and the ancestors of each in it.
  for (Region *region = issue->getParentRegion(); region;
       region = region->getParentRegion()) {
    Operation *waitAncestor = region->findAncestorOpInRegion(*wait);
    if (!waitAncestor)
      continue;
    Operation *issueAncestor = region->findAncestorOpInRegion(*issue);
    if (issueAncestor == waitAncestor) {
      // Two regions of one op (branches of an scf.if, the two regions of an
      // scf.while): can one lead to the other?
      auto branch = dyn_cast<RegionBranchOpInterface>(waitAncestor);
      Region *issueRegion = nullptr, *waitRegion = nullptr;
      for (Region &nested : waitAncestor->getRegions()) {
        if (nested.findAncestorOpInRegion(*issue))
          issueRegion = &nested;
        if (nested.findAncestorOpInRegion(*wait))
          waitRegion = &nested;
      }
      if (!branch)
        return IssuePosition::Reaches; // Unknown control flow: maybe.
      return isRegionReachable(branch, issueRegion, waitRegion)
                 ? IssuePosition::Reaches
                 : IssuePosition::Elsewhere;
    }
    Block *issueBlock = issueAncestor->getBlock();
    Block *waitBlock = waitAncestor->getBlock();
    if (issueBlock != waitBlock)
      return isBlockReachable(issueBlock, waitBlock) ? IssuePosition::Reaches
                                                     : IssuePosition::Elsewhere;
    if (issueAncestor->isBeforeInBlock(waitAncestor))
      return IssuePosition::Reaches;
    return mayRunAgain(waitAncestor) ? IssuePosition::Reaches
                                     : IssuePosition::After;
  }
  return IssuePosition::Elsewhere;
}

/// Whether a wait of `issue`'s kind may follow it (rule L10): a wait that
/// completes it, or a redundant one after a call that returns complete
/// (WaitGetTensorC after GetTensorC<false> into UB: spec revision 4).
static bool mayPrecedeWait(MatmulAsyncIssueOpInterface issue) {
  return issue.isWaitable() || issue.returnsComplete();
}

/// Fast path of L10: walks back from the wait, through its block and then
/// the blocks enclosing it, to the closest earlier op that uses the object.
/// In a well-formed kernel that op is the issue the wait completes, so the
/// walk costs the distance to it and never looks inside sibling regions. A
/// miss is not a verdict: the caller then consults the use-list.
static bool closestEarlierUseIsWaitableIssue(MatmulWaitOpInterface wait) {
  Value matmul = wait.getMatmul();
  for (Operation *cursor = wait; cursor;) {
    for (Operation *prev = cursor->getPrevNode(); prev;
         prev = prev->getPrevNode()) {
      if (!llvm::is_contained(prev->getOperands(), matmul))
        continue;
      // The next issue's setters may stand between an issue and its wait.
      if (auto use = dyn_cast<MatmulOpInterface>(prev);
          use && use.getMatmulUseKind() == MatmulUseKind::Configure &&
          use.getMessageRole() != MatmulMessageRole::None)
        continue;
      auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(prev);
      return issue && issue.getMatmul() == matmul &&
             issue.getWaitKind() == wait.getWaitKind() && mayPrecedeWait(issue);
    }
    Operation *parent = cursor->getParentOp();
    if (!parent || parent->hasTrait<OpTrait::IsIsolatedFromAbove>() ||
        matmul.getParentRegion() == cursor->getParentRegion())
      return false;
    cursor = parent;
  }
  return false;
}

/// How a Matmul value that is not a creation names its object, for a note.
static std::string describeMatmulName(Value matmul) {
  if (auto arg = dyn_cast<BlockArgument>(matmul))
    return ("block argument #" + Twine(arg.getArgNumber())).str();
  return ("the result of '" + matmul.getDefiningOp()->getName().getStringRef() +
          "'")
      .str();
}

LogicalResult mlir::asc::detail::verifyWaitHasReachingIssue(Operation *op) {
  auto wait = cast<MatmulWaitOpInterface>(op);
  if (closestEarlierUseIsWaitableIssue(wait))
    return success();
  Value matmul = wait.getMatmul();
  WaitKind kind = wait.getWaitKind();

  // Issues of this wait's kind on the same object, found through the object's
  // use-list.
  SmallVector<MatmulAsyncIssueOpInterface> candidates;
  for (Operation *user : matmul.getUsers()) {
    auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(user);
    // An Iterate is in GetTensorC's family as the call its fetches take
    // blocks from, never as something a WaitGetTensorC completes: named on
    // purpose, it gets no note.
    if (!issue || issue.getMatmul() != matmul || issue.getWaitKind() != kind ||
        isa<MatmulIterateOp>(user))
      continue;
    IssuePosition position = locateIssue(user, op);
    if (mayPrecedeWait(issue) && position == IssuePosition::Reaches)
      return success();
    candidates.push_back(issue);
  }

  InFlightDiagnostic diag = op->emitOpError()
                            << "has no async issue to complete: no "
                            << getIssueDescription(kind)
                            << " on the same Matmul object comes before it";
  // Issues made through another name of the object (the created value, a
  // select, a block argument) are not this value's: the pairing of waits
  // and issues follows SSA values, and which object a second name denotes
  // is not known here.
  if (!isMatmulCreation(matmul)) {
    diag.attachNote(matmul.getLoc())
        << "the wait's Matmul object is reached through "
        << describeMatmulName(matmul)
        << ": a wait completes only the issues made through its own value; "
           "wait through the value the issue was made through";
  }
  for (MatmulAsyncIssueOpInterface issue : candidates) {
    IssuePosition position = locateIssue(issue, op);
    StringRef reason = issue.getUnwaitableReason();
    if (!reason.empty()) {
      if (position == IssuePosition::Reaches)
        diag.attachNote(issue->getLoc()) << "this '" << issue->getName()
                                         << "' cannot be waited on: " << reason;
      continue;
    }
    diag.attachNote(issue->getLoc())
        << "this '" << issue->getName() << "' does not reach the wait: "
        << (position == IssuePosition::After
                ? "it comes after the wait"
                : "no path leads from it to the wait");
  }
  return diag;
}
