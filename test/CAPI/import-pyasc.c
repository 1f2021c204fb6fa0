//===- import-pyasc.c - C API: importing what pyasc prints ----------------===//
//
// Imports a kernel in pyasc's printed syntax with mlirAscImportPyasc, runs
// the standard pipeline on it (placement, lowering, Ascend C), and shows a
// refusal reported at pyasc's location; then mlirAscImportPyascWithOptions
// with the pass's options as text, and a bad option.
//
//===----------------------------------------------------------------------===//

// RUN: asc-capi-import-pyasc-test 2>&1 | FileCheck %s

#include "asc-c/Pipeline.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>

static const char *kernel =
    "!mm = !ascendc.matmul<gm, 0 : i32, f16, false, 0 : i32, gm, 0 : i32, "
    "f16, false, 0 : i32, gm, 0 : i32, f32, false, 0 : i32, gm, 0 : i32, "
    "f32, <do_norm = true, batch_mode = 1 : i32, enable_ub_reuse = true>>\n"
    "func.func @kernel(%a: memref<?xf16, 22>, %c: memref<?xf32, 22>, "
    "%ws: memref<?xui8, 22>) attributes {ascendc.global} {\n"
    "  %ga = ascendc.global_tensor : !ascendc.global_tensor<*xf16>\n"
    "  ascendc.global_tensor.set_global_buffer %ga, %a : "
    "!ascendc.global_tensor<*xf16>, memref<?xf16, 22>\n"
    "  %gc = ascendc.global_tensor : !ascendc.global_tensor<*xf32>\n"
    "  ascendc.global_tensor.set_global_buffer %gc, %c : "
    "!ascendc.global_tensor<*xf32>, memref<?xf32, 22>\n"
    "  %pipe = ascendc.pipe\n"
    "  %mm = ascendc.construct !mm()\n"
    "  ascendc.regist_matmul_obj %pipe, %ws, %mm : !ascendc.pipe, "
    "memref<?xui8, 22>, !mm\n"
    "  %false = arith.constant false\n"
    "  %true = arith.constant true\n"
    "  %c0_i8 = arith.constant 0 : i8\n"
    "  ascendc.matmul.set_tensor_a %mm, %ga, %false : !mm, "
    "!ascendc.global_tensor<*xf16>, i1\n"
    "  ascendc.matmul.set_tensor_b %mm, %ga, %false : !mm, "
    "!ascendc.global_tensor<*xf16>, i1\n"
    "  ascendc.matmul.iterate_all %mm, %gc, %c0_i8, %false, %false, %false, "
    "%true {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>} : !mm, "
    "!ascendc.global_tensor<*xf32>, i8, i1, i1, i1, i1\n"
    "  ascendc.matmul.end %mm : !mm\n"
    "  return\n"
    "}\n";

/// A sync flag that is an argument, located at a Python line.
static const char *refused =
    "func.func @kernel(%sync: i1) attributes {ascendc.global} {\n"
    "  ascendc.pipe_barrier pipe_mte4 loc(\"kernel.py\":7:5)\n"
    "  return\n"
    "}\n";

static void print(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stdout);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirLocationPrint(mlirDiagnosticGetLocation(diagnostic), print, NULL);
  printf(": ");
  mlirDiagnosticPrint(diagnostic, print, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);

  // The import, with pyasc's launch ABI, then the standard pipeline: the
  // placed, promoted Ascend C of the kernel.
  // CHECK: imported: 1
  // CHECK: extern "C" __global__ __aicore__ void kernel(GM_ADDR {{.*}}, GM_ADDR ffts_addr)
  // CHECK: set_ffts_base_addr(*(__gm__ uint64_t *)ffts_addr);
  // CHECK: .IterateAll(
  // CHECK: pipeline: 1
  MlirModule module = mlirAscImportPyasc(
      ctx, mlirStringRefCreateFromCString(kernel),
      mlirStringRefCreateFromCString("kernel.mlir"), false, true);
  printf("imported: %d\n", !mlirModuleIsNull(module));
  if (!mlirModuleIsNull(module)) {
    MlirLogicalResult result = mlirAscRunStandardPipeline(module, print, NULL);
    printf("pipeline: %d\n", mlirLogicalResultIsSuccess(result));
    mlirModuleDestroy(module);
  }

  // A refusal: a null module and the diagnostic at the Python line.
  // CHECK: diagnostic: loc("kernel.py":7:5): 'ascendc.pipe_barrier' op waits for pipe_mte4, which Atlas A2 (and asc) does not have
  // CHECK: refused: 1
  MlirModule none = mlirAscImportPyasc(
      ctx, mlirStringRefCreateFromCString(refused),
      mlirStringRefCreateFromCString("refused.mlir"), false, true);
  printf("refused: %d\n", mlirModuleIsNull(none));

  // The options in the pass's syntax: the user's word that the arguments
  // are distinct buffers, printed on the kernel's arguments.
  // CHECK: with options: 1
  // CHECK: func.func @kernel(%{{[^:]*}}: !asc.gm_addr {asc.no_alias}
  MlirModule stated = mlirAscImportPyascWithOptions(
      ctx, mlirStringRefCreateFromCString(kernel),
      mlirStringRefCreateFromCString("kernel.mlir"),
      mlirStringRefCreateFromCString("no-alias-arguments ffts-prologue=false"));
  printf("with options: %d\n", !mlirModuleIsNull(stated));
  if (!mlirModuleIsNull(stated)) {
    mlirOperationPrint(mlirModuleGetOperation(stated), print, NULL);
    printf("\n");
    mlirModuleDestroy(stated);
  }

  // An option the pass does not have: a null module and a diagnostic that
  // names the options.
  // CHECK: diagnostic: loc(unknown): convert-pyasc-to-asc options 'no-such-option': {{.*}}no-such-option
  // CHECK: bad options: 1
  MlirModule badOptions = mlirAscImportPyascWithOptions(
      ctx, mlirStringRefCreateFromCString(kernel),
      mlirStringRefCreateFromCString("kernel.mlir"),
      mlirStringRefCreateFromCString("no-such-option"));
  printf("bad options: %d\n", mlirModuleIsNull(badOptions));

  mlirContextDestroy(ctx);
  return 0;
}
