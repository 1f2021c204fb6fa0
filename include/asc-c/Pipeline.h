//===- Pipeline.h - C API of the standard asc pipeline ------------*- C -*-===//
//
// Runs the standard asc pipeline on a module: verification, sync placement,
// lowering to EmitC and emission of Ascend C. See docs/CAPI.md.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_C_PIPELINE_H
#define ASC_C_PIPELINE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The stages of the standard pipeline, in the order they run.
typedef enum MlirAscPipelineStage {
  /// The IR verifier, then --asc-verify-sync on every function (protocol
  /// rules P1-P4). The module is not changed.
  MlirAscPipelineStageVerify = 0,
  /// --asc-sync-placement on every function (default options): waits sink,
  /// async issues hoist.
  MlirAscPipelineStageSyncPlacement = 1,
  /// --convert-asc-to-emitc on the module.
  MlirAscPipelineStageLowering = 2,
  /// The EmitC module printed as Ascend C source by MLIR's C++ emitter.
  MlirAscPipelineStageEmission = 3,
} MlirAscPipelineStage;

/// Runs the stages from Verify up to and including `lastStage` on `module`,
/// changing it in place, then delivers the result to `callback` (which may
/// be called several times with consecutive pieces): the module's MLIR text
/// when `lastStage` is Verify, SyncPlacement or Lowering, the Ascend C
/// source when it is Emission. With a null `callback` every stage still
/// runs and nothing is delivered.
///
/// Returns failure, without calling `callback`, when the module is null,
/// when `lastStage` is not a stage (error "unknown asc pipeline stage N" at
/// the module's location; nothing runs), or when a stage fails: the IR does
/// not verify, a protocol rule is broken, the lowering meets something it
/// cannot express, the emitter cannot print the result. The diagnostics go
/// to the context's handlers, and the module may be partly transformed.
MLIR_CAPI_EXPORTED MlirLogicalResult
mlirAscRunPipeline(MlirModule module, MlirAscPipelineStage lastStage,
                   MlirStringCallback callback, void *userData);

/// Runs every stage and delivers Ascend C source: mlirAscRunPipeline(module,
/// MlirAscPipelineStageEmission, callback, userData).
MLIR_CAPI_EXPORTED MlirLogicalResult mlirAscRunStandardPipeline(
    MlirModule module, MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif // ASC_C_PIPELINE_H
