//===- FuzzSupport.h - shared pieces of the asc fuzz targets ----*- C++ -*-===//
//
// The context every fuzz target parses into, a diagnostic handler that keeps
// the diagnostics of the current step for the report, and the oracle that
// stops the fuzzer with a clear message when a property is broken.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_FUZZ_FUZZSUPPORT_H
#define ASC_FUZZ_FUZZSUPPORT_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::asc::fuzz {

/// Registers the dialects a kernel may use (asc, arith, cf, emitc, func,
/// scf) in `context`, without threading: one fuzz input runs at a time.
void prepareContext(MLIRContext &context);

/// Collects the diagnostics emitted in a context instead of printing them:
/// rejecting bad input is the expected answer, printing it would drown the
/// fuzzer's output. `take()` returns and clears what was collected.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext &context);
  std::string take();

private:
  std::string text;
  ScopedDiagnosticHandler handler;
};

/// Reports a broken property and aborts, so that libFuzzer saves the input:
/// "asc-fuzz: <property>", then the diagnostics and the IR that show it.
[[noreturn]] void reportOracleFailure(llvm::StringRef property,
                                      llvm::StringRef diagnostics,
                                      llvm::StringRef ir);

} // namespace mlir::asc::fuzz

#endif // ASC_FUZZ_FUZZSUPPORT_H
