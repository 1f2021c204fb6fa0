//===- PipelineLoops.cpp - --asc-pipeline-loops ---------------------------===//
//
// Software pipelining of scf.for loops whose body issues async Matmul work
// and waits for it in the same iteration: the issue of iteration i + 1 (with
// the setters that stage it) moves up to right after the wait of iteration
// i, so that the cube computes the next tile while the vector core works on
// this one. The design and the proof obligations are in docs/SyncPlacement.md
// ("Loop pipelining").
//
//   for i in [lb, ub):  X0; S(i); I(i); W; X1(i)
//
// becomes (the guard only when the trip count is not known to be positive;
// `last` = lb + ((ub - lb - 1) / step) * step):
//
//   if (lb < ub) {
//     S(lb); I(lb)                                  // prologue
//     for i in [lb, last):  W; S(i+step); I(i+step); X0(i); X1(i)
//     W; X0(last); X1(last)                         // epilogue
//   }
//
// With several objects, each issue moves up to right after the previous
// object's wait (the first object's to after the last one's, one iteration
// ahead), so that one issue at a time is in flight. The last iteration is
// peeled rather than guarded inside the body: a guard `if (i + step < ub)`
// around the next issue makes the pending state at the back edge a join of
// "pending" and "idle", which a path-insensitive protocol check cannot
// prove; peeled, every point has one pending issue per object or none.
//
//===----------------------------------------------------------------------===//

#include "LoopPipeliner.h"
#include "asc/Dialect/Asc/Analysis/ProtocolChecker.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "asc/Transforms/Passes.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asc-pipeline-loops"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::pipelining;

namespace mlir::asc {
#define GEN_PASS_DEF_ASCPIPELINELOOPS
#include "asc/Transforms/Passes.h.inc"
} // namespace mlir::asc

/// Erases the pure ops nothing uses among `ops` and what they hold.
static void eraseDeadPureOps(Operation *root) {
  bool erased = true;
  while (erased) {
    erased = false;
    SmallVector<Operation *> dead;
    root->walk([&](Operation *op) {
      if (op != root && isOpTriviallyDead(op))
        dead.push_back(op);
    });
    for (Operation *op : dead) {
      op->erase();
      erased = true;
    }
  }
}

/// The ops of `block` strictly between `prev` and `next` (null: the block's
/// ends).
static SmallVector<Operation *> opsBetween(Block *block, Operation *prev,
                                           Operation *next) {
  Block::iterator begin =
      prev ? std::next(prev->getIterator()) : block->begin();
  Block::iterator end = next ? next->getIterator() : block->end();
  SmallVector<Operation *> ops;
  for (Block::iterator it = begin; it != end; ++it)
    ops.push_back(&*it);
  return ops;
}

/// Erases the dead pure ops of the ops built between `prev` and `next`.
void mlir::asc::pipelining::cleanUpBuilt(Block *block, Operation *prev,
                                         Operation *next) {
  SmallVector<Operation *> built = opsBetween(block, prev, next);
  for (Operation *op : built)
    eraseDeadPureOps(op);
  // Dead pure ops at the top level of the built range.
  for (Operation *op : llvm::reverse(built))
    if (isOpTriviallyDead(op))
      op->erase();
}

/// Erases the ops built between `prev` and `next` and puts `loop` back.
void mlir::asc::pipelining::backOut(Block *block, Operation *prev,
                                    Operation *next, scf::ForOp loop) {
  SmallVector<Operation *> built = opsBetween(block, prev, next);
  for (Operation *op : llvm::reverse(built)) {
    op->dropAllUses();
    op->erase();
  }
  block->getOperations().insert(next ? next->getIterator() : block->end(),
                                loop);
}

void mlir::asc::pipelining::takeOutLoop(ProtocolTrial &trial, scf::ForOp loop,
                                        Operation *prev) {
  Block *block = loop->getBlock();
  Operation *next = loop->getNextNode();
  loop->remove();
  cleanUpBuilt(block, prev, next);
  trial.onBackOut([=] { backOut(block, prev, next, loop); });
  trial.onKeep([=] { loop->erase(); });
}

/// True when `loop` is in the else-region of an scf.if whose condition is a
/// gap check (a versioned loop's original): there the check failed, and
/// versioning it again on the same check would only nest a dead copy.
static bool isVersionedFallback(scf::ForOp loop) {
  auto branch = dyn_cast<scf::IfOp>(loop->getParentOp());
  if (!branch || loop->getParentRegion() != &branch.getElseRegion())
    return false;
  MatmulProtocolAnalysis protocol(loop->getParentOfType<func::FuncOp>());
  AscAliasAnalysis aliases(loop->getParentOfType<func::FuncOp>(), protocol);
  return !aliases.getConditionFacts(branch).empty();
}

FailureOr<unsigned> LoopPipeliner::run() {
  // The input must keep the protocol: the re-check after each rotation
  // then tells the rotation's own faults.
  if (findProtocolViolation(function))
    return failure();
  SmallVector<scf::ForOp> loops;
  function.walk([&](Operation *op) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      loops.push_back(loop);
      return;
    }
    // Other loops with Matmul calls in them: said, not rotated.
    if (!isa<LoopLikeOpInterface>(op) || isa<scf::ForOp>(op))
      return;
    bool matmul = false;
    op->walk([&](MatmulOpInterface) { matmul = true; });
    if (matmul)
      remark(op, "loop not pipelined: only scf.for loops with a constant "
                 "step are rotated (a while (Iterate()) loop is the "
                 "promotion's business)");
  });
  unsigned numPipelined = 0;
  for (scf::ForOp loop : loops) {
    std::optional<Rejection> why;
    FailureOr<PipelineSchedule> schedule = matchPipelineSchedule(loop, why);
    if (failed(schedule)) {
      if (why) {
        if (why->op == loop.getOperation()) {
          remark(loop, "loop not pipelined: " + Twine(why->reason));
        } else {
          remark(loop, "loop not pipelined: " + describe(why->op) + ": " +
                           why->reason);
          remark(why->op, "this op blocks pipelining its loop");
        }
      }
      continue;
    }
    ArrayRef<Stage> stages = schedule->stages;
    SmallVector<GapCheck> gaps;
    {
      MatmulProtocolAnalysis protocol(function);
      AscAliasAnalysis aliases(function, protocol);
      InFlightConflicts conflicts(aliases);
      if (std::optional<Rejection> blocked =
              checkLegality(loop, stages, protocol, conflicts, gaps)) {
        remark(loop, "loop not pipelined: " + describe(blocked->op) + ": " +
                         blocked->reason);
        remark(blocked->op, "this op blocks pipelining its loop");
        continue;
      }
    }
    // Tiles a symbolic stride apart: the pipelined loop under a run-time
    // check, on one object.
    if (!gaps.empty()) {
      if (isVersionedFallback(loop)) {
        remark(loop, "loop not pipelined: it is the loop as written of a "
                     "versioned loop, which runs where the run-time check "
                     "failed");
        continue;
      }
      if (expandVersioned(*schedule, gaps))
        ++numPipelined;
      continue;
    }
    // With one object whose creation states copies: two objects in flight.
    if (stages.size() == 1 && tryTwoObjects(*schedule)) {
      ++numPipelined;
      continue;
    }
    // Expand, then check the whole function again; back out on failure.
    ProtocolTrial trial(function, ProtocolTrial::BackOut::UndoSteps);
    Operation *prev = loop->getPrevNode();
    expandPipelinedLoop(rewriter, *schedule);
    takeOutLoop(trial, loop, prev);
    if (std::optional<ProtocolViolation> violation = trial.check()) {
      remark(loop, "loop not pipelined: the rotated loop fails the protocol "
                   "check, so the pass backed out: " +
                       Twine(violation->message));
      continue;
    }
    if (emitRemarks) {
      InFlightDiagnostic diag = mlir::emitRemark(loop.getLoc());
      diag << "loop pipelined: the ";
      for (unsigned k = 0; k < stages.size(); ++k)
        diag << (k ? ", " : "") << describe(stages[k].issue);
      diag << " of iteration i + 1 issued right after iteration i's wait"
           << (stages.size() > 1 ? "s" : "");
    }
    LLVM_DEBUG(llvm::dbgs() << "pipelined the loop at " << loop->getLoc()
                            << " (" << stages.size() << " stages)\n");
    ++numPipelined;
  }
  return numPipelined;
}

FailureOr<unsigned> mlir::asc::pipelineLoops(RewriterBase &rewriter,
                                             func::FuncOp function,
                                             bool emitRemarks) {
  FailureOr<unsigned> pipelined =
      LoopPipeliner(rewriter, function, emitRemarks).run();
  if (failed(pipelined) || !*pipelined)
    return failure();
  return pipelined;
}

namespace {
struct AscPipelineLoopsPass
    : public asc::impl::AscPipelineLoopsBase<AscPipelineLoopsPass> {
  using AscPipelineLoopsBase::AscPipelineLoopsBase;
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    FailureOr<unsigned> pipelined =
        pipelineLoops(rewriter, getOperation(), emitRemarks);
    if (failed(pipelined))
      return markAllAnalysesPreserved();
    numLoopsPipelined += *pipelined;
  }
};
} // namespace
