//===- pipeline-options.c - C API: the pipeline's options -----------------===//
//
// Runs mlirAscRunPipelineWithOptions with each option of the
// MlirAscPipelineOptions handle and checks what it delivers; parses options
// from text; adds the pipeline to a pass manager; then the ways the options
// are refused: a bad stage, an option of the placement without the
// placement, a protocol violation.
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
#include "mlir-c/Pass.h"

#include <stdio.h>

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

/// Parses `source`, or the file `path` when `source` is null.
static MlirModule parse(MlirContext ctx, const char *path, const char *source) {
  return source ? mlirModuleCreateParse(ctx,
                                        mlirStringRefCreateFromCString(source))
                : mlirModuleCreateParseFromFile(
                      ctx, mlirStringRefCreateFromCString(path));
}

/// Parses `source` (or the file `path` when `source` is null), runs the
/// pipeline with `options` up to `stage` and prints what it delivers and its
/// result.
static void run(MlirContext ctx, const char *label, const char *path,
                const char *source, MlirAscPipelineOptions options,
                MlirAscPipelineStage stage) {
  printf("-- %s\n", label);
  MlirModule module = parse(ctx, path, source);
  MlirLogicalResult result = mlirAscRunPipelineWithOptions(
      module, options, stage, printToStdout, NULL);
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

/// Prints the value of every option of `options`.
static void printOptions(MlirAscPipelineOptions options) {
  printf("sync-placement=%d promote-sync=%d repair=%d hoist=%d remarks=%d "
         "verify-sync=%d sys-workspace=%d line=%d source-names=%d "
         "pipeline-loops=%d\n",
         mlirAscPipelineOptionsGetSyncPlacement(options),
         mlirAscPipelineOptionsGetPromoteSync(options),
         mlirAscPipelineOptionsGetRepairMissingWaits(options),
         mlirAscPipelineOptionsGetHoistIssues(options),
         mlirAscPipelineOptionsGetEmitRemarks(options),
         mlirAscPipelineOptionsGetVerifySync(options),
         mlirAscPipelineOptionsGetSetSysWorkspace(options),
         mlirAscPipelineOptionsGetLineDirectives(options),
         mlirAscPipelineOptionsGetSourceNames(options),
         mlirAscPipelineOptionsGetPipelineLoops(options));
}

/// The null handle: the defaults.
static const MlirAscPipelineOptions kNullOptions = {NULL};

/// The defaults, of new options and of the null handle.
static void testDefaults(MlirContext ctx, const char *path) {
  printf("@testDefaults\n");
  // CHECK-LABEL: @testDefaults
  // CHECK-NEXT: sync-placement=0 promote-sync=0 repair=0 hoist=1 remarks=0 verify-sync=1 sys-workspace=0 line=0 source-names=1 pipeline-loops=0
  // CHECK-NEXT: null: 1
  // CHECK-NEXT: sync-placement=0 promote-sync=0 repair=0 hoist=1 remarks=0 verify-sync=1 sys-workspace=0 line=0 source-names=1 pipeline-loops=0
  MlirAscPipelineOptions options = mlirAscPipelineOptionsCreateDefault();
  printOptions(options);
  // A setter on the null handle changes nothing.
  mlirAscPipelineOptionsSetSyncPlacement(kNullOptions, true);
  printf("null: %d\n", mlirAscPipelineOptionsIsNull(kNullOptions));
  printOptions(kNullOptions);

  // Every stage, the waits where the kernel has them.
  // CHECK: -- defaults
  // CHECK: extern "C" __global__ __aicore__ void matmul_addmm_custom(GM_ADDR
  // CHECK: .IterateAll<false>(
  // CHECK-NEXT: .WaitIterateAll();
  // CHECK-NOT: SetSysWorkspace
  // CHECK-NOT: #line
  // CHECK: -- defaults: success
  run(ctx, "defaults", path, NULL, options, MlirAscPipelineStageEmission);

  // The null handle means the defaults.
  // CHECK: -- null options
  // CHECK: .IterateAll<false>(
  // CHECK-NEXT: .WaitIterateAll();
  // CHECK: -- null options: success
  run(ctx, "null options", path, NULL, kNullOptions,
      MlirAscPipelineStageEmission);
  mlirAscPipelineOptionsDestroy(options);
  // Destroying the null handle does nothing.
  mlirAscPipelineOptionsDestroy(kNullOptions);
}

/// Each stage delivers the module after it.
static void testStages(MlirContext ctx, const char *path) {
  printf("@testStages\n");
  MlirAscPipelineOptions options = mlirAscPipelineOptionsCreateDefault();
  mlirAscPipelineOptionsSetSyncPlacement(options, true);
  // CHECK-LABEL: @testStages

  // Verify: the module as written.
  // CHECK: -- verify
  // CHECK: asc.matmul.iterate_all
  // CHECK-NEXT: asc.matmul.wait_iterate_all
  // CHECK: -- verify: success
  run(ctx, "verify", path, NULL, options, MlirAscPipelineStageVerify);

  // SyncPlacement: the wait sinks to the loop that reads C.
  // CHECK: -- sync-placement
  // CHECK: asc.muls
  // CHECK-NEXT: asc.matmul.wait_iterate_all
  // CHECK-NEXT: scf.for
  // CHECK: -- sync-placement: success
  run(ctx, "sync-placement", path, NULL, options,
      MlirAscPipelineStageSyncPlacement);

  // Lowering: EmitC.
  // CHECK: -- lowering
  // CHECK: emitc.func @matmul_addmm_custom
  // CHECK: -- lowering: success
  run(ctx, "lowering", path, NULL, options, MlirAscPipelineStageLowering);
  mlirAscPipelineOptionsDestroy(options);
}

/// Each option of the placement and of the lowering.
static void testOptions(MlirContext ctx, const char *path) {
  printf("@testOptions\n");
  // CHECK-LABEL: @testOptions

  // syncPlacement alone leaves a synchronous call synchronous.
  // CHECK: -- sync-placement only
  // CHECK: asc.matmul.iterate_all %{{[^{]*}} : !matmul
  // CHECK: -- sync-placement only: success
  const MlirAscPipelineStage placed = MlirAscPipelineStageSyncPlacement;
  MlirAscPipelineOptions options = mlirAscPipelineOptionsCreateDefault();
  mlirAscPipelineOptionsSetSyncPlacement(options, true);
  run(ctx, "sync-placement only", NULL, kSyncKernel, options, placed);

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
  mlirAscPipelineOptionsSetPromoteSync(options, true);
  mlirAscPipelineOptionsSetEmitRemarks(options, true);
  run(ctx, "promote-sync", NULL, kSyncKernel, options, placed);

  // hoistIssues off: the issue stays after the first vector op.
  // CHECK: -- no hoist
  // CHECK-NOT: diagnostic remark
  // CHECK: asc.adds
  // CHECK-NEXT: asc.matmul.iterate_all %{{.*}} {sync = false, wait_iterate_all = true}
  // CHECK-NEXT: asc.muls
  // CHECK-NEXT: asc.matmul.wait_iterate_all
  // CHECK: -- no hoist: success
  mlirAscPipelineOptionsSetEmitRemarks(options, false);
  mlirAscPipelineOptionsSetHoistIssues(options, false);
  run(ctx, "no hoist", NULL, kSyncKernel, options, placed);
  mlirAscPipelineOptionsDestroy(options);

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
  options = mlirAscPipelineOptionsCreateDefault();
  mlirAscPipelineOptionsSetSyncPlacement(options, true);
  mlirAscPipelineOptionsSetPipelineLoops(options, true);
  run(ctx, "pipeline-loops", NULL, kLoopKernel, options, placed);
  mlirAscPipelineOptionsSetSyncPlacement(options, false);
  run(ctx, "pipeline-loops without placement", NULL, kLoopKernel, options,
      placed);
  mlirAscPipelineOptionsDestroy(options);

  // repairMissingWaits inserts the wait the kernel lacks.
  // CHECK: -- repair
  // CHECK: diagnostic remark: inserted the missing 'asc.matmul.wait_iterate_all' for this issue
  // CHECK: asc.adds
  // CHECK-NEXT: asc.matmul.end
  // CHECK-NEXT: asc.matmul.wait_iterate_all
  // CHECK: -- repair: success
  options = mlirAscPipelineOptionsCreateDefault();
  mlirAscPipelineOptionsSetSyncPlacement(options, true);
  mlirAscPipelineOptionsSetRepairMissingWaits(options, true);
  run(ctx, "repair", NULL, kMissingWait, options, placed);
  mlirAscPipelineOptionsDestroy(options);

  // verifySync off: the racy kernel goes through unchanged.
  // CHECK: -- unchecked
  // CHECK-NOT: diagnostic
  // CHECK: asc.adds
  // CHECK-NEXT: asc.matmul.end
  // CHECK: -- unchecked: success
  options = mlirAscPipelineOptionsCreateDefault();
  mlirAscPipelineOptionsSetVerifySync(options, false);
  run(ctx, "unchecked", NULL, kMissingWait, options, placed);
  mlirAscPipelineOptionsDestroy(options);

  // setSysWorkspace and lineDirectives shape the emitted kernel.
  // CHECK: -- workspace and lines
  // CHECK: #line {{[0-9]+}} "{{.*}}04-async-iterate-all-overlap.mlir"
  // CHECK: SetSysWorkspace(
  // CHECK: -- workspace and lines: success
  options = mlirAscPipelineOptionsCreateDefault();
  mlirAscPipelineOptionsSetSetSysWorkspace(options, true);
  mlirAscPipelineOptionsSetLineDirectives(options, true);
  run(ctx, "workspace and lines", path, NULL, options,
      MlirAscPipelineStageEmission);
  mlirAscPipelineOptionsDestroy(options);
}

/// Prints an error the options' parser delivers.
static void printParseError(MlirStringRef message, void *userData) {
  (void)userData;
  printf("parse error: ");
  fwrite(message.data, 1, message.length, stdout);
  printf("\n");
}

/// Parses `text` into `options` and prints the result and the options.
static void parseOptions(MlirAscPipelineOptions options, const char *text) {
  MlirLogicalResult result = mlirAscPipelineOptionsParse(
      options, mlirStringRefCreateFromCString(text), printParseError, NULL);
  printf("parse '%s': %s\n", text,
         mlirLogicalResultIsSuccess(result) ? "success" : "failure");
  printOptions(options);
}

/// Options from text, in the pass pipeline's syntax.
static void testParse(void) {
  printf("@testParse\n");
  // CHECK-LABEL: @testParse
  MlirAscPipelineOptions options = mlirAscPipelineOptionsCreateDefault();

  // The options the text names change, the others keep their values; a bool
  // without a value is true.
  // CHECK-NEXT: parse 'sync-placement promote-sync=true hoist-issues=false': success
  // CHECK-NEXT: sync-placement=1 promote-sync=1 repair=0 hoist=0 remarks=0 verify-sync=1 sys-workspace=0 line=0 source-names=1 pipeline-loops=0
  parseOptions(options, "sync-placement promote-sync=true hoist-issues=false");
  // CHECK-NEXT: parse 'line-directives=1': success
  // CHECK-NEXT: sync-placement=1 promote-sync=1 repair=0 hoist=0 remarks=0 verify-sync=1 sys-workspace=0 line=1 source-names=1 pipeline-loops=0
  parseOptions(options, "line-directives=1");

  // An unknown option or a value that is not a bool: the parser's message,
  // and the options as they were (source-names=false is not applied).
  // CHECK-NEXT: parse error: {{.*}}no such option no-such-option
  // CHECK-NEXT: parse 'source-names=false no-such-option': failure
  // CHECK-NEXT: sync-placement=1 promote-sync=1 repair=0 hoist=0 remarks=0 verify-sync=1 sys-workspace=0 line=1 source-names=1 pipeline-loops=0
  parseOptions(options, "source-names=false no-such-option");
  // CHECK-NEXT: parse error: invalid asc pipeline options 'verify-sync=maybe'
  // CHECK-NEXT: parse 'verify-sync=maybe': failure
  // CHECK-NEXT: sync-placement=1 promote-sync=1 repair=0 hoist=0 remarks=0 verify-sync=1 sys-workspace=0 line=1 source-names=1 pipeline-loops=0
  parseOptions(options, "verify-sync=maybe");
  mlirAscPipelineOptionsDestroy(options);

  // The null handle: failure, no message.
  // CHECK-NEXT: parse 'sync-placement': failure
  // CHECK-NEXT: sync-placement=0
  parseOptions(kNullOptions, "sync-placement");
}

/// Adds the pipeline to a pass manager on builtin.module, runs it on the
/// module `path` and prints the module.
static void populateAndRun(MlirContext ctx, const char *label, const char *path,
                           const char *anchor, MlirAscPipelineOptions options,
                           MlirAscPipelineStage stage) {
  printf("-- %s\n", label);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString(anchor));
  MlirLogicalResult result =
      mlirAscPipelinePopulatePassManager(pm, options, stage);
  printf("-- %s populated: %s\n", label,
         mlirLogicalResultIsSuccess(result) ? "success" : "failure");
  if (mlirLogicalResultIsSuccess(result)) {
    MlirModule module = parse(ctx, path, NULL);
    result = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
    mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
    printf("\n-- %s ran: %s\n", label,
           mlirLogicalResultIsSuccess(result) ? "success" : "failure");
    mlirModuleDestroy(module);
  }
  mlirPassManagerDestroy(pm);
}

/// The pipeline's passes in the caller's pass manager.
static void testPopulate(MlirContext ctx, const char *path) {
  printf("@testPopulate\n");
  // CHECK-LABEL: @testPopulate
  MlirAscPipelineOptions options = mlirAscPipelineOptionsCreateDefault();
  mlirAscPipelineOptionsSetSyncPlacement(options, true);

  // Up to the placement: the wait sinks to the loop that reads C.
  // CHECK: -- placed populated: success
  // CHECK: asc.muls
  // CHECK-NEXT: asc.matmul.wait_iterate_all
  // CHECK-NEXT: scf.for
  // CHECK: -- placed ran: success
  populateAndRun(ctx, "placed", path, "builtin.module", options,
                 MlirAscPipelineStageSyncPlacement);

  // Up to the lowering: EmitC.
  // CHECK: -- lowered populated: success
  // CHECK: emitc.func @matmul_addmm_custom
  // CHECK: -- lowered ran: success
  populateAndRun(ctx, "lowered", path, "builtin.module", options,
                 MlirAscPipelineStageLowering);

  // The emission is no pass; a pass manager on another op is refused.
  // CHECK: -- emission
  // CHECK-NEXT: diagnostic error: asc pipeline stage 3 (Emission) has no passes: mlirAscRunPipelineWithOptions prints it
  // CHECK-NEXT: -- emission populated: failure
  populateAndRun(ctx, "emission", path, "builtin.module", options,
                 MlirAscPipelineStageEmission);
  // CHECK: -- on func.func
  // CHECK-NEXT: diagnostic error: the asc pipeline runs on 'builtin.module', not on 'func.func'
  // CHECK-NEXT: -- on func.func populated: failure
  populateAndRun(ctx, "on func.func", path, "func.func", options,
                 MlirAscPipelineStageLowering);

  // Options that do not go together, before anything is added.
  // CHECK: -- populate conflict
  // CHECK-NEXT: diagnostic error: asc-to-ascendc option emit-remarks needs sync-placement
  // CHECK-NEXT: -- populate conflict populated: failure
  mlirAscPipelineOptionsSetSyncPlacement(options, false);
  mlirAscPipelineOptionsSetEmitRemarks(options, true);
  populateAndRun(ctx, "populate conflict", path, "builtin.module", options,
                 MlirAscPipelineStageLowering);
  mlirAscPipelineOptionsDestroy(options);
}

/// Options the run refuses before anything runs, and a protocol violation.
static void testRefusals(MlirContext ctx, const char *path) {
  printf("@testRefusals\n");
  // CHECK-LABEL: @testRefusals
  MlirAscPipelineOptions options = mlirAscPipelineOptionsCreateDefault();

  // CHECK: -- stage 7
  // CHECK-NEXT: diagnostic error: unknown asc pipeline stage 7
  // CHECK-EMPTY:
  // CHECK-NEXT: -- stage 7: failure
  run(ctx, "stage 7", path, NULL, options, (MlirAscPipelineStage)7);
  // CHECK: -- stage -1
  // CHECK-NEXT: diagnostic error: unknown asc pipeline stage -1
  // CHECK-EMPTY:
  // CHECK-NEXT: -- stage -1: failure
  run(ctx, "stage -1", path, NULL, options, (MlirAscPipelineStage)-1);

  // The placement's options need the placement: every conflict is reported.
  // CHECK: -- conflicts
  // CHECK-NEXT: diagnostic error: asc-to-ascendc option promote-sync needs sync-placement
  // CHECK-NEXT: diagnostic error: asc-to-ascendc option repair-missing-waits needs sync-placement
  // CHECK-NEXT: diagnostic error: asc-to-ascendc option hoist-issues=false needs sync-placement
  // CHECK-NEXT: diagnostic error: asc-to-ascendc option emit-remarks needs sync-placement
  // CHECK-EMPTY:
  // CHECK-NEXT: -- conflicts: failure
  mlirAscPipelineOptionsSetPromoteSync(options, true);
  mlirAscPipelineOptionsSetRepairMissingWaits(options, true);
  mlirAscPipelineOptionsSetHoistIssues(options, false);
  mlirAscPipelineOptionsSetEmitRemarks(options, true);
  run(ctx, "conflicts", path, NULL, options, MlirAscPipelineStageEmission);
  mlirAscPipelineOptionsDestroy(options);

  // A protocol violation, with and without the placement: the P-rule
  // diagnostic and nothing delivered.
  // CHECK: -- violation
  // CHECK-NEXT: diagnostic error: 'func.return' op returns while an async 'asc.matmul.iterate_all' is pending: rule P1 needs 'asc.matmul.wait_iterate_all' first
  // CHECK-EMPTY:
  // CHECK-NEXT: -- violation: failure
  options = mlirAscPipelineOptionsCreateDefault();
  run(ctx, "violation", NULL, kMissingWait, options,
      MlirAscPipelineStageEmission);
  // CHECK: -- violation placed
  // CHECK-NEXT: diagnostic error: 'func.return' op returns while an async 'asc.matmul.iterate_all' is pending: rule P1 needs 'asc.matmul.wait_iterate_all' first
  // CHECK-EMPTY:
  // CHECK-NEXT: -- violation placed: failure
  mlirAscPipelineOptionsSetSyncPlacement(options, true);
  run(ctx, "violation placed", NULL, kMissingWait, options,
      MlirAscPipelineStageEmission);
  mlirAscPipelineOptionsDestroy(options);
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
  testParse();
  testPopulate(ctx, argv[1]);
  testRefusals(ctx, argv[1]);

  mlirContextDestroy(ctx);
  return 0;
}
