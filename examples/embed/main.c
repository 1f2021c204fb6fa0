//===- main.c - asc-mlir embedded in a C program --------------------------===//
//
// Reads a kernel written in the asc dialect, runs the asc pipeline on it
// (verification, sync placement, lowering to EmitC, Ascend C emission)
// and prints the result: Ascend C source, or with --stage the MLIR after an
// earlier stage. Errors go to stderr with their location; the exit code is
// then 1.
//
//   asc-embed [--stage=verify|sync-placement|lowering|emission] KERNEL.mlir
//
//===----------------------------------------------------------------------===//

#include "asc-c/Dialects.h"
#include "asc-c/Pipeline.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/ControlFlow.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <string.h>

/// Writes a piece of MLIR's output to the FILE in `userData`.
static void writeToFile(MlirStringRef str, void *userData) {
  fwrite(str.data, 1, str.length, (FILE *)userData);
}

/// Prints a diagnostic and its notes as "<location>: <severity>: <message>".
static void printDiagnostic(MlirDiagnostic diagnostic) {
  static const char *severities[] = {"error", "warning", "note", "remark"};
  mlirLocationPrint(mlirDiagnosticGetLocation(diagnostic), writeToFile, stderr);
  fprintf(stderr, ": %s: ", severities[mlirDiagnosticGetSeverity(diagnostic)]);
  mlirDiagnosticPrint(diagnostic, writeToFile, stderr);
  fprintf(stderr, "\n");
  for (intptr_t i = 0, e = mlirDiagnosticGetNumNotes(diagnostic); i < e; ++i)
    printDiagnostic(mlirDiagnosticGetNote(diagnostic, i));
}

static MlirLogicalResult handleDiagnostic(MlirDiagnostic diagnostic,
                                          void *userData) {
  (void)userData;
  printDiagnostic(diagnostic);
  return mlirLogicalResultSuccess();
}

/// The stage named by a --stage= option, or -1.
static int parseStage(const char *name) {
  static const char *stages[] = {"verify", "sync-placement", "lowering",
                                 "emission"};
  for (int i = 0; i < 4; ++i)
    if (strcmp(name, stages[i]) == 0)
      return i;
  return -1;
}

int main(int argc, char **argv) {
  MlirAscPipelineStage lastStage = MlirAscPipelineStageEmission;
  const char *stageOption = "--stage=";
  if (argc == 3 && strncmp(argv[1], stageOption, strlen(stageOption)) == 0) {
    int stage = parseStage(argv[1] + strlen(stageOption));
    if (stage < 0) {
      fprintf(stderr, "%s: unknown stage '%s'\n", argv[0],
              argv[1] + strlen(stageOption));
      return 2;
    }
    lastStage = (MlirAscPipelineStage)stage;
    --argc;
    ++argv;
  }
  if (argc != 2) {
    fprintf(stderr,
            "usage: %s [--stage=verify|sync-placement|lowering|emission] "
            "KERNEL.mlir\n",
            argv[0]);
    return 2;
  }

  // The defaults of asc-translate --asc-to-ascendc, with the waits placed.
  MlirAscPipelineOptions options = mlirAscPipelineOptionsCreateDefault();
  mlirAscPipelineOptionsSetSyncPlacement(options, true);

  // The asc dialect and the upstream dialects kernels are written with.
  MlirContext ctx = mlirContextCreate();
  MlirDialectHandle dialects[] = {
      mlirGetDialectHandle__asc__(), mlirGetDialectHandle__arith__(),
      mlirGetDialectHandle__cf__(), mlirGetDialectHandle__func__(),
      mlirGetDialectHandle__scf__()};
  for (size_t i = 0; i < sizeof(dialects) / sizeof(dialects[0]); ++i)
    mlirDialectHandleRegisterDialect(dialects[i], ctx);
  mlirContextAttachDiagnosticHandler(ctx, handleDiagnostic, NULL, NULL);

  int status = 1;
  MlirModule module = mlirModuleCreateParseFromFile(
      ctx, mlirStringRefCreateFromCString(argv[1]));
  if (!mlirModuleIsNull(module)) {
    if (mlirLogicalResultIsSuccess(mlirAscRunPipelineWithOptions(
            module, options, lastStage, writeToFile, stdout)))
      status = 0;
    mlirModuleDestroy(module);
  }
  fflush(stdout);
  mlirAscPipelineOptionsDestroy(options);
  mlirContextDestroy(ctx);
  return status;
}
