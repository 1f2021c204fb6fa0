//===- Pipeline.h - C API of the standard asc pipeline ------------*- C -*-===//
//
// Runs the asc to Ascend C pipeline on a module: verification, the protocol
// check or the sync placement, lowering to EmitC and emission of Ascend C,
// with the options of asc-translate --asc-to-ascendc. See docs/CAPI.md.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_C_PIPELINE_H
#define ASC_C_PIPELINE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The stages of the asc to Ascend C pipeline, in the order they run.
typedef enum MlirAscPipelineStage {
  /// The IR verifier, then --asc-verify-sync on every function (protocol
  /// rules P1-P7) unless `verifySync` is off. The module is not changed.
  MlirAscPipelineStageVerify = 0,
  /// With `syncPlacement`, --asc-sync-placement on every function (it checks
  /// the protocol before it moves anything); without it, --asc-verify-sync
  /// as in the Verify stage.
  MlirAscPipelineStageSyncPlacement = 1,
  /// --convert-asc-to-emitc on the module (and the #line directives with
  /// `lineDirectives`).
  MlirAscPipelineStageLowering = 2,
  /// The EmitC module printed as Ascend C source by MLIR's C++ emitter.
  MlirAscPipelineStageEmission = 3,
} MlirAscPipelineStage;

/// Options of mlirAscRunPipelineWithOptions: the options of asc-translate's
/// --asc-to-ascendc and of the asc-to-ascendc pass pipeline, and the stage to
/// stop after.
///
/// Fill one with mlirAscPipelineOptionsGetDefault() (or
/// mlirAscPipelineOptionsInit) and change the fields you need; never
/// initialise it yourself. New fields are only ever appended, and
/// `structSize` tells the library which fields the caller's header had: a
/// program built against an older header keeps working with a newer library
/// (the newer fields take their defaults).
typedef struct MlirAscPipelineOptions {
  /// sizeof(MlirAscPipelineOptions) in the caller's header. Set by the
  /// initialisation; do not change it.
  size_t structSize;
  /// The last stage to run, an MlirAscPipelineStage (default: Emission). An
  /// int32_t rather than the enum so that the layout does not depend on the
  /// compiler's choice of enum size.
  int32_t lastStage;
  /// Place the Matmul waits (--asc-sync-placement) before lowering (default:
  /// false).
  bool syncPlacement;
  /// With syncPlacement: turn synchronous iterate_all / iterate_batch calls
  /// with a global output into async calls plus a placed wait (false).
  bool promoteSync;
  /// With syncPlacement: insert the wait an async issue lacks instead of
  /// refusing the module (false).
  bool repairMissingWaits;
  /// With syncPlacement: move async issues up to the earliest legal point
  /// (true; false needs syncPlacement).
  bool hoistIssues;
  /// With syncPlacement: a remark per wait, through the context's diagnostic
  /// handlers, saying which op stopped it (false).
  bool emitRemarks;
  /// Without syncPlacement: refuse a module that breaks the Matmul protocol
  /// (--asc-verify-sync) (true). Off only to run a racy kernel under
  /// asc-run's race checker.
  bool verifySync;
  /// Emit SetSysWorkspace(workspace) in every kernel that uses the system
  /// workspace, for a kernel launch without HAVE_WORKSPACE (false).
  bool setSysWorkspace;
  /// Carry the .mlir source lines into the C++ as #line directives (false).
  bool lineDirectives;
  /// At Emission: declare values under their source names (NameLocs, which
  /// mlirAscModuleCreateParseKeepingNames takes from the SSA names) and hand
  /// set-once GlobalTensors over without a copy (true). Added after the first
  /// version, in its padding: a caller built against the first header may
  /// find either value here.
  bool sourceNames;
  /// Software-pipeline the loops that issue async Matmul work and wait for
  /// it in the same iteration (--asc-pipeline-loops); with syncPlacement it
  /// runs inside the placement (false). Added after sourceNames, in the
  /// first version's padding, like it.
  bool pipelineLoops;
} MlirAscPipelineOptions;

/// Fills the `structSize` bytes at `options` with the default options and
/// sets `structSize`. Prefer mlirAscPipelineOptionsGetDefault(), which passes
/// the size of the caller's struct. Does nothing when `options` is null.
MLIR_CAPI_EXPORTED void
mlirAscPipelineOptionsInit(MlirAscPipelineOptions *options, size_t structSize);

/// The default options: every stage, the protocol checked, the waits left
/// where they are.
static inline MlirAscPipelineOptions mlirAscPipelineOptionsGetDefault(void) {
  MlirAscPipelineOptions options;
  mlirAscPipelineOptionsInit(&options, sizeof(options));
  return options;
}

/// Runs the stages from Verify up to and including `options->lastStage` on
/// `module`, changing it in place, then delivers the result to `callback`
/// (which may be called several times with consecutive pieces): the module's
/// MLIR text when the last stage is Verify, SyncPlacement or Lowering, the
/// Ascend C source when it is Emission. The result is produced in full before
/// `callback` is first called. With a null `callback` every stage still runs
/// and nothing is delivered. A null `options` means the defaults.
///
/// Returns failure, without calling `callback`, when the module is null; when
/// the options are not valid, with an error at the module's location and
/// before anything runs: `lastStage` is not a stage ("unknown asc pipeline
/// stage N"), `structSize` is not the size of a version of this struct, an
/// option of the placement is set without `syncPlacement`; or when a stage
/// fails: the IR does not verify, a protocol rule is broken, the lowering
/// meets something it cannot express, the emitter cannot print the result.
/// The diagnostics go to the context's handlers, and the module may be
/// partly transformed.
MLIR_CAPI_EXPORTED MlirLogicalResult mlirAscRunPipelineWithOptions(
    MlirModule module, const MlirAscPipelineOptions *options,
    MlirStringCallback callback, void *userData);

/// Parses `source`, MLIR text or bytecode, into a module as
/// mlirModuleCreateParse does, and keeps each SSA name for the Ascend C
/// source: a value the text defines as `%mm` gets the location
/// `loc("mm"(<file:line:col>))`, which the Emission stage declares it under
/// (with `sourceNames`). `sourceName` names the buffer in locations and
/// diagnostics. Returns a null module after reporting a parse error to the
/// context's diagnostic handlers. The dialects the text uses must be
/// registered in `context`.
MLIR_CAPI_EXPORTED MlirModule mlirAscModuleCreateParseKeepingNames(
    MlirContext context, MlirStringRef source, MlirStringRef sourceName);

/// Deprecated: mlirAscRunPipelineWithOptions with the default options,
/// `lastStage` and `syncPlacement` on (the waits are placed from the
/// SyncPlacement stage on). An out-of-range `lastStage` is an error
/// ("unknown asc pipeline stage N").
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
