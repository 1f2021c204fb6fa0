//===- asc-run.cpp - run asc kernels on the CPU ---------------------------===//
//
// The main of asc-run: the dialects a kernel may use, then the runner
// (lib/Runner, asc/Runner/AscRunMain.h), as upstream's mlir-runner.cpp is
// over JitRunner.cpp.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Runner/AscRunMain.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::DialectRegistry registry;
  registry.insert<mlir::asc::AscDialect, mlir::arith::ArithDialect,
                  mlir::cf::ControlFlowDialect, mlir::emitc::EmitCDialect,
                  mlir::func::FuncDialect, mlir::scf::SCFDialect>();
  return mlir::asc::ascRunMain(argc, argv, registry);
}
