//===- Lifter.h - The Ascend C lifter's internal interface ------*- C++ -*-===//
//
// Shared between the Clang driver (ParseSource.cpp) and the lifter
// (LiftKernel.cpp, LiftApiCalls.cpp). Not installed.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_LIB_FRONTEND_ASCENDC_LIFTER_H
#define ASC_LIB_FRONTEND_ASCENDC_LIFTER_H

#include "asc/Frontend/AscendCImport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace mlir::asc::frontend {

/// What the preprocessor and Clang's diagnostics told about the source.
struct SourceFacts {
  /// Expansion locations of the kernel markers: a function whose
  /// declaration holds a `__global__` is a kernel, one with neither marker a
  /// host function.
  std::vector<clang::SourceLocation> globalMarks;
  std::vector<clang::SourceLocation> aicoreMarks;
  /// `__kfc_workspace__` on a kernel argument: the Matmul workspace.
  std::vector<clang::SourceLocation> workspaceMarks;
  /// Whether ASCENDC_CUBE_ONLY is defined (before lib/matmul_intf.h, as
  /// CANN's cube-only kernels do): the kernels run on the cube core alone.
  bool cubeOnly = false;
  /// Includes that found no file and were skipped (host-only headers).
  std::vector<std::string> skippedIncludes;
  struct Error {
    clang::SourceLocation location;
    std::string message;
  };
  /// Clang's errors, judged by the lifter.
  std::vector<Error> errors;
  /// Set once the lifter emitted its diagnostics.
  bool reported = false;
  /// Filled by the lifter when the caller asked for it, with the id of
  /// each function it entered (shared by every kernel of the file).
  AscendCSourceMap *sourceMap = nullptr;
  llvm::DenseMap<const void *, unsigned> functionIds;
};

/// Lifts every `__global__` function of the main file (or the one named in
/// the options) to a func.func of asc ops in a new module; null after a
/// diagnostic.
OwningOpRef<ModuleOp> liftKernels(clang::ASTContext &ast, SourceFacts &facts,
                                  const AscendCImportOptions &options,
                                  MLIRContext *context);

} // namespace mlir::asc::frontend

#endif // ASC_LIB_FRONTEND_ASCENDC_LIFTER_H
