//===- Passes.h - asc transformation passes ---------------------*- C++ -*-===//
//
// Declarations and registration of the asc passes (registration only: the
// transformations behind them are in Transforms.h).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_TRANSFORMS_PASSES_H
#define ASC_TRANSFORMS_PASSES_H

#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace mlir::asc {

#define GEN_PASS_DECL
#include "asc/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "asc/Transforms/Passes.h.inc"

} // namespace mlir::asc

#endif // ASC_TRANSFORMS_PASSES_H
