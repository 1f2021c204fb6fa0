//===- Passes.h - asc transformation passes ---------------------*- C++ -*-===//
//
// Declarations and registration of the asc passes.
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

/// Software-pipelines the loops of `function` that issue async Matmul work
/// and wait for it in the same iteration (--asc-pipeline-loops); with
/// `emitRemarks`, a remark per candidate loop. The number of loops rotated.
unsigned pipelineAscLoops(func::FuncOp function, bool emitRemarks);

} // namespace mlir::asc

#endif // ASC_TRANSFORMS_PASSES_H
