//===- Reindent.h - indent emitted C++ by its braces ------------*- C++ -*-===//
//
// The upstream C++ emitter indents along EmitC regions only; blocks the
// lowering opens with verbatim text (`if ASCEND_IS_AIC {`,
// `while (mm.Iterate()) {`) keep the indentation of the enclosing region.
// This pass over the printed source indents every line by its brace depth.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_TARGET_ASCENDC_REINDENT_H
#define ASC_TARGET_ASCENDC_REINDENT_H

#include "mlir/Support/LLVM.h"
#include <string>

namespace mlir {
namespace asc {

/// Returns `source` with each line indented by two spaces per open brace.
/// Preprocessor lines stay in column 0; braces inside string and character
/// literals and comments do not count. Source whose braces do not balance is
/// returned unchanged.
std::string reindentCppByBraces(StringRef source);

} // namespace asc
} // namespace mlir

#endif // ASC_TARGET_ASCENDC_REINDENT_H
