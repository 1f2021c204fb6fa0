//===- asc-opt.cpp - asc optimizer driver ---------------------------------===//
//
// mlir-opt for kernels written in the asc dialect together with the upstream
// dialects they use (func, arith, scf, cf).
//
//===----------------------------------------------------------------------===//

#include "asc/Conversion/Passes.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Pipelines/AscToAscendCPipeline.h"
#include "asc/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::asc::test {
// The test passes (test/lib), which have no public header.
void registerTestAscAnalysisPasses();
void registerTestAscPipelinePasses();
void registerTestAscPlacementPasses();
} // namespace mlir::asc::test

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  mlir::asc::registerAscPasses();
  mlir::asc::test::registerTestAscAnalysisPasses();
  mlir::asc::test::registerTestAscPipelinePasses();
  mlir::asc::test::registerTestAscPlacementPasses();
  mlir::asc::registerAscConversionPasses();
  mlir::asc::registerAscToAscendCPipeline();

  mlir::DialectRegistry registry;
  // pyasc's dialects (their mirror), for --convert-pyasc-to-asc.
  mlir::asc::registerPyascImportDialects(registry);
  registry.insert<mlir::asc::AscDialect, mlir::arith::ArithDialect,
                  mlir::cf::ControlFlowDialect, mlir::emitc::EmitCDialect,
                  mlir::func::FuncDialect, mlir::scf::SCFDialect,
                  // Other dialects' memory effects, for the analyses' tests.
                  mlir::LLVM::LLVMDialect, mlir::memref::MemRefDialect>();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "asc optimizer driver\n", registry));
}
