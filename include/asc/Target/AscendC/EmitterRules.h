//===- EmitterRules.h - what MLIR's C++ emitter does with an op -*- C++ -*-===//
//
// The decisions of MLIR 22's C++ emitter (mlir/lib/Target/Cpp) that the
// Ascend C printer builds on: which regions it prints as statements and
// which values it declares rather than prints in place. Mirrored here
// because the emitter does not export them; a wrong answer costs a `#line`
// directive or a name, never wrong code.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_TARGET_ASCENDC_EMITTERRULES_H
#define ASC_TARGET_ASCENDC_EMITTERRULES_H

namespace mlir {
class Operation;
class Region;

namespace asc {

/// Whether the emitter prints `region` as statements: not the body of an
/// expression (printed inline) nor the condition of a do-while (one
/// expression).
bool printsStatements(Region &region);

/// Whether the emitter declares the only result of `op` as a variable of
/// its own (`T v3 = ...;`, `T v3;`): not for a literal, a member access, a
/// subscript or a global (printed at each use), an op inside an expression,
/// or an expression printed inside its only user.
bool declaresResult(Operation *op);

} // namespace asc
} // namespace mlir

#endif // ASC_TARGET_ASCENDC_EMITTERRULES_H
