//===- RepairMissingWaits.cpp - a wait for every unwaited issue -----------===//
//
// repair-missing-waits: an async issue that no matching wait completes on
// any path gets one right after it, with a remark; an issue waited on only
// on some paths is left alone (where the missing wait belongs is
// ambiguous).
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/Analysis/ProtocolAnalysis.h"
#include "asc/Transforms/Transforms.h"

using namespace mlir;
using namespace mlir::asc;

FailureOr<unsigned> mlir::asc::repairMissingWaits(RewriterBase &rewriter,
                                                  func::FuncOp function) {
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
    ProtocolState::ObjectState scratch;
    for (Operation *event :
         state->getObjectView(wait.getMatmul(), scratch).events())
      if (isPendingIssue(event))
        waited.insert(event);
  });
  // An issue that no wait completes gets one; issues waited on only on some
  // paths are not repaired (where the missing wait belongs is ambiguous).
  unsigned repaired = 0;
  for (Operation *issue : issues) {
    if (waited.contains(issue) || !protocol.getStateBefore(issue))
      continue;
    Operation *wait =
        createWaitAfter(rewriter, cast<MatmulAsyncIssueOpInterface>(issue));
    wait->emitRemark() << "inserted the missing '" << wait->getName()
                       << "' for this issue";
    ++repaired;
  }
  if (!repaired)
    return failure();
  return repaired;
}
