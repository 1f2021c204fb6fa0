//===- PipelineRotate.cpp - the rotated loop, versioned where needed ------===//
//
// The expanding half of --asc-pipeline-loops for one issue at a time:
// prologue, rotated body and peeled last iteration (PipelineLoops.cpp's
// banner shows the form), and the versioned form `if (gaps hold) { rotated }
// else { the loop as written }` where only symbolic strides keep the tiles
// apart.
//
//===----------------------------------------------------------------------===//

#include "LoopPipeliner.h"
#include "asc/Dialect/Asc/Analysis/IntegerRanges.h"
#include "asc/Dialect/Asc/Analysis/LoopTrips.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "asc-pipeline-loops"

using namespace mlir;
using namespace mlir::asc;
using namespace mlir::asc::pipelining;

/// Builds the i1 that is true when every check of `gaps` holds, before
/// `builder`'s insertion point: `m <= atMost || m >= atLeast` each, `m`
/// the product of the sign-extended factors in i64 (overflow<nsw>: two
/// int32 values multiply exactly in 64 bits).
Value mlir::asc::pipelining::buildGapChecks(OpBuilder &builder, Location loc,
                                            ArrayRef<GapCheck> gaps) {
  Type i64 = builder.getI64Type();
  Value all;
  for (const GapCheck &gap : gaps) {
    Value product;
    for (Value factor : gap.factors) {
      Value wide =
          factor.getType() == i64
              ? factor
              : arith::ExtSIOp::create(builder, loc, i64, factor).getResult();
      product = product
                    ? arith::MulIOp::create(builder, loc, product, wide,
                                            arith::IntegerOverflowFlags::nsw)
                          .getResult()
                    : wide;
    }
    auto bound = [&](int64_t value) -> Value {
      return arith::ConstantOp::create(builder, loc, i64,
                                       builder.getI64IntegerAttr(value));
    };
    Value holds;
    if (gap.atMost)
      holds = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sle,
                                    product, bound(*gap.atMost));
    if (gap.atLeast) {
      Value ahead =
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge,
                                product, bound(*gap.atLeast));
      holds = holds
                  ? arith::OrIOp::create(builder, loc, holds, ahead).getResult()
                  : ahead;
    }
    all = all ? arith::AndIOp::create(builder, loc, all, holds).getResult()
              : holds;
  }
  return all;
}

/// Clones `ops` (in order) with `mapping`, then the backward slices of the
/// setters and issue of `stage` that are not mapped yet, then those.
void mlir::asc::pipelining::cloneStageSlice(OpBuilder &builder, Block *body,
                                            const Stage &stage,
                                            IRMapping &mapping) {
  // The body's pure ops the slice needs, in body order.
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
  for (Operation &op : body->without_terminator()) {
    if (&op == stage.issue)
      break;
    if (needed.contains(&op) &&
        (op.getNumResults() == 0 || !mapping.contains(op.getResult(0))))
      builder.clone(op, mapping);
  }
  for (Operation *setter : stage.setters)
    builder.clone(*setter, mapping);
  builder.clone(*stage.issue, mapping);
}

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

void LoopPipeliner::rotate(scf::ForOp loop, ArrayRef<Stage> stages) {
  OpBuilder::InsertionGuard insertionGuard(rewriter);
  rewriter.setInsertionPoint(loop);
  OpBuilder &builder = rewriter;
  Location loc = loop.getLoc();
  Block *body = loop.getBody();
  Value iv = loop.getInductionVar();
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound(),
        step = loop.getStep();

  DenseSet<Operation *> moved = getMovedOps(stages);

  // The guard: only when the loop may not run.
  if (getEmittedLoopTrips(loop) != LoopTrips::Several) {
    Value runs =
        arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, lb, ub);
    auto guard = scf::IfOp::create(builder, loc, runs, /*withElse=*/false);
    builder.setInsertionPointToStart(&guard.getThenRegion().front());
  }
  Value last = buildLastIteration(builder, loc, lb, ub, step);

  // Prologue: iteration lb's first issue.
  {
    IRMapping mapping;
    mapping.map(iv, lb);
    cloneStageSlice(builder, body, stages.front(), mapping);
  }

  // One iteration of the rotated body at `value`: the first wait first
  // (what preceded it ran before the issue and now runs after it completes),
  // then the body in order with each stage's setters and issue at the place
  // of the previous stage's wait, and, with `next`, the first stage's of the
  // next iteration at the place of the last wait.
  auto emitIteration = [&](Value value, Value next) {
    IRMapping mapping;
    mapping.map(iv, value);
    builder.clone(*stages.front().wait, mapping);
    for (Operation &op : body->without_terminator()) {
      if (moved.contains(&op))
        continue;
      // A pure op a stage's setters needed is cloned already.
      if (isPure(&op) && op.getNumResults() != 0 &&
          mapping.contains(op.getResult(0)))
        continue;
      if (&op != stages.front().wait)
        builder.clone(op, mapping);
      for (unsigned k = 0; k < stages.size(); ++k) {
        if (&op != stages[k].wait)
          continue;
        if (k + 1 < stages.size()) {
          cloneStageSlice(builder, body, stages[k + 1], mapping);
        } else if (next) {
          IRMapping nextMapping;
          nextMapping.map(iv, next);
          cloneStageSlice(builder, body, stages.front(), nextMapping);
        }
      }
    }
  };
  auto steady = scf::ForOp::create(builder, loc, lb, last, step);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(steady.getBody());
    Value current = steady.getInductionVar();
    Value next = arith::AddIOp::create(builder, loc, current, step);
    emitIteration(current, next);
  }
  // Epilogue: the last iteration, whose issue the loop (or the prologue)
  // made.
  emitIteration(last, Value());
}

bool LoopPipeliner::rotateVersioned(scf::ForOp loop, ArrayRef<Stage> stages,
                                    ArrayRef<GapCheck> gaps) {
  ProtocolTrial trial(function, ProtocolTrial::BackOut::UndoSteps);
  Block *block = loop->getBlock();
  Operation *prev = loop->getPrevNode();
  OpBuilder::InsertionGuard insertionGuard(rewriter);
  rewriter.setInsertionPoint(loop);
  OpBuilder &builder = rewriter;
  Location loc = loop.getLoc();
  Value holds = buildGapChecks(builder, loc, gaps);
  auto version = scf::IfOp::create(builder, loc, holds, /*withElse=*/true);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(version.elseBlock()->getTerminator());
    builder.clone(*loop);
  }
  // The rotated form is built in the then-block, where the check holds.
  Operation *thenYield = version.thenBlock()->getTerminator();
  loop->moveBefore(thenYield);
  rotate(loop, stages);
  loop->remove();
  cleanUpBuilt(version.thenBlock(), nullptr, thenYield);
  // A back-out erases the check and the scf.if and puts the loop back.
  Operation *next = version->getNextNode();
  trial.onBackOut([=] { backOut(block, prev, next, loop); });
  trial.onKeep([=] { loop->erase(); });
  if (std::optional<ProtocolViolation> violation = trial.check()) {
    remark(loop, "loop not pipelined: the versioned loop fails the protocol "
                 "check, so the pass backed out: " +
                     Twine(violation->message));
    return false;
  }
  std::string checks;
  for (const GapCheck &gap : gaps)
    checks += (checks.empty() ? "" : "; ") + gap.description;
  remark(loop, "loop pipelined, versioned: no static proof keeps the tiles "
               "of iterations i and i + 1 apart (" +
                   Twine(checks) +
                   "), so a run-time check that the stride covers the "
                   "footprints selects the rotated loop, and the loop as "
                   "written runs otherwise");
  return true;
}
