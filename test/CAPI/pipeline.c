//===- pipeline.c - C API: the standard asc pipeline ----------------------===//
//
// Runs the standard pipeline helper on kernels, stage by stage, and shows
// how it fails: an unknown stage, a null module, IR the verifier rejects, a
// protocol violation, something the lowering cannot express. Parses a kernel
// keeping its SSA names for the Ascend C.
//
//===----------------------------------------------------------------------===//

// RUN: asc-capi-pipeline-test %examples/04-async-iterate-all-overlap.mlir | FileCheck %s

#include "asc-c/Pipeline.h"
#include "asc-c/Dialects.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/SCF.h"
#include "mlir-c/IR.h"

#include <stdio.h>

#include "CAPITestUtils.h"

/// Counts the pieces delivered and prints them.
static void collectOutput(MlirStringRef str, void *userData) {
  ++*(int *)userData;
  fwrite(str.data, 1, str.length, stdout);
}

static MlirModule parseFile(MlirContext ctx, const char *path) {
  return mlirModuleCreateParseFromFile(ctx,
                                       mlirStringRefCreateFromCString(path));
}

static MlirModule parseString(MlirContext ctx, const char *source) {
  return mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(source));
}

/// Each stage on its own, then the whole pipeline.
static void testStages(MlirContext ctx, const char *path) {
  printf("@testStages\n");
  int pieces = 0;
  // CHECK-LABEL: @testStages

  // Verify only: the wait stays right after the issue.
  // CHECK: asc.matmul.iterate_all
  // CHECK-NEXT: asc.matmul.wait_iterate_all
  // CHECK: verify: 1
  MlirModule module = parseFile(ctx, path);
  MlirLogicalResult result = mlirAscRunPipeline(
      module, MlirAscPipelineStageVerify, collectOutput, &pieces);
  printf("\nverify: %d\n", mlirLogicalResultIsSuccess(result));

  // Up to the placement: the wait sinks to the loop that reads C.
  // CHECK: asc.matmul.iterate_all %[[MM:.*]], %{{.*}} {
  // CHECK-NOT: asc.matmul.wait_iterate_all
  // CHECK: asc.muls
  // CHECK-NEXT: asc.matmul.wait_iterate_all %[[MM]]
  // CHECK-NEXT: scf.for
  // CHECK: sync-placement: 1
  result = mlirAscRunPipeline(module, MlirAscPipelineStageSyncPlacement,
                              collectOutput, &pieces);
  printf("\nsync-placement: %d\n", mlirLogicalResultIsSuccess(result));
  mlirModuleDestroy(module);

  // Up to the lowering: EmitC.
  // CHECK: emitc.func @matmul_addmm_custom
  // CHECK: verbatim "{}.IterateAll<false>({}, 0, false, true);"
  // CHECK: call_opaque "AscendC::Muls"
  // CHECK-NEXT: verbatim "{}.WaitIterateAll();"
  // CHECK: lowering: 1
  module = parseFile(ctx, path);
  result = mlirAscRunPipeline(module, MlirAscPipelineStageLowering,
                              collectOutput, &pieces);
  printf("\nlowering: %d\n", mlirLogicalResultIsSuccess(result));
  mlirModuleDestroy(module);

  // The whole pipeline: Ascend C, delivered to the callback.
  // CHECK: extern "C" __global__ __aicore__ void matmul_addmm_custom(GM_ADDR
  // CHECK: .IterateAll<false>(
  // CHECK: AscendC::Muls(
  // CHECK-NEXT: .WaitIterateAll();
  // CHECK-NEXT: for (
  // CHECK: standard: 1 output: yes
  pieces = 0;
  module = parseFile(ctx, path);
  result = mlirAscRunStandardPipeline(module, collectOutput, &pieces);
  printf("\nstandard: %d output: %s\n", mlirLogicalResultIsSuccess(result),
         pieces > 0 ? "yes" : "no");
  mlirModuleDestroy(module);

  // Without a callback the stages run all the same.
  // CHECK: no callback: 1
  // CHECK: emitc.func @matmul_addmm_custom
  module = parseFile(ctx, path);
  result = mlirAscRunStandardPipeline(module, NULL, NULL);
  printf("no callback: %d\n", mlirLogicalResultIsSuccess(result));
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");
  mlirModuleDestroy(module);
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

/// A function taking a Matmul object, which the lowering cannot express.
static const char *kMatmulArgument =
    "!mm = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, "
    "f32>>\n"
    "func.func @finish(%mm: !mm) {\n"
    "  asc.matmul.end %mm : !mm\n"
    "  return\n"
    "}\n";

/// A module with a wait and no issue (rule L10), built op by op: the parser
/// would refuse it, the C API does not verify what it builds.
static MlirModule buildWaitWithoutIssue(MlirContext ctx) {
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirModule module = parseString(ctx, "func.func @lonely_wait() {\n"
                                       "  return\n"
                                       "}\n");
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation ret = mlirBlockGetFirstOperation(body);

  MlirType matmul = mlirTypeParseGet(
      ctx, mlirStringRefCreateFromCString(
               "!asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, "
               "c = <gm, nd, f32>>"));
  MlirOperationState create = mlirOperationStateGet(
      mlirStringRefCreateFromCString("asc.matmul.create"), loc);
  mlirOperationStateAddResults(&create, 1, &matmul);
  MlirOperation createOp = mlirOperationCreate(&create);
  mlirBlockInsertOwnedOperationBefore(body, ret, createOp);
  MlirValue mm = mlirOperationGetResult(createOp, 0);
  MlirOperationState wait = mlirOperationStateGet(
      mlirStringRefCreateFromCString("asc.matmul.wait_iterate_all"), loc);
  mlirOperationStateAddOperands(&wait, 1, &mm);
  mlirBlockInsertOwnedOperationBefore(body, ret, mlirOperationCreate(&wait));
  return module;
}

/// Every failure returns failure, reports through the context and delivers
/// nothing.
static void testFailures(MlirContext ctx, const char *path) {
  printf("@testFailures\n");
  int pieces = 0;
  // CHECK-LABEL: @testFailures

  // A stage that does not exist: nothing runs.
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage 7
  // CHECK-NEXT: stage 7: 0 pieces: 0
  MlirModule module = parseFile(ctx, path);
  MlirLogicalResult result = mlirAscRunPipeline(module, (MlirAscPipelineStage)7,
                                                collectOutput, &pieces);
  printf("stage 7: %d pieces: %d\n", mlirLogicalResultIsSuccess(result),
         pieces);
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage -1
  // CHECK-NEXT: stage -1: 0 pieces: 0
  result = mlirAscRunPipeline(module, (MlirAscPipelineStage)-1, collectOutput,
                              &pieces);
  printf("stage -1: %d pieces: %d\n", mlirLogicalResultIsSuccess(result),
         pieces);
  mlirModuleDestroy(module);

  // CHECK-NEXT: null module: 0 pieces: 0
  MlirModule nullModule = {NULL};
  result = mlirAscRunStandardPipeline(nullModule, collectOutput, &pieces);
  printf("null module: %d pieces: %d\n", mlirLogicalResultIsSuccess(result),
         pieces);

  // IR that does not verify stops before any pass.
  // CHECK-NEXT: diagnostic: 'asc.matmul.wait_iterate_all' op has no async issue to complete: no asynchronous 'asc.matmul.iterate_all' with wait_iterate_all = true and a global output on the same Matmul object comes before it
  // CHECK-NEXT: unverified: 0 pieces: 0
  module = buildWaitWithoutIssue(ctx);
  result = mlirAscRunStandardPipeline(module, collectOutput, &pieces);
  printf("unverified: %d pieces: %d\n", mlirLogicalResultIsSuccess(result),
         pieces);
  mlirModuleDestroy(module);

  // A protocol violation fails the verify stage.
  // CHECK-NEXT: diagnostic: 'asc.data_copy' op may access memory that aliases the pending output of an async 'asc.matmul.iterate_all' (rule P3)
  // CHECK-NEXT: protocol: 0 pieces: 0
  module = parseString(ctx, kEarlyRead);
  result = mlirAscRunStandardPipeline(module, collectOutput, &pieces);
  printf("protocol: %d pieces: %d\n", mlirLogicalResultIsSuccess(result),
         pieces);
  mlirModuleDestroy(module);

  // Something the lowering cannot express fails the lowering stage.
  // CHECK-NEXT: diagnostic: 'func.func' op cannot be lowered to Ascend C: argument #0 is a Matmul object; objects are declared once and used in place
  // CHECK-NEXT: lowering: 0 pieces: 0
  module = parseString(ctx, kMatmulArgument);
  result = mlirAscRunStandardPipeline(module, collectOutput, &pieces);
  printf("lowering: %d pieces: %d\n", mlirLogicalResultIsSuccess(result),
         pieces);
  mlirModuleDestroy(module);
}

/// A small kernel whose values the Ascend C should keep the names of.
static const char *kNamedKernel =
    "func.func @scale(%src: !asc.gm_addr, %len: i32) attributes {asc.kernel}"
    " {\n"
    "  %srcGlobal = asc.set_global_buffer %src : !asc.global_tensor<f32>\n"
    "  %pipe = asc.pipe.create\n"
    "  %queue = asc.queue.create : !asc.queue<vecin, 1>\n"
    "  asc.pipe.init_buffer %pipe, %queue, %len, %len : "
    "!asc.queue<vecin, 1>\n"
    "  %tile = asc.queue.alloc_tensor %queue : !asc.queue<vecin, 1> -> "
    "!asc.local_tensor<vecin, f32>\n"
    "  asc.data_copy %tile, %srcGlobal, %len : !asc.local_tensor<vecin, f32>,"
    " !asc.global_tensor<f32>\n"
    "  asc.queue.free_tensor %queue, %tile : !asc.queue<vecin, 1>, "
    "!asc.local_tensor<vecin, f32>\n"
    "  return\n"
    "}\n";

/// mlirAscModuleCreateParseKeepingNames keeps the SSA names for the Ascend
/// C; SourceNames false, or a module parsed by MLIR's own parser, prints
/// the emitter's. A parse error returns a null module.
static void testSourceNames(MlirContext ctx) {
  printf("@testSourceNames\n");
  // CHECK-LABEL: @testSourceNames
  // CHECK:      void scale(GM_ADDR src, int32_t len) {
  // CHECK-NEXT:   AscendC::GlobalTensor<float> srcGlobal;
  // CHECK-NEXT:   srcGlobal.SetGlobalBuffer((__gm__ float *)src);
  // CHECK-NEXT:   AscendC::TPipe pipe;
  // CHECK-NEXT:   AscendC::TQue<AscendC::TPosition::VECIN, 1> queue;
  // CHECK-NEXT:   pipe.InitBuffer(queue, len, len);
  // CHECK-NEXT:   AscendC::LocalTensor<float> tile = queue.AllocTensor<float>();
  // CHECK-NEXT:   AscendC::DataCopy(tile, srcGlobal, len);
  // CHECK: names: 1
  int pieces = 0;
  MlirStringRef source = mlirStringRefCreateFromCString(kNamedKernel);
  MlirStringRef sourceName = mlirStringRefCreateFromCString("scale.mlir");
  MlirModule module =
      mlirAscModuleCreateParseKeepingNames(ctx, source, sourceName);
  MlirAscPipelineOptions options = mlirAscPipelineOptionsCreateDefault();
  MlirLogicalResult result = mlirAscRunPipelineWithOptions(
      module, options, MlirAscPipelineStageEmission, collectOutput, &pieces);
  printf("names: %d\n", mlirLogicalResultIsSuccess(result));
  mlirModuleDestroy(module);

  // CHECK:      void scale(GM_ADDR v1, int32_t v2) {
  // CHECK-NEXT:   AscendC::GlobalTensor<float> v3;
  // CHECK: emitter's names: 1
  module = mlirAscModuleCreateParseKeepingNames(ctx, source, sourceName);
  mlirAscPipelineOptionsSetSourceNames(options, false);
  result = mlirAscRunPipelineWithOptions(
      module, options, MlirAscPipelineStageEmission, collectOutput, &pieces);
  printf("emitter's names: %d\n", mlirLogicalResultIsSuccess(result));
  mlirModuleDestroy(module);

  // CHECK:      void scale(GM_ADDR v1, int32_t v2) {
  // CHECK: plain parse: 1
  module = parseString(ctx, kNamedKernel);
  mlirAscPipelineOptionsSetSourceNames(options, true);
  result = mlirAscRunPipelineWithOptions(
      module, options, MlirAscPipelineStageEmission, collectOutput, &pieces);
  printf("plain parse: %d\n", mlirLogicalResultIsSuccess(result));
  mlirModuleDestroy(module);

  // CHECK: diagnostic: custom op 'asc.no_such_op' is unknown
  // CHECK-NEXT: parse error: null
  module = mlirAscModuleCreateParseKeepingNames(
      ctx, mlirStringRefCreateFromCString("asc.no_such_op\n"), sourceName);
  printf("parse error: %s\n", mlirModuleIsNull(module) ? "null" : "module");
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

  testStages(ctx, argv[1]);
  testFailures(ctx, argv[1]);
  testSourceNames(ctx);

  mlirContextDestroy(ctx);
  return 0;
}
