//===- Dialects.h - C API of the asc dialect ----------------------*- C -*-===//
//
// Registration of the asc dialect and the constructors, predicates and
// accessors of its types and attributes. docs/CAPI.md describes the whole C
// API; the rules shared by every function here:
//
// - Constructors take the context and are checked: parameters the dialect
//   rejects (a null element type, an element type of another context, an
//   enum value out of range, a type the verifier refuses) emit an error
//   through the context's diagnostic handlers (at an unknown location) and
//   return a null type or attribute. A null context returns null silently.
// - Accessors accept any type or attribute. Given one of another kind (or a
//   null one) they return a null type or attribute, the enum's `Invalid`
//   value (-1), false or 0; they never crash. Test with the `mlirTypeIsA...`
//   or `mlirAttributeIsA...` predicate first to tell "absent" from "wrong".
//
//===----------------------------------------------------------------------===//

#ifndef ASC_C_DIALECTS_H
#define ASC_C_DIALECTS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Declares mlirGetDialectHandle__asc__().
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Asc, asc);

/// Name of the unit attribute that marks a func.func as a kernel entry.
MLIR_CAPI_EXPORTED MlirStringRef mlirAscGetKernelAttrName(void);

/// Name of the unit argument attribute that marks a kernel pointer whose
/// memory no other argument reaches.
MLIR_CAPI_EXPORTED MlirStringRef mlirAscGetNoAliasAttrName(void);

//===----------------------------------------------------------------------===//
// Enumerations
//===----------------------------------------------------------------------===//
//
// The values equal those of the C++ enums (the implementation checks it at
// compile time). `Invalid` is never a valid argument; accessors return it
// when given the wrong kind of attribute or type.

/// Logical position of a tensor (AscendC::TPosition).
typedef enum MlirAscTPosition {
  MlirAscTPositionInvalid = -1,
  MlirAscTPositionGM = 0,
  MlirAscTPositionVECIN = 1,
  MlirAscTPositionVECOUT = 2,
  MlirAscTPositionVECCALC = 3,
  MlirAscTPositionA1 = 4,
  MlirAscTPositionA2 = 5,
  MlirAscTPositionB1 = 6,
  MlirAscTPositionB2 = 7,
  MlirAscTPositionC1 = 8,
  MlirAscTPositionC2 = 9,
  MlirAscTPositionCO1 = 10,
  MlirAscTPositionCO2 = 11,
  MlirAscTPositionTSCM = 12,
} MlirAscTPosition;

/// Data layout of a Matmul operand (CubeFormat).
typedef enum MlirAscCubeFormat {
  MlirAscCubeFormatInvalid = -1,
  MlirAscCubeFormatND = 0,
  MlirAscCubeFormatNZ = 1,
  MlirAscCubeFormatZN = 2,
  MlirAscCubeFormatZZ = 3,
  MlirAscCubeFormatNN = 4,
  MlirAscCubeFormatND_ALIGN = 5,
  MlirAscCubeFormatSCALAR = 6,
  MlirAscCubeFormatVECTOR = 7,
} MlirAscCubeFormat;

/// Batch layout of a Matmul operand (LayoutMode).
typedef enum MlirAscLayoutMode {
  MlirAscLayoutModeInvalid = -1,
  MlirAscLayoutModeNONE = 0,
  MlirAscLayoutModeBSNGD = 1,
  MlirAscLayoutModeSBNGD = 2,
  MlirAscLayoutModeBNGS1S2 = 3,
  MlirAscLayoutModeNORMAL = 4,
} MlirAscLayoutMode;

/// Hardware pipeline named by a barrier (pipe_t).
typedef enum MlirAscPipeKind {
  MlirAscPipeKindInvalid = -1,
  MlirAscPipeKindPIPE_S = 0,
  MlirAscPipeKindPIPE_V = 1,
  MlirAscPipeKindPIPE_M = 2,
  MlirAscPipeKindPIPE_MTE1 = 3,
  MlirAscPipeKindPIPE_MTE2 = 4,
  MlirAscPipeKindPIPE_MTE3 = 5,
  MlirAscPipeKindPIPE_FIX = 6,
  MlirAscPipeKindPIPE_ALL = 7,
} MlirAscPipeKind;

/// Preset a MatmulConfig is built from.
typedef enum MlirAscMatmulConfigKind {
  MlirAscMatmulConfigKindInvalid = -1,
  MlirAscMatmulConfigKindNorm = 0,
  MlirAscMatmulConfigKindMDL = 1,
  MlirAscMatmulConfigKindSpecialMDL = 2,
  MlirAscMatmulConfigKindIBShareNorm = 3,
  MlirAscMatmulConfigKindBasic = 4,
} MlirAscMatmulConfigKind;

/// A field of TCubeTiling (the C++ member names, capitalised).
typedef enum MlirAscTilingField {
  MlirAscTilingFieldInvalid = -1,
  MlirAscTilingFieldUsedCoreNum = 0,
  MlirAscTilingFieldM = 1,
  MlirAscTilingFieldN = 2,
  MlirAscTilingFieldKa = 3,
  MlirAscTilingFieldKb = 4,
  MlirAscTilingFieldSingleCoreM = 5,
  MlirAscTilingFieldSingleCoreN = 6,
  MlirAscTilingFieldSingleCoreK = 7,
  MlirAscTilingFieldBaseM = 8,
  MlirAscTilingFieldBaseN = 9,
  MlirAscTilingFieldBaseK = 10,
  MlirAscTilingFieldDepthA1 = 11,
  MlirAscTilingFieldDepthB1 = 12,
  MlirAscTilingFieldStepM = 13,
  MlirAscTilingFieldStepN = 14,
  MlirAscTilingFieldStepKa = 15,
  MlirAscTilingFieldStepKb = 16,
  MlirAscTilingFieldIsBias = 17,
  MlirAscTilingFieldIterateOrder = 18,
  MlirAscTilingFieldBatchM = 19,
  MlirAscTilingFieldBatchN = 20,
  MlirAscTilingFieldSingleBatchM = 21,
  MlirAscTilingFieldSingleBatchN = 22,
  MlirAscTilingFieldTransLength = 23,
  MlirAscTilingFieldShareMode = 24,
  MlirAscTilingFieldShareL1Size = 25,
  MlirAscTilingFieldShareL0CSize = 26,
  MlirAscTilingFieldShareUbSize = 27,
  MlirAscTilingFieldDepthAL1CacheUB = 28,
  MlirAscTilingFieldDepthBL1CacheUB = 29,
  MlirAscTilingFieldDbL0A = 30,
  MlirAscTilingFieldDbL0B = 31,
  MlirAscTilingFieldDbL0C = 32,
  MlirAscTilingFieldALayoutInfoB = 33,
  MlirAscTilingFieldALayoutInfoS = 34,
  MlirAscTilingFieldALayoutInfoN = 35,
  MlirAscTilingFieldALayoutInfoG = 36,
  MlirAscTilingFieldALayoutInfoD = 37,
  MlirAscTilingFieldBLayoutInfoB = 38,
  MlirAscTilingFieldBLayoutInfoS = 39,
  MlirAscTilingFieldBLayoutInfoN = 40,
  MlirAscTilingFieldBLayoutInfoG = 41,
  MlirAscTilingFieldBLayoutInfoD = 42,
  MlirAscTilingFieldCLayoutInfoB = 43,
  MlirAscTilingFieldCLayoutInfoS1 = 44,
  MlirAscTilingFieldCLayoutInfoN = 45,
  MlirAscTilingFieldCLayoutInfoG = 46,
  MlirAscTilingFieldCLayoutInfoS2 = 47,
  MlirAscTilingFieldBatchNum = 48,
  MlirAscTilingFieldMxTypePara = 49,
} MlirAscTilingField;

//===----------------------------------------------------------------------===//
// Enum attributes: #asc.position<...>, #asc.format<...>, #asc.layout<...>,
// #asc.pipe<...>, #asc.config_kind<...>, #asc.tiling_field<...>
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool mlirAttributeIsAAscTPositionAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscTPositionAttrGetTypeID(void);
MLIR_CAPI_EXPORTED MlirAttribute
mlirAscTPositionAttrGet(MlirContext ctx, MlirAscTPosition value);
MLIR_CAPI_EXPORTED MlirAscTPosition
mlirAscTPositionAttrGetValue(MlirAttribute attr);

MLIR_CAPI_EXPORTED bool mlirAttributeIsAAscCubeFormatAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscCubeFormatAttrGetTypeID(void);
MLIR_CAPI_EXPORTED MlirAttribute
mlirAscCubeFormatAttrGet(MlirContext ctx, MlirAscCubeFormat value);
MLIR_CAPI_EXPORTED MlirAscCubeFormat
mlirAscCubeFormatAttrGetValue(MlirAttribute attr);

MLIR_CAPI_EXPORTED bool mlirAttributeIsAAscLayoutModeAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscLayoutModeAttrGetTypeID(void);
MLIR_CAPI_EXPORTED MlirAttribute
mlirAscLayoutModeAttrGet(MlirContext ctx, MlirAscLayoutMode value);
MLIR_CAPI_EXPORTED MlirAscLayoutMode
mlirAscLayoutModeAttrGetValue(MlirAttribute attr);

MLIR_CAPI_EXPORTED bool mlirAttributeIsAAscPipeKindAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscPipeKindAttrGetTypeID(void);
MLIR_CAPI_EXPORTED MlirAttribute mlirAscPipeKindAttrGet(MlirContext ctx,
                                                        MlirAscPipeKind value);
MLIR_CAPI_EXPORTED MlirAscPipeKind
mlirAscPipeKindAttrGetValue(MlirAttribute attr);

MLIR_CAPI_EXPORTED bool
mlirAttributeIsAAscMatmulConfigKindAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscMatmulConfigKindAttrGetTypeID(void);
MLIR_CAPI_EXPORTED MlirAttribute
mlirAscMatmulConfigKindAttrGet(MlirContext ctx, MlirAscMatmulConfigKind value);
MLIR_CAPI_EXPORTED MlirAscMatmulConfigKind
mlirAscMatmulConfigKindAttrGetValue(MlirAttribute attr);

MLIR_CAPI_EXPORTED bool mlirAttributeIsAAscTilingFieldAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscTilingFieldAttrGetTypeID(void);
MLIR_CAPI_EXPORTED MlirAttribute
mlirAscTilingFieldAttrGet(MlirContext ctx, MlirAscTilingField value);
MLIR_CAPI_EXPORTED MlirAscTilingField
mlirAscTilingFieldAttrGetValue(MlirAttribute attr);

//===----------------------------------------------------------------------===//
// #asc.matmul_part<position, format, type[, transposed][, layout = mode]>
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool mlirAttributeIsAAscMatmulPartAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscMatmulPartAttrGetTypeID(void);

/// One part (A, B, C or Bias) of a Matmul type: MatmulType<position, format,
/// elementType, transposed, layout>. Null (with an error) when the element
/// type is not a Matmul element type (f16, bf16, f32, i4, i8, i32).
MLIR_CAPI_EXPORTED MlirAttribute mlirAscMatmulPartAttrGet(
    MlirContext ctx, MlirAscTPosition position, MlirAscCubeFormat format,
    MlirType elementType, bool transposed, MlirAscLayoutMode layout);

MLIR_CAPI_EXPORTED MlirAscTPosition
mlirAscMatmulPartAttrGetPosition(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAscCubeFormat
mlirAscMatmulPartAttrGetFormat(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirType
mlirAscMatmulPartAttrGetElementType(MlirAttribute attr);
MLIR_CAPI_EXPORTED bool mlirAscMatmulPartAttrGetTransposed(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAscLayoutMode
mlirAscMatmulPartAttrGetLayout(MlirAttribute attr);
/// Whether the part is shared by a cube core's two vector cores (IBSHARE);
/// parts built by mlirAscMatmulPartAttrGet are not.
MLIR_CAPI_EXPORTED bool mlirAscMatmulPartAttrGetIbshare(MlirAttribute attr);

//===----------------------------------------------------------------------===//
// #asc.matmul_config<kind[, is_n_batch = true][, field = value]*>
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool mlirAttributeIsAAscMatmulConfigAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscMatmulConfigAttrGetTypeID(void);
MLIR_CAPI_EXPORTED MlirAttribute mlirAscMatmulConfigAttrGet(
    MlirContext ctx, MlirAscMatmulConfigKind kind, bool isNBatch);
MLIR_CAPI_EXPORTED MlirAscMatmulConfigKind
mlirAscMatmulConfigAttrGetKind(MlirAttribute attr);
MLIR_CAPI_EXPORTED bool mlirAscMatmulConfigAttrGetIsNBatch(MlirAttribute attr);
/// The value of the MatmulConfig field spelled `field` in #asc.matmul_config
/// (`enable_ub_reuse`, `batch_mode`, ...): the one the attribute sets, or
/// its preset's. Booleans are 0 or 1 and enums their C++ value. Returns false,
/// leaving `*value` alone, when `attr` is no config or `field` no field.
MLIR_CAPI_EXPORTED bool mlirAscMatmulConfigAttrGetField(MlirAttribute attr,
                                                        MlirStringRef field,
                                                        uint64_t *value);

//===----------------------------------------------------------------------===//
// !asc.gm_addr
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool mlirTypeIsAAscGmAddrType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscGmAddrTypeGetTypeID(void);
MLIR_CAPI_EXPORTED MlirType mlirAscGmAddrTypeGet(MlirContext ctx);

//===----------------------------------------------------------------------===//
// !asc.global_tensor<T>
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool mlirTypeIsAAscGlobalTensorType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscGlobalTensorTypeGetTypeID(void);

/// Null (with an error) unless `elementType` is a tensor scalar: f16, bf16,
/// f32 or a signless or unsigned integer of 1, 4, 8, 16, 32 or 64 bits.
MLIR_CAPI_EXPORTED MlirType mlirAscGlobalTensorTypeGet(MlirContext ctx,
                                                       MlirType elementType);
MLIR_CAPI_EXPORTED MlirType
mlirAscGlobalTensorTypeGetElementType(MlirType type);

//===----------------------------------------------------------------------===//
// !asc.local_tensor<position, T>
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool mlirTypeIsAAscLocalTensorType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscLocalTensorTypeGetTypeID(void);

/// Null (with an error) at position GM or with an element type a tensor
/// cannot hold (see mlirAscGlobalTensorTypeGet).
MLIR_CAPI_EXPORTED MlirType mlirAscLocalTensorTypeGet(MlirContext ctx,
                                                      MlirAscTPosition position,
                                                      MlirType elementType);
MLIR_CAPI_EXPORTED MlirAscTPosition
mlirAscLocalTensorTypeGetPosition(MlirType type);
MLIR_CAPI_EXPORTED MlirType mlirAscLocalTensorTypeGetElementType(MlirType type);

//===----------------------------------------------------------------------===//
// !asc.pipe
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool mlirTypeIsAAscPipeType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscPipeTypeGetTypeID(void);
MLIR_CAPI_EXPORTED MlirType mlirAscPipeTypeGet(MlirContext ctx);

//===----------------------------------------------------------------------===//
// !asc.queue<position, depth>
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool mlirTypeIsAAscQueueType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscQueueTypeGetTypeID(void);

/// Null (with an error) at position GM or with a depth of 0.
MLIR_CAPI_EXPORTED MlirType mlirAscQueueTypeGet(MlirContext ctx,
                                                MlirAscTPosition position,
                                                unsigned depth);
MLIR_CAPI_EXPORTED MlirAscTPosition mlirAscQueueTypeGetPosition(MlirType type);
/// The queue's depth; 0 for any other type.
MLIR_CAPI_EXPORTED unsigned mlirAscQueueTypeGetDepth(MlirType type);

/// A TQueBind<source, position, depth>: `!asc.queue<source -> position,
/// depth>`. Null (with an error) unless both positions are in the unified
/// buffer (vecin, vecout, veccalc) and the depth is 1 to 255.
MLIR_CAPI_EXPORTED MlirType mlirAscQueueBindTypeGet(MlirContext ctx,
                                                    MlirAscTPosition source,
                                                    MlirAscTPosition position,
                                                    unsigned depth);
/// The source position of a TQueBind; MlirAscTPositionInvalid for a plain
/// TQue and for any other type.
MLIR_CAPI_EXPORTED MlirAscTPosition mlirAscQueueTypeGetSource(MlirType type);

//===----------------------------------------------------------------------===//
// !asc.tbuf<position>
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool mlirTypeIsAAscTBufType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscTBufTypeGetTypeID(void);
/// Null (with an error) outside the unified buffer's positions.
MLIR_CAPI_EXPORTED MlirType mlirAscTBufTypeGet(MlirContext ctx,
                                               MlirAscTPosition position);
MLIR_CAPI_EXPORTED MlirAscTPosition mlirAscTBufTypeGetPosition(MlirType type);

//===----------------------------------------------------------------------===//
// !asc.tiling
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool mlirTypeIsAAscTilingType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscTilingTypeGetTypeID(void);
MLIR_CAPI_EXPORTED MlirType mlirAscTilingTypeGet(MlirContext ctx);

//===----------------------------------------------------------------------===//
// !asc.matmul<a = ..., b = ..., c = ...[, bias = ...][, config = ...]>
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool mlirTypeIsAAscMatmulType(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID mlirAscMatmulTypeGetTypeID(void);

/// matmul::Matmul<A, B, C, Bias, Config>. `a`, `b` and `c` must be
/// #asc.matmul_part attributes; `bias` (a #asc.matmul_part) and `config` (a
/// #asc.matmul_config) may be null attributes for "absent". Null (with an
/// error) when an argument has the wrong kind or the type verifier refuses
/// the combination (A and B element types differ, C at an input position,
/// ...).
MLIR_CAPI_EXPORTED MlirType
mlirAscMatmulTypeGet(MlirContext ctx, MlirAttribute a, MlirAttribute b,
                     MlirAttribute c, MlirAttribute bias, MlirAttribute config);
MLIR_CAPI_EXPORTED MlirAttribute mlirAscMatmulTypeGetA(MlirType type);
MLIR_CAPI_EXPORTED MlirAttribute mlirAscMatmulTypeGetB(MlirType type);
MLIR_CAPI_EXPORTED MlirAttribute mlirAscMatmulTypeGetC(MlirType type);
/// The bias part; null when the type has none.
MLIR_CAPI_EXPORTED MlirAttribute mlirAscMatmulTypeGetBias(MlirType type);
/// The MatmulConfig; null when the type has none.
MLIR_CAPI_EXPORTED MlirAttribute mlirAscMatmulTypeGetConfig(MlirType type);

#ifdef __cplusplus
}
#endif

#endif // ASC_C_DIALECTS_H
