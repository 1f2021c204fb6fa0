//===- pipeline-options.c - C API: the pipeline's options struct ----------===//
//
// Runs mlirAscRunPipelineWithOptions with each option of
// MlirAscPipelineOptions and checks what it delivers, then the ways the
// options are refused: a bad stage, a struct of the wrong size, an option of
// the placement without the placement, a protocol violation.
//
//===----------------------------------------------------------------------===//

// RUN: asc-capi-pipeline-options-test %examples/04-async-iterate-all-overlap.mlir \
// RUN:   | FileCheck %s

#include "asc-c/Dialects.h"
#include "asc-c/Pipeline.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <string.h>

static void printToStdout(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stdout);
}

/// Diagnostics (errors and remarks) go to stdout, between the outputs.
static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  static const char *severities[] = {"error", "warning", "note", "remark"};
  printf("diagnostic %s: ", severities[mlirDiagnosticGetSeverity(diagnostic)]);
  mlirDiagnosticPrint(diagnostic, printToStdout, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

/// Parses `source` (or the file `path` when `source` is null), runs the
/// pipeline with `options` and prints what it delivers and its result.
static void run(MlirContext ctx, const char *label, const char *path,
                const char *source, const MlirAscPipelineOptions *options) {
  printf("-- %s\n", label);
  MlirModule module =
      source
          ? mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(source))
          : mlirModuleCreateParseFromFile(ctx,
                                          mlirStringRefCreateFromCString(path));
  MlirLogicalResult result =
      mlirAscRunPipelineWithOptions(module, options, printToStdout, NULL);
  printf("\n-- %s: %s\n", label,
         mlirLogicalResultIsSuccess(result) ? "success" : "failure");
  mlirModuleDestroy(module);
}

/// A synchronous IterateAll between two pieces of vector work, its output
/// read after them.
static const char *kSyncKernel =
    "!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, "
    "f32>>\n"
    "!ub = !asc.local_tensor<vecin, f32>\n"
    "!gm = !asc.global_tensor<f32>\n"
    "func.func @sync_kernel(%c: !gm, %u: !ub, %s: f32, %n: i32,\n"
    "                       %a_in: !asc.gm_addr {asc.no_alias}) {\n"
    "  %mm = asc.matmul.create : !mm\n"
    "  %a = asc.set_global_buffer %a_in : !asc.global_tensor<f16>\n"
    "  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>\n"
    "  asc.adds %u, %u, %s, %n : !ub, !ub\n"
    "  asc.matmul.iterate_all %mm, %c : !mm, !gm\n"
    "  asc.muls %u, %u, %s, %n : !ub, !ub\n"
    "  asc.data_copy %u, %c, %n : !ub, !gm\n"
    "  asc.matmul.end %mm : !mm\n"
    "  return\n"
    "}\n";

/// An async IterateAll whose wait is missing when the object ends (rule
/// P1).
static const char *kMissingWait =
    "!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, "
    "f32>>\n"
    "!ub = !asc.local_tensor<vecin, f32>\n"
    "!gm = !asc.global_tensor<f32>\n"
    "func.func @missing_wait(%c: !gm, %u: !ub, %s: f32, %n: i32,\n"
    "                        %a_in: !asc.gm_addr {asc.no_alias}) {\n"
    "  %mm = asc.matmul.create : !mm\n"
    "  %a = asc.set_global_buffer %a_in : !asc.global_tensor<f16>\n"
    "  asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>\n"
    "  asc.matmul.iterate_all %mm, %c {sync = false, wait_iterate_all = true}"
    " : !mm, !gm\n"
    "  asc.adds %u, %u, %s, %n : !ub, !ub\n"
    "  asc.matmul.end %mm : !mm\n"
    "  return\n"
    "}\n";

/// A loop that issues an async iterate_all per tile and waits for it in the
/// same iteration.
static const char *kLoopKernel =
    "!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, "
    "f32>>\n"
    "!ub = !asc.local_tensor<vecin, f32>\n"
    "!gm = !asc.global_tensor<f32>\n"
    "func.func @loop_kernel(%u: !ub, %n: i32,\n"
    "                       %a_in: !asc.gm_addr {asc.no_alias},\n"
    "                       %ws: !asc.gm_addr {asc.no_alias}) {\n"
    "  %c0 = arith.constant 0 : i32\n"
    "  %c1 = arith.constant 1 : i32\n"
    "  %c2048 = arith.constant 2048 : i32\n"
    "  %mm = asc.matmul.create : !mm\n"
    "  %a = asc.set_global_buffer %a_in : !asc.global_tensor<f16>\n"
    "  %c = asc.set_global_buffer %ws : !gm\n"
    "  scf.for %i = %c0 to %n step %c1 : i32 {\n"
    "    %off = arith.muli %i, %c2048 : i32\n"
    "    %off64 = arith.extsi %off : i32 to i64\n"
    "    %t = asc.subview %c[%off64] : !gm\n"
    "    asc.matmul.set_tensor_a %mm, %a : !mm, !asc.global_tensor<f16>\n"
    "    asc.matmul.iterate_all %mm, %t {sync = false, wait_iterate_all = "
    "true} : !mm, !gm\n"
    "    asc.matmul.wait_iterate_all %mm : !mm\n"
    "    asc.data_copy %u, %t, %c2048 : !ub, !gm\n"
    "  }\n"
    "  asc.matmul.end %mm : !mm\n"
    "  return\n"
    "}\n";

/// The defaults, and the struct's initialisation.
static void testDefaults(MlirContext ctx, const char *path) {
  printf("@testDefaults\n");
  // CHECK-LABEL: @testDefaults
  // CHECK-NEXT: size=1 stage=3 sync-placement=0 promote-sync=0 repair=0 hoist=1 remarks=0 verify-sync=1 sys-workspace=0 line=0 pipeline-loops=0
  MlirAscPipelineOptions options = mlirAscPipelineOptionsGetDefault();
  printf("size=%d stage=%d sync-placement=%d promote-sync=%d repair=%d "
         "hoist=%d remarks=%d verify-sync=%d sys-workspace=%d line=%d "
         "pipeline-loops=%d\n",
         options.structSize == sizeof(options), (int)options.lastStage,
         options.syncPlacement, options.promoteSync, options.repairMissingWaits,
         options.hoistIssues, options.emitRemarks, options.verifySync,
         options.setSysWorkspace, options.lineDirectives,
         options.pipelineLoops);

  // Every stage, the waits where the kernel has them.
  // CHECK: -- defaults
  // CHECK: extern "C" __global__ __aicore__ void matmul_addmm_custom(GM_ADDR
  // CHECK: .IterateAll<false>(
  // CHECK-NEXT: .WaitIterateAll();
  // CHECK-NOT: SetSysWorkspace
  // CHECK-NOT: #line
  // CHECK: -- defaults: success
  run(ctx, "defaults", path, NULL, &options);

  // A null options pointer means the defaults.
  // CHECK: -- null options
  // CHECK: .IterateAll<false>(
  // CHECK-NEXT: .WaitIterateAll();
  // CHECK: -- null options: success
  run(ctx, "null options", path, NULL, NULL);
}

/// Each stage delivers the module after it.
static void testStages(MlirContext ctx, const char *path) {
  printf("@testStages\n");
  MlirAscPipelineOptions options = mlirAscPipelineOptionsGetDefault();
  options.syncPlacement = true;
  // CHECK-LABEL: @testStages

  // Verify: the module as written.
  // CHECK: -- verify
  // CHECK: asc.matmul.iterate_all
  // CHECK-NEXT: asc.matmul.wait_iterate_all
  // CHECK: -- verify: success
  options.lastStage = MlirAscPipelineStageVerify;
  run(ctx, "verify", path, NULL, &options);

  // SyncPlacement: the wait sinks to the loop that reads C.
  // CHECK: -- sync-placement
  // CHECK: asc.muls
  // CHECK-NEXT: asc.matmul.wait_iterate_all
  // CHECK-NEXT: scf.for
  // CHECK: -- sync-placement: success
  options.lastStage = MlirAscPipelineStageSyncPlacement;
  run(ctx, "sync-placement", path, NULL, &options);

  // Lowering: EmitC.
  // CHECK: -- lowering
  // CHECK: emitc.func @matmul_addmm_custom
  // CHECK: -- lowering: success
  options.lastStage = MlirAscPipelineStageLowering;
  run(ctx, "lowering", path, NULL, &options);
}

/// Each option of the placement and of the lowering.
static void testOptions(MlirContext ctx, const char *path) {
  printf("@testOptions\n");
  // CHECK-LABEL: @testOptions

  // syncPlacement alone leaves a synchronous call synchronous.
  // CHECK: -- sync-placement only
  // CHECK: asc.matmul.iterate_all %{{[^{]*}} : !matmul
  // CHECK: -- sync-placement only: success
  MlirAscPipelineOptions options = mlirAscPipelineOptionsGetDefault();
  options.lastStage = MlirAscPipelineStageSyncPlacement;
  options.syncPlacement = true;
  run(ctx, "sync-placement only", NULL, kSyncKernel, &options);

  // promoteSync makes it async, hoisted to its staged input, its wait before
  // the read of C; with emitRemarks the placement says why the wait stops
  // there.
  // CHECK: -- promote-sync
  // CHECK: diagnostic remark: wait placed before 'asc.data_copy'
  // CHECK: asc.matmul.set_tensor_a
  // CHECK-NEXT: asc.matmul.iterate_all %{{.*}} {sync = false, wait_iterate_all = true}
  // CHECK-NEXT: asc.adds
  // CHECK-NEXT: asc.muls
  // CHECK-NEXT: asc.matmul.wait_iterate_all
  // CHECK-NEXT: asc.data_copy
  // CHECK: -- promote-sync: success
  options.promoteSync = true;
  options.emitRemarks = true;
  run(ctx, "promote-sync", NULL, kSyncKernel, &options);

  // hoistIssues off: the issue stays after the first vector op.
  // CHECK: -- no hoist
  // CHECK-NOT: diagnostic remark
  // CHECK: asc.adds
  // CHECK-NEXT: asc.matmul.iterate_all %{{.*}} {sync = false, wait_iterate_all = true}
  // CHECK-NEXT: asc.muls
  // CHECK-NEXT: asc.matmul.wait_iterate_all
  // CHECK: -- no hoist: success
  options.emitRemarks = false;
  options.hoistIssues = false;
  run(ctx, "no hoist", NULL, kSyncKernel, &options);

  // pipelineLoops rotates the loop: iteration 0 issued before it, the next
  // iteration's issue right after each wait, the last iteration peeled.
  // With the placement and without it (the rotation alone, then the check).
  // CHECK: -- pipeline-loops
  // CHECK: scf.if
  // CHECK: asc.matmul.iterate_all
  // CHECK-NEXT: scf.for
  // CHECK: asc.matmul.wait_iterate_all
  // CHECK-NEXT: asc.matmul.iterate_all
  // CHECK-NEXT: asc.data_copy
  // CHECK-NEXT: }
  // CHECK: asc.matmul.wait_iterate_all
  // CHECK: -- pipeline-loops: success
  // CHECK: -- pipeline-loops without placement
  // CHECK: scf.for
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: asc.matmul.wait_iterate_all
  // CHECK: -- pipeline-loops without placement: success
  MlirAscPipelineOptions loopOptions = mlirAscPipelineOptionsGetDefault();
  loopOptions.lastStage = MlirAscPipelineStageSyncPlacement;
  loopOptions.syncPlacement = true;
  loopOptions.pipelineLoops = true;
  run(ctx, "pipeline-loops", NULL, kLoopKernel, &loopOptions);
  loopOptions.syncPlacement = false;
  run(ctx, "pipeline-loops without placement", NULL, kLoopKernel, &loopOptions);

  // repairMissingWaits inserts the wait the kernel lacks.
  // CHECK: -- repair
  // CHECK: diagnostic remark: inserted the missing 'asc.matmul.wait_iterate_all' for this issue
  // CHECK: asc.adds
  // CHECK-NEXT: asc.matmul.wait_iterate_all
  // CHECK-NEXT: asc.matmul.end
  // CHECK: -- repair: success
  options = mlirAscPipelineOptionsGetDefault();
  options.lastStage = MlirAscPipelineStageSyncPlacement;
  options.syncPlacement = true;
  options.repairMissingWaits = true;
  run(ctx, "repair", NULL, kMissingWait, &options);

  // verifySync off: the racy kernel goes through unchanged.
  // CHECK: -- unchecked
  // CHECK-NOT: diagnostic
  // CHECK: asc.adds
  // CHECK-NEXT: asc.matmul.end
  // CHECK: -- unchecked: success
  options = mlirAscPipelineOptionsGetDefault();
  options.lastStage = MlirAscPipelineStageSyncPlacement;
  options.verifySync = false;
  run(ctx, "unchecked", NULL, kMissingWait, &options);

  // setSysWorkspace and lineDirectives shape the emitted kernel.
  // CHECK: -- workspace and lines
  // CHECK: #line {{[0-9]+}} "{{.*}}04-async-iterate-all-overlap.mlir"
  // CHECK: SetSysWorkspace(
  // CHECK: -- workspace and lines: success
  options = mlirAscPipelineOptionsGetDefault();
  options.setSysWorkspace = true;
  options.lineDirectives = true;
  run(ctx, "workspace and lines", path, NULL, &options);
}

/// Options the run refuses before anything runs, and a protocol violation.
static void testRefusals(MlirContext ctx, const char *path) {
  printf("@testRefusals\n");
  // CHECK-LABEL: @testRefusals
  MlirAscPipelineOptions options = mlirAscPipelineOptionsGetDefault();

  // CHECK: -- stage 7
  // CHECK-NEXT: diagnostic error: unknown asc pipeline stage 7
  // CHECK-EMPTY:
  // CHECK-NEXT: -- stage 7: failure
  options.lastStage = 7;
  run(ctx, "stage 7", path, NULL, &options);
  // CHECK: -- stage -1
  // CHECK-NEXT: diagnostic error: unknown asc pipeline stage -1
  // CHECK-EMPTY:
  // CHECK-NEXT: -- stage -1: failure
  options.lastStage = -1;
  run(ctx, "stage -1", path, NULL, &options);

  // A struct not filled by the initialisation, or from a newer header.
  // CHECK: -- size 0
  // CHECK-NEXT: diagnostic error: MlirAscPipelineOptions of 0 bytes: not initialised by mlirAscPipelineOptionsGetDefault, or from a newer asc-c/Pipeline.h (this library knows {{[0-9]+}} bytes)
  // CHECK-EMPTY:
  // CHECK-NEXT: -- size 0: failure
  memset(&options, 0, sizeof(options));
  run(ctx, "size 0", path, NULL, &options);
  // CHECK: -- newer header
  // CHECK-NEXT: diagnostic error: MlirAscPipelineOptions of {{[0-9]+}} bytes: not initialised
  // CHECK-EMPTY:
  // CHECK-NEXT: -- newer header: failure
  options = mlirAscPipelineOptionsGetDefault();
  options.structSize += 8;
  run(ctx, "newer header", path, NULL, &options);

  // A flag holds any non-zero byte as true (here a raw byte, as a careless
  // caller could leave it): the waits are placed.
  // CHECK: -- raw flag byte
  // CHECK: asc.muls
  // CHECK-NEXT: asc.matmul.wait_iterate_all
  // CHECK-NEXT: scf.for
  // CHECK: -- raw flag byte: success
  options = mlirAscPipelineOptionsGetDefault();
  options.lastStage = MlirAscPipelineStageSyncPlacement;
  memset(&options.syncPlacement, 0x5a, 1);
  run(ctx, "raw flag byte", path, NULL, &options);

  // The placement's options need the placement: every conflict is reported.
  // CHECK: -- conflicts
  // CHECK-NEXT: diagnostic error: asc-to-ascendc option promote-sync needs sync-placement
  // CHECK-NEXT: diagnostic error: asc-to-ascendc option repair-missing-waits needs sync-placement
  // CHECK-NEXT: diagnostic error: asc-to-ascendc option hoist-issues=false needs sync-placement
  // CHECK-NEXT: diagnostic error: asc-to-ascendc option emit-remarks needs sync-placement
  // CHECK-EMPTY:
  // CHECK-NEXT: -- conflicts: failure
  options = mlirAscPipelineOptionsGetDefault();
  options.promoteSync = true;
  options.repairMissingWaits = true;
  options.hoistIssues = false;
  options.emitRemarks = true;
  run(ctx, "conflicts", path, NULL, &options);

  // A protocol violation, with and without the placement: the P-rule
  // diagnostic and nothing delivered.
  // CHECK: -- violation
  // CHECK-NEXT: diagnostic error: 'asc.matmul.end' op ends the Matmul object while an async 'asc.matmul.iterate_all' is pending: rule P1 needs 'asc.matmul.wait_iterate_all' first
  // CHECK-EMPTY:
  // CHECK-NEXT: -- violation: failure
  options = mlirAscPipelineOptionsGetDefault();
  run(ctx, "violation", NULL, kMissingWait, &options);
  // CHECK: -- violation placed
  // CHECK-NEXT: diagnostic error: 'asc.matmul.end' op ends the Matmul object while an async 'asc.matmul.iterate_all' is pending: rule P1 needs 'asc.matmul.wait_iterate_all' first
  // CHECK-EMPTY:
  // CHECK-NEXT: -- violation placed: failure
  options.syncPlacement = true;
  run(ctx, "violation placed", NULL, kMissingWait, &options);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s KERNEL.mlir\n", argv[0]);
    return 2;
  }
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__asc__(), ctx);
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__arith__(), ctx);
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__func__(), ctx);
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__scf__(), ctx);
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);

  testDefaults(ctx, argv[1]);
  testStages(ctx, argv[1]);
  testOptions(ctx, argv[1]);
  testRefusals(ctx, argv[1]);

  mlirContextDestroy(ctx);
  return 0;
}
