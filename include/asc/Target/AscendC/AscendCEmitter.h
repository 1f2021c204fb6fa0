//===- AscendCEmitter.h - print an EmitC module as Ascend C -----*- C++ -*-===//
//
// The last step of the asc to Ascend C pipeline: MLIR's C++ emitter on the
// EmitC module --convert-asc-to-emitc produced, with the values declared
// under their source names (CppNames.h) and the braces reindented
// (Reindent.h).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_TARGET_ASCENDC_ASCENDCEMITTER_H
#define ASC_TARGET_ASCENDC_ASCENDCEMITTER_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class ModuleOp;

namespace asc {

/// Prints `module`, an EmitC module, to `os` as Ascend C source. With
/// `sourceNames`, values are declared under their NameLocs and set-once
/// GlobalTensors are handed over without a copy; without, under the C++
/// emitter's v1, v2, ... Fails, with the emitter's diagnostics, when the
/// emitter cannot print the module; `os` may then have part of it.
LogicalResult emitAscendC(ModuleOp module, raw_ostream &os, bool sourceNames);

} // namespace asc
} // namespace mlir

#endif // ASC_TARGET_ASCENDC_ASCENDCEMITTER_H
