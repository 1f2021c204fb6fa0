//===- ImportPyasc.cpp - asc-translate --import-pyasc ---------------------===//
//
// Parses the IR pyasc prints (with the mirror of its dialects registered) and
// runs --convert-pyasc-to-asc on it: the translation asc-translate offers and
// the C API's mlirAscImportPyasc forward to.
//
//===----------------------------------------------------------------------===//

#include "asc/Conversion/PyascToAsc/PyascToAsc.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Dialect/Pyasc/IR/PyascDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

void mlir::asc::registerPyascImportDialects(DialectRegistry &registry) {
  registry
      .insert<asc::pyasc::PyascAscendCDialect, asc::pyasc::PyascEmitAscDialect,
              asc::AscDialect, arith::ArithDialect, emitc::EmitCDialect,
              func::FuncDialect, scf::SCFDialect>();
}

static llvm::cl::opt<bool>
    clCubeOnly("pyasc-cube-only",
               llvm::cl::desc("--import-pyasc: the kernel was traced with "
                              "matmul_cube_only=True"),
               llvm::cl::init(false));

static llvm::cl::opt<bool> clFftsPrologue(
    "pyasc-ffts-prologue",
    llvm::cl::desc("--import-pyasc: append the ffts_addr argument and the "
                   "FFTS prologue pyasc's launcher expects"),
    llvm::cl::init(true));

OwningOpRef<ModuleOp> mlir::asc::importPyasc(llvm::SourceMgr &sourceMgr,
                                             MLIRContext *context,
                                             bool cubeOnly, bool fftsPrologue) {
  DialectRegistry registry;
  registerPyascImportDialects(registry);
  context->appendDialectRegistry(registry);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
  if (!module)
    return {};
  PassManager pm(context);
  ConvertPyascToAscOptions options;
  options.cubeOnly = cubeOnly;
  options.fftsPrologue = fftsPrologue;
  pm.addPass(createConvertPyascToAsc(options));
  if (failed(pm.run(*module)))
    return {};
  return module;
}

void mlir::asc::registerImportPyascTranslation() {
  TranslateToMLIRRegistration registration(
      "import-pyasc",
      "import the IR pyasc prints for a kernel (its ascendc and emitasc "
      "dialects) into asc",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        return importPyasc(sourceMgr, context, clCubeOnly, clFftsPrologue);
      },
      registerPyascImportDialects);
}
