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

static llvm::cl::opt<bool> clNoAliasArguments(
    "pyasc-no-alias-arguments",
    llvm::cl::desc("--import-pyasc: the kernel's global-memory arguments "
                   "(but the workspace and the tiling) are distinct buffers "
                   "(asc.no_alias)"),
    llvm::cl::init(false));

static llvm::cl::opt<uint64_t> clBlockWorkspace(
    "pyasc-block-workspace",
    llvm::cl::desc("--import-pyasc: the bytes of user workspace per core the "
                   "host allocates after the system workspace, stated as "
                   "asc.block_workspace (0: none)"),
    llvm::cl::init(0));

/// Parses pyasc's module and runs `importPass` (a --convert-pyasc-to-asc)
/// on it.
static OwningOpRef<ModuleOp> parseAndImport(llvm::SourceMgr &sourceMgr,
                                            MLIRContext *context,
                                            std::unique_ptr<Pass> importPass) {
  DialectRegistry registry;
  asc::registerPyascImportDialects(registry);
  context->appendDialectRegistry(registry);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
  if (!module)
    return {};
  PassManager pm(context);
  pm.addPass(std::move(importPass));
  if (failed(pm.run(*module)))
    return {};
  return module;
}

OwningOpRef<ModuleOp>
mlir::asc::importPyasc(llvm::SourceMgr &sourceMgr, MLIRContext *context,
                       const ConvertPyascToAscOptions &options) {
  return parseAndImport(sourceMgr, context, createConvertPyascToAsc(options));
}

OwningOpRef<ModuleOp> mlir::asc::importPyasc(llvm::SourceMgr &sourceMgr,
                                             MLIRContext *context,
                                             StringRef passOptions) {
  std::unique_ptr<Pass> importPass = createConvertPyascToAsc();
  // The options are read before the module, so that a bad one is reported
  // even when the module would not parse.
  if (failed(
          importPass->initializeOptions(passOptions, [&](const Twine &message) {
            return emitError(UnknownLoc::get(context))
                   << "convert-pyasc-to-asc options '" << passOptions
                   << "': " << message;
          })))
    return {};
  return parseAndImport(sourceMgr, context, std::move(importPass));
}

void mlir::asc::registerImportPyascTranslation() {
  TranslateToMLIRRegistration registration(
      "import-pyasc",
      "import the IR pyasc prints for a kernel (its ascendc and emitasc "
      "dialects) into asc",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        ConvertPyascToAscOptions options;
        options.cubeOnly = clCubeOnly;
        options.fftsPrologue = clFftsPrologue;
        options.noAliasArguments = clNoAliasArguments;
        options.blockWorkspace = clBlockWorkspace;
        return importPyasc(sourceMgr, context, options);
      },
      registerPyascImportDialects);
}
