//===- AscConstants.cpp - constant operands, read cheaply -----------------===//

#include "asc/Dialect/Asc/IR/AscConstants.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

bool mlir::asc::matchConstant(Value value, Attribute &constant) {
  if (!value)
    return false;
  if (auto arithConstant = value.getDefiningOp<arith::ConstantOp>()) {
    constant = arithConstant.getValue();
    return true;
  }
  return matchPattern(value, m_Constant(&constant));
}

bool mlir::asc::matchConstantInt(Value value, APInt &constant) {
  if (!value)
    return false;
  if (auto arithConstant = value.getDefiningOp<arith::ConstantOp>())
    if (auto integer = dyn_cast<IntegerAttr>(arithConstant.getValue())) {
      constant = integer.getValue();
      return true;
    }
  return matchPattern(value, m_ConstantInt(&constant));
}
