//===- FuzzSupport.cpp - shared pieces of the asc fuzz targets ------------===//

#include "FuzzSupport.h"

#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::asc::fuzz;

void mlir::asc::fuzz::prepareContext(MLIRContext &context) {
  context.disableMultithreading();
  DialectRegistry registry;
  registry.insert<AscDialect, arith::ArithDialect, cf::ControlFlowDialect,
                  emitc::EmitCDialect, func::FuncDialect, scf::SCFDialect>();
  context.appendDialectRegistry(registry);
}

DiagnosticCollector::DiagnosticCollector(MLIRContext &context)
    : handler(&context, [this](Diagnostic &diag) {
        llvm::raw_string_ostream os(text);
        os << diag.getLocation() << ": " << diag << "\n";
        for (Diagnostic &note : diag.getNotes())
          os << "  " << note.getLocation() << ": note: " << note << "\n";
        return success();
      }) {}

std::string DiagnosticCollector::take() {
  std::string result;
  result.swap(text);
  return result;
}

void mlir::asc::fuzz::reportOracleFailure(llvm::StringRef property,
                                          llvm::StringRef diagnostics,
                                          llvm::StringRef ir) {
  llvm::errs() << "asc-fuzz: " << property << "\n";
  if (!diagnostics.empty())
    llvm::errs() << "-- diagnostics:\n" << diagnostics;
  if (!ir.empty())
    llvm::errs() << "-- IR:\n" << ir << "\n";
  llvm::errs().flush();
  std::abort();
}
