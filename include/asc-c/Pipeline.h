//===- Pipeline.h - C API of the standard asc pipeline ------------*- C -*-===//
//
// The asc to Ascend C pipeline from C: its options as an opaque handle, the
// pipeline's passes added to a pass manager, or the whole flow run on a
// module: verification, the protocol check or the sync placement, lowering
// to EmitC and emission of Ascend C, as asc-translate --asc-to-ascendc does.
// See docs/CAPI.md.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_C_PIPELINE_H
#define ASC_C_PIPELINE_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The stages of the asc to Ascend C pipeline, in the order they run.
typedef enum MlirAscPipelineStage {
  /// The IR verifier, then --asc-verify-sync on every function (protocol
  /// rules P1-P7) unless `VerifySync` is off. The module is not changed.
  MlirAscPipelineStageVerify = 0,
  /// With `SyncPlacement`, --asc-sync-placement on every function (it checks
  /// the protocol before it moves anything); without it, --asc-verify-sync
  /// as in the Verify stage.
  MlirAscPipelineStageSyncPlacement = 1,
  /// --convert-asc-to-emitc on the module (and the #line directives with
  /// `LineDirectives`).
  MlirAscPipelineStageLowering = 2,
  /// The EmitC module printed as Ascend C source by MLIR's C++ emitter.
  MlirAscPipelineStageEmission = 3,
} MlirAscPipelineStage;

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

/// The options of the asc to Ascend C pipeline, an opaque handle to the C++
/// AscToAscendCOptions: the options of asc-translate's --asc-to-ascendc and
/// asc-run (`--asc-<flag>`) and of the asc-to-ascendc pass pipeline
/// (`<flag>=...`). Create one with mlirAscPipelineOptionsCreateDefault,
/// change it with the setters or mlirAscPipelineOptionsParse, and destroy it
/// with mlirAscPipelineOptionsDestroy. A null handle (`ptr` NULL) stands for
/// the defaults wherever the functions below take options.
typedef struct MlirAscPipelineOptions {
  void *ptr;
} MlirAscPipelineOptions;

/// New options with the defaults: the protocol checked, the waits left where
/// they are, the values declared under their source names.
MLIR_CAPI_EXPORTED MlirAscPipelineOptions
mlirAscPipelineOptionsCreateDefault(void);

/// Destroys options made by mlirAscPipelineOptionsCreateDefault. Does
/// nothing with a null handle.
MLIR_CAPI_EXPORTED void
mlirAscPipelineOptionsDestroy(MlirAscPipelineOptions options);

/// Whether `options` is the null handle.
static inline bool
mlirAscPipelineOptionsIsNull(MlirAscPipelineOptions options) {
  return !options.ptr;
}

/// Parses `text`, options in the syntax of the asc-to-ascendc pass pipeline
/// (`sync-placement promote-sync=true hoist-issues=false`, as in asc-opt
/// --asc-to-ascendc="..."), into `options`: the options it names change,
/// the others keep their values. Fails when `text` names an option that does
/// not exist or gives one a value that is not a bool, delivering a message
/// to `errorCallback` (when not null) and leaving `options` as it was (for a
/// bad value LLVM's option parser also prints its own to stderr). Fails
/// without a message for a null handle.
MLIR_CAPI_EXPORTED MlirLogicalResult
mlirAscPipelineOptionsParse(MlirAscPipelineOptions options, MlirStringRef text,
                            MlirStringCallback errorCallback, void *userData);

/// One setter and one getter per option, generated from the options list
/// asc/Pipelines/AscToAscendCOptions.def (docs/CAPI.md has the table):
///
///   void mlirAscPipelineOptionsSet<Name>(MlirAscPipelineOptions, bool);
///   bool mlirAscPipelineOptionsGet<Name>(MlirAscPipelineOptions);
///
/// for <Name> in SyncPlacement, PromoteSync, RepairMissingWaits,
/// HoistIssues, EmitRemarks, VerifySync, SetSysWorkspace, LineDirectives,
/// SourceNames and PipelineLoops. A setter does nothing with a null handle;
/// a getter gives the default.
#define ASC_TO_ASCENDC_OPTION(member, Name, flag, defaultValue, description)   \
  MLIR_CAPI_EXPORTED void mlirAscPipelineOptionsSet##Name(                     \
      MlirAscPipelineOptions options, bool value);                             \
  MLIR_CAPI_EXPORTED bool mlirAscPipelineOptionsGet##Name(                     \
      MlirAscPipelineOptions options);
#include "asc/Pipelines/AscToAscendCOptions.def"

//===----------------------------------------------------------------------===//
// Running the pipeline
//===----------------------------------------------------------------------===//

/// Adds the passes of the stages up to and including `lastStage` to
/// `passManager`, which must run on builtin.module (create it with
/// mlirPassManagerCreateOnOperation(ctx, "builtin.module")); run it with
/// mlirPassManagerRunOnOp. `lastStage` is Verify, SyncPlacement or Lowering:
/// the emission is no pass (mlirAscRunPipelineWithOptions prints it). A null
/// `options` means the defaults.
///
/// Fails, with an error diagnostic through the context's handlers and
/// without adding anything, when the options do not go together (an option
/// of the placement without `SyncPlacement`), when `lastStage` is not one of
/// those three stages, or when the pass manager runs on another op.
MLIR_CAPI_EXPORTED MlirLogicalResult mlirAscPipelinePopulatePassManager(
    MlirPassManager passManager, MlirAscPipelineOptions options,
    MlirAscPipelineStage lastStage);

/// Runs the stages from Verify up to and including `lastStage` on `module`,
/// changing it in place, then delivers the result to `callback` (which may
/// be called several times with consecutive pieces): the module's MLIR text
/// when the last stage is Verify, SyncPlacement or Lowering, the Ascend C
/// source when it is Emission. The result is produced in full before
/// `callback` is first called. With a null `callback` every stage still runs
/// and nothing is delivered. A null `options` means the defaults.
///
/// Returns failure, without calling `callback`, when the module is null; when
/// the options are not valid, with an error at the module's location and
/// before anything runs: `lastStage` is not a stage ("unknown asc pipeline
/// stage N"), an option of the placement is set without `SyncPlacement`; or
/// when a stage fails: the IR does not verify, a protocol rule is broken, the
/// lowering meets something it cannot express, the emitter cannot print the
/// result. The diagnostics go to the context's handlers, and the module may
/// be partly transformed.
MLIR_CAPI_EXPORTED MlirLogicalResult
mlirAscRunPipelineWithOptions(MlirModule module, MlirAscPipelineOptions options,
                              MlirAscPipelineStage lastStage,
                              MlirStringCallback callback, void *userData);

/// Parses `source`, MLIR text or bytecode, into a module as
/// mlirModuleCreateParse does, and keeps each SSA name for the Ascend C
/// source: a value the text defines as `%mm` gets the location
/// `loc("mm"(<file:line:col>))`, which the Emission stage declares it under
/// (with `SourceNames`). `sourceName` names the buffer in locations and
/// diagnostics. Returns a null module after reporting a parse error to the
/// context's diagnostic handlers. The dialects the text uses must be
/// registered in `context`.
MLIR_CAPI_EXPORTED MlirModule mlirAscModuleCreateParseKeepingNames(
    MlirContext context, MlirStringRef source, MlirStringRef sourceName);

/// Parses a module as pyasc prints it (its ascendc and emitasc dialects,
/// codegen.mlir of PYASC_DUMP_PATH) and imports it into asc
/// (--convert-pyasc-to-asc): `cubeOnly` for a kernel traced with
/// matmul_cube_only=True, `fftsPrologue` for pyasc's launch ABI (the
/// ffts_addr argument and the FFTS prologue). Registers what it needs in the
/// context. Returns a null module, the diagnostics reported through the
/// context's handlers (at pyasc's locations), when the text does not parse
/// or the import refuses it.
MLIR_CAPI_EXPORTED MlirModule mlirAscImportPyasc(MlirContext context,
                                                 MlirStringRef source,
                                                 MlirStringRef sourceName,
                                                 bool cubeOnly,
                                                 bool fftsPrologue);

/// mlirAscImportPyasc with every option of --convert-pyasc-to-asc, in the
/// pass's own syntax (`cube-only=true block-workspace=65536`; the empty
/// string: the defaults). A null module, the diagnostics reported through
/// the context's handlers, when an option is unknown or has a bad value,
/// or as mlirAscImportPyasc.
MLIR_CAPI_EXPORTED MlirModule mlirAscImportPyascWithOptions(
    MlirContext context, MlirStringRef source, MlirStringRef sourceName,
    MlirStringRef passOptions);

/// Deprecated: mlirAscRunPipelineWithOptions with the default options but
/// `SyncPlacement` on (the waits are placed from the SyncPlacement stage on).
/// An out-of-range `lastStage` is an error ("unknown asc pipeline stage N").
MLIR_CAPI_EXPORTED MlirLogicalResult
mlirAscRunPipeline(MlirModule module, MlirAscPipelineStage lastStage,
                   MlirStringCallback callback, void *userData);

/// Deprecated: mlirAscRunPipeline(module, MlirAscPipelineStageEmission,
/// callback, userData), every stage with the waits placed.
MLIR_CAPI_EXPORTED MlirLogicalResult mlirAscRunStandardPipeline(
    MlirModule module, MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif // ASC_C_PIPELINE_H
