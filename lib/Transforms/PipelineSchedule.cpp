//===- PipelineSchedule.cpp - where each op of a pipelined loop runs ------===//
//
// The schedule phase of --asc-pipeline-loops: from the stages of a loop body
// (PipelineStages.cpp) the kernel of the pipelined loop as a list of ops,
// each with its stage and its copy of the body, and the same schedule
// unrolled by two for the two-object form. PipelineExpander.cpp builds the
// loop from it; -test-asc-pipeline-schedule prints it.
//
//===----------------------------------------------------------------------===//

#include "LoopPipeliner.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::pipelining;

DenseSet<Operation *> PipelineSchedule::getMovedOps() const {
  return pipelining::getMovedOps(stages);
}

void PipelineSchedule::print(raw_ostream &os) const {
  DenseMap<Operation *, unsigned> position;
  scf::ForOp forOp = loop;
  for (Operation &op : forOp.getBody()->without_terminator())
    position.try_emplace(&op, position.size());
  os << getNumCopies() << (getNumCopies() == 1 ? " copy" : " copies")
     << " of the body, " << kernel.size() << " ops in the kernel";
  for (const Entry &entry : kernel)
    os << "\n  stage " << entry.stage << " copy " << entry.copy << ": #"
       << position.lookup(entry.op) << " " << entry.op->getName();
}

/// The pure ops of `body` the setters and issue of `stage` need, directly
/// or through other such ops.
static DenseSet<Operation *> getStageSlice(Block *body, const Stage &stage) {
  DenseSet<Operation *> needed;
  SmallVector<Operation *> worklist(stage.setters.begin(), stage.setters.end());
  worklist.push_back(stage.issue);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (def && def->getBlock() == body && needed.insert(def).second)
        worklist.push_back(def);
    }
  }
  return needed;
}

/// The kernel of the rotation of `stages` for copy `copy`: the first wait
/// first (what preceded it ran before the issue and now runs after it
/// completes), then the body in order with each stage's setters and issue
/// at the place of the previous stage's wait (stage 1), and the first
/// stage's of the next iteration at the place of the last wait (stage 0).
/// A stage's setters and issue come after the pure ops they need that
/// their stage has not computed yet; a pure op computed already in its
/// stage is not computed again.
static void scheduleRotation(Block *body, ArrayRef<Stage> stages, unsigned copy,
                             SmallVectorImpl<PipelineSchedule::Entry> &kernel) {
  DenseSet<Operation *> moved = getMovedOps(stages);
  DenseSet<Operation *> computed[2];
  auto add = [&](Operation *op, unsigned stage) {
    kernel.push_back({op, stage, copy});
    computed[stage].insert(op);
  };
  auto addStage = [&](const Stage &stage, unsigned at) {
    DenseSet<Operation *> needed = getStageSlice(body, stage);
    for (Operation &op : body->without_terminator()) {
      if (&op == stage.issue)
        break;
      if (needed.contains(&op) &&
          (op.getNumResults() == 0 || !computed[at].contains(&op)))
        add(&op, at);
    }
    for (Operation *setter : stage.setters)
      add(setter, at);
    add(stage.issue, at);
  };
  add(stages.front().wait, 1);
  for (Operation &op : body->without_terminator()) {
    if (moved.contains(&op))
      continue;
    if (isPure(&op) && op.getNumResults() != 0 && computed[1].contains(&op))
      continue;
    if (&op != stages.front().wait)
      add(&op, 1);
    for (unsigned k = 0; k < stages.size(); ++k) {
      if (&op != stages[k].wait)
        continue;
      if (k + 1 < stages.size())
        addStage(stages[k + 1], 1);
      else
        addStage(stages.front(), 0);
    }
  }
}

/// Drops from `kernel` the ops whose results nothing after them in their
/// stage uses and that have no other effect (the address of an input only
/// the other stage's setter takes): each stage of each copy computes what
/// it uses and nothing else.
static void dropUnused(Block *body,
                       SmallVectorImpl<PipelineSchedule::Entry> &kernel) {
  DenseSet<std::tuple<Operation *, unsigned, unsigned>> used;
  SmallVector<PipelineSchedule::Entry> kept;
  for (const PipelineSchedule::Entry &entry : llvm::reverse(kernel)) {
    if (entry.op->getNumResults() != 0 && wouldOpBeTriviallyDead(entry.op) &&
        !used.contains({entry.op, entry.stage, entry.copy}))
      continue;
    kept.push_back(entry);
    entry.op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (Operation *def = operand.getDefiningOp())
          if (def->getBlock() == body)
            used.insert({def, entry.stage, entry.copy});
    });
  }
  kernel.assign(kept.rbegin(), kept.rend());
}

FailureOr<PipelineSchedule>
mlir::asc::matchPipelineSchedule(scf::ForOp loop,
                                 std::optional<Rejection> &why) {
  FailureOr<SmallVector<Stage>> stages = matchStages(loop, why);
  if (failed(stages))
    return failure();
  PipelineSchedule schedule;
  schedule.loop = loop;
  schedule.stages = std::move(*stages);
  schedule.objects.push_back(schedule.stages.front().matmul);
  scheduleRotation(loop.getBody(), schedule.stages, /*copy=*/0,
                   schedule.kernel);
  dropUnused(loop.getBody(), schedule.kernel);
  return schedule;
}

PipelineSchedule mlir::asc::unrollOnTwoObjects(const PipelineSchedule &schedule,
                                               Value copy) {
  assert(schedule.stages.size() == 1 && schedule.getNumCopies() == 1 &&
         "only a one-stage schedule of one copy unrolls on two objects");
  PipelineSchedule unrolled;
  unrolled.loop = schedule.loop;
  unrolled.stages = schedule.stages;
  unrolled.objects = {schedule.objects.front(), copy};
  for (unsigned k = 0; k < 2; ++k)
    for (const PipelineSchedule::Entry &entry : schedule.kernel)
      unrolled.kernel.push_back({entry.op, entry.stage, k});
  return unrolled;
}
