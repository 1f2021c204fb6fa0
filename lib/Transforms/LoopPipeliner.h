//===- LoopPipeliner.h - the parts of loop pipelining -----------*- C++ -*-===//
//
// What the files of --asc-pipeline-loops share (private to lib/Transforms):
// the stages of a loop body and the legality of moving them
// (PipelineStages.cpp), the run-time gap checks of a versioned loop
// (PipelineVersioning.cpp), and the pipeliner that drives them per loop
// (PipelineLoops.cpp), builds the schedule (PipelineSchedule.cpp) and
// expands it (PipelineExpander.cpp), on one object, versioned where needed,
// or unrolled on two (PipelineTwoObjects.cpp). The design is in
// docs/SyncPlacement.md ("Loop pipelining").
//
//===----------------------------------------------------------------------===//

#ifndef ASC_LIB_TRANSFORMS_LOOPPIPELINER_H
#define ASC_LIB_TRANSFORMS_LOOPPIPELINER_H

#include "asc/Dialect/Asc/Analysis/InFlightConflicts.h"
#include "asc/Transforms/PipelineSchedule.h"
#include "asc/Transforms/ProtocolTrial.h"
#include "asc/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include <optional>
#include <string>

namespace mlir::asc::pipelining {

/// A run-time test that keeps two tiles apart: `factors` (a product of one
/// or two loop-invariant integers of at most 32 bits, exact in i64) is at
/// most `atMost` or at least `atLeast` (at least one side is present).
struct GapCheck {
  Monomial factors;
  std::optional<int64_t> atMost, atLeast;
  /// What it stands for, for the remark: the stride and the footprint.
  std::string description;
};

class LoopPipeliner {
public:
  LoopPipeliner(RewriterBase &rewriter, func::FuncOp function, bool emitRemarks)
      : rewriter(rewriter), function(function), emitRemarks(emitRemarks) {}

  /// Pipelines every loop it can, innermost first (PipelineLoops.cpp). The
  /// number of loops rotated; failure when the input breaks the protocol.
  FailureOr<unsigned> run();

private:
  /// Expands `schedule` under `gaps`' run-time check: `if (check) {
  /// pipelined } else { the loop as it was }`. True when it holds (the loop
  /// is gone; PipelineVersioning.cpp).
  bool expandVersioned(const PipelineSchedule &schedule,
                       ArrayRef<GapCheck> gaps);
  /// Tries the two-object form of a one-stage `schedule`; true when it holds
  /// (the loop is gone; PipelineTwoObjects.cpp).
  bool tryTwoObjects(const PipelineSchedule &schedule);
  /// At `op`'s location: a loop is reported on after it left the IR.
  void remark(Operation *op, const Twine &message) {
    if (emitRemarks)
      mlir::emitRemark(op->getLoc()) << message;
  }

  RewriterBase &rewriter;
  func::FuncOp function;
  bool emitRemarks;
};

/// The stages of `loop`'s body (PipelineStages.cpp), or why there are none
/// to move (unset: the loop issues nothing async).
FailureOr<SmallVector<Stage>> matchStages(scf::ForOp loop,
                                          std::optional<Rejection> &why);

/// Why the stages of `loop` may not run as its schedule says, or nothing
/// (PipelineStages.cpp). Conflicts between tiles a symbolic stride apart
/// that a run-time check can rule out go into `gaps` instead: the pipelined
/// loop then needs that check (versioning). `protocol` is the analysis of
/// the function as it is (the edges its waits give, O9).
std::optional<Rejection> checkLegality(scf::ForOp loop, ArrayRef<Stage> stages,
                                       const MatmulProtocolAnalysis &protocol,
                                       InFlightConflicts &conflicts,
                                       SmallVectorImpl<GapCheck> &gaps);

/// The ops that move with the stages' issues: their setters and issues.
DenseSet<Operation *> getMovedOps(ArrayRef<Stage> stages);

/// `op`'s name in quotes, for remarks.
std::string describe(Operation *op);

/// Builds the i1 that is true when every check of `gaps` holds, before
/// `builder`'s insertion point.
Value buildGapChecks(OpBuilder &builder, Location loc, ArrayRef<GapCheck> gaps);

/// Erases the dead pure ops of the ops built between `prev` and `next`.
void cleanUpBuilt(Block *block, Operation *prev, Operation *next);

/// Erases the ops built between `prev` and `next` and puts `loop` back.
void backOut(Block *block, Operation *prev, Operation *next, scf::ForOp loop);

/// Takes `loop` out of the IR for `trial`, leaving in its place the ops
/// built between `prev` and it (their dead pure ops erased): a back-out
/// erases those and puts the loop back, a kept change erases the loop when
/// the trial ends.
void takeOutLoop(ProtocolTrial &trial, scf::ForOp loop, Operation *prev);

} // namespace mlir::asc::pipelining

#endif // ASC_LIB_TRANSFORMS_LOOPPIPELINER_H
