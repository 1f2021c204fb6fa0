//===- TranslateToAscendC.cpp - asc to Ascend C source --------------------===//
//
// The asc to Ascend C flow, defined once: its options' checks, the pipeline
// builder, the `asc-to-ascendc` pipeline registration, the run-and-print
// function behind asc-translate and the C API, and the translation.
//
//===----------------------------------------------------------------------===//

#include "asc/Conversion/Passes.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Dialect/Asc/Transforms/Passes.h"
#include "asc/Target/AscendC/AscendCEmitter.h"
#include "asc/Target/AscendC/CppNames.h"
#include "asc/Target/AscendC/LineDirectives.h"
#include "asc/Target/AscendC/Reindent.h"
#include "asc/Target/AscendC/SourceNames.h"
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

/// Prints the result of the flow after `lastStage` to `os`.
static LogicalResult printResult(ModuleOp module,
                                 const AscToAscendCOptions &options,
                                 AscToAscendCStage lastStage, raw_ostream &os) {
  if (lastStage == AscToAscendCStage::Emission) {
    if (options.sourceNames)
      insertCppNameMarkers(module);
    std::string source;
    llvm::raw_string_ostream sourceStream(source);
    if (failed(emitc::translateToCpp(module, sourceStream)))
      return failure();
    if (options.sourceNames)
      source = applyCppNameMarkers(source);
    os << reindentCppByBraces(source);
    return success();
  }
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

LogicalResult
mlir::asc::translateAscToAscendC(Operation *op, raw_ostream &os,
                                 const AscToAscendCOptions &options) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    return op->emitError("expects a builtin.module to translate");
  return runAscToAscendC(module, options, AscToAscendCStage::Emission, os);
}

namespace {
/// asc-translate's flags: `--asc-<flag>` for each option of the flow.
struct TranslationFlags {
#define ASC_TO_ASCENDC_OPTION(member, flag, defaultValue, description)         \
  llvm::cl::opt<bool> member{"asc-" flag,                                      \
                             llvm::cl::desc("asc-to-ascendc: " description),   \
                             llvm::cl::init(defaultValue)};
#include "asc/Target/AscendC/AscToAscendCOptions.def"

  /// Copies the flags' values into `options`.
  void copyTo(AscToAscendCOptions &options) const {
#define ASC_TO_ASCENDC_OPTION(member, flag, defaultValue, description)         \
  options.member = member.getValue();
#include "asc/Target/AscendC/AscToAscendCOptions.def"
  }
};
} // namespace

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
  static TranslationFlags flags;
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
        flags.copyTo(options);
        return translateAscToAscendC(op.get(), os, options);
      });
}
