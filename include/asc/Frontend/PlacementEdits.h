//===- PlacementEdits.h - asc's placement as edits of C++ source -*- C++
//-*-===//
//
// --asc-sync-placement moves waits later and issues earlier in the lifted
// module; each move of a statement the user wrote becomes "delete this
// statement, insert its text before that one" in the user's file, when the
// two are in one function body inlined once and neither comes from a macro.
// Other moves are reported with the target line, never edited.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_FRONTEND_PLACEMENTEDITS_H
#define ASC_FRONTEND_PLACEMENTEDITS_H

#include "asc/Frontend/AscendCImport.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace mlir::asc {

/// One replacement in a file, as clang's tooling::Replacement.
struct SourceEdit {
  std::string file;
  unsigned offset = 0, length = 0;
  std::string text;
};

/// One wait or issue the placement moved.
struct PlacementMove {
  /// The moved call's statement and the statement it now precedes, or,
  /// when none does (the end of a function), the one it now follows.
  Location from, to;
  bool followsTo = false;
  /// "wait" or "issue", and the op's name.
  std::string kind, opName;
  /// The edits (a deletion and an insertion), empty when the move cannot
  /// be written as one (`reason` says why).
  std::vector<SourceEdit> edits;
  std::string reason;
};

/// Runs --asc-sync-placement on a copy of `module` and returns its moves.
/// Fails (after the placement's own diagnostics) when the placement does.
FailureOr<std::vector<PlacementMove>>
computePlacementMoves(ModuleOp module, const AscendCSourceMap &sourceMap);

/// `text` (the contents of `file`) with the edits of `file` applied.
std::string applyEdits(llvm::StringRef text, llvm::StringRef file,
                       llvm::ArrayRef<SourceEdit> edits);

} // namespace mlir::asc

#endif // ASC_FRONTEND_PLACEMENTEDITS_H
