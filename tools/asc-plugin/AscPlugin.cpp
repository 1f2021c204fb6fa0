//===- AscPlugin.cpp - asc dialect and pass plugin ------------------------===//
//
// Entry points that let a stock mlir-opt load the asc dialect
// (--load-dialect-plugin) and the asc passes (--load-pass-plugin).
//
//===----------------------------------------------------------------------===//

#include "asc/Conversion/Passes.h"
#include "asc/Dialect/Asc/IR/AscDialect.h"
#include "asc/Pipelines/AscToAscendCPipeline.h"
#include "asc/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

using namespace mlir;

/// Dialect plugin: adds the asc dialect to the tool's registry.
extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Asc", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            registry->insert<asc::AscDialect>();
            // pyasc's dialects (their mirror), for --convert-pyasc-to-asc.
            asc::registerPyascImportDialects(*registry);
          }};
}

/// Pass plugin: registers the asc passes (--asc-verify-sync,
/// --asc-sync-placement), the conversion (--convert-asc-to-emitc) and the
/// asc-to-ascendc pipeline.
extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "AscPasses", LLVM_VERSION_STRING, []() {
            asc::registerAscPasses();
            asc::registerAscConversionPasses();
            asc::registerAscToAscendCPipeline();
          }};
}
