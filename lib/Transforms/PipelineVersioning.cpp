//===- PipelineVersioning.cpp - a pipelined loop behind a run-time check --===//
//
// The versioned form of --asc-pipeline-loops, `if (gaps hold) { pipelined }
// else { the loop as written }`, where only symbolic strides keep the tiles
// of iterations i and i + 1 apart: the run-time check and the trial around
// the expansion (PipelineExpander.cpp builds the pipelined loop).
//
//===----------------------------------------------------------------------===//

#include "LoopPipeliner.h"
#include "asc/Dialect/Asc/IR/AscOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

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

bool LoopPipeliner::expandVersioned(const PipelineSchedule &schedule,
                                    ArrayRef<GapCheck> gaps) {
  scf::ForOp loop = schedule.loop;
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
  // The pipelined form is built in the then-block, where the check holds.
  Operation *thenYield = version.thenBlock()->getTerminator();
  loop->moveBefore(thenYield);
  expandPipelinedLoop(rewriter, schedule);
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
