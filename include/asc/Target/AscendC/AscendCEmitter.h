//===- AscendCEmitter.h - asc to Ascend C source ----------------*- C++ -*-===//
//
// The translation of asc kernels to Ascend C source: verify, optionally place
// the Matmul waits, lower to EmitC and print through the C++ emitter.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_TARGET_ASCENDC_ASCENDCEMITTER_H
#define ASC_TARGET_ASCENDC_ASCENDCEMITTER_H

#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
class OpPassManager;
class Operation;

namespace asc {

/// Options of the asc to Ascend C lowering.
struct AscToAscendCOptions : public PassPipelineOptions<AscToAscendCOptions> {
  Option<bool> syncPlacement{
      *this, "sync-placement",
      llvm::cl::desc("Run --asc-sync-placement on every function before "
                     "lowering (place the Matmul waits)"),
      llvm::cl::init(false)};
  Option<bool> setSysWorkspace{
      *this, "set-sys-workspace",
      llvm::cl::desc("Emit SetSysWorkspace(workspace) in every kernel that "
                     "uses the system workspace (kernel launch without "
                     "HAVE_WORKSPACE)"),
      llvm::cl::init(false)};
  Option<bool> verifySync{
      *this, "verify-sync",
      llvm::cl::desc("Refuse a kernel that breaks the Matmul protocol "
                     "(--asc-verify-sync) when the waits are not placed; "
                     "off only to run a racy kernel under asc-run's race "
                     "checker"),
      llvm::cl::init(true)};
  Option<bool> lineDirectives{
      *this, "line-directives",
      llvm::cl::desc("Carry the .mlir source lines into the C++ as #line "
                     "directives (--asc-line-directives)"),
      llvm::cl::init(false)};
};

/// Adds the lowering of a module of asc kernels to EmitC to `pm` (a
/// ModuleOp pass manager): the sync placement or, without it, the protocol
/// check (--asc-verify-sync), then --convert-asc-to-emitc, then the optional
/// #line directives.
void buildAscToAscendCPipeline(OpPassManager &pm,
                               const AscToAscendCOptions &options);

/// Registers the pipeline as `asc-to-ascendc` (asc-opt --asc-to-ascendc).
void registerAscToAscendCPipeline();

/// Verifies `op` (a module), lowers it with the pipeline and prints it as
/// Ascend C source to `os`. Fails, with diagnostics, when the module does not
/// verify or does not lower.
LogicalResult translateAscToAscendC(Operation *op, raw_ostream &os,
                                    const AscToAscendCOptions &options);

/// Registers the `asc-to-ascendc` translation and its `--asc-sync-placement`
/// and `--asc-set-sys-workspace` command-line options.
void registerAscToAscendCTranslation();

} // namespace asc
} // namespace mlir

#endif // ASC_TARGET_ASCENDC_ASCENDCEMITTER_H
