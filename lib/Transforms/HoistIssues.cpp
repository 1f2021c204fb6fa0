//===- HoistIssues.cpp - async issues up to their last dependency --------===//
//
// The first step of wait placement: every async issue moves up to right
// after the last op it must stay behind (one that uses its object, may
// touch what it touches in flight, another async issue, a barrier or flag
// wait that may order a copy it depends on, a synchronous call of another
// object), so that the cube starts it as early as it may.
//
//===----------------------------------------------------------------------===//

#include "WaitPlacement.h"
#include "asc/Dialect/Asc/Analysis/ProgramOrderKeys.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asc-sync-placement"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::placement;

bool mlir::asc::placement::holdsVectorCoreOnCube(Operation *op) {
  auto use = dyn_cast<MatmulOpInterface>(op);
  if (!use)
    return false;
  switch (use.getMatmulUseKind()) {
  case MatmulUseKind::Wait:
    return true;
  case MatmulUseKind::Compute: {
    auto issue = dyn_cast<MatmulAsyncIssueOpInterface>(op);
    return !issue || !issue.isAsync();
  }
  default:
    return use.getMessageRole() == MatmulMessageRole::PostFetch;
  }
}

/// True when `op` posts a message and holds the vector core until the cube
/// core has answered it: a synchronous computation or fetch (not a wait,
/// which posts nothing).
static bool postsAndAwaitsCube(Operation *op) {
  auto use = dyn_cast<MatmulOpInterface>(op);
  return use && use.getMatmulUseKind() != MatmulUseKind::Wait &&
         holdsVectorCoreOnCube(op);
}

/// The calls made through `matmul` in `function` that copy their results
/// into UB (by MTE2): a wait for the issue's signal, or a fetch of its
/// blocks, may rely on its post to order what came before.
/// The calls of `function` that copy their results into UB, by the object
/// value they are made through: one walk for every object (a walk per
/// object made the hoist quadratic in the objects of a kernel).
static DenseMap<Value, SmallVector<Operation *>>
getCopiesIntoUnifiedBuffer(Operation *function) {
  DenseMap<Value, SmallVector<Operation *>> copies;
  function->walk([&](MatmulOpInterface call) {
    if (!getLocalDestinations(call).empty())
      copies[call.getMatmul()].push_back(call);
  });
  return copies;
}

/// True when `op` brings vector-core work into what a post sees (O8: S and
/// MTE3): an MTE3 access of local memory, or an ordering of another pipe
/// before MTE3 or S (a hand-off into a VECOUT queue or a bind).
static bool isSeenByLaterPost(Operation *op) {
  if (getLocalAccessPipe(op) == PipeKind::PIPE_MTE3)
    return true;
  auto ordering = dyn_cast<PipeOrderingOpInterface>(op);
  if (!ordering || isa<MatmulOpInterface>(op))
    return false;
  SmallVector<PipeOrderingStep> steps;
  ordering.getPipeOrderingSteps(steps);
  return llvm::any_of(steps, [](const PipeOrderingStep &step) {
    return step.kind == PipeOrderingStep::Kind::Order &&
           (step.to == PipeKind::PIPE_MTE3 || step.to == PipeKind::PIPE_S);
  });
}

bool WaitPlacer::isOrderedOnlyByWaitOf(Operation *issue, Operation *op) {
  auto found = pairingsOfIssue.find(issue);
  if (found == pairingsOfIssue.end())
    return false;
  // The access itself, or one that `op` (a hand-off into MTE3) brings into
  // what the post sees: one made before it.
  return llvm::any_of(found->second, [&](const WaitPairing *pairing) {
    return llvm::any_of(pairing->ordersForPipes, [&](const auto &entry) {
      return entry.first == op || isBeforeInProgramOrder(entry.first, op);
    });
  });
}

bool WaitPlacer::hoistIssue(
    Operation *issue, PlacementAnalyses &analyses,
    const DenseMap<Operation *, const WaitPairing *> &pairingOfWait) {
  Value matmul = cast<MatmulAsyncIssueOpInterface>(issue).getMatmul();
  ArrayRef<ResolvedAccess> footprint =
      analyses.checker.getConflicts().getFootprint(issue);
  // The post of the issue orders the vector core's earlier MTE3 work before
  // its wait and its fetches (O8); a copy of theirs into UB may rely on it.
  if (!copiesIntoUnifiedBuffer)
    copiesIntoUnifiedBuffer = getCopiesIntoUnifiedBuffer(
        issue->getParentOfType<FunctionOpInterface>());
  auto found = copiesIntoUnifiedBuffer->find(matmul);
  ArrayRef<Operation *> copiesIntoUb;
  if (found != copiesIntoUnifiedBuffer->end())
    copiesIntoUb = found->second;

  // Whether `op` must stay before the issue: it uses the object, may touch
  // what the issue touches while in flight, is another async issue (issues
  // keep their order, which keeps the pass idempotent), a barrier that may
  // order a copy the issue depends on, or completes work whose footprint
  // conflicts with the issue's.
  auto blocks = [&](Operation *op) {
    if (usesObject(op, matmul) ||
        analyses.checker.getConflicts().findConflict(op, footprint))
      return true;
    if (auto other = dyn_cast<MatmulAsyncIssueOpInterface>(op))
      if (other.isAsync())
        return true;
    // A synchronous call or fetch of another object: the cube serves one
    // core's messages in the order they are posted, so an issue posted
    // above it holds the vector core there for the issue's whole run, and
    // the issue is needed after it: step 6 would sink it again, and the
    // two steps would undo each other on every run of the pass.
    if (postsAndAwaitsCube(op))
      return true;
    // Hoisted above work its post now sees, the issue would leave that work
    // unordered before a copy into UB that relies on the post (O9).
    if (isSeenByLaterPost(op) &&
        llvm::any_of(copiesIntoUb, [&](Operation *copy) {
          return !getLocalAccessPipe(op) ||
                 analyses.checker.mayOverlapInUnifiedBuffer(op, copy);
        }))
      return true;
    // Hoisted above vector-core work that its post sees and only its wait
    // orders before later work (O8), the issue would drop that edge (O9).
    if (isSeenByLaterPost(op) && isOrderedOnlyByWaitOf(issue, op))
      return true;
    // The barrier is named on purpose: it is the dialect's one pipe barrier.
    if (auto barrier = dyn_cast<PipeBarrierOp>(op))
      return barrier.mayOrderDataCopies();
    // So is a WaitFlag: it may hold back a copy the issue depends on.
    if (isa<WaitFlagOp>(op))
      return true;
    // Another core may write the issue's inputs before the op lets this
    // core go on (O6/O7): the issue stays after it.
    if (auto sync = dyn_cast<CrossCoreSyncOpInterface>(op);
        sync && sync.waitsForOtherCores())
      return true;
    if (auto it = pairingOfWait.find(op); it != pairingOfWait.end())
      return analyses.checker.getConflicts()
          .findConflict(footprint, it->second->footprint)
          .has_value();
    // A synchronous call completes the issues without a wait flag of its
    // object; the issue must not start before they are done with what it
    // touches.
    if (auto use = dyn_cast<MatmulOpInterface>(op)) {
      const ProtocolState *state = analyses.protocol.getStateBefore(op);
      if (!state)
        return true;
      for (Operation *unwaited : getUnwaitedIssuesCompletedBy(op, *state))
        if (analyses.checker.getConflicts().findConflict(
                footprint,
                analyses.checker.getConflicts().getFootprint(unwaited)))
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
    return false;
  moved = true;
  ++stats.numIssuesHoisted;
  LLVM_DEBUG({
    llvm::dbgs() << "hoisting " << *issue << "\n  to after ";
    if (stop)
      llvm::dbgs() << *stop << "\n";
    else
      llvm::dbgs() << "the start of its block\n";
  });
  reorders.noteReorder(issue->getBlock());
  if (stop)
    rewriter.moveOpAfter(issue, stop);
  else
    rewriter.moveOpBefore(issue, &issue->getBlock()->front());
  return true;
}
