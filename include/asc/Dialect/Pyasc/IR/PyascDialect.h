//===- PyascDialect.h - mirror of pyasc's dialects --------------*- C++ -*-===//
//
// The `ascendc` and `emitasc` dialects of pyasc, as far as its Matmul kernels
// use them (PyascDialect.td), for --convert-pyasc-to-asc.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_PYASC_IR_PYASCDIALECT_H
#define ASC_DIALECT_PYASC_IR_PYASCDIALECT_H

#include "asc/Dialect/Asc/IR/AscAttrs.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

#include "asc/Dialect/Pyasc/IR/PyascAscendCDialect.h.inc"
#include "asc/Dialect/Pyasc/IR/PyascEmitAscDialect.h.inc"
#include "asc/Dialect/Pyasc/IR/PyascEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "asc/Dialect/Pyasc/IR/PyascAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "asc/Dialect/Pyasc/IR/PyascAscendCTypes.h.inc"

#define GET_TYPEDEF_CLASSES
#include "asc/Dialect/Pyasc/IR/PyascEmitAscTypes.h.inc"

#define GET_OP_CLASSES
#include "asc/Dialect/Pyasc/IR/PyascOps.h.inc"

#define GET_OP_CLASSES
#include "asc/Dialect/Pyasc/IR/PyascEmitAscOps.h.inc"

#endif // ASC_DIALECT_PYASC_IR_PYASCDIALECT_H
