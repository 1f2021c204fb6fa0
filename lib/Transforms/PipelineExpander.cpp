//===- PipelineExpander.cpp - the pipelined loop from its schedule --------===//
//
// The expanding phase of --asc-pipeline-loops: one expander that builds the
// pipelined form of a loop from its PipelineSchedule. The kernel, the
// prologue (the kernel's stage-0 ops) and the peeled epilogue (its stage-1
// ops) are all clones of the schedule's entries, each at its stage's and
// copy's iteration; only the loop around them depends on the number of
// copies of the body:
//
//   one copy (PipelineLoops.cpp's banner):
//     if (lb < ub) {                    // only when the loop may not run
//       stage 0 (lb)
//       for i in [lb, last):  kernel: stage 1 (i), stage 0 (i + step)
//       stage 1 (last)
//     }
//
//   two copies (PipelineTwoObjects.cpp's banner), n trips:
//     if (n / 2 >= 1) {
//       stage 0 of both copies (lb, lb + step)
//       r = for j in [0, n / 2 - 1) carrying r = lb:  g = lb + 2 step j
//         copy 0: stage 1 (g), stage 0 (g + 2 step)
//         copy 1: stage 1 (g + step), stage 0 (g + 3 step)
//       stage 1 of both copies (r, r + step)
//     }
//     if (n is odd) { the original body at lb + (n - 1) step }
//
// Why this expander and not upstream's scf::pipelineForLoop is in
// docs/SyncPlacement.md ("The schedule and the expander").
//
//===----------------------------------------------------------------------===//

#include "LoopPipeliner.h"
#include "asc/Dialect/Asc/Analysis/IntegerRanges.h"
#include "asc/Dialect/Asc/Analysis/LoopTrips.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::pipelining;

namespace {
/// Clones the entries of a schedule's kernel, each with the mapping of its
/// copy and stage: the copy's object for the first stage's, and the
/// induction variable to the iteration that stage of that copy works on.
/// The iteration is asked for at the first entry that needs it (a wait,
/// which names only its object, does not), so that an iteration computed
/// on the way lands where the ops that use it begin.
class KernelCloner {
public:
  using IterationFn = function_ref<Value(unsigned copy, unsigned stage)>;

  KernelCloner(OpBuilder &builder, const PipelineSchedule &schedule,
               IterationFn iterationOf)
      : builder(builder), schedule(schedule), iterationOf(iterationOf),
        mappings(schedule.getNumCopies() * 2),
        mapped(schedule.getNumCopies() * 2, false) {
    for (unsigned copy = 0; copy < schedule.getNumCopies(); ++copy)
      for (unsigned stage = 0; stage < 2; ++stage)
        if (copy != 0)
          mappings[copy * 2 + stage].map(schedule.objects.front(),
                                         schedule.objects[copy]);
  }

  /// Clones the entries of stage `only`, or all of them.
  void clone(std::optional<unsigned> only = std::nullopt) {
    for (const PipelineSchedule::Entry &entry : schedule.kernel) {
      if (only && entry.stage != *only)
        continue;
      unsigned slot = entry.copy * 2 + entry.stage;
      if (!mapped[slot] && needsIteration(entry.op)) {
        scf::ForOp loop = schedule.loop;
        mappings[slot].map(loop.getInductionVar(),
                           iterationOf(entry.copy, entry.stage));
        mapped[slot] = true;
      }
      builder.clone(*entry.op, mappings[slot]);
    }
  }

private:
  /// False for a wait on an object defined outside the loop.
  bool needsIteration(Operation *op) const {
    return !isa<MatmulWaitOpInterface>(op) ||
           llvm::any_of(op->getOperands(), [&](Value operand) {
             return schedule.loop->isAncestor(
                 operand.getParentRegion()->getParentOp());
           });
  }

  OpBuilder &builder;
  const PipelineSchedule &schedule;
  IterationFn iterationOf;
  SmallVector<IRMapping> mappings;
  SmallVector<bool> mapped;
};
} // namespace

/// The last iteration's value of a loop from `lb` to `ub` by `step` that
/// runs (lb < ub), `lb + ((ub - lb - 1) / step) * step`, computed where it
/// cannot wrap around: the span of an int8_t or int16_t counter (promoted to
/// int, narrowed on the store) wraps in its own type (from -100 to 100 is
/// 200), so it is computed in i64 and the result, which lies in [lb, ub),
/// narrowed back; a 32- or 64-bit span is at most 2^64 - 1 as an unsigned
/// number, so the division is unsigned.
static Value buildLastIteration(OpBuilder &builder, Location loc, Value lb,
                                Value ub, Value step) {
  Type ivType = lb.getType();
  bool narrow = !IntegerRanges::isWideCounterType(ivType);
  Type type = narrow ? builder.getI64Type() : ivType;
  auto widen = [&](Value value) -> Value {
    return narrow ? builder.createOrFold<arith::ExtSIOp>(loc, type, value)
                  : value;
  };
  Value wideLb = widen(lb), wideUb = widen(ub), wideStep = widen(step);
  Value one = arith::ConstantOp::create(
      builder, loc, cast<TypedAttr>(builder.getIntegerAttr(type, 1)));
  Value span = builder.createOrFold<arith::SubIOp>(loc, wideUb, wideLb);
  Value spanLess = builder.createOrFold<arith::SubIOp>(loc, span, one);
  Value steps =
      narrow ? builder.createOrFold<arith::DivSIOp>(loc, spanLess, wideStep)
             : builder.createOrFold<arith::DivUIOp>(loc, spanLess, wideStep);
  Value lastOffset = builder.createOrFold<arith::MulIOp>(loc, steps, wideStep);
  Value last = builder.createOrFold<arith::AddIOp>(loc, wideLb, lastOffset);
  return narrow ? builder.createOrFold<arith::TruncIOp>(loc, ivType, last)
                : last;
}

/// One copy: prologue, the kernel loop up to the last iteration, and the
/// last iteration peeled, under a guard when the loop may not run.
static void expandOneCopy(OpBuilder &builder,
                          const PipelineSchedule &schedule) {
  scf::ForOp loop = schedule.loop;
  Location loc = loop.getLoc();
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound(),
        step = loop.getStep();
  // The guard: only when the loop may not run.
  if (getEmittedLoopTrips(loop) != LoopTrips::Several) {
    Value runs =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, lb, ub);
    auto guard = scf::IfOp::create(builder, loc, runs, /*withElse=*/false);
    builder.setInsertionPointToStart(&guard.getThenRegion().front());
  }
  Value last = buildLastIteration(builder, loc, lb, ub, step);
  // Prologue: the first iteration's stage 0.
  KernelCloner(builder, schedule, [&](unsigned, unsigned) {
    return lb;
  }).clone(/*only=*/0);
  auto kernel = scf::ForOp::create(builder, loc, lb, last, step);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(kernel.getBody());
    Value current = kernel.getInductionVar();
    Value next = arith::AddIOp::create(builder, loc, current, step);
    KernelCloner(builder, schedule, [&](unsigned, unsigned stage) {
      return stage == 0 ? next : current;
    }).clone();
  }
  // Epilogue: the last iteration, whose stage 0 the kernel (or the
  // prologue) ran.
  KernelCloner(builder, schedule, [&](unsigned, unsigned) {
    return last;
  }).clone(/*only=*/1);
}

/// Two copies: the pairs of iterations pipelined as one copy is, the
/// kernel loop carrying the last pair's first iteration out (the
/// prologue's when it makes no trip), which tells the checker where the
/// second copy's call still in flight after it writes
/// (InFlightConflicts::isApartAfterLoop); an odd last iteration as the
/// original body.
static void expandTwoCopies(OpBuilder &builder,
                            const PipelineSchedule &schedule) {
  scf::ForOp loop = schedule.loop;
  Location loc = loop.getLoc();
  Block *body = loop.getBody();
  Value iv = loop.getInductionVar();
  Type ivType = iv.getType();
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound(),
        step = loop.getStep();
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(
        builder, loc, cast<TypedAttr>(builder.getIntegerAttr(ivType, value)));
  };
  Value zero = constant(0), one = constant(1), two = constant(2);
  Value span = builder.createOrFold<arith::SubIOp>(loc, ub, lb);
  Value trips = builder.createOrFold<arith::CeilDivSIOp>(loc, span, step);
  trips = builder.createOrFold<arith::MaxSIOp>(loc, trips, zero);
  Value pairs = builder.createOrFold<arith::DivSIOp>(loc, trips, two);
  Value pairStep = builder.createOrFold<arith::MulIOp>(loc, step, two);

  Value hasPair = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge,
                                        pairs, one);
  auto pairGuard = scf::IfOp::create(builder, loc, hasPair, /*withElse=*/false);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&pairGuard.getThenRegion().front());
    KernelCloner(builder, schedule, [&](unsigned copy, unsigned) -> Value {
      return copy == 0 ? lb
                       : builder.createOrFold<arith::AddIOp>(loc, lb, step);
    }).clone(/*only=*/0);
    Value kernelTrips = builder.createOrFold<arith::SubIOp>(loc, pairs, one);
    auto kernel = scf::ForOp::create(builder, loc, zero, kernelTrips, one,
                                     ValueRange{lb});
    {
      OpBuilder::InsertionGuard inner(builder);
      builder.setInsertionPointToStart(kernel.getBody());
      Value offset = arith::MulIOp::create(builder, loc,
                                           kernel.getInductionVar(), pairStep);
      Value even = arith::AddIOp::create(builder, loc, lb, offset);
      Value odd = arith::AddIOp::create(builder, loc, even, step);
      Value nextEven = arith::AddIOp::create(builder, loc, even, pairStep);
      Value nextOdd = arith::AddIOp::create(builder, loc, odd, pairStep);
      KernelCloner(builder, schedule, [&](unsigned copy, unsigned stage) {
        if (stage == 0)
          return copy == 0 ? nextEven : nextOdd;
        return copy == 0 ? even : odd;
      }).clone();
      scf::YieldOp::create(builder, loc, nextEven);
    }
    // The last pair: the second copy's call stays in flight over the first
    // iteration's work.
    Value lastEven = kernel.getResult(0);
    KernelCloner(builder, schedule, [&](unsigned copy, unsigned) -> Value {
      return copy == 0
                 ? lastEven
                 : builder.createOrFold<arith::AddIOp>(loc, lastEven, step);
    }).clone(/*only=*/1);
  }
  // An odd trip count leaves one iteration: the body as it was.
  Value paired = builder.createOrFold<arith::MulIOp>(loc, pairs, two);
  Value isOdd = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                      paired, trips);
  auto oddGuard = scf::IfOp::create(builder, loc, isOdd, /*withElse=*/false);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&oddGuard.getThenRegion().front());
    Value lastSteps = builder.createOrFold<arith::SubIOp>(loc, trips, one);
    Value lastOffset =
        builder.createOrFold<arith::MulIOp>(loc, lastSteps, step);
    Value last = builder.createOrFold<arith::AddIOp>(loc, lb, lastOffset);
    IRMapping mapping;
    mapping.map(iv, last);
    for (Operation &op : body->without_terminator())
      builder.clone(op, mapping);
  }
}

void mlir::asc::expandPipelinedLoop(RewriterBase &rewriter,
                                    const PipelineSchedule &schedule) {
  OpBuilder::InsertionGuard insertionGuard(rewriter);
  rewriter.setInsertionPoint(schedule.loop);
  assert((schedule.getNumCopies() == 1 || schedule.getNumCopies() == 2) &&
         "a schedule has one or two copies of the body");
  if (schedule.getNumCopies() == 1)
    expandOneCopy(rewriter, schedule);
  else
    expandTwoCopies(rewriter, schedule);
}
