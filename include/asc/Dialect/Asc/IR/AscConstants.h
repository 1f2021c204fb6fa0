//===- AscConstants.h - constant operands, read cheaply ---------*- C++ -*-===//
//
// The analyses ask of every count, index, loop bound and branch operand
// whether it is a constant. matchPattern(m_Constant) folds the defining op to
// find out, about 400 instructions a question; these read an arith.constant
// directly and fold anything else.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_IR_ASCCONSTANTS_H
#define ASC_DIALECT_ASC_IR_ASCCONSTANTS_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/APInt.h"

namespace mlir::asc {

/// What matchPattern(value, m_Constant(&constant)) binds.
bool matchConstant(Value value, Attribute &constant);

/// What matchPattern(value, m_ConstantInt(&constant)) binds.
bool matchConstantInt(Value value, APInt &constant);

} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_IR_ASCCONSTANTS_H
