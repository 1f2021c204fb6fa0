//===- Pipeline.cpp - C API of the asc to Ascend C pipeline ---------------===//
//
// The C options are a handle to the one AscToAscendCOptions, with a setter
// and a getter per option generated from AscToAscendCOptions.def; the entry
// points forward to the pipeline's builder (buildAscToAscendCPipeline) and to
// the flow of asc-translate --asc-to-ascendc (runAscToAscendC), as CIRCT's
// lib/CAPI/Firtool forwards to lib/Firtool.
//
//===----------------------------------------------------------------------===//

#include "asc-c/Pipeline.h"
#include "EnumArguments.h"
#include "asc/Conversion/PyascToAsc/PyascToAsc.h"
#include "asc/Parser/ParseKeepingNames.h"
#include "asc/Pipelines/AscToAscendCPipeline.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Wrap.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdint>
#include <cstring>

using namespace mlir;
using namespace mlir::asc;

DEFINE_C_API_PTR_METHODS(MlirAscPipelineOptions, AscToAscendCOptions)

#define ASC_CHECK_STAGE(cValue, cppValue)                                      \
  static_assert(static_cast<int>(cValue) == static_cast<int>(cppValue),        \
                "asc-c/Pipeline.h is out of sync with AscToAscendCStage")
ASC_CHECK_STAGE(MlirAscPipelineStageVerify, AscToAscendCStage::Verify);
ASC_CHECK_STAGE(MlirAscPipelineStageSyncPlacement,
                AscToAscendCStage::SyncPlacement);
ASC_CHECK_STAGE(MlirAscPipelineStageLowering, AscToAscendCStage::Lowering);
ASC_CHECK_STAGE(MlirAscPipelineStageEmission, AscToAscendCStage::Emission);
#undef ASC_CHECK_STAGE

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

/// The options behind `options`, or the defaults for a null handle.
static const AscToAscendCOptions &
getOptionsOrDefaults(MlirAscPipelineOptions options) {
  static const AscToAscendCOptions defaults;
  return options.ptr ? *unwrap(options) : defaults;
}

MlirAscPipelineOptions mlirAscPipelineOptionsCreateDefault() {
  return wrap(new AscToAscendCOptions());
}

void mlirAscPipelineOptionsDestroy(MlirAscPipelineOptions options) {
  delete unwrap(options);
}

MlirLogicalResult mlirAscPipelineOptionsParse(MlirAscPipelineOptions options,
                                              MlirStringRef text,
                                              MlirStringCallback errorCallback,
                                              void *userData) {
  if (!options.ptr)
    return mlirLogicalResultFailure();
  // Parse into a copy: a failure leaves the caller's options as they were.
  AscToAscendCOptions parsed;
  parsed.copyOptionValuesFrom(*unwrap(options));
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  if (failed(parsed.parseFromString(unwrap(text), errorStream))) {
    // A bad value is reported by LLVM's option parser on stderr, not here.
    StringRef message = StringRef(error).trim();
    std::string fallback =
        "invalid asc pipeline options '" + unwrap(text).str() + "'";
    if (errorCallback)
      errorCallback(wrap(message.empty() ? StringRef(fallback) : message),
                    userData);
    return mlirLogicalResultFailure();
  }
  unwrap(options)->copyOptionValuesFrom(parsed);
  return mlirLogicalResultSuccess();
}

#define ASC_TO_ASCENDC_OPTION(member, Name, flag, defaultValue, description)   \
  void mlirAscPipelineOptionsSet##Name(MlirAscPipelineOptions options,         \
                                       bool value) {                           \
    if (options.ptr)                                                           \
      unwrap(options)->member = value;                                         \
  }                                                                            \
  bool mlirAscPipelineOptionsGet##Name(MlirAscPipelineOptions options) {       \
    return getOptionsOrDefaults(options).member;                               \
  }
#include "asc/Pipelines/AscToAscendCOptions.def"

//===----------------------------------------------------------------------===//
// Running the pipeline
//===----------------------------------------------------------------------===//

/// `raw` as a stage no later than `lastValid`; reports at `loc` and fails
/// when it is not one.
static FailureOr<AscToAscendCStage> getStage(Location loc, int32_t raw,
                                             AscToAscendCStage lastValid) {
  if (raw < MlirAscPipelineStageVerify || raw > MlirAscPipelineStageEmission)
    return emitError(loc) << "unknown asc pipeline stage " << raw;
  if (raw > static_cast<int32_t>(lastValid))
    return emitError(loc) << "asc pipeline stage " << raw
                          << " (Emission) has no passes: "
                             "mlirAscRunPipelineWithOptions prints it";
  return static_cast<AscToAscendCStage>(raw);
}

MlirLogicalResult
mlirAscPipelinePopulatePassManager(MlirPassManager passManager,
                                   MlirAscPipelineOptions options,
                                   MlirAscPipelineStage lastStage) {
  if (!passManager.ptr)
    return mlirLogicalResultFailure();
  PassManager &pm = *unwrap(passManager);
  Location loc = UnknownLoc::get(pm.getContext());
  if (pm.getOpAnchorName() != ModuleOp::getOperationName()) {
    emitError(loc) << "the asc pipeline runs on 'builtin.module', not on '"
                   << pm.getOpAnchorName() << "'";
    return mlirLogicalResultFailure();
  }
  FailureOr<AscToAscendCStage> stage =
      getStage(loc, getRawEnumArg(lastStage), AscToAscendCStage::Lowering);
  const AscToAscendCOptions &cppOptions = getOptionsOrDefaults(options);
  if (failed(stage) ||
      failed(verifyAscToAscendCOptions(cppOptions, [&](const Twine &message) {
        emitError(loc) << message;
      })))
    return mlirLogicalResultFailure();
  buildAscToAscendCPipeline(pm, cppOptions, *stage);
  return mlirLogicalResultSuccess();
}

/// The flow of mlirAscRunPipelineWithOptions on `module` with `options` up
/// to the stage `rawStage`.
static MlirLogicalResult
runPipeline(MlirModule module, const AscToAscendCOptions &options,
            int32_t rawStage, MlirStringCallback callback, void *userData) {
  if (mlirModuleIsNull(module))
    return mlirLogicalResultFailure();
  ModuleOp moduleOp = unwrap(module);
  FailureOr<AscToAscendCStage> stage =
      getStage(moduleOp.getLoc(), rawStage, AscToAscendCStage::Emission);
  if (failed(stage))
    return mlirLogicalResultFailure();
  std::string output;
  llvm::raw_string_ostream os(output);
  if (failed(runAscToAscendC(moduleOp, options, *stage, os)))
    return mlirLogicalResultFailure();
  if (callback)
    callback(wrap(StringRef(output)), userData);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult mlirAscRunPipelineWithOptions(MlirModule module,
                                                MlirAscPipelineOptions options,
                                                MlirAscPipelineStage lastStage,
                                                MlirStringCallback callback,
                                                void *userData) {
  return runPipeline(module, getOptionsOrDefaults(options),
                     getRawEnumArg(lastStage), callback, userData);
}

MlirLogicalResult mlirAscRunPipeline(MlirModule module,
                                     MlirAscPipelineStage lastStage,
                                     MlirStringCallback callback,
                                     void *userData) {
  AscToAscendCOptions options;
  options.syncPlacement = true;
  return runPipeline(module, options, getRawEnumArg(lastStage), callback,
                     userData);
}

MlirLogicalResult mlirAscRunStandardPipeline(MlirModule module,
                                             MlirStringCallback callback,
                                             void *userData) {
  return mlirAscRunPipeline(module, MlirAscPipelineStageEmission, callback,
                            userData);
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

MlirModule mlirAscModuleCreateParseKeepingNames(MlirContext context,
                                                MlirStringRef source,
                                                MlirStringRef sourceName) {
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(unwrap(source), unwrap(sourceName)),
      llvm::SMLoc());
  OwningOpRef<Operation *> op =
      parseSourceKeepingNames(sourceMgr, unwrap(context));
  // With the implicit module, what parses is a module.
  return wrap(cast_if_present<ModuleOp>(op.release()));
}

/// A source manager holding a copy of `source` under `sourceName`.
static void addSourceCopy(llvm::SourceMgr &sourceMgr, MlirStringRef source,
                          MlirStringRef sourceName) {
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(unwrap(source), unwrap(sourceName)),
      llvm::SMLoc());
}

MlirModule mlirAscImportPyasc(MlirContext context, MlirStringRef source,
                              MlirStringRef sourceName, bool cubeOnly,
                              bool fftsPrologue) {
  llvm::SourceMgr sourceMgr;
  addSourceCopy(sourceMgr, source, sourceName);
  ConvertPyascToAscOptions options;
  options.cubeOnly = cubeOnly;
  options.fftsPrologue = fftsPrologue;
  OwningOpRef<ModuleOp> module =
      importPyasc(sourceMgr, unwrap(context), options);
  return wrap(module.release());
}

MlirModule mlirAscImportPyascWithOptions(MlirContext context,
                                         MlirStringRef source,
                                         MlirStringRef sourceName,
                                         MlirStringRef passOptions) {
  llvm::SourceMgr sourceMgr;
  addSourceCopy(sourceMgr, source, sourceName);
  OwningOpRef<ModuleOp> module =
      importPyasc(sourceMgr, unwrap(context), unwrap(passOptions));
  return wrap(module.release());
}
