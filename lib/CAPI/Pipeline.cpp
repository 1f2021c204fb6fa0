//===- Pipeline.cpp - C API of the asc to Ascend C pipeline ---------------===//
//
// Reads the C options (the struct's size, the stage, the flags) without
// trusting them, maps them onto the one AscToAscendCOptions, and runs the
// flow of asc-translate --asc-to-ascendc (mlir::asc::runAscToAscendC).
//
//===----------------------------------------------------------------------===//

#include "asc-c/Pipeline.h"
#include "asc/Conversion/PyascToAsc/PyascToAsc.h"
#include "asc/Parser/ParseKeepingNames.h"
#include "asc/Pipelines/AscToAscendCPipeline.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/SourceMgr.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <optional>

using namespace mlir;
using namespace mlir::asc;

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
// The C options struct
//===----------------------------------------------------------------------===//

/// The end of the flags of the first version of MlirAscPipelineOptions.
constexpr size_t kFirstOptionsEnd =
    offsetof(MlirAscPipelineOptions, lineDirectives) + sizeof(bool);
/// The size of the first version, padding included: a smaller struct was not
/// initialised by mlirAscPipelineOptionsInit. Fields appended later may
/// reuse the padding; they get their defaults from the library's
/// mlirAscPipelineOptionsInit, which fills all the caller's bytes.
constexpr size_t kFirstOptionsSize =
    (kFirstOptionsEnd + alignof(MlirAscPipelineOptions) - 1) /
    alignof(MlirAscPipelineOptions) * alignof(MlirAscPipelineOptions);
/// The size of the struct this library knows: a larger one comes from a newer
/// header, with fields this library would silently ignore.
constexpr size_t kKnownOptionsSize = sizeof(MlirAscPipelineOptions);
static_assert(kFirstOptionsSize == kKnownOptionsSize,
              "update kFirstOptionsEnd to the first version's last field");

// Every option of AscToAscendCOptions.def is a bool field of the C struct of
// the same name (the X-macro below fails to compile otherwise), and the
// flags follow `lastStage` with nothing else among them.
constexpr size_t kNumFlags = 0
#define ASC_TO_ASCENDC_OPTION(member, flag, defaultValue, description) +1
#include "asc/Pipelines/AscToAscendCOptions.def"
    ;
static_assert(offsetof(MlirAscPipelineOptions, syncPlacement) +
                      kNumFlags * sizeof(bool) ==
                  offsetof(MlirAscPipelineOptions, pipelineLoops) +
                      sizeof(bool),
              "MlirAscPipelineOptions and AscToAscendCOptions.def disagree");

/// The caller's struct, read without loading a bool or an enum that may hold
/// an invalid value (the caller may have filled it with anything).
class RawOptions {
public:
  explicit RawOptions(const MlirAscPipelineOptions *options)
      : bytes(reinterpret_cast<const unsigned char *>(options)) {
    if (bytes)
      std::memcpy(&size, bytes, sizeof(size));
  }

  /// The size the caller declared, or none for a null struct.
  std::optional<size_t> getSize() const {
    return bytes ? std::optional<size_t>(size) : std::nullopt;
  }

  /// The raw stage value.
  int32_t getStage() const {
    int32_t stage = MlirAscPipelineStageEmission;
    read(offsetof(MlirAscPipelineOptions, lastStage), &stage, sizeof(stage));
    return stage;
  }

  /// The flag at `offset`: any non-zero byte is true; a field beyond the
  /// caller's struct keeps `value`.
  void readFlag(size_t offset, bool &value) const {
    unsigned char byte = value;
    read(offset, &byte, sizeof(byte));
    value = byte != 0;
  }

private:
  /// Copies the field at `offset` into `out` when the caller's struct has it.
  void read(size_t offset, void *out, size_t fieldSize) const {
    if (bytes && offset + fieldSize <= size)
      std::memcpy(out, bytes + offset, fieldSize);
  }

  const unsigned char *bytes;
  size_t size = 0;
};

void mlirAscPipelineOptionsInit(MlirAscPipelineOptions *options,
                                size_t structSize) {
  if (!options || structSize < sizeof(size_t))
    return;
  // Fill the caller's bytes only: its struct may be older (smaller) or newer
  // (larger; the run then refuses it) than this library's.
  MlirAscPipelineOptions defaults;
  std::memset(&defaults, 0, sizeof(defaults));
  defaults.structSize = structSize;
  defaults.lastStage = MlirAscPipelineStageEmission;
  AscToAscendCOptions cppDefaults;
#define ASC_TO_ASCENDC_OPTION(member, flag, defaultValue, description)         \
  defaults.member = cppDefaults.member;
#include "asc/Pipelines/AscToAscendCOptions.def"
  std::memset(static_cast<void *>(options), 0, structSize);
  std::memcpy(static_cast<void *>(options), &defaults,
              std::min(structSize, sizeof(defaults)));
}

/// Maps the C options onto `options` and `stage`; reports at `loc` and fails
/// when the struct or the stage is not valid. The flags' consistency is
/// checked by the flow itself.
static LogicalResult convertOptions(Location loc,
                                    const MlirAscPipelineOptions *cOptions,
                                    AscToAscendCOptions &options,
                                    AscToAscendCStage &stage) {
  RawOptions raw(cOptions);
  std::optional<size_t> size = raw.getSize();
  if (size && (*size < kFirstOptionsSize || *size > kKnownOptionsSize))
    return emitError(loc)
           << "MlirAscPipelineOptions of " << *size
           << " bytes: not initialised by mlirAscPipelineOptionsGetDefault, "
              "or from a newer asc-c/Pipeline.h (this library knows "
           << kKnownOptionsSize << " bytes)";
  int32_t rawStage = raw.getStage();
  if (rawStage < MlirAscPipelineStageVerify ||
      rawStage > MlirAscPipelineStageEmission)
    return emitError(loc) << "unknown asc pipeline stage " << rawStage;
  stage = static_cast<AscToAscendCStage>(rawStage);
#define ASC_TO_ASCENDC_OPTION(member, flag, defaultValue, description)         \
  {                                                                            \
    bool value = options.member;                                               \
    raw.readFlag(offsetof(MlirAscPipelineOptions, member), value);             \
    options.member = value;                                                    \
  }
#include "asc/Pipelines/AscToAscendCOptions.def"
  return success();
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

MlirLogicalResult
mlirAscRunPipelineWithOptions(MlirModule module,
                              const MlirAscPipelineOptions *options,
                              MlirStringCallback callback, void *userData) {
  if (mlirModuleIsNull(module))
    return mlirLogicalResultFailure();
  ModuleOp moduleOp = unwrap(module);
  AscToAscendCOptions cppOptions;
  AscToAscendCStage stage;
  if (failed(convertOptions(moduleOp.getLoc(), options, cppOptions, stage)))
    return mlirLogicalResultFailure();
  std::string output;
  llvm::raw_string_ostream os(output);
  if (failed(runAscToAscendC(moduleOp, cppOptions, stage, os)))
    return mlirLogicalResultFailure();
  if (callback)
    callback(wrap(StringRef(output)), userData);
  return mlirLogicalResultSuccess();
}

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

MlirModule mlirAscImportPyasc(MlirContext context, MlirStringRef source,
                              MlirStringRef sourceName, bool cubeOnly,
                              bool fftsPrologue) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(unwrap(source), unwrap(sourceName)),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      importPyasc(sourceMgr, unwrap(context), cubeOnly, fftsPrologue);
  return wrap(module.release());
}

MlirLogicalResult mlirAscRunPipeline(MlirModule module,
                                     MlirAscPipelineStage lastStage,
                                     MlirStringCallback callback,
                                     void *userData) {
  MlirAscPipelineOptions options = mlirAscPipelineOptionsGetDefault();
  // Copy the stage's bytes: a C caller may pass any int, and loading an
  // out-of-range enum is undefined in C++.
  static_assert(sizeof(lastStage) == sizeof(options.lastStage),
                "MlirAscPipelineStage is not 32 bits wide");
  std::memcpy(&options.lastStage, &lastStage, sizeof(options.lastStage));
  options.syncPlacement = true;
  return mlirAscRunPipelineWithOptions(module, &options, callback, userData);
}

MlirLogicalResult mlirAscRunStandardPipeline(MlirModule module,
                                             MlirStringCallback callback,
                                             void *userData) {
  MlirAscPipelineOptions options = mlirAscPipelineOptionsGetDefault();
  options.syncPlacement = true;
  return mlirAscRunPipelineWithOptions(module, &options, callback, userData);
}
