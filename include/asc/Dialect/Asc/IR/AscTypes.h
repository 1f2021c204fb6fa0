//===- AscTypes.h - asc types -----------------------------------*- C++ -*-===//
//
// Global and local tensors, pipe, queues, tiling and Matmul object types.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASC_IR_ASCTYPES_H
#define ASC_DIALECT_ASC_IR_ASCTYPES_H

#include "asc/Dialect/Asc/IR/AscAttrs.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "asc/Dialect/Asc/IR/AscTypes.h.inc"

namespace mlir::asc {
/// Element type of a global or local tensor type; null for other types.
Type getTensorElementType(Type type);
/// True when `type` is a `!asc.global_tensor`, the only tensor type in global
/// memory: a `!asc.local_tensor` at position gm does not verify.
bool isGlobalTensorType(Type type);
} // namespace mlir::asc

#endif // ASC_DIALECT_ASC_IR_ASCTYPES_H
