//===- TranslateToAscendC.cpp - asc to Ascend C source --------------------===//
//
// The asc-to-ascendc translation and pass pipeline: verify, optionally place
// the Matmul waits, lower to EmitC, print through the upstream C++ emitter.
//
//===----------------------------------------------------------------------===//

#include "asc/Conversion/Passes.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Dialect/Asc/Transforms/Passes.h"
#include "asc/Target/AscendC/AscendCEmitter.h"
#include "asc/Target/AscendC/LineDirectives.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/Cpp/CppEmitter.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;
using namespace mlir::asc;

void mlir::asc::buildAscToAscendCPipeline(OpPassManager &pm,
                                          const AscToAscendCOptions &options) {
  // The placement is looked up by its creation function only: it is a
  // function pass of the asc transforms.
  // A kernel that breaks the Matmul protocol is refused, not printed: the
  // placement reports what it cannot place, the check what is missing.
  if (options.syncPlacement)
    pm.addNestedPass<func::FuncOp>(createAscSyncPlacement());
  else if (options.verifySync)
    pm.addNestedPass<func::FuncOp>(createAscVerifySync());
  ConvertAscToEmitCOptions lowering = getAscendCSourceLoweringOptions();
  lowering.setSysWorkspace = options.setSysWorkspace;
  pm.addPass(createConvertAscToEmitC(lowering));
  if (options.lineDirectives)
    pm.addPass(createAscLineDirectivesPass());
}

void mlir::asc::registerAscToAscendCPipeline() {
  PassPipelineRegistration<AscToAscendCOptions>(
      "asc-to-ascendc",
      "Lower asc kernels to EmitC for the Ascend C emitter, optionally "
      "placing the Matmul waits first",
      buildAscToAscendCPipeline);
}

LogicalResult
mlir::asc::translateAscToAscendC(Operation *op, raw_ostream &os,
                                 const AscToAscendCOptions &options) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    return op->emitError("expects a builtin.module to translate");
  if (failed(verify(module)))
    return failure();
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  buildAscToAscendCPipeline(pm, options);
  if (failed(pm.run(module)))
    return failure();
  return emitc::translateToCpp(module, os);
}

void mlir::asc::registerAscToAscendCTranslation() {
  static llvm::cl::opt<bool> syncPlacement(
      "asc-sync-placement",
      llvm::cl::desc("asc-to-ascendc: place the Matmul waits "
                     "(--asc-sync-placement) before lowering"),
      llvm::cl::init(false));
  static llvm::cl::opt<bool> setSysWorkspace(
      "asc-set-sys-workspace",
      llvm::cl::desc("asc-to-ascendc: call SetSysWorkspace(workspace) in "
                     "every kernel that uses the system workspace"),
      llvm::cl::init(false));
  static llvm::cl::opt<bool> lineDirectives(
      "asc-line-directives",
      llvm::cl::desc("asc-to-ascendc: carry the .mlir source lines into the "
                     "C++ as #line directives"),
      llvm::cl::init(false));

  TranslateFromMLIRRegistration registration(
      "asc-to-ascendc", "Translate asc kernels to Ascend C source",
      [](Operation *op, raw_ostream &os) {
        AscToAscendCOptions options;
        options.syncPlacement = syncPlacement;
        options.setSysWorkspace = setSysWorkspace;
        options.lineDirectives = lineDirectives;
        return translateAscToAscendC(op, os, options);
      },
      [](DialectRegistry &registry) {
        registry
            .insert<AscDialect, arith::ArithDialect, cf::ControlFlowDialect,
                    emitc::EmitCDialect, func::FuncDialect, scf::SCFDialect>();
      });
}
