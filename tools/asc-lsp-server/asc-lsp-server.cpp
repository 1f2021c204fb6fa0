//===- asc-lsp-server.cpp - MLIR language server for asc kernels ----------===//
//
// mlir-lsp-server with the asc dialect, the upstream dialects kernels use
// (func, arith, scf, cf) and EmitC, the lowering's output: diagnostics,
// navigation and hover for editors.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::asc::AscDialect, mlir::arith::ArithDialect,
                  mlir::cf::ControlFlowDialect, mlir::emitc::EmitCDialect,
                  mlir::func::FuncDialect, mlir::scf::SCFDialect>();
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
