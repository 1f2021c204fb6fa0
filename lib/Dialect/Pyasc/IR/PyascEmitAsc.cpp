//===- PyascEmitAsc.cpp - mirror of pyasc's emitasc dialect ---------------===//
//
// Registration of the `emitasc` mirror and its types (their generated
// parsers live in a file of their own, apart from `ascendc`'s).
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Pyasc/IR/PyascDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::asc::pyasc;

#include "asc/Dialect/Pyasc/IR/PyascEmitAscDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "asc/Dialect/Pyasc/IR/PyascEmitAscTypes.cpp.inc"

#define GET_OP_CLASSES
#include "asc/Dialect/Pyasc/IR/PyascEmitAscOps.cpp.inc"

void PyascEmitAscDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "asc/Dialect/Pyasc/IR/PyascEmitAscOps.cpp.inc"
      >();
}

void PyascEmitAscDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "asc/Dialect/Pyasc/IR/PyascEmitAscTypes.cpp.inc"
      >();
}
