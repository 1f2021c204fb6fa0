//===- PipelineSchedule.h - a pipelined loop as data ------------*- C++ -*-===//
//
// The two phases of --asc-pipeline-loops, each with its entry point: the
// schedule (which op of the loop body runs in which stage, in which copy of
// the body and in which order in the pipelined loop's kernel, the way
// Triton's CoarseSchedule states it) and the one expander that builds the
// pipelined loop from a schedule (prologue, kernel, peeled epilogue). The
// legality of a schedule and the protocol trial around the expansion are
// the driver's (pipelineLoops in Transforms.h). The design is in
// docs/SyncPlacement.md ("Loop pipelining").
//
//===----------------------------------------------------------------------===//

#ifndef ASC_TRANSFORMS_PIPELINESCHEDULE_H
#define ASC_TRANSFORMS_PIPELINESCHEDULE_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Support/LLVM.h"
#include <optional>
#include <string>

namespace mlir::asc {

namespace pipelining {

/// One object's part of the body: the setters that stage its issue, the
/// issue, and its wait.
struct Stage {
  Value matmul;
  SmallVector<Operation *, 4> setters;
  Operation *issue = nullptr;
  Operation *wait = nullptr;
  /// The first setter (or the issue without setters).
  Operation *first = nullptr;
};

/// Why a loop is not pipelined: the op to point at and the reason.
struct Rejection {
  Operation *op;
  std::string reason;
};

} // namespace pipelining

/// The pipelined form of an scf.for as data. The kernel is one trip of the
/// pipelined loop: the ops of the original body in the order they run
/// there, each with its stage (0: the op runs for the iteration after the
/// one the trip works on, ahead of its consumers; 1: for the trip's own
/// iteration) and its copy of the body (a trip of a body unrolled by two
/// runs copy 0 on one iteration and copy 1 on the next). The prologue is the
/// kernel's stage-0 ops for the first iteration(s), the peeled epilogue its
/// stage-1 ops for the last. A pure op both stages need is rematerialized in
/// each (it appears once per stage and copy) rather than carried from one
/// trip to the next, so the pipelined loop carries no values.
struct PipelineSchedule {
  /// One op of the kernel.
  struct Entry {
    Operation *op;
    unsigned stage;
    unsigned copy;
  };

  scf::ForOp loop;
  /// The objects' parts of the body, in body order.
  SmallVector<pipelining::Stage> stages;
  /// The kernel, in order.
  SmallVector<Entry> kernel;
  /// Per copy of the body: the Matmul object its calls use in place of the
  /// first stage's (copy 0: that object itself).
  SmallVector<Value, 2> objects;

  unsigned getNumCopies() const { return objects.size(); }
  /// The ops that run one iteration ahead: the stages' setters and issues.
  DenseSet<Operation *> getMovedOps() const;
  /// Prints the kernel, one entry per line: stage, copy, the op's position
  /// in the body and its name.
  void print(raw_ostream &os) const;
};

/// The schedule that pipelines `loop` with one copy of the body: each
/// object's issue (with its setters and the pure ops computing their
/// operands) moves up to right after the previous object's wait, the first
/// object's to after the last one's, one iteration ahead (stage 0); the
/// first wait opens the kernel. Failure when the body is not a sequence of
/// stages the pipeliner can move, with `why` set when the loop is a
/// candidate (it issues async Matmul work) and unset otherwise. Legality
/// (what each moved issue passes) is the driver's to check.
FailureOr<PipelineSchedule>
matchPipelineSchedule(scf::ForOp loop,
                      std::optional<pipelining::Rejection> &why);

/// The one-stage `schedule` unrolled by two: copy 0 on its object, copy 1 on
/// `copy`, each copy's next call issued at its own wait, so that two calls
/// are in flight.
PipelineSchedule unrollOnTwoObjects(const PipelineSchedule &schedule,
                                    Value copy);

/// Builds the pipelined form of `schedule.loop` right before it (the loop
/// stays, for the caller to erase or put back): with one copy, the guard
/// (only when the loop may not run), the prologue, the kernel loop up to the
/// last iteration and the last iteration peeled; with two, the pairs of
/// iterations that way and an odd last iteration as the original body.
void expandPipelinedLoop(RewriterBase &rewriter,
                         const PipelineSchedule &schedule);

} // namespace mlir::asc

#endif // ASC_TRANSFORMS_PIPELINESCHEDULE_H
