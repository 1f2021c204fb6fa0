//===- ParseKeepingNames.h - parse .mlir keeping the SSA names --*- C++ -*-===//
//
// MLIR's parser drops SSA names (`%mm`, `%a_global`); the Ascend C printer
// declares values under them. The tools that print Ascend C (asc-translate,
// asc-run, the C API) parse through here, which records each name as a
// NameLoc (`loc("mm"(<file:line:col>))`), where the lowering finds it.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_PARSER_PARSEKEEPINGNAMES_H
#define ASC_PARSER_PARSEKEEPINGNAMES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include <memory>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class AsmParserState;

namespace asc {

/// Gives every op result and block argument the text defined under a name
/// the location `loc("<name>"(<its location>))`: an op with one result
/// (`%mm = ...`) and any block argument (`%a: !asc.gm_addr`). Numbered names
/// (`%0`), the results of ops with several, and locations that already name
/// something are left as they are.
void nameValuesAsInSource(const AsmParserState &state);

/// Parses the main buffer of `sourceMgr`, text or bytecode, as mlir-opt
/// does: the one top-level op, or with `insertImplicitModule` a new module
/// around the top-level ops unless they are one module. Text keeps its SSA
/// names (nameValuesAsInSource); bytecode has none. Returns null after
/// reporting a parse error, or more than one top-level op without
/// `insertImplicitModule`, to the context's handlers.
OwningOpRef<Operation *>
parseSourceKeepingNames(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                        MLIRContext *context, bool insertImplicitModule = true);

} // namespace asc
} // namespace mlir

#endif // ASC_PARSER_PARSEKEEPINGNAMES_H
