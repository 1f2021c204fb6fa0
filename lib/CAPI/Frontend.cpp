//===- Frontend.cpp - C API: Ascend C kernels (C++) lifted to asc ---------===//

#include "asc-c/Frontend.h"

#include "asc/Frontend/AscendCImport.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"

using namespace mlir;

MlirModule mlirAscImportAscendC(MlirContext context, MlirStringRef path,
                                MlirStringRef source, intptr_t numCompilerArgs,
                                MlirStringRef const *compilerArgs,
                                MlirStringRef runtimeDir) {
  MLIRContext *ctx = unwrap(context);
  DialectRegistry registry;
  asc::registerAscendCImportDialects(registry);
  ctx->appendDialectRegistry(registry);
  asc::AscendCImportOptions options;
  options.runtimeDir = unwrap(runtimeDir).str();
  for (intptr_t i = 0; i < numCompilerArgs; ++i)
    options.compilerArgs.push_back(unwrap(compilerArgs[i]).str());
  OwningOpRef<ModuleOp> module =
      source.length
          ? asc::importAscendCSource(unwrap(source), unwrap(path), options, ctx)
          : asc::importAscendCFile(unwrap(path), options, ctx);
  return wrap(module.release());
}
