//===- AscDialect.h - asc dialect -------------------------------*- C++ -*-===//
//
// The asc dialect: Ascend C kernels driving the Matmul high-level API.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_IR_ASCDIALECT_H
#define ASC_DIALECT_ASC_IR_ASCDIALECT_H

#include "mlir/IR/Dialect.h"

#include "asc/Dialect/Asc/IR/AscDialect.h.inc"

#endif // ASC_DIALECT_ASC_IR_ASCDIALECT_H
