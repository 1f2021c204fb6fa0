//===- AscInterfaces.cpp - asc op interfaces ------------------------------===//
//
// The Matmul interfaces and rule L10, the check that a wait has an async
// issue to complete.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/IR/AscInterfaces.h"
#include "asc/Dialect/Asc/IR/AscTypes.h"

using namespace mlir;
using namespace mlir::asc;

#include "asc/Dialect/Asc/IR/AscInterfaces.cpp.inc"

StringRef mlir::asc::getWaitOpName(WaitKind kind) {
  switch (kind) {
  case WaitKind::IterateAll:
    return "asc.matmul.wait_iterate_all";
  case WaitKind::IterateBatch:
    return "asc.matmul.wait_iterate_batch";
  case WaitKind::GetTensorC:
    return "asc.matmul.wait_get_tensor_c";
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
    return "asynchronous 'asc.matmul.get_tensor_c' or "
           "'asc.matmul.async_get_tensor_c'";
  }
  llvm_unreachable("unknown WaitKind");
}

SideEffects::Resource *mlir::asc::getTensorResource(Type type) {
  if (isGlobalTensorType(type))
    return GlobalMemoryResource::get();
  return LocalMemoryResource::get();
}

//===----------------------------------------------------------------------===//
// Rule L10
//===----------------------------------------------------------------------===//

namespace {
/// Where an issue stands relative to a wait.
enum class IssuePosition {
  /// Before the wait in the wait's block or in a block enclosing it.
  Reaches,
  /// In another block of a CFG region enclosing the wait: some path may
  /// reach the wait; the protocol analysis decides which.
  MayReach,
  /// After the wait in a block enclosing it.
  After,
  /// In a region that does not enclose the wait.
  Elsewhere,
};
} // namespace

/// Locates `issue` relative to `wait` with the block order cache and the
/// parent chain only: O(region depth), no walk of the function.
static IssuePosition locateIssue(Operation *issue, Operation *wait) {
  Operation *waitAncestor =
      issue->getParentRegion()->findAncestorOpInRegion(*wait);
  if (!waitAncestor)
    return IssuePosition::Elsewhere;
  if (waitAncestor->getBlock() != issue->getBlock())
    return IssuePosition::MayReach;
  return issue->isBeforeInBlock(waitAncestor) ? IssuePosition::Reaches
                                              : IssuePosition::After;
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
      auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(prev);
      return issue && issue.getMatmul() == matmul &&
             issue.getWaitKind() == wait.getWaitKind() && issue.isWaitable();
    }
    Operation *parent = cursor->getParentOp();
    if (!parent || parent->hasTrait<OpTrait::IsIsolatedFromAbove>() ||
        matmul.getParentRegion() == cursor->getParentRegion())
      return false;
    cursor = parent;
  }
  return false;
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
    if (!issue || issue.getMatmul() != matmul || issue.getWaitKind() != kind)
      continue;
    IssuePosition position = locateIssue(user, op);
    if (issue.isWaitable() && (position == IssuePosition::Reaches ||
                               position == IssuePosition::MayReach))
      return success();
    candidates.push_back(issue);
  }

  InFlightDiagnostic diag = op->emitOpError()
                            << "has no async issue to complete: no "
                            << getIssueDescription(kind)
                            << " on the same Matmul object comes before it";
  for (MatmulAsyncIssueOpInterface issue : candidates) {
    IssuePosition position = locateIssue(issue, op);
    StringRef reason = issue.getUnwaitableReason();
    if (!reason.empty()) {
      if (position == IssuePosition::Reaches ||
          position == IssuePosition::MayReach)
        diag.attachNote(issue->getLoc()) << "this '" << issue->getName()
                                         << "' cannot be waited on: " << reason;
      continue;
    }
    diag.attachNote(issue->getLoc())
        << "this '" << issue->getName() << "' does not reach the wait: "
        << (position == IssuePosition::After
                ? "it comes after the wait"
                : "it is in a region that does not enclose the wait");
  }
  return diag;
}
