//===- CAPITestUtils.h - helpers of the C API tests ---------------*- C -*-===//
//
// Printing for the C test programs of test/CAPI: output and diagnostics go to
// stdout, in the order they happen, for FileCheck.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_TEST_CAPI_CAPITESTUTILS_H
#define ASC_TEST_CAPI_CAPITESTUTILS_H

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>

/// An MlirStringCallback writing to stdout.
static inline void printToStdout(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stdout);
}

/// A diagnostic handler printing "diagnostic: <message>" lines to stdout so
/// that they interleave with the output.
static inline MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                                void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(diagnostic, printToStdout, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

#endif // ASC_TEST_CAPI_CAPITESTUTILS_H
