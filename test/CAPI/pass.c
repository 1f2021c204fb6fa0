//===- pass.c - C API: running the asc passes -----------------------------===//
//
// Parses a kernel, runs the asc passes through a pass manager built with the
// generated mlirCreateAsc... functions and through a parsed textual
// pipeline, shows that a protocol violation fails the pass with its
// diagnostic, and runs the conversion to EmitC.
//
//===----------------------------------------------------------------------===//

// RUN: asc-capi-pass-test %examples/04-async-iterate-all-overlap.mlir | FileCheck %s

#include "mlir-c/Pass.h"
#include "asc-c/Dialects.h"
#include "asc-c/Passes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/IR.h"

#include <stdio.h>

static void printToStdout(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stdout);
}

/// Prints diagnostics, with their location, to stdout.
static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirLocationPrint(mlirDiagnosticGetLocation(diagnostic), printToStdout, NULL);
  printf(": ");
  mlirDiagnosticPrint(diagnostic, printToStdout, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static MlirContext createContext(void) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__asc__(), ctx);
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__arith__(), ctx);
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__func__(), ctx);
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__scf__(), ctx);
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  return ctx;
}

/// asc-verify-sync then asc-sync-placement on every function of a kernel
/// file, through passes made by the generated creation functions.
static int testCreatedPasses(MlirContext ctx, const char *path) {
  printf("@testCreatedPasses\n");
  MlirModule module =
      mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(path));
  if (mlirModuleIsNull(module)) {
    printf("cannot parse %s\n", path);
    return 1;
  }
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  MlirOpPassManager funcPm = mlirPassManagerGetNestedUnder(
      pm, mlirStringRefCreateFromCString("func.func"));
  mlirOpPassManagerAddOwnedPass(funcPm, mlirCreateAscAscVerifySync());
  mlirOpPassManagerAddOwnedPass(funcPm, mlirCreateAscAscSyncPlacement());

  // CHECK-LABEL: @testCreatedPasses
  // CHECK-NEXT: pipeline: builtin.module(func.func(asc-verify-sync,asc-sync-placement{emit-remarks=false hoist-issues=true incremental-recheck=true pipeline-loops=false promote-sync=false repair-missing-waits=false}))
  printf("pipeline: ");
  mlirPrintPassPipeline(mlirPassManagerGetAsOpPassManager(pm), printToStdout,
                        NULL);
  printf("\n");

  // The wait sinks past the bias work to the loop that reads C.
  // CHECK-NEXT: run: 1
  // CHECK: func.func @matmul_addmm_custom
  // CHECK: asc.matmul.iterate_all %[[MM:.*]], %{{.*}} {
  // CHECK-NOT: asc.matmul.wait_iterate_all
  // CHECK: asc.muls
  // CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM]]
  // CHECK-NEXT: scf.for
  MlirLogicalResult result =
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  printf("run: %d\n", mlirLogicalResultIsSuccess(result));
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");

  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  return 0;
}

/// A kernel that reads the output of an async iterate_all before its wait.
static const char *kEarlyRead =
    "!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, "
    "f32>>\n"
    "func.func @early_read(%c: !asc.global_tensor<f32>,\n"
    "                      %ub: !asc.local_tensor<vecin, f32>, %n: i32,\n"
    "                      %a_in: !asc.gm_addr {asc.no_alias}) {\n"
    "  %mm = asc.matmul.create : !mm\n"
    "  %a = asc.set_global_buffer %a_in : !asc.global_tensor<f16>\n"
    "  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>\n"
    "  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true}"
    " : !mm, !asc.global_tensor<f32>\n"
    "  asc.data_copy %ub, %c, %n : !asc.local_tensor<vecin, f32>, "
    "!asc.global_tensor<f32>\n"
    "  asc.matmul.wait_iterate_all %mm : !mm\n"
    "  asc.matmul.end %mm : !mm\n"
    "  return\n"
    "}\n";

/// The registered passes in a parsed textual pipeline; a protocol violation
/// fails the run and reports through the context's diagnostic handler.
static void testParsedPipeline(MlirContext ctx) {
  printf("@testParsedPipeline\n");
  mlirRegisterAscPasses();
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kEarlyRead));
  MlirPassManager pm = mlirPassManagerCreate(ctx);

  // CHECK-LABEL: @testParsedPipeline
  // CHECK-NEXT: parse: 1
  MlirLogicalResult parsed =
      mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm),
                            mlirStringRefCreateFromCString(
                                "builtin.module(func.func(asc-verify-sync))"),
                            printToStdout, NULL);
  printf("parse: %d\n", mlirLogicalResultIsSuccess(parsed));

  // CHECK-NEXT: diagnostic: loc("-":9:3): 'asc.data_copy' op may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)
  // CHECK-NEXT: run: 0
  MlirLogicalResult result =
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  printf("run: %d\n", mlirLogicalResultIsSuccess(result));

  // An unknown option is reported by the pipeline parser.
  // CHECK-NEXT: <Pass-Options-Parser>: no such option no-such-option
  // CHECK: parse bad option: 0
  MlirPassManager bad = mlirPassManagerCreate(ctx);
  MlirLogicalResult badParse = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(bad),
      mlirStringRefCreateFromCString(
          "builtin.module(func.func(asc-sync-placement{no-such-option=1}))"),
      printToStdout, NULL);
  printf("\nparse bad option: %d\n", mlirLogicalResultIsSuccess(badParse));

  mlirPassManagerDestroy(bad);
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
}

/// The conversion to EmitC, a module pass, made by its generated creation
/// function.
static void testConversion(MlirContext ctx) {
  printf("@testConversion\n");
  MlirModule module = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(
               "func.func @release(%p: !asc.gm_addr) attributes {asc.kernel} "
               "{\n"
               "  %pipe = asc.pipe.create\n"
               "  return\n"
               "}\n"));
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  mlirPassManagerAddOwnedPass(pm, mlirCreateAscConversionConvertAscToEmitC());

  // CHECK-LABEL: @testConversion
  // CHECK-NEXT: run: 1
  // CHECK: emitc.func @release(%{{.*}}: !emitc.opaque<"GM_ADDR">)
  // CHECK-SAME: specifiers = ["extern \22C\22", "__global__", "__aicore__"]
  // CHECK-NEXT: "emitc.variable"{{.*}}!emitc.opaque<"AscendC::TPipe">
  MlirLogicalResult result =
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  printf("run: %d\n", mlirLogicalResultIsSuccess(result));
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");

  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s KERNEL.mlir\n", argv[0]);
    return 2;
  }
  MlirContext ctx = createContext();
  int status = testCreatedPasses(ctx, argv[1]);
  testParsedPipeline(ctx);
  testConversion(ctx);
  mlirContextDestroy(ctx);
  return status;
}
