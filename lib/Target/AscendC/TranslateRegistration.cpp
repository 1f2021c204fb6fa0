//===- TranslateRegistration.cpp - the asc-to-ascendc translation ---------===//
//
// asc-translate --asc-to-ascendc: parses the source keeping its SSA names and
// runs the asc to Ascend C pipeline up to the emission, with the options the
// --asc-<flag> flags give.
//
//===----------------------------------------------------------------------===//

#include "asc/Target/AscendC/TranslateRegistration.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Parser/ParseKeepingNames.h"
#include "asc/Pipelines/AscToAscendCPipeline.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::asc;

LogicalResult
mlir::asc::translateAscToAscendC(Operation *op, raw_ostream &os,
                                 const AscToAscendCOptions &options) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    return op->emitError("expects a builtin.module to translate");
  return runAscToAscendC(module, options, AscToAscendCStage::Emission, os);
}

/// Whether mlir-translate's --no-implicit-module is given: a translation
/// from the source buffer parses by itself and must honour it.
static bool isImplicitModuleDisabled() {
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find("no-implicit-module");
  if (it == options.end())
    return false;
  // mlir-translate registers it as a cl::opt<bool>.
  return static_cast<llvm::cl::opt<bool> *>(it->second)->getValue();
}

void mlir::asc::registerAscToAscendCTranslation() {
  registerAscToAscendCCLOptions();
  // A translation from the source buffer rather than from a parsed module:
  // the parse keeps the SSA names the Ascend C source is written with.
  TranslateRegistration registration(
      "asc-to-ascendc", "Translate asc kernels to Ascend C source",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr, raw_ostream &os,
         MLIRContext *context) {
        DialectRegistry registry;
        registry
            .insert<AscDialect, arith::ArithDialect, cf::ControlFlowDialect,
                    emitc::EmitCDialect, func::FuncDialect, scf::SCFDialect>();
        context->appendDialectRegistry(registry);
        OwningOpRef<Operation *> op = parseSourceKeepingNames(
            sourceMgr, context, !isImplicitModuleDisabled());
        if (!op)
          return failure();
        AscToAscendCOptions options;
        applyAscToAscendCCLOptions(options);
        return translateAscToAscendC(op.get(), os, options);
      });
}
