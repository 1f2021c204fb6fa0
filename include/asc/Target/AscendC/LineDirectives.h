//===- LineDirectives.h - .mlir locations in emitted Ascend C ---*- C++ -*-===//
//
// Carries the .mlir source locations of lowered operations into the emitted
// C++ as `#line` directives, so that compiler diagnostics and asc-run's race
// checker point at the kernel's .mlir source.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_TARGET_ASCENDC_LINEDIRECTIVES_H
#define ASC_TARGET_ASCENDC_LINEDIRECTIVES_H

#include "mlir/IR/Location.h"

#include <memory>
#include <optional>

namespace mlir {
class ModuleOp;
class Pass;

namespace asc {

/// The file line a location names (looking through names, call sites and
/// fusions), if any: the line of the `#line` directive an op with that
/// location gets, by which asc-run's runtime knows the call.
std::optional<FileLineColLoc> getFileLine(Location loc);

/// Inserts `emitc.verbatim "#line N \"file\""` before every operation in an
/// `emitc.func` body whose location names a file line different from the
/// previous directive of its block. Operations inside `emitc.expression`
/// regions are printed inline and get none.
void insertLineDirectives(ModuleOp module);

/// The pass `asc-line-directives` running insertLineDirectives on a module of
/// lowered (EmitC) kernels.
std::unique_ptr<Pass> createAscLineDirectivesPass();

} // namespace asc
} // namespace mlir

#endif // ASC_TARGET_ASCENDC_LINEDIRECTIVES_H
