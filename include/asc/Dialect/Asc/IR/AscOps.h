//===- AscOps.h - asc operations --------------------------------*- C++ -*-===//
//
// The operations of the asc dialect.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_IR_ASCOPS_H
#define ASC_DIALECT_ASC_IR_ASCOPS_H

#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Dialect/Asc/IR/AscInterfaces.h"
#include "asc/Dialect/Asc/IR/AscResources.h"
#include "asc/Dialect/Asc/IR/AscTraits.h"
#include "asc/Dialect/Asc/IR/AscTypes.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "asc/Dialect/Asc/IR/AscOps.h.inc"

#endif // ASC_DIALECT_ASC_IR_ASCOPS_H
