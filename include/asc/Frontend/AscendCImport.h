//===- AscendCImport.h - Ascend C kernels (C++) lifted to asc ---*- C++ -*-===//
//
// The Ascend C front end: Clang parses a kernel source (.asc or .cpp, CANN's
// samples and operators as they are written) and the lifter turns the
// instantiated AST of each `__global__` kernel into a func.func of asc ops,
// every op located at the C++ statement it comes from. docs/Frontend.md.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_FRONTEND_ASCENDCIMPORT_H
#define ASC_FRONTEND_ASCENDCIMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mlir::asc {

struct AscendCImportOptions {
  /// Headers the kernel is parsed against: asc-run's runtime/ (the default;
  /// no CANN install needed). With `devkitDir`, only its `cpu-debug/`
  /// stand-ins are used.
  std::string runtimeDir;
  /// A CANN asc-devkit (its include/ and impl/, asc-tools' cpudebug/include/
  /// beside them): when set, the kernel is parsed against these real headers
  /// in their CPU-debug mode instead of the runtime's. docs/Frontend.md.
  std::string devkitDir;
  /// Extra compiler arguments (-D, -I, -std, ...), as after `--`.
  std::vector<std::string> compilerArgs;
  /// Lift only the kernel of this name; empty lifts every `__global__`
  /// function of the main file.
  std::string kernelName;
  /// Kernel pointer arguments are separate device allocations (what every
  /// host half does: one aclrtMalloc per argument) and get `asc.no_alias`.
  bool argumentsAreDistinct = true;
};

/// Where a lifted statement is in its file, for edits of the source: the
/// statement's first token (its ops' location), its bytes (through the
/// `;`, the whole line when it stands alone), and the function body it
/// belongs to.
struct LiftedStatement {
  std::string file;
  unsigned line = 0, column = 0;
  /// [begin, end) in the file: the bytes deleting the statement removes.
  unsigned begin = 0, end = 0;
  /// Where a statement inserted before this one goes (its line's start when
  /// it stands alone on it), and the indentation it takes.
  unsigned insertAt = 0;
  std::string indentation;
  /// Whether the statement stands alone on its line(s).
  bool ownLine = false;
  /// The function body (an id per function) and whether it comes from a
  /// macro expansion (never edited).
  unsigned function = 0;
  bool fromMacro = false;
  /// Whether the statement is one call whose arguments have no side
  /// effects: only then does moving its text move nothing but that call.
  bool singleCall = false;
};

/// The statements of a lift and how often each function was inlined: a
/// statement can be edited only when its function was inlined once.
struct AscendCSourceMap {
  std::vector<LiftedStatement> statements;
  std::vector<unsigned> inlineCounts; // by LiftedStatement::function
  /// The statement whose first token is at `loc`, or null.
  const LiftedStatement *find(Location loc) const;
};

/// Parses the Ascend C source `path` and lifts its kernels into a new
/// module. Every problem (a parse error in device code, a construct outside
/// the lifted subset) is emitted through the context's diagnostic handler at
/// its C++ location, and the result is then null.
OwningOpRef<ModuleOp> importAscendCFile(llvm::StringRef path,
                                        const AscendCImportOptions &options,
                                        MLIRContext *context,
                                        AscendCSourceMap *sourceMap = nullptr);

/// As importAscendCFile, for a source held in memory under the name `path`.
OwningOpRef<ModuleOp> importAscendCSource(llvm::StringRef source,
                                          llvm::StringRef path,
                                          const AscendCImportOptions &options,
                                          MLIRContext *context);

/// Registers the dialects a lifted module uses.
void registerAscendCImportDialects(DialectRegistry &registry);

} // namespace mlir::asc

#endif // ASC_FRONTEND_ASCENDCIMPORT_H
