//===- ir.c - C API: asc types, attributes and IR building ----------------===//
//
// Builds every asc type and attribute through the C API, reads them back,
// checks what the C API does with arguments it rejects, and builds a small
// kernel op by op.
//
//===----------------------------------------------------------------------===//

// RUN: asc-capi-ir-test | FileCheck %s

#include "mlir-c/IR.h"
#include "asc-c/Dialects.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Func.h"

#include <stdio.h>

#include "CAPITestUtils.h"

/// A null type, for the arguments the C API must reject.
static MlirType nullTypeArg(void) {
  MlirType type = {NULL};
  return type;
}

static void printType(const char *label, MlirType type) {
  printf("%s: ", label);
  if (mlirTypeIsNull(type))
    printf("<null type>");
  else
    mlirTypePrint(type, printToStdout, NULL);
  printf("\n");
}

static void printAttr(const char *label, MlirAttribute attr) {
  printf("%s: ", label);
  if (mlirAttributeIsNull(attr))
    printf("<null attribute>");
  else
    mlirAttributePrint(attr, printToStdout, NULL);
  printf("\n");
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

static void testTypes(MlirContext ctx) {
  printf("@testTypes\n");
  MlirType f16 = mlirF16TypeGet(ctx);
  MlirType f32 = mlirF32TypeGet(ctx);

  // CHECK-LABEL: @testTypes
  // CHECK-NEXT: gm_addr: !asc.gm_addr
  // CHECK-NEXT: gm_addr isa=1 typeid=1
  MlirType gmAddr = mlirAscGmAddrTypeGet(ctx);
  printType("gm_addr", gmAddr);
  printf(
      "gm_addr isa=%d typeid=%d\n", mlirTypeIsAAscGmAddrType(gmAddr),
      mlirTypeIDEqual(mlirTypeGetTypeID(gmAddr), mlirAscGmAddrTypeGetTypeID()));

  // CHECK-NEXT: global_tensor: !asc.global_tensor<f16>
  // CHECK-NEXT: global_tensor element: f16
  MlirType global = mlirAscGlobalTensorTypeGet(ctx, f16);
  printType("global_tensor", global);
  printType("global_tensor element",
            mlirAscGlobalTensorTypeGetElementType(global));

  // CHECK-NEXT: local_tensor: !asc.local_tensor<vecout, f32>
  // CHECK-NEXT: local_tensor position=2 element: f32
  MlirType local = mlirAscLocalTensorTypeGet(ctx, MlirAscTPositionVECOUT, f32);
  printType("local_tensor", local);
  printf("local_tensor position=%d ", mlirAscLocalTensorTypeGetPosition(local));
  printType("element", mlirAscLocalTensorTypeGetElementType(local));

  // CHECK-NEXT: pipe: !asc.pipe

  // CHECK-NEXT: pipe isa=1
  MlirType pipe = mlirAscPipeTypeGet(ctx);
  printType("pipe", pipe);
  printf("pipe isa=%d\n", mlirTypeIsAAscPipeType(pipe));

  // CHECK-NEXT: queue: !asc.queue<vecin, 2>
  // CHECK-NEXT: queue position=1 depth=2 equals parsed=1
  MlirType queue = mlirAscQueueTypeGet(ctx, MlirAscTPositionVECIN, 2);
  printType("queue", queue);
  printf(
      "queue position=%d depth=%u equals parsed=%d\n",
      mlirAscQueueTypeGetPosition(queue), mlirAscQueueTypeGetDepth(queue),
      mlirTypeEqual(queue, mlirTypeParseGet(ctx, mlirStringRefCreateFromCString(
                                                     "!asc.queue<vecin, 2>"))));

  // A TQueBind<VECIN, VECOUT, 2> and a TBuf<VECCALC>; a plain TQue has no
  // source.
  // CHECK-NEXT: queue bind: !asc.queue<vecin -> vecout, 2>
  // CHECK-NEXT: bind source=1 position=2 depth=2 plain source=-1 equals parsed=1
  MlirType bind = mlirAscQueueBindTypeGet(ctx, MlirAscTPositionVECIN,
                                          MlirAscTPositionVECOUT, 2);
  printType("queue bind", bind);
  printf("bind source=%d position=%d depth=%u plain source=%d equals "
         "parsed=%d\n",
         mlirAscQueueTypeGetSource(bind), mlirAscQueueTypeGetPosition(bind),
         mlirAscQueueTypeGetDepth(bind), mlirAscQueueTypeGetSource(queue),
         mlirTypeEqual(bind, mlirTypeParseGet(
                                 ctx, mlirStringRefCreateFromCString(
                                          "!asc.queue<vecin -> vecout, 2>"))));
  // CHECK-NEXT: tbuf: !asc.tbuf<veccalc>
  // CHECK-NEXT: tbuf isa=1 position=3 queue isa=0
  MlirType tbuf = mlirAscTBufTypeGet(ctx, MlirAscTPositionVECCALC);
  printType("tbuf", tbuf);
  printf("tbuf isa=%d position=%d queue isa=%d\n", mlirTypeIsAAscTBufType(tbuf),
         mlirAscTBufTypeGetPosition(tbuf), mlirTypeIsAAscTBufType(queue));

  // CHECK-NEXT: tiling: !asc.tiling

  // CHECK-NEXT: tiling isa=1
  MlirType tiling = mlirAscTilingTypeGet(ctx);
  printType("tiling", tiling);
  printf("tiling isa=%d\n", mlirTypeIsAAscTilingType(tiling));

  // A Matmul with every template argument spelled.
  MlirAttribute a =
      mlirAscMatmulPartAttrGet(ctx, MlirAscTPositionGM, MlirAscCubeFormatND,
                               f16, false, MlirAscLayoutModeNONE);
  MlirAttribute b =
      mlirAscMatmulPartAttrGet(ctx, MlirAscTPositionGM, MlirAscCubeFormatND,
                               f16, true, MlirAscLayoutModeNONE);
  MlirAttribute c =
      mlirAscMatmulPartAttrGet(ctx, MlirAscTPositionGM, MlirAscCubeFormatND,
                               f32, false, MlirAscLayoutModeNONE);
  MlirAttribute config =
      mlirAscMatmulConfigAttrGet(ctx, MlirAscMatmulConfigKindMDL, false);
  // CHECK-NEXT: matmul: !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, transposed>, c = <gm, nd, f32>, bias = <gm, nd, f32>, config = <mdl>>
  // CHECK-NEXT: matmul isa=1 typeid=1
  // CHECK-NEXT: matmul a: #asc.matmul_part<gm, nd, f16>
  // CHECK-NEXT: matmul b: #asc.matmul_part<gm, nd, f16, transposed>
  // CHECK-NEXT: matmul c: #asc.matmul_part<gm, nd, f32>
  // CHECK-NEXT: matmul bias: #asc.matmul_part<gm, nd, f32>
  // CHECK-NEXT: matmul config: #asc.matmul_config<mdl>
  MlirType matmul = mlirAscMatmulTypeGet(ctx, a, b, c, c, config);
  printType("matmul", matmul);
  printf(
      "matmul isa=%d typeid=%d\n", mlirTypeIsAAscMatmulType(matmul),
      mlirTypeIDEqual(mlirTypeGetTypeID(matmul), mlirAscMatmulTypeGetTypeID()));
  printAttr("matmul a", mlirAscMatmulTypeGetA(matmul));
  printAttr("matmul b", mlirAscMatmulTypeGetB(matmul));
  printAttr("matmul c", mlirAscMatmulTypeGetC(matmul));
  printAttr("matmul bias", mlirAscMatmulTypeGetBias(matmul));
  printAttr("matmul config", mlirAscMatmulTypeGetConfig(matmul));

  // Bias and config are optional: null attributes leave them out.
  // CHECK-NEXT: plain matmul: !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16, transposed>, c = <gm, nd, f32>>
  // CHECK-NEXT: plain matmul bias: <null attribute>
  // CHECK-NEXT: plain matmul config: <null attribute>
  MlirType plain = mlirAscMatmulTypeGet(ctx, a, b, c, mlirAttributeGetNull(),
                                        mlirAttributeGetNull());
  printType("plain matmul", plain);
  printAttr("plain matmul bias", mlirAscMatmulTypeGetBias(plain));
  printAttr("plain matmul config", mlirAscMatmulTypeGetConfig(plain));
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

static void testAttributes(MlirContext ctx) {
  printf("@testAttributes\n");
  // CHECK-LABEL: @testAttributes
  // CHECK-NEXT: position: #asc.position<veccalc>
  // CHECK-NEXT: position value=3 isa=1
  MlirAttribute position =
      mlirAscTPositionAttrGet(ctx, MlirAscTPositionVECCALC);
  printAttr("position", position);
  printf("position value=%d isa=%d\n", mlirAscTPositionAttrGetValue(position),
         mlirAttributeIsAAscTPositionAttr(position));

  // CHECK-NEXT: format: #asc.format<nd_align>

  // CHECK-NEXT: format value=5 isa=1
  MlirAttribute format =
      mlirAscCubeFormatAttrGet(ctx, MlirAscCubeFormatND_ALIGN);
  printAttr("format", format);
  printf("format value=%d isa=%d\n", mlirAscCubeFormatAttrGetValue(format),
         mlirAttributeIsAAscCubeFormatAttr(format));

  // CHECK-NEXT: layout: #asc.layout<bngs1s2>

  // CHECK-NEXT: layout value=3 isa=1
  MlirAttribute layout =
      mlirAscLayoutModeAttrGet(ctx, MlirAscLayoutModeBNGS1S2);
  printAttr("layout", layout);
  printf("layout value=%d isa=%d\n", mlirAscLayoutModeAttrGetValue(layout),
         mlirAttributeIsAAscLayoutModeAttr(layout));

  // CHECK-NEXT: pipe: #asc.pipe<pipe_mte3>

  // CHECK-NEXT: pipe value=5 isa=1
  MlirAttribute pipe = mlirAscPipeKindAttrGet(ctx, MlirAscPipeKindPIPE_MTE3);
  printAttr("pipe", pipe);
  printf("pipe value=%d isa=%d\n", mlirAscPipeKindAttrGetValue(pipe),
         mlirAttributeIsAAscPipeKindAttr(pipe));

  // CHECK-NEXT: config_kind: #asc.config_kind<special_mdl>

  // CHECK-NEXT: config_kind value=2 isa=1
  MlirAttribute kind =
      mlirAscMatmulConfigKindAttrGet(ctx, MlirAscMatmulConfigKindSpecialMDL);
  printAttr("config_kind", kind);
  printf("config_kind value=%d isa=%d\n",
         mlirAscMatmulConfigKindAttrGetValue(kind),
         mlirAttributeIsAAscMatmulConfigKindAttr(kind));

  // CHECK-NEXT: tiling_field: #asc.tiling_field<singleCoreK>

  // CHECK-NEXT: tiling_field value=7 isa=1
  MlirAttribute field =
      mlirAscTilingFieldAttrGet(ctx, MlirAscTilingFieldSingleCoreK);
  printAttr("tiling_field", field);
  printf("tiling_field value=%d isa=%d\n",
         mlirAscTilingFieldAttrGetValue(field),
         mlirAttributeIsAAscTilingFieldAttr(field));

  // CHECK-NEXT: part: #asc.matmul_part<a1, nz, bf16, transposed, layout = bsngd>
  // CHECK-NEXT: part position=4 format=1 transposed=1 layout=1 isa=1 typeid=1
  // CHECK-NEXT: part element: bf16
  MlirAttribute part = mlirAscMatmulPartAttrGet(
      ctx, MlirAscTPositionA1, MlirAscCubeFormatNZ, mlirBF16TypeGet(ctx), true,
      MlirAscLayoutModeBSNGD);
  printAttr("part", part);
  printf("part position=%d format=%d transposed=%d layout=%d isa=%d "
         "typeid=%d\n",
         mlirAscMatmulPartAttrGetPosition(part),
         mlirAscMatmulPartAttrGetFormat(part),
         mlirAscMatmulPartAttrGetTransposed(part),
         mlirAscMatmulPartAttrGetLayout(part),
         mlirAttributeIsAAscMatmulPartAttr(part),
         mlirTypeIDEqual(mlirAttributeGetTypeID(part),
                         mlirAscMatmulPartAttrGetTypeID()));
  printType("part element", mlirAscMatmulPartAttrGetElementType(part));
  // A part built by mlirAscMatmulPartAttrGet is not shared; a parsed one can
  // be (IBSHARE).
  // CHECK-NEXT: part ibshare=0 shared ibshare=1
  MlirAttribute shared = mlirAttributeParseGet(
      ctx,
      mlirStringRefCreateFromCString("#asc.matmul_part<gm, nd, f16, ibshare>"));
  printf("part ibshare=%d shared ibshare=%d\n",
         mlirAscMatmulPartAttrGetIbshare(part),
         mlirAscMatmulPartAttrGetIbshare(shared));

  // CHECK-NEXT: config: #asc.matmul_config<norm, is_n_batch = true>
  // CHECK-NEXT: config kind=0 is_n_batch=1 isa=1
  MlirAttribute config =
      mlirAscMatmulConfigAttrGet(ctx, MlirAscMatmulConfigKindNorm, true);
  printAttr("config", config);
  printf("config kind=%d is_n_batch=%d isa=%d\n",
         mlirAscMatmulConfigAttrGetKind(config),
         mlirAscMatmulConfigAttrGetIsNBatch(config),
         mlirAttributeIsAAscMatmulConfigAttr(config));

  // Any field of a config, set or taken from its preset; false for a name
  // that is no field.
  // CHECK-NEXT: fields: enable_ub_reuse=0 batch_mode=1 do_norm=1 unknown=0
  MlirAttribute fields = mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString(
               "#asc.matmul_config<norm, enable_ub_reuse = false>"));
  uint64_t ubReuse = 7, batchMode = 7, doNorm = 7;
  bool found = mlirAscMatmulConfigAttrGetField(
      fields, mlirStringRefCreateFromCString("enable_ub_reuse"), &ubReuse);
  found &= mlirAscMatmulConfigAttrGetField(
      fields, mlirStringRefCreateFromCString("batch_mode"), &batchMode);
  found &= mlirAscMatmulConfigAttrGetField(
      fields, mlirStringRefCreateFromCString("do_norm"), &doNorm);
  bool unknown = mlirAscMatmulConfigAttrGetField(
      fields, mlirStringRefCreateFromCString("no_such_field"), &doNorm);
  printf("fields: enable_ub_reuse=%d batch_mode=%d do_norm=%d unknown=%d\n",
         found ? (int)ubReuse : -1, (int)batchMode, (int)doNorm, unknown);

  // CHECK-NEXT: kernel attr: asc.kernel, no_alias attr: asc.no_alias
  MlirStringRef kernelName = mlirAscGetKernelAttrName();
  MlirStringRef noAliasName = mlirAscGetNoAliasAttrName();
  printf("kernel attr: %.*s, no_alias attr: %.*s\n", (int)kernelName.length,
         kernelName.data, (int)noAliasName.length, noAliasName.data);
}

//===----------------------------------------------------------------------===//
// Arguments the constructors reject
//===----------------------------------------------------------------------===//

static void testInvalidArguments(MlirContext ctx) {
  printf("@testInvalidArguments\n");
  MlirType f16 = mlirF16TypeGet(ctx);
  MlirType f32 = mlirF32TypeGet(ctx);
  // CHECK-LABEL: @testInvalidArguments

  // An element type no tensor can hold.
  // CHECK-NEXT: diagnostic: mlirAscGlobalTensorTypeGet: expects a scalar element type (f16, bf16, f32 or a signless or unsigned integer), got 'f64'
  // CHECK-NEXT: f64 tensor: <null type>
  printType("f64 tensor", mlirAscGlobalTensorTypeGet(ctx, mlirF64TypeGet(ctx)));

  // A null element type.
  // CHECK-NEXT: diagnostic: mlirAscGlobalTensorTypeGet: expects an element type, got a null type
  // CHECK-NEXT: null-element tensor: <null type>
  printType("null-element tensor",
            mlirAscGlobalTensorTypeGet(ctx, nullTypeArg()));

  // Local tensors live in local memory.
  // CHECK-NEXT: diagnostic: mlirAscLocalTensorTypeGet: expects a local position, got gm (use !asc.global_tensor for global memory)
  // CHECK-NEXT: gm local tensor: <null type>
  printType("gm local tensor",
            mlirAscLocalTensorTypeGet(ctx, MlirAscTPositionGM, f16));

  // CHECK-NEXT: diagnostic: mlirAscQueueTypeGet: expects a queue depth of at least 1
  // CHECK-NEXT: depth-0 queue: <null type>
  printType("depth-0 queue",
            mlirAscQueueTypeGet(ctx, MlirAscTPositionVECIN, 0));

  // A bind with the cube core's positions, a TBuf outside the unified
  // buffer.
  // CHECK-NEXT: diagnostic: mlirAscQueueBindTypeGet: expects a TQueBind between two unified-buffer positions (vecin, vecout, veccalc), got gm -> vecin
  // CHECK-NEXT: gm bind: <null type>
  printType("gm bind", mlirAscQueueBindTypeGet(ctx, MlirAscTPositionGM,
                                               MlirAscTPositionVECIN, 1));
  // CHECK-NEXT: diagnostic: mlirAscTBufTypeGet: expects a unified-buffer position for a TBuf (vecin, vecout, veccalc), got a1
  // CHECK-NEXT: a1 tbuf: <null type>
  printType("a1 tbuf", mlirAscTBufTypeGet(ctx, MlirAscTPositionA1));

  // An enum value out of range, and the Invalid value accessors return.
  // CHECK-NEXT: diagnostic: mlirAscQueueTypeGet: invalid TPosition value 42
  // CHECK-NEXT: position-42 queue: <null type>
  printType("position-42 queue",
            mlirAscQueueTypeGet(ctx, (MlirAscTPosition)42, 1));
  // CHECK-NEXT: diagnostic: mlirAscCubeFormatAttrGet: invalid CubeFormat value -1
  // CHECK-NEXT: invalid format: <null attribute>
  printAttr("invalid format",
            mlirAscCubeFormatAttrGet(ctx, MlirAscCubeFormatInvalid));

  // Every bad argument of one call is reported.
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: invalid LayoutMode value 9
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: expects an element type, got a null type
  // CHECK-NEXT: bad part: <null attribute>
  printAttr("bad part", mlirAscMatmulPartAttrGet(
                            ctx, MlirAscTPositionGM, MlirAscCubeFormatND,
                            nullTypeArg(), false, (MlirAscLayoutMode)9));
  // CHECK-NEXT: diagnostic: mlirAscMatmulPartAttrGet: expects a Matmul element type (f16, bf16, f32, i4, i8 or i32), got 'i16'
  // CHECK-NEXT: i16 part: <null attribute>
  printAttr("i16 part", mlirAscMatmulPartAttrGet(ctx, MlirAscTPositionGM,
                                                 MlirAscCubeFormatND,
                                                 mlirIntegerTypeGet(ctx, 16),
                                                 false, MlirAscLayoutModeNONE));

  MlirAttribute partF16 =
      mlirAscMatmulPartAttrGet(ctx, MlirAscTPositionGM, MlirAscCubeFormatND,
                               f16, false, MlirAscLayoutModeNONE);
  MlirAttribute partF32 =
      mlirAscMatmulPartAttrGet(ctx, MlirAscTPositionGM, MlirAscCubeFormatND,
                               f32, false, MlirAscLayoutModeNONE);
  MlirAttribute none = mlirAttributeGetNull();

  // Parts of the wrong kind, or missing.
  // CHECK-NEXT: diagnostic: mlirAscMatmulTypeGet: expects the A part to be a #asc.matmul_part, got #asc.config_kind<mdl>
  // CHECK-NEXT: diagnostic: mlirAscMatmulTypeGet: expects the C part, got a null attribute
  // CHECK-NEXT: diagnostic: mlirAscMatmulTypeGet: expects the config to be a #asc.matmul_config, got #asc.matmul_part<gm, nd, f16>
  // CHECK-NEXT: wrong-kind matmul: <null type>
  printType("wrong-kind matmul",
            mlirAscMatmulTypeGet(
                ctx,
                mlirAscMatmulConfigKindAttrGet(ctx, MlirAscMatmulConfigKindMDL),
                partF16, none, none, partF16));

  // The type verifier's own rules.
  // CHECK-NEXT: diagnostic: mlirAscMatmulTypeGet: expects A and B parts with the same element type, got 'f16' and 'f32'
  // CHECK-NEXT: mixed matmul: <null type>
  printType("mixed matmul",
            mlirAscMatmulTypeGet(ctx, partF16, partF32, partF32, none, none));

  // A type or an attribute from another context.
  // CHECK-NEXT: diagnostic: mlirAscGlobalTensorTypeGet: expects an element type of the same context
  // CHECK-NEXT: foreign tensor: <null type>
  // CHECK-NEXT: diagnostic: mlirAscMatmulTypeGet: expects the A part of the same context
  // CHECK-NEXT: foreign-part matmul: <null type>
  MlirContext other = mlirContextCreate();
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__asc__(), other);
  printType("foreign tensor",
            mlirAscGlobalTensorTypeGet(ctx, mlirF16TypeGet(other)));
  MlirAttribute foreignPart = mlirAscMatmulPartAttrGet(
      other, MlirAscTPositionGM, MlirAscCubeFormatND, mlirF16TypeGet(other),
      false, MlirAscLayoutModeNONE);
  printType(
      "foreign-part matmul",
      mlirAscMatmulTypeGet(ctx, foreignPart, partF16, partF32, none, none));
  mlirContextDestroy(other);

  // A context where the asc dialect is not registered.
  // CHECK-NEXT: diagnostic: mlirAscPipeTypeGet: the asc dialect is not registered in this context
  // CHECK-NEXT: unregistered: <null type>
  MlirContext bare = mlirContextCreate();
  mlirContextAttachDiagnosticHandler(bare, printDiagnostic, NULL, NULL);
  printType("unregistered", mlirAscPipeTypeGet(bare));
  mlirContextDestroy(bare);

  // A null context: null result, nobody to tell.
  // CHECK-NEXT: null context: <null type> <null attribute>
  MlirContext nullCtx = {NULL};
  printf(
      "null context: %s %s\n",
      mlirTypeIsNull(mlirAscQueueTypeGet(nullCtx, MlirAscTPositionVECIN, 1))
          ? "<null type>"
          : "?",
      mlirAttributeIsNull(mlirAscTPositionAttrGet(nullCtx, MlirAscTPositionGM))
          ? "<null attribute>"
          : "?");
}

//===----------------------------------------------------------------------===//
// Accessors given the wrong kind of type or attribute
//===----------------------------------------------------------------------===//

static void testWrongKindAccessors(MlirContext ctx) {
  printf("@testWrongKindAccessors\n");
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirType pipe = mlirAscPipeTypeGet(ctx);
  MlirType nullType = nullTypeArg();
  MlirAttribute unit = mlirUnitAttrGet(ctx);
  MlirAttribute nullAttr = mlirAttributeGetNull();

  // CHECK-LABEL: @testWrongKindAccessors
  // CHECK-NEXT: isa: 0 0 0 0 0 0
  printf("isa: %d %d %d %d %d %d\n", mlirTypeIsAAscGmAddrType(f32),
         mlirTypeIsAAscMatmulType(pipe), mlirTypeIsAAscQueueType(nullType),
         mlirAttributeIsAAscTPositionAttr(unit),
         mlirAttributeIsAAscMatmulPartAttr(nullAttr),
         mlirAttributeIsAAscMatmulConfigAttr(unit));

  // CHECK-NEXT: element of pipe: <null type>
  // CHECK-NEXT: element of null: <null type>
  // CHECK-NEXT: element of f32 part: <null type>
  printType("element of pipe", mlirAscGlobalTensorTypeGetElementType(pipe));
  printType("element of null", mlirAscLocalTensorTypeGetElementType(nullType));
  printType("element of f32 part", mlirAscMatmulPartAttrGetElementType(unit));

  // CHECK-NEXT: matmul parts of f32: <null attribute> <null attribute> <null attribute> <null attribute> <null attribute>
  printf("matmul parts of f32: %s %s %s %s %s\n",
         mlirAttributeIsNull(mlirAscMatmulTypeGetA(f32)) ? "<null attribute>"
                                                         : "?",
         mlirAttributeIsNull(mlirAscMatmulTypeGetB(f32)) ? "<null attribute>"
                                                         : "?",
         mlirAttributeIsNull(mlirAscMatmulTypeGetC(f32)) ? "<null attribute>"
                                                         : "?",
         mlirAttributeIsNull(mlirAscMatmulTypeGetBias(nullType))
             ? "<null attribute>"
             : "?",
         mlirAttributeIsNull(mlirAscMatmulTypeGetConfig(pipe))
             ? "<null attribute>"
             : "?");

  // Enum accessors answer Invalid (-1), counts 0, flags false.
  // CHECK-NEXT: enums: -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1
  printf("enums: %d %d %d %d %d %d %d %d %d %d %d %d\n",
         mlirAscTPositionAttrGetValue(unit),
         mlirAscCubeFormatAttrGetValue(nullAttr),
         mlirAscLayoutModeAttrGetValue(unit), mlirAscPipeKindAttrGetValue(unit),
         mlirAscMatmulConfigKindAttrGetValue(unit),
         mlirAscTilingFieldAttrGetValue(unit),
         mlirAscMatmulPartAttrGetPosition(unit),
         mlirAscMatmulPartAttrGetFormat(nullAttr),
         mlirAscMatmulPartAttrGetLayout(unit),
         mlirAscMatmulConfigAttrGetKind(unit),
         mlirAscLocalTensorTypeGetPosition(pipe),
         mlirAscQueueTypeGetPosition(f32));
  // CHECK-NEXT: depth=0 transposed=0 ibshare=0 is_n_batch=0
  printf("depth=%u transposed=%d ibshare=%d is_n_batch=%d\n",
         mlirAscQueueTypeGetDepth(pipe),
         mlirAscMatmulPartAttrGetTransposed(unit),
         mlirAscMatmulPartAttrGetIbshare(unit),
         mlirAscMatmulConfigAttrGetIsNBatch(nullAttr));
}

//===----------------------------------------------------------------------===//
// Building a kernel op by op
//===----------------------------------------------------------------------===//

static MlirOperation createOp(MlirLocation loc, const char *name,
                              intptr_t numOperands, MlirValue *operands,
                              intptr_t numResults, MlirType *results) {
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), loc);
  mlirOperationStateAddOperands(&state, numOperands, operands);
  mlirOperationStateAddResults(&state, numResults, results);
  return mlirOperationCreate(&state);
}

static void testBuildKernel(MlirContext ctx) {
  printf("@testBuildKernel\n");
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirModule module = mlirModuleCreateEmpty(loc);
  MlirBlock moduleBody = mlirModuleGetBody(module);

  // func.func @kernel(%tiling_gm: !asc.gm_addr {asc.no_alias})
  //     attributes {asc.kernel}
  MlirType gmAddr = mlirAscGmAddrTypeGet(ctx);
  MlirType funcType = mlirFunctionTypeGet(ctx, 1, &gmAddr, 0, NULL);
  MlirAttribute noAlias = mlirDictionaryAttrGet(
      ctx, 1,
      (MlirNamedAttribute[]){mlirNamedAttributeGet(
          mlirIdentifierGet(ctx, mlirAscGetNoAliasAttrName()),
          mlirUnitAttrGet(ctx))});
  MlirNamedAttribute funcAttrs[] = {
      mlirNamedAttributeGet(
          mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("sym_name")),
          mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("kernel"))),
      mlirNamedAttributeGet(
          mlirIdentifierGet(ctx,
                            mlirStringRefCreateFromCString("function_type")),
          mlirTypeAttrGet(funcType)),
      mlirNamedAttributeGet(
          mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("arg_attrs")),
          mlirArrayAttrGet(ctx, 1, &noAlias)),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirAscGetKernelAttrName()),
                            mlirUnitAttrGet(ctx)),
  };
  MlirOperationState funcState =
      mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), loc);
  mlirOperationStateAddAttributes(&funcState, 4, funcAttrs);
  MlirRegion bodyRegion = mlirRegionCreate();
  MlirBlock body = mlirBlockCreate(1, &gmAddr, &loc);
  mlirRegionAppendOwnedBlock(bodyRegion, body);
  mlirOperationStateAddOwnedRegions(&funcState, 1, &bodyRegion);
  MlirOperation func = mlirOperationCreate(&funcState);
  mlirBlockAppendOwnedOperation(moduleBody, func);

  // %pipe = asc.pipe.create
  // %tiling = asc.get_tiling %tiling_gm
  // %mm = asc.matmul.create : !mm
  // asc.matmul.end %mm : !mm
  // return
  MlirType f16 = mlirF16TypeGet(ctx);
  MlirAttribute part =
      mlirAscMatmulPartAttrGet(ctx, MlirAscTPositionGM, MlirAscCubeFormatND,
                               f16, false, MlirAscLayoutModeNONE);
  MlirAttribute partC = mlirAscMatmulPartAttrGet(
      ctx, MlirAscTPositionGM, MlirAscCubeFormatND, mlirF32TypeGet(ctx), false,
      MlirAscLayoutModeNONE);
  MlirType matmul = mlirAscMatmulTypeGet(
      ctx, part, part, partC, mlirAttributeGetNull(), mlirAttributeGetNull());
  MlirType pipe = mlirAscPipeTypeGet(ctx);
  MlirType tiling = mlirAscTilingTypeGet(ctx);
  MlirValue tilingGm = mlirBlockGetArgument(body, 0);
  mlirBlockAppendOwnedOperation(
      body, createOp(loc, "asc.pipe.create", 0, NULL, 1, &pipe));
  mlirBlockAppendOwnedOperation(
      body, createOp(loc, "asc.get_tiling", 1, &tilingGm, 1, &tiling));
  MlirOperation create =
      createOp(loc, "asc.matmul.create", 0, NULL, 1, &matmul);
  mlirBlockAppendOwnedOperation(body, create);
  MlirValue mm = mlirOperationGetResult(create, 0);
  mlirBlockAppendOwnedOperation(
      body, createOp(loc, "asc.matmul.end", 1, &mm, 0, NULL));
  mlirBlockAppendOwnedOperation(body,
                                createOp(loc, "func.return", 0, NULL, 0, NULL));

  // CHECK-LABEL: @testBuildKernel
  // CHECK-NEXT: !matmul = !asc.matmul<a = <gm, nd, f16>, b = <gm, nd, f16>, c = <gm, nd, f32>>
  // CHECK: func.func @kernel(%[[GM:.*]]: !asc.gm_addr {asc.no_alias}) attributes {asc.kernel} {
  // CHECK-NEXT: asc.pipe.create
  // CHECK-NEXT: asc.get_tiling %[[GM]]
  // CHECK-NEXT: %[[MM:.*]] = asc.matmul.create : !matmul
  // CHECK-NEXT: asc.matmul.end %[[MM]]
  // CHECK-NEXT: return
  // CHECK: verified: 1
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  mlirOperationPrint(moduleOp, printToStdout, NULL);
  printf("\nverified: %d\n", mlirOperationVerify(moduleOp));
  mlirModuleDestroy(module);
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__asc__(), ctx);
  mlirDialectHandleRegisterDialect(mlirGetDialectHandle__func__(), ctx);
  // The constructors load the registered asc dialect on first use; func is
  // only used through ops built by name, so load it here.
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__func__(), ctx);
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);

  testTypes(ctx);
  testAttributes(ctx);
  testInvalidArguments(ctx);
  testWrongKindAccessors(ctx);
  testBuildKernel(ctx);

  mlirContextDestroy(ctx);
  return 0;
}
