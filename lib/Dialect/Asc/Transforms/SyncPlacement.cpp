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

/// A wait and the issues it completes, as paired before anything moved.
struct WaitPairing {
  MatmulWaitOpInterface wait;
  SmallVector<Operation *, 1> issues;
  /// The pending outputs of those issues (null entries are skipped).
  SmallVector<Value, 1> outputs;
};

/// Decides, for one pairing, which operations a wait or an issue must not
/// cross.
class ConflictFinder {
public:
  ConflictFinder(ProtocolChecker &checker, Value matmul,
                 ArrayRef<Value> outputs)
      : checker(checker), matmul(matmul), outputs(outputs) {}

  /// Why `op` itself (not its nested ops) stops a wait.
  StopReason getDirectConflict(Operation *op) const {
    if (llvm::is_contained(op->getOperands(), matmul))
      return StopReason::UsesObject;
    if (hasUnknownEffects(op))
      return StopReason::UnknownEffects;
    for (Value output : outputs)
      if (checker.mayAccess(op, output))
        return StopReason::AccessesOutput;
    return StopReason::None;
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
  ArrayRef<Value> outputs;
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

struct AscSyncPlacementPass
    : public asc::impl::AscSyncPlacementBase<AscSyncPlacementPass> {
  using AscSyncPlacementBase::AscSyncPlacementBase;

  void runOnOperation() override;

private:
  void promoteSyncIssues(func::FuncOp function);
  void repairMissingWaitsIn(func::FuncOp function);
  SmallVector<WaitPairing> pairWaits(func::FuncOp function,
                                     ProtocolChecker &checker);
  void hoistIssue(Operation *issue, ProtocolChecker &checker,
                  const DenseMap<Operation *, ArrayRef<Value>> &waitOutputs);
  void sinkWait(Operation *wait, ArrayRef<Operation *> issues,
                ArrayRef<Value> outputs, ProtocolChecker &checker);
  void remark(Operation *wait, ArrayRef<Operation *> issues, Operation *stop,
              StopReason reason);
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

void AscSyncPlacementPass::promoteSyncIssues(func::FuncOp function) {
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
}

void AscSyncPlacementPass::repairMissingWaitsIn(func::FuncOp function) {
  ProtocolChecker checker(function);
  (void)checker.check(/*reportErrors=*/false);
  // Issues that some matching wait completes on some path.
  llvm::SmallPtrSet<Operation *, 8> waited;
  SmallVector<Operation *> issues;
  function.walk([&](Operation *op) {
    if (isPendingIssue(op))
      issues.push_back(op);
    auto wait = dyn_cast<MatmulWaitOpInterface>(op);
    const ProtocolState *state = wait ? checker.getStateBefore(op) : nullptr;
    if (!state)
      return;
    if (const auto *entry = state->lookup(wait.getMatmul()))
      for (Operation *event : entry->events)
        if (isPendingIssue(event))
          waited.insert(event);
  });
  // An issue that no wait completes gets one; issues waited on only on some
  // paths are not repaired (where the missing wait belongs is ambiguous).
  for (Operation *issue : issues) {
    if (waited.contains(issue) || !checker.getStateBefore(issue))
      continue;
    Operation *wait = createWaitAfter(cast<MatmulAsyncIssueOpInterface>(issue));
    wait->emitRemark() << "inserted the missing '" << wait->getName()
                       << "' for this issue";
  }
}

//===----------------------------------------------------------------------===//
// Pairing, hoisting, sinking
//===----------------------------------------------------------------------===//

SmallVector<WaitPairing>
AscSyncPlacementPass::pairWaits(func::FuncOp function,
                                ProtocolChecker &checker) {
  SmallVector<WaitPairing> pairings;
  function.walk([&](MatmulWaitOpInterface wait) {
    const ProtocolState *state = checker.getStateBefore(wait);
    if (!state)
      return;
    WaitPairing pairing{wait, {}, {}};
    if (const auto *entry = state->lookup(wait.getMatmul())) {
      for (Operation *event : entry->events) {
        if (!isPendingIssue(event))
          continue;
        pairing.issues.push_back(event);
        if (Value output = getPendingOutput(event))
          pairing.outputs.push_back(output);
      }
    }
    pairings.push_back(std::move(pairing));
  });
  return pairings;
}

/// True for a pipeline barrier: the data movement before it (an MTE copy of
/// an input into GM, say) is only complete after it, so an issue that moved
/// above it could read stale inputs.
static bool drainsPipelines(Operation *op) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return false;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::any_of(instances, [](const MemoryEffects::EffectInstance &e) {
    return e.getResource() == PipelineResource::get();
  });
}

void AscSyncPlacementPass::hoistIssue(
    Operation *issue, ProtocolChecker &checker,
    const DenseMap<Operation *, ArrayRef<Value>> &waitOutputs) {
  auto asyncIssue = cast<MatmulAsyncIssueOpInterface>(issue);
  Value matmul = asyncIssue.getMatmul();
  ArrayRef<Value> inputs = checker.getMatmulInputs(matmul);
  SmallVector<Value, 1> outputs;
  if (Value output = getPendingOutput(issue))
    outputs.push_back(output);
  ConflictFinder finder(checker, matmul, outputs);
  TensorAliasAnalysis &aliases = checker.getAliasAnalysis();

  // The issue must stay after: the definitions of its operands, every use of
  // its object, writes to its inputs, accesses to its output, ops with
  // unknown effects; region ops holding any of these.
  auto isBarrier = [&](Operation *op) {
    if (llvm::any_of(issue->getOperands(), [&](Value operand) {
          return operand.getDefiningOp() == op;
        }))
      return true;
    auto blocks = [&](Operation *candidate) {
      if (finder.getDirectConflict(candidate) != StopReason::None ||
          drainsPipelines(candidate))
        return true;
      // Another object's wait is where that object's output becomes final:
      // the issue must not start writing (or reading) memory it may share
      // before then.
      auto it = waitOutputs.find(candidate);
      if (it != waitOutputs.end() &&
          llvm::any_of(it->second, [&](Value completed) {
            return llvm::any_of(outputs,
                                [&](Value output) {
                                  return aliases.mayAlias(completed, output);
                                }) ||
                   llvm::any_of(inputs, [&](Value input) {
                     return aliases.mayAlias(completed, input);
                   });
          }))
        return true;
      return llvm::any_of(inputs, [&](Value input) {
        return checker.mayWrite(candidate, input);
      });
    };
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
  if (stop)
    issue->moveAfter(stop);
  else
    issue->moveBefore(&issue->getBlock()->front());
}

void AscSyncPlacementPass::remark(Operation *wait, ArrayRef<Operation *> issues,
                                  Operation *stop, StopReason reason) {
  if (!emitRemarks)
    return;
  InFlightDiagnostic diag = wait->emitRemark();
  diag << "wait placed before '" << stop->getName()
       << "': " << describeStop(reason);
  for (Operation *issue : issues)
    diag << "; " << countOpsBetween(issue, wait)
         << " operations overlap the async '" << issue->getName() << "'";
}

void AscSyncPlacementPass::sinkWait(Operation *wait,
                                    ArrayRef<Operation *> issues,
                                    ArrayRef<Value> outputs,
                                    ProtocolChecker &checker) {
  Value matmul = cast<MatmulWaitOpInterface>(wait).getMatmul();
  ConflictFinder finder(checker, matmul, outputs);

  // Blocks without a terminator (graph-like regions) end the scan too.
  for (Operation *cursor = wait->getNextNode(); cursor;
       cursor = cursor->getNextNode()) {
    if (cursor->hasTrait<OpTrait::IsTerminator>()) {
      wait->moveBefore(cursor);
      return remark(wait, issues, cursor, StopReason::EndOfBlock);
    }
    StopReason reason = finder.getDirectConflict(cursor);
    if (reason != StopReason::None) {
      wait->moveBefore(cursor);
      return remark(wait, issues, cursor, reason);
    }
    if (cursor->getNumRegions() != 0 && finder.findNestedConflict(cursor)) {
      auto ifOp = dyn_cast<scf::IfOp>(cursor);
      if (!ifOp) {
        // A loop (or an unknown region op): the wait must not run more than
        // once, so it stays in front.
        wait->moveBefore(cursor);
        return remark(wait, issues, cursor, StopReason::ConflictInLoop);
      }
      // Branch-local conflicts: one wait per branch, each sunk on its own.
      OpBuilder builder(ifOp);
      if (ifOp.getElseRegion().empty()) {
        Block *elseBlock = builder.createBlock(&ifOp.getElseRegion());
        builder.setInsertionPointToEnd(elseBlock);
        scf::YieldOp::create(builder, ifOp.getLoc());
      }
      for (Region *branch : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
        Block &block = branch->front();
        builder.setInsertionPointToStart(&block);
        Operation *copy = builder.clone(*wait);
        sinkWait(copy, issues, outputs, checker);
      }
      wait->erase();
      return;
    }
  }
}

void AscSyncPlacementPass::runOnOperation() {
  func::FuncOp function = getOperation();
  if (promoteSync)
    promoteSyncIssues(function);
  if (repairMissingWaits)
    repairMissingWaitsIn(function);

  ProtocolChecker checker(function);
  if (failed(checker.check()))
    return signalPassFailure();

  // Pair before anything moves: the analysis states refer to the input.
  SmallVector<WaitPairing> pairings = pairWaits(function, checker);

  if (hoistIssues) {
    DenseMap<Operation *, ArrayRef<Value>> waitOutputs;
    for (WaitPairing &pairing : pairings)
      waitOutputs[pairing.wait] = pairing.outputs;
    SmallVector<Operation *> issues;
    function.walk([&](MatmulAsyncIssueOpInterface issue) {
      if (issue.isAsync())
        issues.push_back(issue);
    });
    for (Operation *issue : issues)
      hoistIssue(issue, checker, waitOutputs);
  }

  for (WaitPairing &pairing : pairings)
    sinkWait(pairing.wait, pairing.issues, pairing.outputs, checker);

  // The placement must keep the protocol; a failure here is a bug in this
  // pass, reported rather than silently emitted.
  ProtocolChecker recheck(function);
  if (failed(recheck.check(/*reportErrors=*/false))) {
    function.emitError("asc-sync-placement broke the Matmul protocol; "
                       "please report this kernel");
    (void)recheck.check();
    return signalPassFailure();
  }
}
