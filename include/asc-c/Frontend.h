//===- Frontend.h - C API: Ascend C kernels (C++) lifted to asc --*- C -*-===//
//
// The Ascend C front end (docs/Frontend.md) for C clients: Clang parses a
// kernel source and each __global__ kernel becomes a func.func of asc ops
// located at its C++ statements; asc-check is built on the same call.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_C_FRONTEND_H
#define ASC_C_FRONTEND_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Lifts the kernels of the Ascend C source `path` (a .asc or .cpp file; when
/// `source` is not empty, its text held in memory under that name) into a
/// new module. `compilerArgs` (`numCompilerArgs` of them) are the compiler
/// flags a build passes (-D, -I, -std); `runtimeDir` the headers to parse
/// against (empty: asc-run's runtime/). Registers the dialects it needs in
/// `context`. Returns a null module, with one diagnostic reported through
/// the context's handlers at the C++ location, when the source does not
/// parse or holds a construct the front end does not lift.
MLIR_CAPI_EXPORTED MlirModule mlirAscImportAscendC(
    MlirContext context, MlirStringRef path, MlirStringRef source,
    intptr_t numCompilerArgs, MlirStringRef const *compilerArgs,
    MlirStringRef runtimeDir);

#ifdef __cplusplus
}
#endif

#endif // ASC_C_FRONTEND_H
