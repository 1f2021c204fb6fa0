//===- AscToAscendCPipeline.h - the asc to Ascend C pipeline ----*- C++ -*-===//
//
// The asc to Ascend C pipeline: verify, check the protocol or place the
// Matmul waits, lower to EmitC, print through the Ascend C emitter. One
// options struct and one pipeline builder serve asc-opt, asc-translate,
// asc-run, the mlir-opt plugin and the C API.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_PIPELINES_ASCTOASCENDCPIPELINE_H
#define ASC_PIPELINES_ASCTOASCENDCPIPELINE_H

#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"

namespace llvm::cl {
class OptionCategory;
} // namespace llvm::cl

namespace mlir {
class ModuleOp;
class OpPassManager;

namespace asc {

/// Options of the asc to Ascend C flow, shared by every entry point:
/// `asc-opt --asc-to-ascendc="..."` (and the mlir-opt plugin), the
/// `--asc-<flag>` flags of asc-translate --asc-to-ascendc and asc-run
/// (registerAscToAscendCCLOptions) and the C API's MlirAscPipelineOptions.
/// The list is AscToAscendCOptions.def.
struct AscToAscendCOptions : public PassPipelineOptions<AscToAscendCOptions> {
#define ASC_TO_ASCENDC_OPTION(member, Name, flag, defaultValue, description)   \
  Option<bool> member{*this, flag, llvm::cl::desc(description),                \
                      llvm::cl::init(defaultValue)};
#include "asc/Pipelines/AscToAscendCOptions.def"
};

/// Where the flow stops, in the order the stages run. The C API's
/// MlirAscPipelineStage has the same values.
enum class AscToAscendCStage {
  /// --asc-verify-sync (unless verify-sync is off): the module is unchanged.
  Verify = 0,
  /// --asc-sync-placement with sync-placement, else --asc-verify-sync.
  SyncPlacement = 1,
  /// Then --convert-asc-to-emitc and, with line-directives, the #line
  /// directives: an EmitC module.
  Lowering = 2,
  /// Then MLIR's C++ emitter: Ascend C source.
  Emission = 3,
};

/// Checks that the options go together: the placement's own options
/// (promote-sync, repair-missing-waits, hoist-issues=false, emit-remarks)
/// need sync-placement. Reports each conflict through `reportError`.
LogicalResult
verifyAscToAscendCOptions(const AscToAscendCOptions &options,
                          function_ref<void(const Twine &)> reportError);

/// Adds the passes of the stages up to `lastStage` (at most Lowering; the
/// emission is not a pass) to `pm`, a builtin.module pass manager. A kernel
/// that breaks the Matmul protocol makes the protocol stage fail with the
/// P-rule diagnostic: the placement checks the protocol before it moves
/// anything, and without it --asc-verify-sync does. `options` must pass
/// verifyAscToAscendCOptions.
void buildAscToAscendCPipeline(
    OpPassManager &pm, const AscToAscendCOptions &options,
    AscToAscendCStage lastStage = AscToAscendCStage::Lowering);

/// Registers one flag `--asc-<flag>` per option of AscToAscendCOptions
/// (`--asc-sync-placement`, `--asc-hoist-issues=false`, ...) with the
/// command line, in the category getAscToAscendCCLCategory(), as CIRCT's
/// registerFirtoolCLOptions does: the one spelling of the options for every
/// tool that takes them as flags (asc-translate --asc-to-ascendc, asc-run).
/// Call it before parsing the command line; calling it again does nothing.
void registerAscToAscendCCLOptions();

/// The category of the flags of registerAscToAscendCCLOptions (for a tool's
/// cl::HideUnrelatedOptions).
const llvm::cl::OptionCategory &getAscToAscendCCLCategory();

/// Sets each option of `options` whose flag the command line gave; the
/// others keep their values (a tool may start from other defaults). Does
/// nothing unless registerAscToAscendCCLOptions ran.
void applyAscToAscendCCLOptions(AscToAscendCOptions &options);

/// Registers the pipeline as `asc-to-ascendc` (asc-opt --asc-to-ascendc, and
/// the plugin's pass registration); it refuses options that do not go
/// together.
void registerAscToAscendCPipeline();

/// The whole flow on `module`: checks the options and the IR, runs the stages
/// up to `lastStage` and prints the result to `os`, the module's MLIR (after
/// Verify, SyncPlacement or Lowering) or Ascend C source (after Emission).
/// The result is printed in full to a buffer first: on failure, with
/// diagnostics, nothing reaches `os`. The module is changed in place, and may
/// be partly transformed after a failure.
LogicalResult runAscToAscendC(ModuleOp module,
                              const AscToAscendCOptions &options,
                              AscToAscendCStage lastStage, raw_ostream &os);

} // namespace asc
} // namespace mlir

#endif // ASC_PIPELINES_ASCTOASCENDCPIPELINE_H
