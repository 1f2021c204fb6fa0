//===- main.cpp - asc-mlir used from C++ through find_package(Asc) --------===//
//
// Parses a kernel, keeping its SSA names, and prints it as Ascend C with the
// sync placement, through the C++ API of the installed package:
// asc-cxx-client KERNEL.mlir
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Parser/ParseKeepingNames.h"
#include "asc/Pipelines/AscToAscendCPipeline.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: " << argv[0] << " KERNEL.mlir\n";
    return 2;
  }
  mlir::MLIRContext context;
  context.loadDialect<mlir::asc::AscDialect, mlir::arith::ArithDialect,
                      mlir::cf::ControlFlowDialect, mlir::emitc::EmitCDialect,
                      mlir::func::FuncDialect, mlir::scf::SCFDialect>();
  auto file = llvm::MemoryBuffer::getFile(argv[1]);
  if (!file) {
    llvm::errs() << "cannot read " << argv[1] << "\n";
    return 1;
  }
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  mlir::OwningOpRef<mlir::Operation *> parsed =
      mlir::asc::parseSourceKeepingNames(sourceMgr, &context);
  // With the implicit module, what parses is a module.
  auto module = mlir::cast_if_present<mlir::ModuleOp>(parsed.get());
  if (!module)
    return 1;
  mlir::asc::AscToAscendCOptions options;
  options.syncPlacement = true;
  return mlir::failed(mlir::asc::runAscToAscendC(
      module, options, mlir::asc::AscToAscendCStage::Emission, llvm::outs()));
}
