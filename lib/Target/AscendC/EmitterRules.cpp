//===- EmitterRules.cpp - what MLIR's C++ emitter does with an op ---------===//
//
// Implements EmitterRules.h after mlir/lib/Target/Cpp/TranslateToCpp.cpp of
// LLVM 22 (hasDeferredEmission, shouldBeInlined).
//
//===----------------------------------------------------------------------===//

#include "asc/Target/AscendC/EmitterRules.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"

using namespace mlir;

bool mlir::asc::printsStatements(Region &region) {
  Operation *parent = region.getParentOp();
  if (isa<emitc::ExpressionOp>(parent))
    return false;
  if (auto loop = dyn_cast<emitc::DoOp>(parent))
    return &region != &loop.getConditionRegion();
  return true;
}

/// Ops the emitter prints in place at each use, never declaring a value.
static bool hasDeferredEmission(Operation *op) {
  return isa<emitc::GetGlobalOp, emitc::LiteralOp, emitc::MemberOp,
             emitc::MemberOfPtrOp, emitc::SubscriptOp>(op);
}

/// Whether the emitter prints `expression` inside its only user.
static bool isPrintedInPlace(emitc::ExpressionOp expression) {
  if (expression.getDoNotInline() || expression.hasSideEffects() ||
      !expression.getResult().hasOneUse())
    return false;
  Operation *user = *expression.getResult().getUsers().begin();
  return !hasDeferredEmission(user) &&
         !isa<emitc::ExpressionOp, emitc::CExpressionInterface>(user);
}

bool mlir::asc::declaresResult(Operation *op) {
  if (op->getNumResults() != 1 || hasDeferredEmission(op) ||
      op->getParentOfType<emitc::ExpressionOp>())
    return false;
  if (auto expression = dyn_cast<emitc::ExpressionOp>(op))
    return !isPrintedInPlace(expression);
  return true;
}
