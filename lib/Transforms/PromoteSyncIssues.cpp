//===- PromoteSyncIssues.cpp - synchronous GM calls made async ------------===//
//
// promote-sync's first half: every synchronous Matmul call that writes GM
// and may run asynchronously becomes async, with its wait right after it
// (exactly the synchronous behaviour); wait placement then sinks the wait.
// The `while (Iterate())` loops are PromoteIterateLoops.cpp's.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Transforms/Transforms.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asc-sync-placement"

using namespace mlir;
using namespace mlir::asc;

Operation *mlir::asc::createWaitAfter(RewriterBase &rewriter,
                                      MatmulAsyncIssueOpInterface issue) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(issue);
  return issue.createWait(rewriter);
}

FailureOr<unsigned> mlir::asc::promoteSyncIssues(RewriterBase &rewriter,
                                                 func::FuncOp function) {
  if (AscDialect::usesCubeSideMatmulObjects(function))
    return failure();
  SmallVector<MatmulAsyncIssueOpInterface> promoted;
  function.walk([&](MatmulAsyncIssueOpInterface issue) {
    if (!issue.isPromotable())
      return;
    rewriter.modifyOpInPlace(issue, [&] { issue.promoteToWaitable(); });
    promoted.push_back(issue);
  });
  // A wait right after the issue is exactly the synchronous behaviour; the
  // sinking below then moves it.
  for (MatmulAsyncIssueOpInterface issue : promoted) {
    LLVM_DEBUG(llvm::dbgs() << "promoted " << *issue << "\n");
    createWaitAfter(rewriter, issue);
  }
  if (promoted.empty())
    return failure();
  return promoted.size();
}
