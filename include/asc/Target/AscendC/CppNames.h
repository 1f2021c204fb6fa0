//===- CppNames.h - declare values under their source names -----*- C++ -*-===//
//
// MLIR's C++ emitter names every value it declares `v<N>` (loop induction
// variables `i<N>`, ...) and offers no way to choose. The Ascend C printer
// works around it in two steps around the emitter:
//
// 1. insertCppNameMarkers adds a comment statement after each declaration
//    that should carry another name: `//@asc-name {} mm` for a value with a
//    source name (a NameLoc, see asc/Parser/ParseKeepingNames.h), and
//    `//@asc-alias {} {}` for a copy of a GlobalTensor that nothing writes
//    after SetGlobalBuffer. The emitter prints the values' own names into them.
// 2. applyCppNameMarkers reads the markers back out of the printed source,
//    renames within each function, and drops the copies' declarations.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_TARGET_ASCENDC_CPPNAMES_H
#define ASC_TARGET_ASCENDC_CPPNAMES_H

#include "mlir/Support/LLVM.h"
#include <string>

namespace mlir {
class ModuleOp;

namespace asc {

/// Adds the marker statements to the emitc.funcs of `module`, a lowered
/// module about to be printed. A value gets a name marker when it has a
/// source name and the emitter declares it (not a literal, a member access, a
/// subscript or an expression printed inside its user); a copy of a set-once
/// GlobalTensor gets an alias marker.
void insertCppNameMarkers(ModuleOp module);

/// Returns `source`, the emitter's output for a module with markers, without
/// the markers, with each marked value renamed in its function (the source
/// name made a C++ identifier, with `_1`, `_2`, ... when it is a keyword, a
/// known Ascend C macro or already used in the source) and each aliased copy
/// replaced by its tensor. A marker whose name is not a usable identifier
/// (`%0`, `%1x`) renames nothing.
std::string applyCppNameMarkers(StringRef source);

} // namespace asc
} // namespace mlir

#endif // ASC_TARGET_ASCENDC_CPPNAMES_H
