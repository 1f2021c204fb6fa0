//===- TranslateRegistration.h - the asc-to-ascendc translation -*- C++ -*-===//
//
// asc-translate --asc-to-ascendc: the asc to Ascend C pipeline
// (asc/Pipelines/AscToAscendCPipeline.h) as an MLIR translation, on a module
// parsed keeping its SSA names (asc/Parser/ParseKeepingNames.h).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_TARGET_ASCENDC_TRANSLATEREGISTRATION_H
#define ASC_TARGET_ASCENDC_TRANSLATEREGISTRATION_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;

namespace asc {
struct AscToAscendCOptions;

/// runAscToAscendC up to the emission on `op`, which must be a module.
LogicalResult translateAscToAscendC(Operation *op, raw_ostream &os,
                                    const AscToAscendCOptions &options);

/// Registers the `asc-to-ascendc` translation with one `--asc-<flag>` option
/// per option of AscToAscendCOptions (`--asc-sync-placement`,
/// `--asc-promote-sync`, ...).
void registerAscToAscendCTranslation();

} // namespace asc
} // namespace mlir

#endif // ASC_TARGET_ASCENDC_TRANSLATEREGISTRATION_H
