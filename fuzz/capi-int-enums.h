/*===- capi-int-enums.h - the C API called with plain int enum values -----===*
 *
 * Wrappers of the C API functions that take enums, taking int instead: the
 * conversion to the enum type happens in C (capi-int-enums.c), as in a C
 * client, never in the C++ fuzzer.
 *
 *===----------------------------------------------------------------------===*/

#ifndef ASC_FUZZ_CAPI_INT_ENUMS_H
#define ASC_FUZZ_CAPI_INT_ENUMS_H

#include "asc-c/Dialects.h"
#include "asc-c/Pipeline.h"

#ifdef __cplusplus
extern "C" {
#endif

MlirAttribute ascFuzzTPositionAttrGet(MlirContext ctx, int value);
MlirAttribute ascFuzzCubeFormatAttrGet(MlirContext ctx, int value);
MlirAttribute ascFuzzLayoutModeAttrGet(MlirContext ctx, int value);
MlirAttribute ascFuzzPipeKindAttrGet(MlirContext ctx, int value);
MlirAttribute ascFuzzTilingFieldAttrGet(MlirContext ctx, int value);
MlirAttribute ascFuzzMatmulConfigAttrGet(MlirContext ctx, int kind,
                                         bool isNBatch);
MlirAttribute ascFuzzMatmulPartAttrGet(MlirContext ctx, int position,
                                       int format, MlirType elementType,
                                       bool transposed, int layout);
MlirType ascFuzzLocalTensorTypeGet(MlirContext ctx, int position,
                                   MlirType elementType);
MlirType ascFuzzQueueTypeGet(MlirContext ctx, int position, unsigned depth);
MlirLogicalResult ascFuzzRunPipeline(MlirModule module, int lastStage,
                                     MlirStringCallback callback,
                                     void *userData);

#ifdef __cplusplus
}
#endif

#endif /* ASC_FUZZ_CAPI_INT_ENUMS_H */
