//===- Pipeline.cpp - C API of the standard asc pipeline ------------------===//
//
// Verification, sync placement, lowering to EmitC and Ascend C emission, run
// on a module and printed to a callback.
//
//===----------------------------------------------------------------------===//

#include "asc-c/Pipeline.h"
#include "asc/Conversion/Passes.h"
#include "asc/Dialect/Asc/Transforms/Passes.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/Cpp/CppEmitter.h"

using namespace mlir;

/// Checks that `stage` names a stage; reports at `loc` when it does not.
static LogicalResult checkStage(Location loc, MlirAscPipelineStage stage) {
  if (stage < MlirAscPipelineStageVerify ||
      stage > MlirAscPipelineStageEmission)
    return emitError(loc) << "unknown asc pipeline stage "
                          << static_cast<int>(stage);
  return success();
}

/// Adds the passes of the stages up to `lastStage` to `pm`.
static void buildPipeline(PassManager &pm, MlirAscPipelineStage lastStage) {
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  funcPm.addPass(asc::createAscVerifySync());
  if (lastStage >= MlirAscPipelineStageSyncPlacement)
    funcPm.addPass(asc::createAscSyncPlacement());
  if (lastStage >= MlirAscPipelineStageLowering)
    pm.addPass(
        asc::createConvertAscToEmitC(asc::getAscendCSourceLoweringOptions()));
}

/// Prints the result of the pipeline: Ascend C source after the emission
/// stage, the module's MLIR otherwise.
static LogicalResult printResult(ModuleOp moduleOp,
                                 MlirAscPipelineStage lastStage,
                                 raw_ostream &os) {
  if (lastStage == MlirAscPipelineStageEmission)
    return emitc::translateToCpp(moduleOp, os);
  moduleOp->print(os);
  return success();
}

MlirLogicalResult mlirAscRunPipeline(MlirModule module,
                                     MlirAscPipelineStage lastStage,
                                     MlirStringCallback callback,
                                     void *userData) {
  if (mlirModuleIsNull(module))
    return mlirLogicalResultFailure();
  ModuleOp moduleOp = unwrap(module);
  if (failed(checkStage(moduleOp.getLoc(), lastStage)) ||
      failed(verify(moduleOp)))
    return mlirLogicalResultFailure();

  PassManager pm(moduleOp->getContext());
  buildPipeline(pm, lastStage);
  if (failed(pm.run(moduleOp)))
    return mlirLogicalResultFailure();

  // Print to a buffer first so that a failing emission delivers nothing.
  std::string output;
  llvm::raw_string_ostream os(output);
  if (failed(printResult(moduleOp, lastStage, os)))
    return mlirLogicalResultFailure();
  if (callback)
    callback(wrap(StringRef(output)), userData);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult mlirAscRunStandardPipeline(MlirModule module,
                                             MlirStringCallback callback,
                                             void *userData) {
  return mlirAscRunPipeline(module, MlirAscPipelineStageEmission, callback,
                            userData);
}
