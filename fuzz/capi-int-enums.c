/*===- capi-int-enums.c - the C API called with plain int enum values -----===*
 *
 * A C client may pass any int where the C API takes an enum: C converts it
 * to the enum type without complaint. asc-fuzz-capi calls the C API through
 * these wrappers so that the conversion happens in C, as in a client, and
 * only the C API's own handling of the value is under test.
 *
 *===----------------------------------------------------------------------===*/

#include "capi-int-enums.h"

MlirAttribute ascFuzzTPositionAttrGet(MlirContext ctx, int value) {
  return mlirAscTPositionAttrGet(ctx, (MlirAscTPosition)value);
}
MlirAttribute ascFuzzCubeFormatAttrGet(MlirContext ctx, int value) {
  return mlirAscCubeFormatAttrGet(ctx, (MlirAscCubeFormat)value);
}
MlirAttribute ascFuzzLayoutModeAttrGet(MlirContext ctx, int value) {
  return mlirAscLayoutModeAttrGet(ctx, (MlirAscLayoutMode)value);
}
MlirAttribute ascFuzzPipeKindAttrGet(MlirContext ctx, int value) {
  return mlirAscPipeKindAttrGet(ctx, (MlirAscPipeKind)value);
}
MlirAttribute ascFuzzTilingFieldAttrGet(MlirContext ctx, int value) {
  return mlirAscTilingFieldAttrGet(ctx, (MlirAscTilingField)value);
}
MlirAttribute ascFuzzMatmulConfigAttrGet(MlirContext ctx, int kind,
                                         bool isNBatch) {
  return mlirAscMatmulConfigAttrGet(ctx, (MlirAscMatmulConfigKind)kind,
                                    isNBatch);
}
MlirAttribute ascFuzzMatmulPartAttrGet(MlirContext ctx, int position,
                                       int format, MlirType elementType,
                                       bool transposed, int layout) {
  return mlirAscMatmulPartAttrGet(ctx, (MlirAscTPosition)position,
                                  (MlirAscCubeFormat)format, elementType,
                                  transposed, (MlirAscLayoutMode)layout);
}
MlirType ascFuzzLocalTensorTypeGet(MlirContext ctx, int position,
                                   MlirType elementType) {
  return mlirAscLocalTensorTypeGet(ctx, (MlirAscTPosition)position,
                                   elementType);
}
MlirType ascFuzzQueueTypeGet(MlirContext ctx, int position, unsigned depth) {
  return mlirAscQueueTypeGet(ctx, (MlirAscTPosition)position, depth);
}
MlirLogicalResult ascFuzzRunPipeline(MlirModule module, int lastStage,
                                     MlirStringCallback callback,
                                     void *userData) {
  return mlirAscRunPipeline(module, (MlirAscPipelineStage)lastStage, callback,
                            userData);
}
