//===- AscToAscendCPipeline.cpp - the asc to Ascend C pipeline ------------===//
//
// The asc to Ascend C pipeline, defined once: its options' checks, the
// pipeline builder, the `asc-to-ascendc` pipeline registration, and the
// run-and-print function behind asc-translate, asc-run and the C API.
//
//===----------------------------------------------------------------------===//

#include "asc/Pipelines/AscToAscendCPipeline.h"
#include "asc/Conversion/Passes.h"
#include "asc/Target/AscendC/AscendCEmitter.h"
#include "asc/Target/AscendC/LineDirectives.h"
#include "asc/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"

using namespace mlir;
using namespace mlir::asc;

LogicalResult mlir::asc::verifyAscToAscendCOptions(
    const AscToAscendCOptions &options,
    function_ref<void(const Twine &)> reportError) {
  if (options.syncPlacement)
    return success();
  // The placement's own options mean nothing without the placement; say so
  // rather than ignore them.
  bool valid = true;
  auto needsPlacement = [&](bool changed, StringRef flag) {
    if (!changed)
      return;
    reportError("asc-to-ascendc option " + flag + " needs sync-placement");
    valid = false;
  };
  needsPlacement(options.promoteSync, "promote-sync");
  needsPlacement(options.repairMissingWaits, "repair-missing-waits");
  needsPlacement(!options.hoistIssues, "hoist-issues=false");
  needsPlacement(options.emitRemarks, "emit-remarks");
  return success(valid);
}

/// The placement's options, forwarded from the flow's.
static AscSyncPlacementOptions
getSyncPlacementOptions(const AscToAscendCOptions &options) {
  AscSyncPlacementOptions placement;
  placement.promoteSync = options.promoteSync;
  placement.repairMissingWaits = options.repairMissingWaits;
  placement.hoistIssues = options.hoistIssues;
  placement.emitRemarks = options.emitRemarks;
  placement.pipelineLoops = options.pipelineLoops;
  return placement;
}

void mlir::asc::buildAscToAscendCPipeline(OpPassManager &pm,
                                          const AscToAscendCOptions &options,
                                          AscToAscendCStage lastStage) {
  // A kernel that breaks the Matmul protocol is refused, not lowered: the
  // placement checks the protocol before it moves anything, and without it
  // the protocol check does. The Verify stage never changes the module.
  bool place =
      options.syncPlacement && lastStage >= AscToAscendCStage::SyncPlacement;
  if (place) {
    pm.addNestedPass<func::FuncOp>(
        createAscSyncPlacement(getSyncPlacementOptions(options)));
  } else {
    // Without the placement the rotation runs on its own; it checks the
    // protocol of what it rotates, and the check below the whole function.
    if (options.pipelineLoops && lastStage >= AscToAscendCStage::SyncPlacement)
      pm.addNestedPass<func::FuncOp>(createAscPipelineLoops());
    if (options.verifySync)
      pm.addNestedPass<func::FuncOp>(createAscVerifySync());
  }
  if (lastStage < AscToAscendCStage::Lowering)
    return;
  ConvertAscToEmitCOptions lowering = getAscendCSourceLoweringOptions();
  lowering.setSysWorkspace = options.setSysWorkspace;
  pm.addPass(createConvertAscToEmitC(lowering));
  if (options.lineDirectives)
    pm.addPass(createAscLineDirectivesPass());
}

void mlir::asc::registerAscToAscendCPipeline() {
  registerPassPipeline(
      "asc-to-ascendc",
      "Lower asc kernels to EmitC for the Ascend C emitter: check the Matmul "
      "protocol or place the waits, then lower",
      [](OpPassManager &pm, StringRef optionString,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        AscToAscendCOptions options;
        if (failed(options.parseFromString(optionString)))
          return failure();
        if (failed(
                verifyAscToAscendCOptions(options, [&](const Twine &message) {
                  (void)errorHandler(message);
                })))
          return failure();
        buildAscToAscendCPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optionHandler) {
        optionHandler(AscToAscendCOptions());
      });
}

//===----------------------------------------------------------------------===//
// Command-line options
//===----------------------------------------------------------------------===//

namespace {
/// The flags `--asc-<flag>`, one per option of the flow.
struct AscToAscendCCLOptions {
  llvm::cl::OptionCategory category{"asc-to-ascendc pipeline options"};
#define ASC_TO_ASCENDC_OPTION(member, Name, flag, defaultValue, description)   \
  llvm::cl::opt<bool> member{"asc-" flag, llvm::cl::desc(description),         \
                             llvm::cl::init(defaultValue),                     \
                             llvm::cl::cat(category)};
#include "asc/Pipelines/AscToAscendCOptions.def"
};
} // namespace

static llvm::ManagedStatic<AscToAscendCCLOptions> clOptions;

void mlir::asc::registerAscToAscendCCLOptions() {
  // Constructing the struct registers its flags.
  *clOptions;
}

const llvm::cl::OptionCategory &mlir::asc::getAscToAscendCCLCategory() {
  return clOptions->category;
}

void mlir::asc::applyAscToAscendCCLOptions(AscToAscendCOptions &options) {
  if (!clOptions.isConstructed())
    return;
#define ASC_TO_ASCENDC_OPTION(member, Name, flag, defaultValue, description)   \
  if (clOptions->member.getNumOccurrences())                                   \
    options.member = clOptions->member.getValue();
#include "asc/Pipelines/AscToAscendCOptions.def"
}

//===----------------------------------------------------------------------===//
// Running the flow
//===----------------------------------------------------------------------===//

/// Prints the result of the flow after `lastStage` to `os`.
static LogicalResult printResult(ModuleOp module,
                                 const AscToAscendCOptions &options,
                                 AscToAscendCStage lastStage, raw_ostream &os) {
  if (lastStage == AscToAscendCStage::Emission)
    return emitAscendC(module, os, options.sourceNames);
  module->print(os);
  return success();
}

LogicalResult mlir::asc::runAscToAscendC(ModuleOp module,
                                         const AscToAscendCOptions &options,
                                         AscToAscendCStage lastStage,
                                         raw_ostream &os) {
  if (failed(verifyAscToAscendCOptions(options, [&](const Twine &message) {
        emitError(module.getLoc()) << message;
      })))
    return failure();
  if (failed(verify(module)))
    return failure();
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  buildAscToAscendCPipeline(pm, options, lastStage);
  if (failed(pm.run(module)))
    return failure();
  // The emitter writes as it goes: buffer, so that a failure prints nothing.
  std::string buffer;
  llvm::raw_string_ostream bufferStream(buffer);
  if (failed(printResult(module, options, lastStage, bufferStream)))
    return failure();
  os << buffer;
  return success();
}
