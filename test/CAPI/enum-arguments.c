//===- enum-arguments.c - C API: enum arguments out of range --------------===//
//
// Every enum parameter of the C API, given values no enumerator has (the
// Invalid value -1, one past the last enumerator, 42, INT_MIN, INT_MAX):
// each call reports the raw value and returns null (or fails), reading the
// argument as an integer, never as a C++ enum (UBSan -fsanitize=enum stays
// silent, see docs/CAPI.md). The largest valid value is accepted.
//
//===----------------------------------------------------------------------===//

// RUN: asc-capi-enum-test | FileCheck %s

#include "asc-c/Dialects.h"
#include "asc-c/Pipeline.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/IR.h"

#include <limits.h>
#include <stdio.h>

#include "CAPITestUtils.h"

static void printAttr(const char *label, int value, MlirAttribute attr) {
  printf("%s %d: ", label, value);
  if (mlirAttributeIsNull(attr))
    printf("<null>");
  else
    mlirAttributePrint(attr, printToStdout, NULL);
  printf("\n");
}

static void printType(const char *label, int value, MlirType type) {
  printf("%s %d: ", label, value);
  if (mlirTypeIsNull(type))
    printf("<null>");
  else
    mlirTypePrint(type, printToStdout, NULL);
  printf("\n");
}

/// Values no enumerator of any of the C API's enums has, after the largest
/// valid one of the enum under test.
static const int kBadValues[] = {-1, 42, INT_MIN, INT_MAX};
enum { kNumBadValues = sizeof(kBadValues) / sizeof(kBadValues[0]) };

static void testConstructors(MlirContext ctx) {
  printf("@testConstructors\n");
  MlirType f16 = mlirF16TypeGet(ctx);
  (void)f16;
  // CHECK-LABEL: @testConstructors

  // TPositionAttr: 12 is valid, the others are not.
  // CHECK: TPositionAttr 12: {{[!#]}}asc.
  // CHECK-NEXT: diagnostic: mlirAscTPositionAttrGet: invalid TPosition value 13
  // CHECK-NEXT: TPositionAttr 13: <null>
  // CHECK-NEXT: diagnostic: mlirAscTPositionAttrGet: invalid TPosition value -1
  // CHECK-NEXT: TPositionAttr -1: <null>
  // CHECK-NEXT: diagnostic: mlirAscTPositionAttrGet: invalid TPosition value 42
  // CHECK-NEXT: TPositionAttr 42: <null>
  // CHECK-NEXT: diagnostic: mlirAscTPositionAttrGet: invalid TPosition value -2147483648
  // CHECK-NEXT: TPositionAttr -2147483648: <null>
  // CHECK-NEXT: diagnostic: mlirAscTPositionAttrGet: invalid TPosition value 2147483647
  // CHECK-NEXT: TPositionAttr 2147483647: <null>
  {
    int value = 12;
    printAttr("TPositionAttr", value,
              mlirAscTPositionAttrGet(ctx, (MlirAscTPosition)value));
    value = 13;
    printAttr("TPositionAttr", value,
              mlirAscTPositionAttrGet(ctx, (MlirAscTPosition)value));
    for (int i = 0; i < kNumBadValues; ++i) {
      value = kBadValues[i];
      printAttr("TPositionAttr", value,
                mlirAscTPositionAttrGet(ctx, (MlirAscTPosition)value));
    }
  }

  // CubeFormatAttr: 7 is valid, the others are not.
  // CHECK: CubeFormatAttr 7: {{[!#]}}asc.
  // CHECK-NEXT: diagnostic: mlirAscCubeFormatAttrGet: invalid CubeFormat value 8
  // CHECK-NEXT: CubeFormatAttr 8: <null>
  // CHECK-NEXT: diagnostic: mlirAscCubeFormatAttrGet: invalid CubeFormat value -1
  // CHECK-NEXT: CubeFormatAttr -1: <null>
  // CHECK-NEXT: diagnostic: mlirAscCubeFormatAttrGet: invalid CubeFormat value 42
  // CHECK-NEXT: CubeFormatAttr 42: <null>
  // CHECK-NEXT: diagnostic: mlirAscCubeFormatAttrGet: invalid CubeFormat value -2147483648
  // CHECK-NEXT: CubeFormatAttr -2147483648: <null>
  // CHECK-NEXT: diagnostic: mlirAscCubeFormatAttrGet: invalid CubeFormat value 2147483647
  // CHECK-NEXT: CubeFormatAttr 2147483647: <null>
  {
    int value = 7;
    printAttr("CubeFormatAttr", value,
              mlirAscCubeFormatAttrGet(ctx, (MlirAscCubeFormat)value));
    value = 8;
    printAttr("CubeFormatAttr", value,
              mlirAscCubeFormatAttrGet(ctx, (MlirAscCubeFormat)value));
    for (int i = 0; i < kNumBadValues; ++i) {
      value = kBadValues[i];
      printAttr("CubeFormatAttr", value,
                mlirAscCubeFormatAttrGet(ctx, (MlirAscCubeFormat)value));
    }
  }

  // LayoutModeAttr: 4 is valid, the others are not.
  // CHECK: LayoutModeAttr 4: {{[!#]}}asc.
  // CHECK-NEXT: diagnostic: mlirAscLayoutModeAttrGet: invalid LayoutMode value 5
  // CHECK-NEXT: LayoutModeAttr 5: <null>
  // CHECK-NEXT: diagnostic: mlirAscLayoutModeAttrGet: invalid LayoutMode value -1
  // CHECK-NEXT: LayoutModeAttr -1: <null>
  // CHECK-NEXT: diagnostic: mlirAscLayoutModeAttrGet: invalid LayoutMode value 42
  // CHECK-NEXT: LayoutModeAttr 42: <null>
  // CHECK-NEXT: diagnostic: mlirAscLayoutModeAttrGet: invalid LayoutMode value -2147483648
  // CHECK-NEXT: LayoutModeAttr -2147483648: <null>
  // CHECK-NEXT: diagnostic: mlirAscLayoutModeAttrGet: invalid LayoutMode value 2147483647
  // CHECK-NEXT: LayoutModeAttr 2147483647: <null>
  {
    int value = 4;
    printAttr("LayoutModeAttr", value,
              mlirAscLayoutModeAttrGet(ctx, (MlirAscLayoutMode)value));
    value = 5;
    printAttr("LayoutModeAttr", value,
              mlirAscLayoutModeAttrGet(ctx, (MlirAscLayoutMode)value));
    for (int i = 0; i < kNumBadValues; ++i) {
      value = kBadValues[i];
      printAttr("LayoutModeAttr", value,
                mlirAscLayoutModeAttrGet(ctx, (MlirAscLayoutMode)value));
    }
  }

  // PipeKindAttr: 7 is valid, the others are not.
  // CHECK: PipeKindAttr 7: {{[!#]}}asc.
  // CHECK-NEXT: diagnostic: mlirAscPipeKindAttrGet: invalid PipeKind value 8
  // CHECK-NEXT: PipeKindAttr 8: <null>
  // CHECK-NEXT: diagnostic: mlirAscPipeKindAttrGet: invalid PipeKind value -1
  // CHECK-NEXT: PipeKindAttr -1: <null>
  // CHECK-NEXT: diagnostic: mlirAscPipeKindAttrGet: invalid PipeKind value 42
  // CHECK-NEXT: PipeKindAttr 42: <null>
  // CHECK-NEXT: diagnostic: mlirAscPipeKindAttrGet: invalid PipeKind value -2147483648
  // CHECK-NEXT: PipeKindAttr -2147483648: <null>
  // CHECK-NEXT: diagnostic: mlirAscPipeKindAttrGet: invalid PipeKind value 2147483647
  // CHECK-NEXT: PipeKindAttr 2147483647: <null>
  {
    int value = 7;
    printAttr("PipeKindAttr", value,
              mlirAscPipeKindAttrGet(ctx, (MlirAscPipeKind)value));
    value = 8;
    printAttr("PipeKindAttr", value,
              mlirAscPipeKindAttrGet(ctx, (MlirAscPipeKind)value));
    for (int i = 0; i < kNumBadValues; ++i) {
      value = kBadValues[i];
      printAttr("PipeKindAttr", value,
                mlirAscPipeKindAttrGet(ctx, (MlirAscPipeKind)value));
    }
  }

  // MatmulConfigKindAttr: 4 is valid, the others are not.
  // CHECK: MatmulConfigKindAttr 4: {{[!#]}}asc.
  // CHECK-NEXT: diagnostic: mlirAscMatmulConfigKindAttrGet: invalid MatmulConfigKind value 5
  // CHECK-NEXT: MatmulConfigKindAttr 5: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulConfigKindAttrGet: invalid MatmulConfigKind value -1
  // CHECK-NEXT: MatmulConfigKindAttr -1: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulConfigKindAttrGet: invalid MatmulConfigKind value 42
  // CHECK-NEXT: MatmulConfigKindAttr 42: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulConfigKindAttrGet: invalid MatmulConfigKind value -2147483648
  // CHECK-NEXT: MatmulConfigKindAttr -2147483648: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulConfigKindAttrGet: invalid MatmulConfigKind value 2147483647
  // CHECK-NEXT: MatmulConfigKindAttr 2147483647: <null>
  {
    int value = 4;
    printAttr(
        "MatmulConfigKindAttr", value,
        mlirAscMatmulConfigKindAttrGet(ctx, (MlirAscMatmulConfigKind)value));
    value = 5;
    printAttr(
        "MatmulConfigKindAttr", value,
        mlirAscMatmulConfigKindAttrGet(ctx, (MlirAscMatmulConfigKind)value));
    for (int i = 0; i < kNumBadValues; ++i) {
      value = kBadValues[i];
      printAttr(
          "MatmulConfigKindAttr", value,
          mlirAscMatmulConfigKindAttrGet(ctx, (MlirAscMatmulConfigKind)value));
    }
  }

  // TilingFieldAttr: 49 (mxTypePara, the last member) is valid, the others
  // are not (42 is a field, ALayoutInfoN, so it is not among them).
  // CHECK: TilingFieldAttr 49: {{[!#]}}asc.
  // CHECK-NEXT: diagnostic: mlirAscTilingFieldAttrGet: invalid TilingField value 50
  // CHECK-NEXT: TilingFieldAttr 50: <null>
  // CHECK-NEXT: diagnostic: mlirAscTilingFieldAttrGet: invalid TilingField value -1
  // CHECK-NEXT: TilingFieldAttr -1: <null>
  // CHECK-NEXT: diagnostic: mlirAscTilingFieldAttrGet: invalid TilingField value -2147483648
  // CHECK-NEXT: TilingFieldAttr -2147483648: <null>
  // CHECK-NEXT: diagnostic: mlirAscTilingFieldAttrGet: invalid TilingField value 2147483647
  // CHECK-NEXT: TilingFieldAttr 2147483647: <null>
  {
    int value = 49;
    printAttr("TilingFieldAttr", value,
              mlirAscTilingFieldAttrGet(ctx, (MlirAscTilingField)value));
    value = 50;
    printAttr("TilingFieldAttr", value,
              mlirAscTilingFieldAttrGet(ctx, (MlirAscTilingField)value));
    for (int i = 0; i < kNumBadValues; ++i) {
      value = kBadValues[i];
      if (value == 42)
        continue;
      printAttr("TilingFieldAttr", value,
                mlirAscTilingFieldAttrGet(ctx, (MlirAscTilingField)value));
    }
  }

  // MatmulPartAttr position: 12 is valid, the others are not.
  // CHECK: MatmulPartAttr position 12: {{[!#]}}asc.
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid TPosition value 13
  // CHECK-NEXT: MatmulPartAttr position 13: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid TPosition value -1
  // CHECK-NEXT: MatmulPartAttr position -1: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid TPosition value 42
  // CHECK-NEXT: MatmulPartAttr position 42: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid TPosition value -2147483648
  // CHECK-NEXT: MatmulPartAttr position -2147483648: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid TPosition value 2147483647
  // CHECK-NEXT: MatmulPartAttr position 2147483647: <null>
  {
    int value = 12;
    printAttr("MatmulPartAttr position", value,
              mlirAscMatmulPartAttrGet(ctx, (MlirAscTPosition)value,
                                       MlirAscCubeFormatND, f16, false,
                                       MlirAscLayoutModeNONE));
    value = 13;
    printAttr("MatmulPartAttr position", value,
              mlirAscMatmulPartAttrGet(ctx, (MlirAscTPosition)value,
                                       MlirAscCubeFormatND, f16, false,
                                       MlirAscLayoutModeNONE));
    for (int i = 0; i < kNumBadValues; ++i) {
      value = kBadValues[i];
      printAttr("MatmulPartAttr position", value,
                mlirAscMatmulPartAttrGet(ctx, (MlirAscTPosition)value,
                                         MlirAscCubeFormatND, f16, false,
                                         MlirAscLayoutModeNONE));
    }
  }

  // MatmulPartAttr format: 7 is valid, the others are not.
  // CHECK: MatmulPartAttr format 7: {{[!#]}}asc.
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid CubeFormat value 8
  // CHECK-NEXT: MatmulPartAttr format 8: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid CubeFormat value -1
  // CHECK-NEXT: MatmulPartAttr format -1: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid CubeFormat value 42
  // CHECK-NEXT: MatmulPartAttr format 42: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid CubeFormat value -2147483648
  // CHECK-NEXT: MatmulPartAttr format -2147483648: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid CubeFormat value 2147483647
  // CHECK-NEXT: MatmulPartAttr format 2147483647: <null>
  {
    int value = 7;
    printAttr("MatmulPartAttr format", value,
              mlirAscMatmulPartAttrGet(ctx, MlirAscTPositionGM,
                                       (MlirAscCubeFormat)value, f16, false,
                                       MlirAscLayoutModeNONE));
    value = 8;
    printAttr("MatmulPartAttr format", value,
              mlirAscMatmulPartAttrGet(ctx, MlirAscTPositionGM,
                                       (MlirAscCubeFormat)value, f16, false,
                                       MlirAscLayoutModeNONE));
    for (int i = 0; i < kNumBadValues; ++i) {
      value = kBadValues[i];
      printAttr("MatmulPartAttr format", value,
                mlirAscMatmulPartAttrGet(ctx, MlirAscTPositionGM,
                                         (MlirAscCubeFormat)value, f16, false,
                                         MlirAscLayoutModeNONE));
    }
  }

  // MatmulPartAttr layout: 4 is valid, the others are not.
  // CHECK: MatmulPartAttr layout 4: {{[!#]}}asc.
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid LayoutMode value 5
  // CHECK-NEXT: MatmulPartAttr layout 5: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid LayoutMode value -1
  // CHECK-NEXT: MatmulPartAttr layout -1: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid LayoutMode value 42
  // CHECK-NEXT: MatmulPartAttr layout 42: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid LayoutMode value -2147483648
  // CHECK-NEXT: MatmulPartAttr layout -2147483648: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid LayoutMode value 2147483647
  // CHECK-NEXT: MatmulPartAttr layout 2147483647: <null>
  {
    int value = 4;
    printAttr("MatmulPartAttr layout", value,
              mlirAscMatmulPartAttrGet(ctx, MlirAscTPositionGM,
                                       MlirAscCubeFormatND, f16, false,
                                       (MlirAscLayoutMode)value));
    value = 5;
    printAttr("MatmulPartAttr layout", value,
              mlirAscMatmulPartAttrGet(ctx, MlirAscTPositionGM,
                                       MlirAscCubeFormatND, f16, false,
                                       (MlirAscLayoutMode)value));
    for (int i = 0; i < kNumBadValues; ++i) {
      value = kBadValues[i];
      printAttr("MatmulPartAttr layout", value,
                mlirAscMatmulPartAttrGet(ctx, MlirAscTPositionGM,
                                         MlirAscCubeFormatND, f16, false,
                                         (MlirAscLayoutMode)value));
    }
  }

  // MatmulConfigAttr kind: 4 is valid, the others are not.
  // CHECK: MatmulConfigAttr kind 4: {{[!#]}}asc.
  // CHECK-NEXT: diagnostic: mlirAscMatmulConfigAttrGet: invalid MatmulConfigKind value 5
  // CHECK-NEXT: MatmulConfigAttr kind 5: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulConfigAttrGet: invalid MatmulConfigKind value -1
  // CHECK-NEXT: MatmulConfigAttr kind -1: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulConfigAttrGet: invalid MatmulConfigKind value 42
  // CHECK-NEXT: MatmulConfigAttr kind 42: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulConfigAttrGet: invalid MatmulConfigKind value -2147483648
  // CHECK-NEXT: MatmulConfigAttr kind -2147483648: <null>
  // CHECK-NEXT: diagnostic: mlirAscMatmulConfigAttrGet: invalid MatmulConfigKind value 2147483647
  // CHECK-NEXT: MatmulConfigAttr kind 2147483647: <null>
  {
    int value = 4;
    printAttr(
        "MatmulConfigAttr kind", value,
        mlirAscMatmulConfigAttrGet(ctx, (MlirAscMatmulConfigKind)value, false));
    value = 5;
    printAttr(
        "MatmulConfigAttr kind", value,
        mlirAscMatmulConfigAttrGet(ctx, (MlirAscMatmulConfigKind)value, false));
    for (int i = 0; i < kNumBadValues; ++i) {
      value = kBadValues[i];
      printAttr("MatmulConfigAttr kind", value,
                mlirAscMatmulConfigAttrGet(ctx, (MlirAscMatmulConfigKind)value,
                                           false));
    }
  }

  // LocalTensorType position: 12 is valid, the others are not.
  // CHECK: LocalTensorType position 12: {{[!#]}}asc.
  // CHECK-NEXT: diagnostic: mlirAscLocalTensorTypeGet: invalid TPosition value 13
  // CHECK-NEXT: LocalTensorType position 13: <null>
  // CHECK-NEXT: diagnostic: mlirAscLocalTensorTypeGet: invalid TPosition value -1
  // CHECK-NEXT: LocalTensorType position -1: <null>
  // CHECK-NEXT: diagnostic: mlirAscLocalTensorTypeGet: invalid TPosition value 42
  // CHECK-NEXT: LocalTensorType position 42: <null>
  // CHECK-NEXT: diagnostic: mlirAscLocalTensorTypeGet: invalid TPosition value -2147483648
  // CHECK-NEXT: LocalTensorType position -2147483648: <null>
  // CHECK-NEXT: diagnostic: mlirAscLocalTensorTypeGet: invalid TPosition value 2147483647
  // CHECK-NEXT: LocalTensorType position 2147483647: <null>
  {
    int value = 12;
    printType("LocalTensorType position", value,
              mlirAscLocalTensorTypeGet(ctx, (MlirAscTPosition)value, f16));
    value = 13;
    printType("LocalTensorType position", value,
              mlirAscLocalTensorTypeGet(ctx, (MlirAscTPosition)value, f16));
    for (int i = 0; i < kNumBadValues; ++i) {
      value = kBadValues[i];
      printType("LocalTensorType position", value,
                mlirAscLocalTensorTypeGet(ctx, (MlirAscTPosition)value, f16));
    }
  }

  // QueueType position: 12 is valid, the others are not.
  // CHECK: QueueType position 12: {{[!#]}}asc.
  // CHECK-NEXT: diagnostic: mlirAscQueueTypeGet: invalid TPosition value 13
  // CHECK-NEXT: QueueType position 13: <null>
  // CHECK-NEXT: diagnostic: mlirAscQueueTypeGet: invalid TPosition value -1
  // CHECK-NEXT: QueueType position -1: <null>
  // CHECK-NEXT: diagnostic: mlirAscQueueTypeGet: invalid TPosition value 42
  // CHECK-NEXT: QueueType position 42: <null>
  // CHECK-NEXT: diagnostic: mlirAscQueueTypeGet: invalid TPosition value -2147483648
  // CHECK-NEXT: QueueType position -2147483648: <null>
  // CHECK-NEXT: diagnostic: mlirAscQueueTypeGet: invalid TPosition value 2147483647
  // CHECK-NEXT: QueueType position 2147483647: <null>
  {
    int value = 12;
    printType("QueueType position", value,
              mlirAscQueueTypeGet(ctx, (MlirAscTPosition)value, 2));
    value = 13;
    printType("QueueType position", value,
              mlirAscQueueTypeGet(ctx, (MlirAscTPosition)value, 2));
    for (int i = 0; i < kNumBadValues; ++i) {
      value = kBadValues[i];
      printType("QueueType position", value,
                mlirAscQueueTypeGet(ctx, (MlirAscTPosition)value, 2));
    }
  }

  // The bind's two positions and the TBuf's position: out-of-range values
  // are named as such, before the type's own checks.
  // CHECK: diagnostic: mlirAscQueueBindTypeGet: invalid TPosition value 13
  // CHECK-NEXT: QueueBind source 13: <null>
  // CHECK-NEXT: diagnostic: mlirAscQueueBindTypeGet: invalid TPosition value -1
  // CHECK-NEXT: QueueBind position -1: <null>
  // CHECK-NEXT: diagnostic: mlirAscTBufTypeGet: invalid TPosition value 42
  // CHECK-NEXT: TBufType position 42: <null>
  // CHECK-NEXT: TBufType position 3: {{[!#]}}asc.
  printType("QueueBind source", 13,
            mlirAscQueueBindTypeGet(ctx, (MlirAscTPosition)13,
                                    MlirAscTPositionVECOUT, 1));
  printType("QueueBind position", -1,
            mlirAscQueueBindTypeGet(ctx, MlirAscTPositionVECIN,
                                    (MlirAscTPosition)-1, 1));
  printType("TBufType position", 42,
            mlirAscTBufTypeGet(ctx, (MlirAscTPosition)42));
  printType("TBufType position", 3,
            mlirAscTBufTypeGet(ctx, (MlirAscTPosition)3));
}

/// The stage of mlirAscRunPipeline, mlirAscRunPipelineWithOptions and
/// mlirAscPipelinePopulatePassManager, an enum parameter.
static void testStages(MlirContext ctx) {
  printf("@testStages\n");
  MlirModule module = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString("func.func @empty() {\n"
                                          "  return\n"
                                          "}\n"));
  // CHECK-LABEL: @testStages
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage 4
  // CHECK-NEXT: enum stage 4: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage 4
  // CHECK-NEXT: options stage 4: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage 4
  // CHECK-NEXT: populate stage 4: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage -1
  // CHECK-NEXT: enum stage -1: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage -1
  // CHECK-NEXT: options stage -1: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage -1
  // CHECK-NEXT: populate stage -1: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage 7
  // CHECK-NEXT: enum stage 7: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage 7
  // CHECK-NEXT: options stage 7: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage 7
  // CHECK-NEXT: populate stage 7: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage 42
  // CHECK-NEXT: enum stage 42: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage 42
  // CHECK-NEXT: options stage 42: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage 42
  // CHECK-NEXT: populate stage 42: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage -2147483648
  // CHECK-NEXT: enum stage -2147483648: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage -2147483648
  // CHECK-NEXT: options stage -2147483648: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage -2147483648
  // CHECK-NEXT: populate stage -2147483648: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage 2147483647
  // CHECK-NEXT: enum stage 2147483647: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage 2147483647
  // CHECK-NEXT: options stage 2147483647: failure
  // CHECK-NEXT: diagnostic: unknown asc pipeline stage 2147483647
  // CHECK-NEXT: populate stage 2147483647: failure
  static const int stages[] = {4, -1, 7, 42, INT_MIN, INT_MAX};
  MlirAscPipelineOptions options = mlirAscPipelineOptionsCreateDefault();
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  for (size_t i = 0; i < sizeof(stages) / sizeof(stages[0]); ++i) {
    MlirLogicalResult result = mlirAscRunPipeline(
        module, (MlirAscPipelineStage)stages[i], printToStdout, NULL);
    printf("enum stage %d: %s\n", stages[i],
           mlirLogicalResultIsSuccess(result) ? "success" : "failure");
    result = mlirAscRunPipelineWithOptions(
        module, options, (MlirAscPipelineStage)stages[i], printToStdout, NULL);
    printf("options stage %d: %s\n", stages[i],
           mlirLogicalResultIsSuccess(result) ? "success" : "failure");
    result = mlirAscPipelinePopulatePassManager(
        pm, options, (MlirAscPipelineStage)stages[i]);
    printf("populate stage %d: %s\n", stages[i],
           mlirLogicalResultIsSuccess(result) ? "success" : "failure");
  }
  mlirPassManagerDestroy(pm);
  mlirAscPipelineOptionsDestroy(options);
  // The last valid stage is accepted.
  // CHECK-NEXT: module {
  // CHECK: enum stage 2: success
  MlirLogicalResult result = mlirAscRunPipeline(
      module, MlirAscPipelineStageLowering, printToStdout, NULL);
  printf("\nenum stage 2: %s\n",
         mlirLogicalResultIsSuccess(result) ? "success" : "failure");
  mlirModuleDestroy(module);
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__asc__(), ctx);
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__func__(), ctx);
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  testConstructors(ctx);
  testStages(ctx);
  mlirContextDestroy(ctx);
  return 0;
}
